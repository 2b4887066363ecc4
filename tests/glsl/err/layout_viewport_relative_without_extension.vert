#version 450
// `viewport_relative` needs GL_NV_viewport_array2 (GL_ARB_shader_viewport_layer_array declares
// gl_Layer in a vertex shader but not the layout).
#extension GL_ARB_shader_viewport_layer_array : enable
layout(viewport_relative) out int gl_Layer;
void main() {
    gl_Layer = 1;
}

#version 450
#extension GL_ARB_shader_viewport_layer_array : require
out int gl_Layer;
void main() {
    gl_Position = vec4(0.0);
}

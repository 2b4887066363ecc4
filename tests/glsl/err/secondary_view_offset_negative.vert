// A layout value cannot be negative (glslang: "'layout-id value' : cannot be negative")
#version 450
#extension GL_NV_stereo_view_rendering : require
#extension GL_ARB_shader_viewport_layer_array : require
layout(location = 0) in vec4 pos;
layout(secondary_view_offset = -1) out highp int gl_Layer;
void main() {
    gl_Position = pos;
    gl_Layer = 1;
}

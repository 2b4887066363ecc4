// Tests: gl_ViewIndex (an int in GLSL) read for indexing and arithmetic; the wgpu target declares the ViewIndex built-in as u32, the type naga takes, and converts it where GLSL reads it.
#version 450
#extension GL_EXT_multiview : require
layout(set = 0, binding = 0) uniform Views { mat4 viewProj[2]; };
layout(location = 0) in vec3 pos;
layout(location = 0) flat out int view;
int twice() { return gl_ViewIndex * 2; }
void main() {
    gl_Position = viewProj[gl_ViewIndex] * vec4(pos, 1.0);
    view = twice() - gl_ViewIndex;
}

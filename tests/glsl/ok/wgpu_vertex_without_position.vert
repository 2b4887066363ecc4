// Tests: a vertex shader that never writes gl_Position (valid: the position is undefined); the wgpu target adds the Position output naga requires.
#version 450
layout(location = 0) in vec3 p;
layout(location = 0) out vec3 q;
void main() { q = p * 2.0; }

#version 450
// GLSL 4.60 §4.3.9: member names of a block are unique (named and instance-less blocks,
// redeclared built-in blocks).
layout(binding = 0) uniform Lights { vec4 position; float intensity; float intensity; } lights;
layout(binding = 1, std430) buffer Data { uint a; uint b, a; };
out gl_PerVertex { vec4 gl_Position; vec4 gl_Position; };
void main() {
    gl_Position = lights.position * lights.intensity + vec4(float(b));
}

// Error: a `writeonly` member of a uniform block is read (GLSL 4.60 §4.10; glslang: "can't read from writeonly object")
#version 450
layout(std140, set = 0, binding = 0) uniform U { writeonly vec4 a; vec4 b; } u;
layout(location = 0) out vec4 color;
void main() {
    color = u.b + u.a;
}

#version 450
// Locations beyond glslang's limit (4095) on an output block and on a block member.
layout(location = 5000) out Block { vec4 a; } b;
layout(location = 0) out Other { layout(location = 4095) vec4 c; } o;
void main() {
    b.a = vec4(1.0);
    o.c = vec4(1.0);
    gl_Position = vec4(0.0);
}

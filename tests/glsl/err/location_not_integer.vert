// Error: a `location` that is not an integer constant is one error; the variable is still declared, so its uses report nothing more (glslang: "scalar integer expression required")
#version 450
layout(location = 1.5) out vec4 a;
layout(location = 0) out Block { vec4 x; layout(location = 2.0) vec4 y; } blk;
void main() {
    a = vec4(1.0);
    blk.x = a;
    blk.y = a;
    gl_Position = vec4(0.0);
}

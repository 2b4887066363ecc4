// Error: transform feedback values of block members are integer constants, as on declarations (glslang: "scalar integer expression required")
#version 450
layout(location = 0) out Block { layout(xfb_offset = 7.5) vec4 a; layout(xfb_buffer = -1, xfb_offset = 16) vec4 b; } blk;
void main() {
    blk.a = vec4(1.0);
    blk.b = vec4(0.0);
    gl_Position = vec4(0.0);
}

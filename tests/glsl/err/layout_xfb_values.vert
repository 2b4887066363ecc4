#version 450
// Transform feedback values: not negative, `xfb_buffer` below gl_MaxTransformFeedbackBuffers (4).
layout(location = 0, xfb_buffer = -1, xfb_offset = 0) out vec4 a;
layout(location = 1, xfb_buffer = 4, xfb_offset = 0) out vec4 b;
void main() {
    a = vec4(0.0);
    b = vec4(1.0);
}

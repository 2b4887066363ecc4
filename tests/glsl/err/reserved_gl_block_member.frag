#version 450
layout(binding = 0) uniform U { vec4 gl_tint; };
layout(location = 0) out vec4 color;
void main() {
    color = gl_tint;
}

#version 450
layout(binding = 0) uniform U { vec4 tint; } gl_u;
layout(location = 0) out vec4 color;
void main() {
    color = gl_u.tint;
}

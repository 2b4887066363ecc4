// Error: opaque types cannot be assigned
#version 450
layout(set = 0, binding = 0) uniform sampler2D a;
layout(set = 0, binding = 1) uniform sampler2D b;
layout(location = 0) out vec4 color;
void main() {
    a = b;
    color = texture(a, vec2(0.5));
}

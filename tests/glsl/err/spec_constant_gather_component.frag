// Error: the component of textureGather is a compile-time constant, not a specialization constant (glslang: "must be a compile-time constant"; before, its default was used)
#version 450
layout(constant_id = 0) const int K = 2;
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) out vec4 color;
void main() {
    color = textureGather(tex, vec2(0.5), K);
}

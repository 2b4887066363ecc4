#version 450
// A 3 x 3 box blur. `img` is a combined `sampler2D`; for wgpu the compiler splits it into the
// texture `img` (binding 0) and the sampler `img_sampler` (binding 100). With a nearest sampler,
// clamp-to-edge addressing and coordinates at texel centres, each tap is exactly one texel.

layout(set = 0, binding = 0) uniform sampler2D img;
layout(location = 0) out vec4 color;

void main() {
    vec2 size = vec2(textureSize(img, 0));
    vec4 sum = vec4(0.0);
    for (int dy = -1; dy <= 1; ++dy) {
        for (int dx = -1; dx <= 1; ++dx) {
            sum += texture(img, (gl_FragCoord.xy + vec2(float(dx), float(dy))) / size);
        }
    }
    color = sum / 9.0;
}

#version 450
// Hand translation of tests/agsl/ok/effect_color_matrix.agsl (see effect_wave.frag); unpremul
// and saturate written out as Skia defines them.
layout(std140, set = 0, binding = 0) uniform AgslUniforms {
    mat4 colorMatrix;
    vec4 colorOffset;
};
layout(set = 0, binding = 1) uniform texture2D image;
layout(set = 0, binding = 2) uniform sampler image_sampler;
layout(location = 0) out vec4 sk_FragColor;

vec4 eval_image(vec2 p) {
    return textureLod(sampler2D(image, image_sampler), p / vec2(textureSize(sampler2D(image, image_sampler), 0)), 0.0);
}

vec4 agsl_main(vec2 fragCoord) {
    vec4 c = eval_image(fragCoord);
    c = vec4(c.rgb / max(c.a, 0.0001), c.a);
    vec4 m = clamp(colorMatrix * c + colorOffset, 0.0, 1.0);
    return vec4(m.rgb * m.a, m.a);
}

void main() {
    sk_FragColor = agsl_main(gl_FragCoord.xy);
}

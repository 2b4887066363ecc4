#version 450
// Hand translation of tests/agsl/ok/child_shaders_control_flow.agsl: two children at
// bindings 1/2 and 3/4.
layout(std140, set = 0, binding = 0) uniform AgslUniforms {
    float threshold;
};
layout(set = 0, binding = 1) uniform texture2D background;
layout(set = 0, binding = 2) uniform sampler background_sampler;
layout(set = 0, binding = 3) uniform texture2D foreground;
layout(set = 0, binding = 4) uniform sampler foreground_sampler;
layout(location = 0) out vec4 sk_FragColor;

vec4 eval_background(vec2 p) {
    return textureLod(sampler2D(background, background_sampler), p / vec2(textureSize(sampler2D(background, background_sampler), 0)), 0.0);
}

vec4 eval_foreground(vec2 p) {
    return textureLod(sampler2D(foreground, foreground_sampler), p / vec2(textureSize(sampler2D(foreground, foreground_sampler), 0)), 0.0);
}

vec4 agsl_main(vec2 fragCoord) {
    vec4 bg = eval_background(fragCoord);
    vec4 blur = vec4(0);
    for (int i = -2; i <= 2; i++) {
        blur += eval_foreground(fragCoord + vec2(i, 0)) * 0.2;
    }
    if (bg.a > threshold) {
        return eval_foreground(fragCoord.yx) * bg.a;
    }
    return mix(bg, blur, 0.5) + eval_background(vec2(ivec2(3, 4)));
}

void main() {
    sk_FragColor = agsl_main(gl_FragCoord.xy);
}

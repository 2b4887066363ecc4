#version 450
// Hand translation of tests/agsl/ok/builtins_color.agsl: unpremul as Skia defines it, and the
// sRGB transfer functions (IEC 61966-2-1) written out per component with the sign kept.
layout(set = 0, binding = 1) uniform texture2D image;
layout(set = 0, binding = 2) uniform sampler image_sampler;
layout(location = 0) out vec4 sk_FragColor;

float to_linear(float c) {
    float a = abs(c);
    float l = a < 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4);
    return c < 0.0 ? -l : l;
}

float from_linear(float c) {
    float a = abs(c);
    float e = a < 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1.0 / 2.4) - 0.055;
    return c < 0.0 ? -e : e;
}

vec4 agsl_main(vec2 fragCoord) {
    vec4 c = textureLod(sampler2D(image, image_sampler), fragCoord / vec2(textureSize(sampler2D(image, image_sampler), 0)), 0.0);
    c = vec4(c.rgb / max(c.a, 0.0001), c.a);
    vec3 linear = vec3(to_linear(c.r), to_linear(c.g), to_linear(c.b));
    linear *= 0.5;
    vec3 encoded = vec3(from_linear(linear.r), from_linear(linear.g), from_linear(linear.b));
    return vec4(encoded * c.a, c.a);
}

void main() {
    sk_FragColor = agsl_main(gl_FragCoord.xy);
}

#version 450
// Hand translation of tests/agsl/ok/effect_wave.agsl to Vulkan GLSL following the AGSL ABI
// (shader_core::glsl::agsl): uniforms in one std140 block at binding 0, the child as a texture
// + sampler pair at bindings 1/2, eval as textureLod at pixel coordinates, main wrapped.
layout(std140, set = 0, binding = 0) uniform AgslUniforms {
    vec2 size;
    float time;
    float amplitude;
    float frequency;
};
layout(set = 0, binding = 1) uniform texture2D image;
layout(set = 0, binding = 2) uniform sampler image_sampler;
layout(location = 0) out vec4 sk_FragColor;

vec4 agsl_main(vec2 fragCoord) {
    vec2 uv = fragCoord / size;
    float dx = amplitude * sin(uv.y * frequency * 6.2831853 + time);
    float dy = amplitude * cos(uv.x * frequency * 6.2831853 + time * 0.5);
    vec2 displaced = clamp(fragCoord + vec2(dx, dy), vec2(0.5), size - 0.5);
    return textureLod(sampler2D(image, image_sampler), displaced / vec2(textureSize(sampler2D(image, image_sampler), 0)), 0.0);
}

void main() {
    sk_FragColor = agsl_main(gl_FragCoord.xy);
}

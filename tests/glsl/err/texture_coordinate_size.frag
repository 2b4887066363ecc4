#version 450
// A lookup's coordinate has exactly the components of its form (GLSL 4.60 §8.9.2; glslang: "no matching overloaded function found"): not a longer vector (before, the rest was dropped, or left an unused expression: an internal error).
layout(binding = 0) uniform sampler2D albedo;
layout(binding = 1) uniform sampler2DShadow shadowMap;
layout(binding = 2, rgba8) uniform readonly image2D img;
layout(location = 0) in vec4 uv;
layout(location = 0) out vec4 color;
void main() {
    color = texture(albedo, uv.xyz);
    color += textureLod(albedo, uv.xyz, 0.0);
    color += vec4(texture(shadowMap, uv));
    color += texelFetch(albedo, ivec3(uv.xyz), 0);
    color += imageLoad(img, ivec3(uv.xyz));
}

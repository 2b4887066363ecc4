// Error: texelFetch and the image functions take signed integer coordinates: no implicit conversion makes an `int` of a float or a `uint` (glslang: "no matching overloaded function found")
#version 450
layout(binding = 0) uniform samplerBuffer sb;
layout(binding = 1) uniform sampler2D s2;
layout(binding = 2, rgba8) uniform readonly image2D img;
layout(location = 0) out vec4 color;
void main() {
    color = texelFetch(sb, 1e40);
    color += texelFetch(sb, 5u);
    color += texelFetch(s2, vec2(0.0), 0);
    color += imageLoad(img, uvec2(0u));
}

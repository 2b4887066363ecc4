// Explicit level of detail and bias on the shadow samplers GLSL 4.60 has them for: 2D, 1D array (bias), cube (bias)
#version 450
layout(set = 0, binding = 0) uniform sampler2DShadow flat2d;
layout(set = 0, binding = 1) uniform sampler1DArrayShadow rows;
layout(set = 0, binding = 2) uniform samplerCubeShadow cube;
layout(location = 0) in vec4 coord;
layout(location = 0) out vec4 color;
// expect: OpImageSampleDrefExplicitLod
// expect: Bias
void main() {
    color = vec4(textureLod(flat2d, coord.xyz, 1.0) + textureLodOffset(flat2d, coord.xyz, 0.0, ivec2(1))
        + texture(rows, coord.xyz, 0.5) + textureLod(rows, coord.xyz, 1.0) + texture(cube, coord, 0.5));
}

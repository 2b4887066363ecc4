// Tests: textureSize on arrayed samplers (sampler2DArray, samplerCubeArray, sampler1DArray): the last component is the layer count.
// wgpu-target-error: the layer count of an array texture
#version 450
layout(set = 0, binding = 0) uniform sampler2DArray arr;
layout(set = 0, binding = 1) uniform samplerCubeArray cubes;
layout(set = 0, binding = 2) uniform sampler1DArray lines;
layout(location = 0) out vec4 color;

void main() {
    ivec3 s = textureSize(arr, 0) + textureSize(cubes, 0);
    color = vec4(s, 0.0) + vec4(textureSize(lines, 0), 0.0, 0.0);
}

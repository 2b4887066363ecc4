// Tests: imageLoad/imageStore on imageCubeArray with an ivec3 coordinate whose z is layer * 6 + face (GLSL 4.60 §8.12), and on imageCube.
// wgpu-target-error: cube storage images
#version 450
layout(local_size_x = 1) in;
layout(r32f, set = 0, binding = 0) uniform readonly imageCubeArray srcArray;
layout(r32f, set = 0, binding = 1) uniform writeonly imageCubeArray dstArray;
layout(rgba8, set = 0, binding = 2) uniform imageCube cube;

void main() {
    ivec3 coord = ivec3(gl_GlobalInvocationID.xy, 2 * 6 + 3);
    vec4 texel = imageLoad(srcArray, coord);
    imageStore(dstArray, coord, texel);
    imageStore(cube, ivec3(1, 2, 5), imageLoad(cube, ivec3(0, 0, 4)));
}

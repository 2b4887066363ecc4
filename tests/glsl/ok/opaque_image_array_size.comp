// Tests: imageSize on arrayed storage images (image2DArray, image1DArray): the last component is the layer count.
// wgpu-target-error: the layer count of an array texture
#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba16f) uniform image2DArray layers;
layout(set = 0, binding = 1, r32f) uniform image1DArray lines;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec3 ls = imageSize(layers);
    ivec2 ll = imageSize(lines);
    imageStore(layers, ivec3(p, ls.z - 1), imageLoad(layers, ivec3(p, 0)) + float(ll.y));
}

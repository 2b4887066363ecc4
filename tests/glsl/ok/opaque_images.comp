// Tests: storage image types of every dimension with formats, readonly/writeonly, imageLoad/imageStore/imageSize (imageSize of arrayed images: opaque_image_array_size.comp).
#version 450
layout(local_size_x = 8, local_size_y = 8) in;
layout(set = 0, binding = 0, rgba8) uniform readonly image2D src;
layout(set = 0, binding = 1, rgba32f) uniform writeonly image2D dst;
layout(set = 0, binding = 2, r32ui) uniform uimage2D counters;
layout(set = 0, binding = 3, r32i) uniform iimage3D vol;
layout(set = 0, binding = 4, rgba16f) uniform image2DArray layers;
layout(set = 0, binding = 5, r32f) uniform image1D line;
layout(set = 0, binding = 6, rg32f) uniform image2D shared2;

void main() {
    ivec2 p = ivec2(gl_GlobalInvocationID.xy);
    ivec2 size = imageSize(src);
    if (any(greaterThanEqual(p, size))) return;
    vec4 c = imageLoad(src, p);
    imageStore(dst, p, c * 2.0);
    uint n = imageLoad(counters, p).x;
    imageStore(counters, p, uvec4(n + 1u));
    ivec3 vs = imageSize(vol);
    imageStore(vol, ivec3(p, 0) % vs, ivec4(p.x));
    imageStore(layers, ivec3(p, 1), imageLoad(layers, ivec3(p, 0)));
    imageStore(line, p.x % imageSize(line), vec4(c.x));
    imageStore(shared2, p, vec4(imageLoad(shared2, p).yx, 0.0, 0.0));
}

// Tests: multisampled storage images (image2DMS, image2DMSArray; SPIR-V MS = 1, StorageImageMultisample, ImageMSArray): imageLoad, imageStore and image atomics with their sample argument (SPIR-V `Sample` operand, the texel pointer's sample), imageSize and imageSamples, and sparseImageLoadARB on both (GL_ARB_sparse_texture2: `sparseImageLoadARB(gimage2DMS, ivec2, int sample, out gvec4)`).
// wgpu-target-error: multisampled storage images
#version 450
#extension GL_ARB_sparse_texture2 : require
layout(set = 0, binding = 0, rgba32f) uniform image2DMS ims;
layout(set = 0, binding = 1, r32i) uniform iimage2DMSArray imsa;
layout(set = 0, binding = 2, r32ui) uniform uimage2DMS counts;
layout(set = 0, binding = 3, rgba8) uniform writeonly image2DMS outms;
layout(location = 0) flat in ivec2 p;
layout(location = 1) flat in int smp;
layout(location = 0) out vec4 color;

void main() {
    vec4 a = imageLoad(ims, p, smp);
    ivec4 b = imageLoad(imsa, ivec3(p, 2), 1);
    imageStore(ims, p, smp + 1, a * 2.0);
    imageStore(imsa, ivec3(p, 0), 3, b + 1);
    imageStore(outms, p, 0, vec4(0.25));
    uint before = imageAtomicAdd(counts, p, smp, 1u);
    before += imageAtomicCompSwap(counts, p, 2, 5u, 6u);
    ivec2 size = imageSize(ims);
    ivec3 sizea = imageSize(imsa);
    int samples = imageSamples(ims) + imageSamples(imsa);

    vec4 t;
    int code = sparseImageLoadARB(ims, p, smp, t);
    int resident = int(sparseTexelsResidentARB(code));
    ivec4 it;
    code = sparseImageLoadARB(imsa, ivec3(p, 1), 0, it);
    resident += int(sparseTexelsResidentARB(code));
    color = a + vec4(b) + float(before) + vec4(size, sizea.z, samples) + t + vec4(it) + float(resident);
}

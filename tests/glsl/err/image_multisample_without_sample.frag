// Error: an access to a multisampled storage image names the sample (GLSL 4.60 §8.12: imageLoad(gimage2DMS image, ivec2 P, int sample))
// wgpu-target-error: multisampled storage images
#version 450
layout(set = 0, binding = 0, rgba32f) uniform readonly image2DMS ims;
layout(location = 0) flat in ivec2 p;
layout(location = 0) out vec4 color;
void main() {
    color = imageLoad(ims, p);
}

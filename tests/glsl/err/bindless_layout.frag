// Error: GL_ARB_bindless_texture's layout qualifiers; SPIR-V for Vulkan has no bindless handles (glslang: "required extension not requested", and the extension itself is refused for SPIR-V)
#version 450
layout(bindless_sampler) uniform;
layout(binding = 0, bindless_image, rgba8) uniform writeonly image2D img;
layout(binding = 1, bindless_sampler) uniform sampler2D tex;
layout(location = 0) out vec4 color;
void main() {
    imageStore(img, ivec2(0), vec4(1.0));
    color = texture(tex, vec2(0.5));
}

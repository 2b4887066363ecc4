// Error: samplers, textures and images need a binding for Vulkan (glslang -V: "sampler/texture/image requires layout(binding=X)")
#version 450
layout(local_size_x = 1) in;
layout(rgba8) uniform writeonly image2D target;
uniform sampler2D source[2];
void main() {
    imageStore(target, ivec2(0), textureLod(source[1], vec2(0.5), 0.0));
}

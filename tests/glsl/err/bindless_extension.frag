// Error: `#extension GL_ARB_bindless_texture` (any behavior) when generating SPIR-V (glslang: "not allowed when using generating SPIR-V codes")
#version 450
#extension GL_ARB_bindless_texture : enable
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}

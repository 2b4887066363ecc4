// Tests: texel buffers (samplerBuffer, isamplerBuffer, textureBuffer with GL_EXT_samplerless_texture_functions): texelFetch and textureSize.
// wgpu-target-error: texel buffers (`samplerBuffer`, `imageBuffer`)
#version 450
layout(set = 0, binding = 0) uniform samplerBuffer buf;
layout(set = 0, binding = 1) uniform isamplerBuffer ibuf;
layout(location = 0) flat in int index;
layout(location = 0) out vec4 color;

void main() {
    color = texelFetch(buf, index) + vec4(texelFetch(ibuf, index % textureSize(ibuf))) + float(textureSize(buf));
}

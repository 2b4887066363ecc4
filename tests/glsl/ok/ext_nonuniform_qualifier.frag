// Tests: GL_EXT_nonuniform_qualifier: runtime-sized arrays of textures and buffers indexed with nonuniformEXT.
// wgpu-target-error: arrays of uniform or storage buffers
#version 450
#extension GL_EXT_nonuniform_qualifier : require
layout(set = 0, binding = 0) uniform texture2D textures[];
layout(set = 0, binding = 1) uniform sampler samp;
layout(set = 1, binding = 0) readonly buffer Mat { vec4 color; } materials[];
layout(location = 0) flat in int index;
layout(location = 1) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    color = texture(sampler2D(textures[nonuniformEXT(index)], samp), uv) * materials[nonuniformEXT(index)].color;
}

// Tests: separate texture* and sampler types combined at the call site, including arrays of textures.
#version 450
layout(set = 0, binding = 0) uniform texture2D tex;
layout(set = 0, binding = 1) uniform texture2DArray texArray;
layout(set = 0, binding = 2) uniform textureCube cube;
layout(set = 0, binding = 3) uniform texture3D vol;
layout(set = 0, binding = 5) uniform sampler samp;
layout(set = 0, binding = 8) uniform texture2D many[4];

layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

void main() {
    vec4 c = texture(sampler2D(tex, samp), uv.xy);
    c += texture(sampler2DArray(texArray, samp), uv);
    c += texture(samplerCube(cube, samp), uv);
    c += texture(sampler3D(vol, samp), uv);
    c += texture(sampler2D(many[2], samp), uv.xy);
    color = c;
}

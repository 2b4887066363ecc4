// Tests: textureQueryLod on 2D, cube and array samplers (mipmap level and lambda as a vec2).
// wgpu-target-error: `textureQueryLod`
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(set = 0, binding = 1) uniform samplerCube cube;
layout(set = 0, binding = 2) uniform sampler2DArray arr;
layout(location = 0) in vec3 uv;
layout(location = 0) out vec4 color;

void main() {
    color = vec4(textureQueryLod(tex, uv.xy), textureQueryLod(cube, uv) + textureQueryLod(arr, uv.xy));
}

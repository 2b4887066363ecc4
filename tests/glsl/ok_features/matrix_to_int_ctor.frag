// ivec4(mat4x3): integer vectors built from matrix components (converted one by one)
#version 450
layout(location = 0) in vec4 x;
layout(location = 0) out vec4 color;
// naga: reads
void main() {
    mat4x3 m = mat4x3(x.x);
    ivec4 iv = ivec4(m);
    uvec2 uv = uvec2(m);
    color = vec4(iv) + vec4(uv, 0.0, 0.0);
}

// Error: texelFetchOffset's offset is a constant expression (GLSL 4.60 §8.9.2); only the sparse form takes a run-time one
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex;
layout(location = 0) flat in ivec2 off;
layout(location = 0) out vec4 color;
void main() {
    color = texelFetchOffset(tex, ivec2(3), 0, off);
}

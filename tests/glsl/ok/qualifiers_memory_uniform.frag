// Tests: memory qualifiers on uniform blocks and their members (glslang accepts them; GLSL 4.60 §4.10 names buffers and images), written as glslang writes them: no decorations
#version 450
layout(std140, set = 0, binding = 0) uniform Members { coherent vec4 c; volatile vec4 v; restrict vec4 r; readonly vec4 ro; writeonly vec4 wo; vec4 plain; } members;
layout(std140, set = 0, binding = 1) coherent volatile restrict readonly uniform Whole { vec4 a; } whole;
layout(std140, set = 0, binding = 2) uniform Anon { coherent vec4 anonC; writeonly vec4 anonW; };
layout(location = 0) out vec4 color;

void main() {
    color = members.c + members.v + members.r + members.ro + members.plain + whole.a + anonC;
}

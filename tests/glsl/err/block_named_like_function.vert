#version 450
// A block name is only the block's name: not a function's too (GLSL 4.60 §4.3.9; glslang: "function name is redeclaration of existing name").
layout(location = 0) out main { vec4 c; } o;
void main() {
    o.c = vec4(1.0);
}

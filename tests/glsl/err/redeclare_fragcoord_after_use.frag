#version 450
// A built-in cannot be redeclared after a function before it used it (glslang: "cannot
// redeclare after use"), even a function defined after main.
layout(location = 0) out vec4 color;
void shade();
void main() {
    shade();
}
void shade() {
    color = gl_FragCoord;
}
layout(origin_upper_left) in vec4 gl_FragCoord;

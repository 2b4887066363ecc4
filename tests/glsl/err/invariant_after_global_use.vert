#version 450
// `invariant gl_Position;` after a global initializer read it (glslang: "cannot change
// qualification after use").
vec4 p = gl_Position;
invariant gl_Position;
void main() {
    gl_Position = p;
}

#version 450
// `invariant name;` cannot change the qualification of an output a function before it used
// (glslang: "cannot change qualification after use"), a user output or a built-in.
layout(location = 0) out vec4 p;
void write() {
    p = vec4(0.0);
    gl_Position = vec4(1.0);
}
invariant p;
invariant gl_Position;
void main() {
    write();
}

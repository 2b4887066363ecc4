// Tests: built-in redeclarations and `invariant name;` after functions that do not use the name (a local of the same name, a prototype whose body comes later), and gl_ClipDistance resized after a use (glslang accepts it).
#version 450
layout(location = 0) out vec4 p;
void early() {
    vec4 p = vec4(2.0);
    gl_ClipDistance[0] = p.x;
}
void late();
out float gl_ClipDistance[2];
invariant p;
invariant gl_Position;
void main() {
    early();
    late();
}
void late() {
    p = vec4(1.0);
    gl_Position = p;
}

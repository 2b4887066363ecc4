// A redeclared built-in stays a stage input: no storage qualifier changes it (glslang: cannot change qualification of gl_ClipDistance).
#version 450
layout(location = 0) out vec4 color;
float gl_ClipDistance[1];
void main() { color = vec4(gl_ClipDistance[0]); }

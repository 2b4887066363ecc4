// A redeclared built-in keeps its qualification: `sample` changes it (glslang: cannot change qualification of gl_ClipDistance).
#version 450
layout(location = 0) out vec4 color;
sample in float gl_ClipDistance[1];
void main() { color = vec4(gl_ClipDistance[0]); }

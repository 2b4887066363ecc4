// `c ? f() : g();` with void functions is a conditional call (glslang accepts it)
#version 450
layout(location = 0) flat in int cond;
layout(location = 0) out vec4 color;
// naga: reads
void one() { color = vec4(1.0); }
void two() { color = vec4(2.0); }
void main() {
    cond > 0 ? one() : two();
}

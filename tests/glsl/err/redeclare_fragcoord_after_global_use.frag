#version 450
// A built-in cannot be redeclared after a global initializer used it (glslang: "cannot
// redeclare after use").
layout(location = 0) out vec4 color;
float c[2] = float[2](gl_FragCoord.x, 1.0);
layout(origin_upper_left) in vec4 gl_FragCoord;
void main() {
    color = vec4(c[0]);
}

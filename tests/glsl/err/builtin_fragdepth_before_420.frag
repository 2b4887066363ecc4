#version 410
// gl_FragDepth can be redeclared from GLSL 4.20 on.
out float gl_FragDepth;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}

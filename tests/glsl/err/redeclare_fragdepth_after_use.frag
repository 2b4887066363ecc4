#version 450
// gl_FragDepth cannot be redeclared after a function before it wrote it.
layout(location = 0) out vec4 color;
void depth() {
    gl_FragDepth = 0.5;
}
layout(depth_greater) out float gl_FragDepth;
void main() {
    depth();
    color = vec4(1.0);
}

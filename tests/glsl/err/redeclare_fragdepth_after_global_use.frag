#version 450
// gl_FragDepth read by a global initializer, then redeclared with a depth layout.
layout(location = 0) out vec4 color;
float d = gl_FragDepth;
layout(depth_greater) out float gl_FragDepth;
void main() {
    color = vec4(d);
    gl_FragDepth = 0.5;
}

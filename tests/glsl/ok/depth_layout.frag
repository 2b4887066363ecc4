// Tests: a depth layout redeclaring gl_FragDepth (GLSL 4.60 §4.4.2.3), the only variable it applies to.
#version 450
layout(location = 0) in float y;
layout(depth_greater) out float gl_FragDepth;
void main() {
    gl_FragDepth = y;
}

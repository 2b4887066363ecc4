// Tests: gl_FragCoord and gl_FragDepth redeclared after a function that uses neither, and used by functions after the redeclaration.
#version 450
layout(location = 0) out vec4 color;
float half_of(float x) {
    return x * 0.5;
}
layout(origin_upper_left) in vec4 gl_FragCoord;
layout(depth_less) out float gl_FragDepth;
void main() {
    color = gl_FragCoord;
    gl_FragDepth = half_of(gl_FragCoord.z);
}

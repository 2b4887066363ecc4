// Tests: gl_PerVertex redeclared with a subset of its built-ins, a sized clip distance array and qualifiers (GLSL 4.60 §7.1.1).
#version 450
layout(location = 0) in vec4 p;
out gl_PerVertex {
    highp vec4 gl_Position;
    invariant float gl_PointSize;
    float gl_ClipDistance[2];
};
void main() {
    gl_Position = p;
    gl_PointSize = 1.0;
    gl_ClipDistance[0] = p.x;
    gl_ClipDistance[1] = p.y;
}

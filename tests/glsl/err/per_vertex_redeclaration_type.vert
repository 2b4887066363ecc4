// Error: gl_PerVertex redeclared with gl_PointSize of the wrong type (GLSL 4.60 §7.1.1)
#version 450
out gl_PerVertex {
    vec4 gl_Position;
    int gl_PointSize;
};
void main() {
    gl_Position = vec4(0.0);
}

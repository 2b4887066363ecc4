#version 450
// gl_PerVertex redeclared after a global initializer used one of its members.
float s = gl_PointSize;
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
};
void main() {
    gl_Position = vec4(s);
}

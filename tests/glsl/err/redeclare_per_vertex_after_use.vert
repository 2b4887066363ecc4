#version 450
// gl_PerVertex cannot be redeclared after a function before it used one of its members.
void size() {
    gl_PointSize = 1.0;
}
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
};
void main() {
    size();
    gl_Position = vec4(0.0);
}

// Error: gl_PerVertex redeclared with a member that is not one of its built-ins (GLSL 4.60 §7.1.1)
#version 450
out gl_PerVertex {
    vec4 gl_Position;
    vec4 gl_Foo;
};
void main() {
    gl_Position = vec4(0.0);
}

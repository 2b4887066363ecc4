// Error: gl_PerVertex redeclared with a member of a type not declared yet (GLSL 4.60 §4.2.2, §7.1.1)
#version 450
out gl_PerVertex {
    vec4 gl_Position;
    t_9 gl_ClipDistance[1];
};
struct t_9 { float x; };
void main() {
    gl_Position = vec4(0.0);
}

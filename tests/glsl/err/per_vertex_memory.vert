#version 450
out gl_PerVertex { coherent vec4 gl_Position; };
void main() {
    gl_Position = vec4(0.0);
}

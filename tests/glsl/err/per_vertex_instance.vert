#version 450
out gl_PerVertex { vec4 gl_Position; } pv;
void main() {
    gl_Position = vec4(0.0);
}

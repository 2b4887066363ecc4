#version 450
out gl_PerVertex { vec4 gl_Position; float gl_ClipDistance[9]; };
void main() {
    gl_Position = vec4(0.0);
}

#version 450
// A fragment shader has no gl_PerVertex block to redeclare.
in gl_PerVertex { vec4 gl_Position; };
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}

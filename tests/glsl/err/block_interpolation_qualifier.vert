#version 450
// GLSL 4.60 §4.3.9: interpolation qualifiers go on the members of a block, not on the block.
layout(location = 0) flat out Flat { int a; } f;
layout(location = 1) smooth out Smooth { float b; } s;
layout(location = 2) noperspective out NoPerspective { float c; } n;
void main() {
    f.a = 1;
    s.b = 1.0;
    n.c = 1.0;
    gl_Position = vec4(0.0);
}

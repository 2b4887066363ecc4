// Error: a depth layout on a variable other than gl_FragDepth (GLSL 4.60 §4.4.2.3)
#version 450
layout(location = 0, depth_greater) out float x;
layout(location = 0, depth_any) in float y;
void main() {
    x = y;
}

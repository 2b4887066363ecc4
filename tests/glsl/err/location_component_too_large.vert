#version 450
// A location has components 0 to 3 (GLSL 4.60 §4.4.1).
layout(location = 0, component = 4) out float x;
void main() {
    x = 0.0;
}

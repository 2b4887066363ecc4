// Tests: `#extension X : warn` enables X as `enable` does (GLSL 4.60 §3.3; a warning, not an error), and `#extension all : warn` every extension.
#version 450
#extension GL_EXT_multiview : warn
#extension all : warn
layout(location = 0) out vec4 color;
void main() {
    color = vec4(float(gl_ViewIndex));
}

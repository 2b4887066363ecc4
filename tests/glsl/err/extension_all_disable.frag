#version 450
// `#extension all : disable` after an enable disables it again.
#extension GL_EXT_multiview : enable
#extension all : disable
layout(location = 0) out vec4 color;
void main() {
    color = vec4(float(gl_ViewIndex));
}

#version 450
layout(depth_greater) out float gl_FragDepth;
layout(depth_less) out float gl_FragDepth;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
}

#version 450
// GLSL 4.60 §4.3.9: members of an instance-less block are global names; two blocks cannot
// both declare `scale`.
layout(binding = 0) uniform A { float scale; };
layout(binding = 1) uniform B { float scale; };
layout(location = 0) out vec4 color;
void main() {
    color = vec4(scale);
}

#version 450
layout(location = 0) in Attributes { vec4 position; } attributes;
layout(location = 0) out Varyings { vec4 color; } varyings;

void main() {
    gl_Position = attributes.position;
    varyings.color = vec4(1.0);
}

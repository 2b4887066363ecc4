#version 450
layout(location = 0) in Inputs { vec4 color; } inputs;
layout(location = 0) out Outputs { vec4 color; } outputs;

void main() {
    outputs.color = inputs.color;
}

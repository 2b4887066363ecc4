#version 450
layout(local_size_x = 1) in;
layout(location = 0) out Outputs { vec4 value; } outputs;

void main() {
    outputs.value = vec4(1.0);
}

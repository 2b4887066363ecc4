// Error: a value-returning function without any `return value;` (glslang's rule, GLSL 4.60 §6.4), also when it loops forever
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; };
float nothing() {
}
float forever() {
    for (;;) {
        f += 1.0;
    }
}
void main() {
    f = nothing() + forever();
}

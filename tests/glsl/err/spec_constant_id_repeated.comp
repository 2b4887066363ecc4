// Tests: one `constant_id` names one specialization constant, also when the second is a local
// (glslang: "specialization-constant id already used"); local_size_x_id may share it
// (ok/spec_constants.comp).
#version 450
layout(local_size_x = 1) in;
layout(constant_id = 4) const uint A = 1u;
layout(constant_id = 4) const uint C = 4u;
layout(std430, binding = 0) buffer B { uint v; };
void main() {
    layout(constant_id = 4) const uint D = 2u;
    v = C + A + D;
}

// Tests: `layout(constant_id)` on a local `const` (in main and in a helper) is a specialization constant, as at global scope: OpSpecConstant with SpecId, reflected, specializable; a local const initialized from it follows it.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float values[]; };

float scaled(float x) {
    layout(constant_id = 4) const float SCALE = 0.5;
    return x * SCALE;
}

void main() {
    layout(constant_id = 3) const uint COUNT = 7u;
    layout(constant_id = 6) const bool NEGATE = false;
    const uint NEXT = COUNT + 1u;
    values[0] = float(COUNT);
    values[1] = float(NEXT);
    values[2] = NEGATE ? -scaled(4.0) : scaled(4.0);
}

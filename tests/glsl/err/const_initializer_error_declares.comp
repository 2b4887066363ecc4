// Error: one failed initializer of a global `const` is one error: the constant is still declared (its type is known), so the chain of constants computed from it and their uses report nothing more
#version 450
layout(local_size_x = 1) in;
layout(binding = 0, std430) buffer B { uint v[4]; } b;
const uint C0 = undeclared + 1u;
const uint C1 = C0 + 1u;
const uint C2 = C1 * 2u;
const uint C3 = C2 + C1;
shared uint s[C1 + 1u];
void main() {
    s[0] = C3;
    b.v[C1] = s[0] + C2;
}

#version 450
// glslang's specialization constant ids end at 2047 (layoutSpecConstantIdEnd).
layout(local_size_x = 1) in;
layout(constant_id = 2047) const int k = 1;
layout(binding = 0) buffer B { int x; };
void main() {
    x = k;
}

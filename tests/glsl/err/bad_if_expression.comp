// Error: a malformed #if expression
#version 450
#if 1 +
#endif
layout(local_size_x = 1) in;
void main() {
}

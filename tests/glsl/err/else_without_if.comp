// Error: #else without #if
#version 450
layout(local_size_x = 1) in;
#else
void main() {
}
#endif

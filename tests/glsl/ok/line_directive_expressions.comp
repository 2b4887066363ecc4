// Tests: `#line` takes constant integer expressions, evaluated as `#if` does, as glslang (an int: 2147483648 wraps to -2147483648, which `__LINE__` then gives; `10 + 5` is 15; a second expression is the source-string number).
#version 450
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer B { int v[3]; } b;
#line 2147483648
const int WRAPPED = __LINE__;
#line 10 + 5
const int SUM = __LINE__;
#line 20 3
const int SOURCE = __FILE__;
void main() {
    b.v[0] = WRAPPED;
    b.v[1] = SUM;
    b.v[2] = SOURCE;
}

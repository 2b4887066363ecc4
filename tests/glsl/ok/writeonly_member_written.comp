// Tests: a `writeonly` buffer member passed as an `inout` argument (copied in and back, as glslang does: GLSL 4.60 §4.10 forbids reads, glslang lets this one through) and swizzle stores into a `writeonly` vector, which store each component alone instead of reading the vector (as glslang's module does).
#version 450
layout(local_size_x = 1) in;
layout(binding = 0) buffer B { writeonly vec4 v; float f; } b;
void twice(inout float x) { x = 2.0 * x; }
void main() {
    twice(b.v.x);
    b.v.yz = vec2(1.0, 2.0);
    b.v.w = 3.0;
    b.f = 4.0;
}

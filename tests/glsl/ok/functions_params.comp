// Tests: in/out/inout parameters (scalars, vectors, arrays, structs, swizzles and buffer members as out arguments), const in, recursion-free call chains.
#version 450
layout(local_size_x = 1) in;
struct S { int a; vec2 b; };
layout(std430, set = 0, binding = 0) buffer Out { vec4 v; int arr[3]; S s; };

void swap(inout float a, inout float b) { float t = a; a = b; b = t; }
void fill(out int x[3]) { x = int[3](1, 2, 3); }
void bump(inout S s) { s.a += 1; s.b *= 2.0; }
float sum(const in vec4 v) { return v.x + v.y + v.z + v.w; }
void split(in vec4 v, out vec2 lo, out vec2 hi) { lo = v.xy; hi = v.zw; }
int chain3(int x) { return x * 3; }
int chain2(int x) { return chain3(x) + 1; }
int chain1(int x) { return chain2(x) * 2; }

void main() {
    vec4 t = vec4(1.0, 2.0, 3.0, 4.0);
    swap(t.x, t.w);
    split(t, v.xy, v.zw);
    fill(arr);
    bump(s);
    swap(v.y, v.z);
    v.x += sum(t) + float(chain1(2));
}

// Tests: a buffer reference block forward-declared `volatile` but defined without it has no memory decorations (glslang ignores the forward declaration's qualifiers; interface_differential compares the decorations with glslang's).
// wgpu-target-error: buffer references
#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;
layout(buffer_reference) volatile buffer R;
layout(binding = 0) buffer B { R r; } b;
layout(buffer_reference, std430) buffer R { uint x; };
void main() {
    b.r.x = b.r.x + 1u;
}

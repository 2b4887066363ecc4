// @workgroup_size with override-expressions (WGSL §12.3.x `workgroup_size`): an expression of
// an override, a bare i32 override, an override initialized from another, a conversion and a
// select. The Vulkan target sizes the workgroup with `OpSpecConstantOp`s; the wgpu target (this
// snapshot) writes the size at the defaults into `LocalSize`, and reflection lists each
// expression's computation for the runtime (`workgroup_size_expressions`).
override half: u32 = 2u;
override rows: i32 = 3;
override wide: bool = false;
override twice_half = half * 2u;
@group(0) @binding(0) var<storage, read_write> o: array<u32>;

@compute @workgroup_size(twice_half + 1u, select(1u, 2u, wide) * u32(rows), 1)
fn main(@builtin(local_invocation_index) i: u32) {
    o[i] = i;
}

@compute @workgroup_size(rows, rows * 2 - 1)
fn signed(@builtin(local_invocation_index) i: u32) {
    o[i] = 2u * i;
}

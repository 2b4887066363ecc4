// multiple errors: two resources missing bindings, one with a bad texel format
@group(0) var<storage, read_write> a: array<u32>;
@binding(1) var<storage, read_write> b: array<u32>;
@group(0) @binding(2) var img: texture_storage_2d<rgba8foo, write>;

@compute @workgroup_size(1)
fn main() {
}

// address spaces: a storage buffer's access mode is `read` or `read_write`; `write` is only
// for storage textures (WGSL §14.3, §13.3.x)
@group(0) @binding(0) var<storage, write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
    out[0] = 1.0;
}

// naga-disagrees: naga and Tint substitute the overrides' values before writing SPIR-V, so a workgroup size computed from an f32 override is fine there; ours follows the overrides with OpSpecConstantOp, which has no float operations for shaders (SPIR-V §3.52.12)
override f: f32 = 2.5;
@compute @workgroup_size(u32(f))
fn main() {
}

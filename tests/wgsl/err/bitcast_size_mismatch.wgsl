// naga-disagrees: naga accepts it. Tests: bitcast between types of different sizes (f32 to vec2<u32>)
@compute @workgroup_size(1)
fn main() {
    let x = bitcast<vec2<u32>>(1.0);
}

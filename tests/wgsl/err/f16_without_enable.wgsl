// extensions: f16 requires `enable f16;`
@compute @workgroup_size(1)
fn main() {
    let h: f16 = 1.0h;
}

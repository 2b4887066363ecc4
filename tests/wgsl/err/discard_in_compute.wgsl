// stages: discard is only allowed in fragment shaders
@compute @workgroup_size(1)
fn main() {
    discard;
}

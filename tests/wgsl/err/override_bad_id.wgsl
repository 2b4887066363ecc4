// overrides: two overrides with the same @id
@id(1) override a: f32 = 1.0;
@id(1) override b: f32 = 2.0;

@compute @workgroup_size(1)
fn main() {
}

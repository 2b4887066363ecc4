// must_use: a value-only built-in and a @must_use function called as statements
@must_use
fn area(w: f32, h: f32) -> f32 { return w * h; }

@compute @workgroup_size(1)
fn main() {
    area(2.0, 3.0);
    abs(-1.0);
}

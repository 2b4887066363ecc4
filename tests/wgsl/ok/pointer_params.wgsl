// pointers as function parameters: ptr<function, T> and ptr<private, T>, and pointer lets
var<private> counter: i32;

fn bump(p: ptr<function, i32>, by: i32) {
    *p += by;
}

fn bump_private(p: ptr<private, i32>) {
    (*p)++;
}

fn first(v: ptr<function, vec4<f32>>) -> f32 {
    return (*v).x + v.y;
}

@group(0) @binding(0) var<storage, read_write> out: array<f32>;

@compute @workgroup_size(1)
fn main() {
    var x = 1;
    bump(&x, 4);
    let px = &x;
    *px = *px * 2;
    bump_private(&counter);
    var v = vec4<f32>(1.0, 2.0, 3.0, 4.0);
    out[0] = first(&v) + f32(x + counter);
}

// pointers: a private pointer passed where a function pointer is expected
var<private> g: i32;

fn store_one(p: ptr<function, i32>) {
    *p = 1;
}

@compute @workgroup_size(1)
fn main() {
    store_one(&g);
}

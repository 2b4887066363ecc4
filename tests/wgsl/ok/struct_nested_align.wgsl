// naga-disagrees: WGSL §14.4.1 makes AlignOf(Inner) = 32 (its @align member); naga 30 places Inner at offset 4
// layout: a struct whose alignment is raised by an @align member, nested in another struct
struct Inner {
    @align(32) a: f32,
    b: f32,
}

struct Outer {
    x: f32,
    inner: Inner,
    y: f32,
    arr: array<Inner, 2>,
}

@group(0) @binding(0) var<storage, read_write> data: Outer;

@compute @workgroup_size(1)
fn main() {
    data.y = data.x + data.inner.a + data.arr[1].b;
}

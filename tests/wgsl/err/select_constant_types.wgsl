// built-ins: `select`'s two values share one type even when a constant condition picks one
// of them at compile time (WGSL §17.3.x select)
@compute @workgroup_size(1)
fn main() {
    let a = select(7.5, 1u, true);
    let b = select(vec2(1.0), 2.0, false);
    let c = select(1i, 2u, all(vec2(true)));
    // Fine: AbstractInt and AbstractFloat meet in AbstractFloat.
    let d = select(1, 2.5, false);
}

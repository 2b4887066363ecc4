// declarations: a `var` and a `const` in the body's outermost block reuse parameter names
// (a nested block may shadow them: `inner` is fine)
fn f(a: f32, b: u32) -> f32 {
    {
        let a = 1.0;
        _ = a;
    }
    var a: f32 = 0.0;
    const b = 3u;
    return a;
}

@fragment
fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
    return vec4(f(p.x, 1u));
}

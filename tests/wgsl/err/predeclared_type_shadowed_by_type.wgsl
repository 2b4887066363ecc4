// scope: a struct or alias named like a predeclared type shadows it (WGSL §5.2), so using the
// name inside its own declaration is a cycle; a local shadows it in its scope
struct u32 {
    a: u32,
}

alias vec2f = vec2f;

@compute @workgroup_size(1)
fn main() {
    let f16 = 1.0;
    var y: f16 = f16;
}

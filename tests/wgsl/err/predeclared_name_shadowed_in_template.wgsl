// scope: a module-scope declaration also shadows a predeclared type generator or enumerant
// (WGSL §5.2): after `fn vec3()`, `vec3<f32>` is an error; `var<private> private` names itself
struct In {
    @location(0) normal: vec3<f32>,
}

@vertex
fn vec3(v: In) -> @builtin(position) vec4<f32> {
    return vec4(v.normal, 1.0);
}

var<private> private: f32 = 1.0;

fn storage() {}
@group(0) @binding(0) var<storage, read> buf: array<f32>;

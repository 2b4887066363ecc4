// syntax: @location needs an argument
@fragment
fn main() -> @location() vec4<f32> {
    return vec4<f32>(1.0);
}

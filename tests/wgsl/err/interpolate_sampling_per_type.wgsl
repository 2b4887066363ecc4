// interpolation: `flat` takes the sampling `first` or `either`; `perspective` and `linear`
// take `center`, `centroid` or `sample`; integer inputs and outputs are `flat` (WGSL §12.3)
@fragment
fn flat_centroid(@location(0) @interpolate(flat, centroid) a: f32) -> @location(0) vec4<f32> {
    return vec4(a);
}

@fragment
fn perspective_either(@location(0) @interpolate(perspective, either) a: f32) -> @location(0) vec4<f32> {
    return vec4(a);
}

@fragment
fn linear_first(@location(0) @interpolate(linear, first) a: vec2<f32>) -> @location(0) vec4<f32> {
    return vec4(a, a);
}

@fragment
fn flat_sample(@location(0) @interpolate(flat, sample) a: u32) -> @location(0) vec4<f32> {
    return vec4(f32(a));
}

@fragment
fn integer_linear(@location(0) @interpolate(linear, sample) a: i32) -> @location(0) vec4<f32> {
    return vec4(f32(a));
}

struct VOut {
    @builtin(position) pos: vec4<f32>,
    @location(0) @interpolate(perspective) v: vec2<u32>,
}

@vertex
fn integer_perspective_output() -> VOut {
    return VOut(vec4(0.0), vec2(0u));
}

// These are fine.
@fragment
fn fine(@location(0) @interpolate(flat, either) a: i32, @location(1) @interpolate(linear, centroid) b: f32, @location(2) @interpolate(flat) c: u32) -> @location(0) vec4<f32> {
    return vec4(f32(a) + b + f32(c));
}

//! AGSL effects rendered on the GPU through `shader_runtime::AgslEffect` and compared with
//! pixels computed independently on the CPU in Rust (each effect re-implemented by hand in
//! [`f32`] arithmetic, sampling emulated as bilinear + clamp-to-edge, the runtime's default).
//!
//! Tolerance: 2/255 per channel for colours computed from uniforms and texel-centre samples
//! (float rounding plus 8-bit quantization of an exact value is at most 1/255; the second step
//! covers transcendental approximations), 3/255 where a child is sampled between texel
//! centres (lavapipe's bilinear weights have 8 fractional bits, Vulkan 1.3 §16.9.3
//! "subTexelPrecisionBits" >= 4). Render targets are `Rgba8Unorm`, so no sRGB encoding step.
//!
//! Independent oracle: for programs with a hand translation in `tests/agsl/oracle`, the SPIR-V
//! glslangValidator makes from the translation is rendered through the same runtime path and
//! must give the same pixels as ours.

mod common;

use shader_runtime::{shader, AgslEffect, AgslInfo, Gpu, GpuError, ModuleInfo, RgbaImage};

shader! {
    mod solid;
    lang: agsl,
    src: r#"
layout(color) uniform half4 color;
half4 main(float2 fragCoord) { return color; }
"#,
    mod gradient;
    lang: agsl,
    src: r#"
uniform float2 size;
half4 main(float2 fragCoord) {
    float2 uv = fragCoord / size;
    return half4(uv.x, uv.y, 0.25, 1.0);
}
"#,
    mod int_loop;
    lang: agsl,
    src: r#"
uniform int steps;
uniform float3 base;
half4 main(float2 fragCoord) {
    float acc = 0.0;
    for (int i = 0; i < 8; i++) {
        if (i >= steps) { break; }
        acc += 0.0625 * float(i + 1);
    }
    return half4(base.rg, acc * fract(fragCoord.x / 16.0), 1.0);
}
"#,
    mod matrix3;
    lang: agsl,
    src: r#"
uniform float3x3 transform;
uniform float2 size;
half4 main(float2 fragCoord) {
    float3 v = transform * float3(fragCoord / size, 1.0);
    return half4(saturate(v), 1.0);
}
"#,
    mod arrays;
    lang: agsl,
    src: r#"
uniform float weights[4];
uniform half4 palette[3];
half4 main(float2 fragCoord) {
    int band = int(fragCoord.x) / 8;
    float w = 0.0;
    for (int i = 0; i < 4; i++) {
        if (i == band) { w = weights[i]; }
    }
    half4 c = palette[0];
    if (fragCoord.y > 8.0) { c = palette[1]; }
    if (fragCoord.y > 16.0) { c = palette[2]; }
    return half4(c.rgb * w, 1.0);
}
"#,
    mod identity;
    lang: agsl,
    src: r#"
uniform shader image;
half4 main(float2 fragCoord) { return image.eval(fragCoord); }
"#,
    mod mirror_scale;
    lang: agsl,
    src: r#"
uniform shader image;
uniform float2 size;
half4 main(float2 fragCoord) {
    float2 p = float2(size.x - fragCoord.x, fragCoord.y * 0.5 + 3.25);
    return image.eval(p);
}
"#,
    mod blend_two;
    lang: agsl,
    src: r#"
uniform shader a;
uniform shader b;
uniform half t;
half4 main(float2 fragCoord) {
    return mix(a.eval(fragCoord), b.eval(fragCoord.yx), t);
}
"#,
    mod vignette;
    lang: agsl,
    src: r#"
uniform shader image;
uniform float2 center;
uniform float radius;
half4 main(float2 fragCoord) {
    float d = length(fragCoord - center) / radius;
    float v = 1.0 - smoothstep(0.3, 1.0, d);
    half4 c = image.eval(fragCoord);
    return half4(c.rgb * v, c.a);
}
"#,
    mod linear_gain;
    lang: agsl,
    src: r#"
uniform shader image;
uniform half gain;
half4 main(float2 fragCoord) {
    half4 c = image.eval(fragCoord);
    half3 lin = toLinearSrgb(c.rgb) * gain;
    return half4(saturate(fromLinearSrgb(lin)), 1.0);
}
"#,
    mod color_matrix;
    path: "tests/agsl/ok/effect_color_matrix.agsl",
    mod wave;
    path: "tests/agsl/ok/effect_wave.agsl",
    mod lights;
    lang: agsl,
    src: r#"
struct Light {
    float2 position;
    float intensity;
};
float falloff(Light l, float2 p) {
    float d = distance(l.position, p);
    return l.intensity / (1.0 + d * d * 0.01);
}
uniform float2 lightA;
uniform float2 lightB;
half4 main(float2 fragCoord) {
    Light lights[2];
    lights[0] = Light(lightA, 0.8);
    lights[1] = Light(lightB, 0.5);
    float sum = 0.0;
    for (int i = 0; i < 2; i++) { sum += falloff(lights[i], fragCoord); }
    return half4(half3(min(sum, 1.0)), 1.0);
}
"#,
    mod oracle_builtins_color;
    path: "tests/agsl/ok/builtins_color.agsl",
    mod oracle_child_shaders;
    path: "tests/agsl/ok/child_shaders_control_flow.agsl",
    mod oracle_entry_point;
    path: "tests/agsl/ok/ref_entry_point.agsl",
    mod oracle_swizzles;
    path: "tests/agsl/ok/ref_swizzle_components.agsl",
    mod matrix2;
    lang: agsl,
    src: r#"
uniform half2x2 rotate;
uniform shader image;
half4 main(float2 fragCoord) {
    return image.eval(rotate * (fragCoord - 12.0) + 12.0);
}
"#,
    mod unused_inputs;
    lang: agsl,
    src: r#"
uniform float unused;
uniform shader ignored;
half4 main(float2 fragCoord) { return half4(0.25, 0.5, 0.75, 1.0); }
"#,
    mod checker;
    lang: agsl,
    src: r#"
uniform half4 dark;
uniform float4 light;
uniform float cell;
half4 main(float2 fragCoord) {
    float k = mod(floor(fragCoord.x / cell) + floor(fragCoord.y / cell), 2.0);
    return mix(dark, half4(light), step(0.5, k));
}
"#,
    mod grayscale_swizzle;
    lang: agsl,
    src: r#"
uniform shader image;
uniform bool invert;
half4 main(float2 fragCoord) {
    half4 c = image.eval(fragCoord);
    half y = dot(c.rgb, half3(0.2126, 0.7152, 0.0722));
    half4 g = invert ? half4(1.0 - y, 1.0 - y, 1.0 - y, 1.0) : half4(y, y, y, 1.0);
    return half4(g.r, c.b, c.g, 1.0).rgb1 * half4(1.0, 1.0, 1.0, 1.0);
}
"#,
    mod matrix4_int2;
    lang: agsl,
    src: r#"
uniform half4x4 rotate;
uniform int2 offset;
uniform shader image;
half4 main(float2 fragCoord) {
    float2 p = (rotate * float4(fragCoord - 12.0, 0.0, 1.0)).xy + 12.0 + float2(offset);
    return image.eval(p);
}
"#,
}

/// Every module of this file passes spirv-val and naga's SPIR-V front end + validator.
#[test]
fn embedded_spirv_is_valid() {
    let all: [&AgslInfo; 22] = [
        &solid::EFFECT, &gradient::EFFECT, &int_loop::EFFECT, &matrix3::EFFECT, &arrays::EFFECT, &identity::EFFECT,
        &mirror_scale::EFFECT, &blend_two::EFFECT, &vignette::EFFECT, &linear_gain::EFFECT, &color_matrix::EFFECT,
        &wave::EFFECT, &lights::EFFECT, &oracle_builtins_color::EFFECT, &oracle_child_shaders::EFFECT,
        &oracle_entry_point::EFFECT, &oracle_swizzles::EFFECT, &checker::EFFECT, &grayscale_swizzle::EFFECT,
        &matrix4_int2::EFFECT, &matrix2::EFFECT, &unused_inputs::EFFECT,
    ];
    for info in all {
        common::validate_spirv_glsl(info.module.spirv, true).unwrap_or_else(|e| panic!("{}: {e}", info.module.name));
    }
}

/// The ABI's three children names and the uniform block, as the macro reports them.
#[test]
fn generated_interface_matches_the_abi() {
    assert!(solid::EFFECT.children.is_empty());
    let block = solid::EFFECT.uniforms.expect("solid has uniforms");
    assert_eq!((block.binding, block.size), (0, 16));
    assert!(block.members[0].color, "layout(color) is reported");
    assert_eq!(blend_two::CHILDREN, ["a", "b"]);
    let bindings: Vec<(&str, u32, u32)> =
        blend_two::EFFECT.children.iter().map(|c| (c.name, c.texture_binding, c.sampler_binding)).collect();
    assert_eq!(bindings, [("a", 1, 2), ("b", 3, 4)]);
    assert_eq!(std::mem::size_of::<blend_two::Uniforms>(), 16);
    assert!(identity::EFFECT.uniforms.is_none());
    // std140: float weights[4] and half4 palette[3] have a 16-byte stride; float3x3 three
    // 16-byte columns.
    let members = arrays::EFFECT.uniforms.expect("arrays has uniforms").members;
    let layout: Vec<_> = members.iter().map(|m| (m.ty, m.offset, m.array_length, m.array_stride)).collect();
    assert_eq!(layout, [("float[4]", 0, Some(4), Some(16)), ("half4[3]", 64, Some(3), Some(16))]);
    assert_eq!(std::mem::size_of::<matrix3::Uniforms>(), 64);
}

// ---------------------------------------------------------------------------------------------
// CPU side

type Rgba = [f32; 4];

const W: u32 = 32;
const H: u32 = 24;

/// A smooth, opaque test image: red grows with x, green with y, blue is a diagonal wave.
fn image_a() -> RgbaImage {
    image(|x, y| [x * 7 + 10, y * 9 + 20, (128.0 + 100.0 * ((x + y) as f32 * 0.3).sin()) as u32, 255])
}

/// A second image with partly transparent pixels (straight alpha).
fn image_b() -> RgbaImage {
    image(|x, y| [250 - x * 6, 40 + y * 5, 90 + x * 3, 255 - y * 6])
}

fn image(f: impl Fn(u32, u32) -> [u32; 4]) -> RgbaImage {
    let mut pixels = Vec::new();
    for y in 0..H {
        for x in 0..W {
            pixels.extend(f(x, y).map(|c| c.min(255) as u8));
        }
    }
    RgbaImage::new(W, H, pixels).expect("image size")
}

/// The premultiplied texel (`x`, `y`) of a straight-alpha image, as the runtime uploads it
/// (8-bit premultiplication rounded to nearest), clamped to the edge.
fn texel(image: &RgbaImage, x: i64, y: i64) -> Rgba {
    let x = x.clamp(0, i64::from(image.width) - 1) as u32;
    let y = y.clamp(0, i64::from(image.height) - 1) as u32;
    let [r, g, b, a] = image.pixel(x, y).map(u32::from);
    let pm = |c: u32| ((c * a + 127) / 255) as f32 / 255.0;
    [pm(r), pm(g), pm(b), a as f32 / 255.0]
}

/// `eval(p)`: bilinear filtering at pixel coordinate `p` with clamp-to-edge (Vulkan 1.3
/// §16.9.1 "Texel Filtering": texel centres at integer + 0.5).
fn eval(image: &RgbaImage, p: [f32; 2]) -> Rgba {
    let (u, v) = (p[0] - 0.5, p[1] - 0.5);
    let (x0, y0) = (u.floor(), v.floor());
    let (fx, fy) = (u - x0, v - y0);
    let (x0, y0) = (x0 as i64, y0 as i64);
    let mut out = [0.0; 4];
    for (dx, dy, w) in [(0, 0, (1.0 - fx) * (1.0 - fy)), (1, 0, fx * (1.0 - fy)), (0, 1, (1.0 - fx) * fy), (1, 1, fx * fy)] {
        let t = texel(image, x0 + dx, y0 + dy);
        for c in 0..4 {
            out[c] += w * t[c];
        }
    }
    out
}

fn mix4(a: Rgba, b: Rgba, t: f32) -> Rgba {
    std::array::from_fn(|i| a[i] + (b[i] - a[i]) * t)
}

fn smoothstep(e0: f32, e1: f32, x: f32) -> f32 {
    let t = ((x - e0) / (e1 - e0)).clamp(0.0, 1.0);
    t * t * (3.0 - 2.0 * t)
}

/// The sRGB transfer functions (IEC 61966-2-1).
fn srgb_to_linear(c: f32) -> f32 {
    if c <= 0.04045 { c / 12.92 } else { ((c + 0.055) / 1.055).powf(2.4) }
}

fn linear_to_srgb(c: f32) -> f32 {
    if c <= 0.0031308 { c * 12.92 } else { 1.055 * c.powf(1.0 / 2.4) - 0.055 }
}

/// Compares every pixel of `got` with `expected(fragCoord)` quantized to 8 bits.
fn compare(name: &str, got: &RgbaImage, tolerance: f32, expected: impl Fn([f32; 2]) -> Rgba) {
    let mut worst = 0.0f32;
    let mut failures = Vec::new();
    for y in 0..got.height {
        for x in 0..got.width {
            let want = expected([x as f32 + 0.5, y as f32 + 0.5]).map(|c| c.clamp(0.0, 1.0) * 255.0);
            let have = got.pixel(x, y);
            for c in 0..4 {
                let diff = (f32::from(have[c]) - want[c]).abs();
                worst = worst.max(diff);
                if diff > tolerance && failures.len() < 8 {
                    failures.push(format!("({x}, {y}) channel {c}: GPU {} vs CPU {:.2}", have[c], want[c]));
                }
            }
        }
    }
    eprintln!("{name}: largest difference {worst:.2}/255");
    assert!(failures.is_empty(), "{name}: pixels differ by more than {tolerance}/255:\n{}", failures.join("\n"));
}

fn effect(gpu: &Gpu, info: &'static AgslInfo) -> AgslEffect {
    AgslEffect::new(gpu, info).unwrap_or_else(|e| panic!("{}: {e}", info.module.name))
}

fn render(gpu: &Gpu, effect: &AgslEffect) -> RgbaImage {
    effect.render(gpu, W, H).unwrap_or_else(|e| panic!("{}: {e}", effect.info().module.name))
}

/// Exact values at texel centres and from uniforms.
const EXACT: f32 = 2.0;
/// Children sampled between texel centres.
const FILTERED: f32 = 3.0;

// ---------------------------------------------------------------------------------------------
// The programs

#[test]
fn layout_color_half4_uniform() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &solid::EFFECT);
        e.set_uniforms(&solid::Uniforms::new([0.2, 0.4, 0.6, 0.8])).expect("uniforms");
        compare("solid", &render(gpu, &e), EXACT, |_| [0.2, 0.4, 0.6, 0.8]);
    });
}

#[test]
fn frag_coord_is_pixel_centre_from_top_left() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &gradient::EFFECT);
        e.set_uniforms(&gradient::Uniforms::new([W as f32, H as f32])).expect("uniforms");
        compare("gradient", &render(gpu, &e), EXACT, |p| [p[0] / W as f32, p[1] / H as f32, 0.25, 1.0]);
    });
}

#[test]
fn int_uniform_and_loop_with_break() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &int_loop::EFFECT);
        for steps in [0, 3, 8] {
            e.set_uniforms(&int_loop::Uniforms::new(steps, [0.1, 0.7, 0.3])).expect("uniforms");
            let acc: f32 = (0..steps.min(8)).map(|i| 0.0625 * (i + 1) as f32).sum();
            compare(&format!("int_loop steps={steps}"), &render(gpu, &e), EXACT, |p| {
                [0.1, 0.7, acc * (p[0] / 16.0).fract(), 1.0]
            });
        }
    });
}

#[test]
fn float3x3_uniform() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &matrix3::EFFECT);
        // Columns (GLSL matrices are column-major): v = m * (u, v, 1).
        let m = [[0.5, 0.2, 0.0], [0.1, 0.8, 0.3], [0.2, 0.0, 0.4]];
        let columns = m.map(|c| [c[0], c[1], c[2], 0.0]);
        e.set_uniforms(&matrix3::Uniforms::new(columns, [W as f32, H as f32])).expect("uniforms");
        compare("matrix3", &render(gpu, &e), EXACT, |p| {
            let v = [p[0] / W as f32, p[1] / H as f32, 1.0];
            let r: [f32; 3] = std::array::from_fn(|row| (0..3).map(|c| m[c][row] * v[c]).sum::<f32>().clamp(0.0, 1.0));
            [r[0], r[1], r[2], 1.0]
        });
    });
}

#[test]
fn float_and_half4_array_uniforms() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &arrays::EFFECT);
        let weights = [0.25, 0.5, 0.75, 1.0];
        let palette = [[1.0, 0.0, 0.5, 1.0], [0.2, 0.9, 0.4, 1.0], [0.6, 0.6, 1.0, 1.0]];
        // std140 rule 4: a float array element takes 16 bytes.
        e.set_uniforms(&arrays::Uniforms::new(weights.map(|w| [w, 0.0, 0.0, 0.0]), palette)).expect("uniforms");
        compare("arrays", &render(gpu, &e), EXACT, |p| {
            let w = weights[(p[0] as usize / 8).min(3)];
            let c = if p[1] > 16.0 { palette[2] } else if p[1] > 8.0 { palette[1] } else { palette[0] };
            [c[0] * w, c[1] * w, c[2] * w, 1.0]
        });
    });
}

#[test]
fn eval_at_frag_coord_returns_the_premultiplied_input() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &identity::EFFECT);
        let b = image_b();
        e.set_input(gpu, "image", &b).expect("input");
        compare("identity", &render(gpu, &e), EXACT, |p| eval(&b, p));
        // The documented round trip: unpremultiplying the output gives back the PNG's pixels.
        let back = render(gpu, &e).unpremultiplied();
        for (got, want) in back.pixels.chunks_exact(4).zip(b.pixels.chunks_exact(4)) {
            for c in 0..4 {
                assert!(got[c].abs_diff(want[c]) <= 3, "round trip {got:?} vs {want:?}");
            }
        }
    });
}

#[test]
fn eval_at_a_transformed_coordinate_is_filtered() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &mirror_scale::EFFECT);
        let a = image_a();
        e.set_input(gpu, "image", &a).expect("input");
        e.set_uniforms(&mirror_scale::Uniforms::new([W as f32, H as f32])).expect("uniforms");
        compare("mirror_scale", &render(gpu, &e), FILTERED, |p| eval(&a, [W as f32 - p[0], p[1] * 0.5 + 3.25]));
    });
}

#[test]
fn two_children_mixed() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &blend_two::EFFECT);
        let (a, b) = (image_a(), image_b());
        e.set_input(gpu, "a", &a).expect("input a");
        e.set_input(gpu, "b", &b).expect("input b");
        e.set_uniforms(&blend_two::Uniforms::new(0.3)).expect("uniforms");
        compare("blend_two", &render(gpu, &e), EXACT, |p| mix4(eval(&a, p), eval(&b, [p[1], p[0]]), 0.3));
    });
}

#[test]
fn vignette_with_length_and_smoothstep() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &vignette::EFFECT);
        let a = image_a();
        e.set_input(gpu, "image", &a).expect("input");
        e.set_uniforms(&vignette::Uniforms::new([16.0, 12.0], 18.0)).expect("uniforms");
        compare("vignette", &render(gpu, &e), EXACT, |p| {
            let d = ((p[0] - 16.0).powi(2) + (p[1] - 12.0).powi(2)).sqrt() / 18.0;
            let v = 1.0 - smoothstep(0.3, 1.0, d);
            let c = eval(&a, p);
            [c[0] * v, c[1] * v, c[2] * v, c[3]]
        });
    });
}

#[test]
fn to_and_from_linear_srgb() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &linear_gain::EFFECT);
        let a = image_a();
        e.set_input(gpu, "image", &a).expect("input");
        e.set_uniforms(&linear_gain::Uniforms::new(1.8)).expect("uniforms");
        compare("linear_gain", &render(gpu, &e), EXACT, |p| {
            let c = eval(&a, p);
            let f = |x: f32| linear_to_srgb(srgb_to_linear(x) * 1.8).clamp(0.0, 1.0);
            [f(c[0]), f(c[1]), f(c[2]), 1.0]
        });
    });
}

/// `effect_color_matrix.agsl`: `unpremul`, a `float4x4` and a `float4`, `saturate`.
fn color_matrix_cpu(b: &RgbaImage, m: &[[f32; 4]; 4], offset: [f32; 4], p: [f32; 2]) -> Rgba {
    let c = eval(b, p);
    let a = c[3].max(0.0001);
    let u = [c[0] / a, c[1] / a, c[2] / a, c[3]];
    let r: [f32; 4] = std::array::from_fn(|row| ((0..4).map(|k| m[k][row] * u[k]).sum::<f32>() + offset[row]).clamp(0.0, 1.0));
    [r[0] * r[3], r[1] * r[3], r[2] * r[3], r[3]]
}

/// Sepia (columns), slightly fading alpha.
const SEPIA: [[f32; 4]; 4] = [[0.393, 0.349, 0.272, 0.0], [0.769, 0.686, 0.534, 0.0], [0.189, 0.168, 0.131, 0.0], [0.0, 0.0, 0.0, 0.9]];
const SEPIA_OFFSET: [f32; 4] = [0.02, 0.0, -0.02, 0.05];

#[test]
fn color_matrix_with_unpremul() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &color_matrix::EFFECT);
        let b = image_b();
        e.set_input(gpu, "image", &b).expect("input");
        e.set_uniforms(&color_matrix::Uniforms::new(SEPIA, SEPIA_OFFSET)).expect("uniforms");
        // Unpremultiplying an 8-bit premultiplied texel amplifies its rounding by 1/alpha
        // (alpha >= 117/255 here): one more step.
        compare("color_matrix", &render(gpu, &e), EXACT + 1.0, |p| color_matrix_cpu(&b, &SEPIA, SEPIA_OFFSET, p));
    });
}

fn wave_cpu(a: &RgbaImage, [time, amplitude, frequency]: [f32; 3], p: [f32; 2]) -> Rgba {
    let size = [W as f32, H as f32];
    let uv = [p[0] / size[0], p[1] / size[1]];
    let dx = amplitude * (uv[1] * frequency * 6.2831853 + time).sin();
    let dy = amplitude * (uv[0] * frequency * 6.2831853 + time * 0.5).cos();
    let q = [(p[0] + dx).clamp(0.5, size[0] - 0.5), (p[1] + dy).clamp(0.5, size[1] - 0.5)];
    eval(a, q)
}

const WAVE: [f32; 3] = [0.7, 2.5, 1.5];

#[test]
fn wave_distortion_with_sin_cos_clamp() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &wave::EFFECT);
        let a = image_a();
        e.set_input(gpu, "image", &a).expect("input");
        let [time, amplitude, frequency] = WAVE;
        e.set_uniforms(&wave::Uniforms::new([W as f32, H as f32], time, amplitude, frequency)).expect("uniforms");
        compare("wave", &render(gpu, &e), FILTERED, |p| wave_cpu(&a, WAVE, p));
    });
}

#[test]
fn structs_arrays_of_structs_and_user_functions() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &lights::EFFECT);
        e.set_uniforms(&lights::Uniforms::new([8.0, 6.0], [24.0, 18.0])).expect("uniforms");
        compare("lights", &render(gpu, &e), EXACT, |p| {
            let falloff = |l: [f32; 2], i: f32| {
                let d2 = (l[0] - p[0]).powi(2) + (l[1] - p[1]).powi(2);
                i / (1.0 + d2 * 0.01)
            };
            let s = (falloff([8.0, 6.0], 0.8) + falloff([24.0, 18.0], 0.5)).min(1.0);
            [s, s, s, 1.0]
        });
    });
}

#[test]
fn checkerboard_with_mod_floor_step() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &checker::EFFECT);
        let (dark, light) = ([0.1, 0.1, 0.2, 1.0], [0.9, 0.8, 0.7, 1.0]);
        e.set_uniforms(&checker::Uniforms::new(dark, light, 4.0)).expect("uniforms");
        compare("checker", &render(gpu, &e), EXACT, |p| {
            let k = ((p[0] / 4.0).floor() + (p[1] / 4.0).floor()).rem_euclid(2.0);
            if k >= 0.5 { light } else { dark }
        });
    });
}

#[test]
fn bool_uniform_ternary_dot_and_constant_swizzle() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &grayscale_swizzle::EFFECT);
        let a = image_a();
        e.set_input(gpu, "image", &a).expect("input");
        for invert in [0u32, 1] {
            e.set_uniforms(&grayscale_swizzle::Uniforms::new(invert)).expect("uniforms");
            compare(&format!("grayscale invert={invert}"), &render(gpu, &e), EXACT, |p| {
                let c = eval(&a, p);
                let y = 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
                let g = if invert == 1 { 1.0 - y } else { y };
                [g, c[2], c[1], 1.0]
            });
        }
    });
}

#[test]
fn half4x4_and_int2_uniforms_rotate_the_sample_point() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &matrix4_int2::EFFECT);
        let a = image_a();
        e.set_input(gpu, "image", &a).expect("input");
        let (s, c) = (0.3f32.sin(), 0.3f32.cos());
        let columns = [[c, s, 0.0, 0.0], [-s, c, 0.0, 0.0], [0.0, 0.0, 1.0, 0.0], [0.0, 0.0, 0.0, 1.0]];
        e.set_uniforms(&matrix4_int2::Uniforms::new(columns, [2, -1])).expect("uniforms");
        compare("matrix4_int2", &render(gpu, &e), FILTERED, |p| {
            let (x, y) = (p[0] - 12.0, p[1] - 12.0);
            eval(&a, [c * x - s * y + 12.0 + 2.0, s * x + c * y + 12.0 - 1.0])
        });
    });
}

// ---------------------------------------------------------------------------------------------
// glslang oracle: the hand translations of tests/agsl/oracle rendered through the same effect

/// `ours` with its SPIR-V replaced by glslang's compilation of the Vulkan GLSL translation
/// (same bindings by the ABI, which `agsl_suite` checks against glslang's reflection).
fn with_glslang_spirv(ours: &'static AgslInfo, oracle: &str) -> Option<&'static AgslInfo> {
    if common::skip_without_glslang() {
        return None;
    }
    let path = common::workspace_root().join("tests/agsl/oracle").join(oracle);
    let source = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let words = common::compile_glslang(&source, "frag").unwrap_or_else(|e| panic!("glslang rejects {oracle}: {e}"));
    common::spirv_val(&words, "vulkan1.1").unwrap_or_else(|e| panic!("glslang's {oracle}: {e}"));
    let spirv: &'static [u32] = Box::leak(words.into_boxed_slice());
    let module: &'static ModuleInfo = Box::leak(Box::new(ModuleInfo { name: "glslang", spirv, ..*ours.module }));
    Some(Box::leak(Box::new(AgslInfo { module, ..*ours })))
}

/// Deterministic std140 uniform bytes from the reflected members: integer-like types get
/// small integers (bools 1), everything else floats in (0, 1].
fn uniform_bytes(info: &AgslInfo) -> Vec<u8> {
    let Some(block) = info.uniforms else { return Vec::new() };
    let mut bytes = vec![0u8; block.size as usize];
    let mut k = 0u32;
    for m in block.members {
        let integer = ["int", "short", "bool"].iter().any(|t| m.ty.starts_with(t));
        for word in (m.offset..m.offset + m.size).step_by(4) {
            k += 1;
            let value = if integer { (k % 3).max(1).to_le_bytes() } else { (0.15 + 0.05 * (k % 17) as f32).to_le_bytes() };
            bytes[word as usize..word as usize + 4].copy_from_slice(&value);
        }
    }
    bytes
}

fn configure(gpu: &Gpu, info: &'static AgslInfo) -> AgslEffect {
    let mut e = effect(gpu, info);
    if info.uniforms.is_some() {
        e.set_uniform_bytes(&uniform_bytes(info)).expect("uniform bytes");
    }
    let images = [image_a(), image_b()];
    for (child, image) in info.children.iter().zip(images.iter().cycle()) {
        e.set_input(gpu, child.name, image).expect("input");
    }
    e
}

#[test]
fn ours_and_glslangs_spirv_render_the_same_pixels() {
    common::on_devices(|gpu| {
        let cases: [(&'static AgslInfo, &str); 6] = [
            (&wave::EFFECT, "effect_wave.frag"),
            (&color_matrix::EFFECT, "effect_color_matrix.frag"),
            (&oracle_builtins_color::EFFECT, "builtins_color.frag"),
            (&oracle_child_shaders::EFFECT, "child_shaders_control_flow.frag"),
            (&oracle_entry_point::EFFECT, "ref_entry_point.frag"),
            (&oracle_swizzles::EFFECT, "ref_swizzle_components.frag"),
        ];
        for (ours, oracle) in cases {
            let Some(theirs) = with_glslang_spirv(ours, oracle) else { return };
            let want = render(gpu, &configure(gpu, theirs));
            let got = render(gpu, &configure(gpu, ours));
            assert!(want.pixels.iter().any(|&c| c != 0), "{oracle}: glslang's render is all zero, a useless oracle");
            let worst = got.pixels.iter().zip(&want.pixels).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
            eprintln!("{oracle}: largest difference from glslang's {worst}/255");
            assert!(worst <= 1, "{oracle}: ours differs from glslang's SPIR-V by {worst}/255");
        }
    });
}

// ---------------------------------------------------------------------------------------------
// Misuse is an error naming what is wrong

fn invalid_use(result: Result<impl Sized, GpuError>) -> String {
    match result {
        Err(GpuError::InvalidUse(message)) => message,
        Err(other) => panic!("expected InvalidUse, got {other}"),
        Ok(_) => panic!("expected an error"),
    }
}

#[test]
fn misuse_is_reported_by_name() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &blend_two::EFFECT);
        let a = image_a();
        let message = invalid_use(e.set_input(gpu, "c", &a));
        assert!(message.contains("uniform shader c") && message.contains("`a`, `b`"), "{message}");
        e.set_input(gpu, "a", &a).expect("input a");
        let message = invalid_use(e.render(gpu, W, H));
        assert!(message.contains("input `b`") && message.contains("not set"), "{message}");
        let message = invalid_use(e.set_uniform_bytes(&[0; 4]));
        assert!(message.contains("16 bytes") && message.contains("got 4"), "{message}");
        e.set_input(gpu, "b", &a).expect("input b");
        let message = invalid_use(e.render(gpu, 0, H));
        assert!(message.contains("0x24"), "{message}");
        let mut id = effect(gpu, &identity::EFFECT);
        let message = invalid_use(id.set_uniforms(&[0f32; 4]));
        assert!(message.contains("has no uniforms"), "{message}");
        let float = gpu.texture(&shader_runtime::wgpu::TextureDescriptor {
            label: None,
            size: shader_runtime::wgpu::Extent3d { width: 4, height: 4, depth_or_array_layers: 1 },
            mip_level_count: 1,
            sample_count: 1,
            dimension: shader_runtime::wgpu::TextureDimension::D2,
            format: shader_runtime::wgpu::TextureFormat::R32Float,
            usage: shader_runtime::wgpu::TextureUsages::TEXTURE_BINDING,
            view_formats: &[],
        });
        let message = invalid_use(e.set_input(gpu, "a", &float));
        assert!(message.contains("input `a`") && message.contains("R32Float"), "{message}");
        let target = gpu.render_target(4, 4, shader_runtime::wgpu::TextureFormat::Rgba8Unorm);
        e.set_input(gpu, "a", &target).expect("a render target is a valid input");
        let message = invalid_use(RgbaImage::new(2, 2, vec![0; 15]));
        assert!(message.contains("16 bytes"), "{message}");
    });
}

/// A texture input is used as is (premultiplied), and the output of one effect can feed another.
#[test]
fn texture_inputs_chain_effects() {
    common::on_devices(|gpu| {
        let b = image_b();
        let mut first = effect(gpu, &identity::EFFECT);
        first.set_input(gpu, "image", &b).expect("input");
        let texture = first.render_texture(gpu, W, H).expect("render");
        let mut second = effect(gpu, &vignette::EFFECT);
        second.set_input(gpu, "image", &texture).expect("texture input");
        second.set_uniforms(&vignette::Uniforms::new([16.0, 12.0], 18.0)).expect("uniforms");
        compare("chained", &render(gpu, &second), EXACT, |p| {
            let d = ((p[0] - 16.0).powi(2) + (p[1] - 12.0).powi(2)).sqrt() / 18.0;
            let v = 1.0 - smoothstep(0.3, 1.0, d);
            let c = eval(&b, p);
            [c[0] * v, c[1] * v, c[2] * v, c[3]]
        });
    });
}

#[test]
fn half2x2_uniform_has_16_byte_columns() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &matrix2::EFFECT);
        let a = image_a();
        e.set_input(gpu, "image", &a).expect("input");
        let (s, c) = (0.5f32.sin(), 0.5f32.cos());
        // std140 rule 5 (with rule 4): a mat2 is two columns of 16 bytes.
        e.set_uniforms(&matrix2::Uniforms::new([[c, s, 0.0, 0.0], [-s, c, 0.0, 0.0]])).expect("uniforms");
        compare("matrix2", &render(gpu, &e), FILTERED, |p| {
            let (x, y) = (p[0] - 12.0, p[1] - 12.0);
            eval(&a, [c * x - s * y + 12.0, s * x + c * y + 12.0])
        });
    });
}

/// Uniforms and children `main` never reads still take their values (the ABI keeps the
/// block and the bindings whether or not they are used).
#[test]
fn unused_uniforms_and_children_are_accepted() {
    common::on_devices(|gpu| {
        let mut e = effect(gpu, &unused_inputs::EFFECT);
        e.set_uniforms(&unused_inputs::Uniforms::new(1.0)).expect("uniforms");
        e.set_input(gpu, "ignored", &image_a()).expect("input");
        compare("unused_inputs", &render(gpu, &e), EXACT, |_| [0.25, 0.5, 0.75, 1.0]);
    });
}

//! The CPU device behind the typed API: the sanitizer's reports through `Gpu::take_findings`,
//! textures in compute shaders (sampling, loads, stores, queries) against lavapipe and
//! against texel values computed here, and the clear errors for what the CPU device does not
//! run yet. The device choice
//! (`SHADER_DEVICE`, the fallback) is tested in `runtime_shader_device.rs`; the runtime's and
//! the examples' compute tests run on both devices (`common::on_devices`).
#![deny(warnings)]

mod common;

use shader_runtime::wgpu::{FilterMode, TextureFormat};
use shader_runtime::{shader, AgslEffect, Gpu, GpuError, RenderOptions, RenderPipeline};

shader! {
    mod saxpy;
    path: "examples/shaders/saxpy.wgsl",
    // Writes one element past the end of `out` from invocation 8 (the missing bounds check
    // the sanitizer exists for; compiled without the clamp, which would otherwise keep the
    // write inside the array).
    mod overrun;
    lang: wgsl,
    bounds_checks: unchecked,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> out: array<u32, 8>;
        @compute @workgroup_size(9)
        fn main(@builtin(local_invocation_index) i: u32) {
            out[i] = i * 10u;
        }
    "#,
    mod fullscreen;
    path: "examples/shaders/fullscreen.vert",
    mod blur;
    path: "examples/shaders/blur.frag",
    mod tint;
    lang: agsl,
    src: r#"
        uniform half4 color;
        half4 main(float2 p) { return color; }
    "#,
    mod quad_vs;
    lang: wgsl,
    src: r#"
        @vertex
        fn main(@builtin(vertex_index) i: u32) -> @builtin(position) vec4<f32> {
            let corner = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
            return vec4<f32>(corner * 2.0 - 1.0, 0.0, 1.0);
        }
    "#,
    // Derivatives of functions that are not linear in the pixel position, so fine, coarse,
    // x and y all differ.
    mod derivatives;
    lang: wgsl,
    src: r#"
        fn f(p: vec2<f32>) -> f32 { return p.x * p.x * 0.01 + p.x * p.y * 0.02; }
        fn g(p: vec2<f32>) -> f32 { return p.y * p.y * 0.03 - p.x * p.y * 0.01; }
        @fragment
        fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
            return vec4<f32>(dpdxFine(f(p.xy)), dpdyFine(g(p.xy)), dpdxCoarse(g(p.xy)) + dpdyCoarse(f(p.xy)) * 100.0,
                fwidthFine(f(p.xy)));
        }
    "#,
    // Implicit levels of detail: uv moves `scale.x` texels of level 0 per pixel.
    mod implicit_lod;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var tex: texture_2d<f32>;
        @group(0) @binding(1) var samp: sampler;
        @group(0) @binding(2) var<uniform> scale: vec4<f32>;
        @fragment
        fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
            let uv = p.xy * scale.xy / vec2<f32>(textureDimensions(tex));
            return textureSample(tex, samp, uv) + textureSampleBias(tex, samp, uv, 1.0) * 0.001;
        }
    "#,
    mod position_vs;
    lang: wgsl,
    src: r#"
        @vertex
        fn main(@location(0) pos: vec2<f32>) -> @builtin(position) vec4<f32> {
            return vec4<f32>(pos, 0.5, 1.0);
        }
    "#,
    mod quarter_fs;
    lang: wgsl,
    src: r#"
        @fragment
        fn main() -> @location(0) vec4<f32> { return vec4<f32>(0.25); }
    "#,
    mod varyings_vs;
    lang: wgsl,
    src: r#"
        struct Out {
            @builtin(position) pos: vec4<f32>,
            @location(0) smooth_v: vec2<f32>,
            @location(1) @interpolate(linear) lin: f32,
            @location(2) @interpolate(flat) first: u32,
        }
        @vertex
        fn main(@location(0) p: vec4<f32>, @location(1) attr: vec2<f32>, @builtin(vertex_index) i: u32) -> Out {
            return Out(p, attr, attr.x, i + 7u);
        }
    "#,
    mod varyings_fs;
    lang: wgsl,
    src: r#"
        @fragment
        fn main(@location(0) smooth_v: vec2<f32>, @location(1) @interpolate(linear) lin: f32,
                @location(2) @interpolate(flat) first: u32) -> @location(0) vec4<f32> {
            return vec4<f32>(smooth_v, lin, f32(first));
        }
    "#,
    mod facing_fs;
    lang: wgsl,
    src: r#"
        @fragment
        fn main(@builtin(position) p: vec4<f32>, @builtin(front_facing) front: bool) -> @location(0) vec4<f32> {
            if p.x < 1.0 { discard; }
            return select(vec4<f32>(0.0, 1.0, 0.0, 1.0), vec4<f32>(1.0, 0.0, 0.0, 1.0), front);
        }
    "#,
    // Row 0 writes `hits[x]`: pixels 4 and 5 of a 6-wide target write past the end.
    mod frag_overrun;
    lang: wgsl,
    bounds_checks: unchecked,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> hits: array<u32, 4>;
        @fragment
        fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
            if p.y < 1.0 { hits[u32(p.x)] = 1u; }
            return vec4<f32>(0.0);
        }
    "#,
    // Each fragment marks its pixel and counts itself (helper lanes must do neither).
    mod mark_fs;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> hits: array<u32, 128>;
        @group(0) @binding(1) var<storage, read_write> count: atomic<u32>;
        @fragment
        fn main(@builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
            hits[u32(p.y) * 16u + u32(p.x)] = 1u;
            atomicAdd(&count, 1u);
            return vec4<f32>(1.0);
        }
    "#,
    // A full-screen triangle per instance, instance k at depth 0.25 + 0.5 k.
    mod layered_vs;
    lang: wgsl,
    src: r#"
        struct Out {
            @builtin(position) pos: vec4<f32>,
            @location(0) @interpolate(flat) layer: u32,
        }
        @vertex
        fn main(@builtin(vertex_index) i: u32, @builtin(instance_index) k: u32) -> Out {
            let corner = vec2<f32>(f32((i << 1u) & 2u), f32(i & 2u));
            return Out(vec4<f32>(corner * 2.0 - 1.0, 0.25 + 0.5 * f32(k), 1.0), k);
        }
    "#,
    // Layer 1 (behind layer 0) comes forward to depth 0.1 left of x = 4.
    mod frag_depth_fs;
    lang: wgsl,
    src: r#"
        struct Out {
            @location(0) color: vec4<f32>,
            @builtin(frag_depth) depth: f32,
        }
        @fragment
        fn main(@builtin(position) p: vec4<f32>, @location(0) @interpolate(flat) layer: u32) -> Out {
            var depth = p.z;
            if layer == 1u && p.x < 4.0 {
                depth = 0.1;
            }
            return Out(vec4<f32>(f32(layer), 1.0 - f32(layer), 0.0, 1.0), depth);
        }
    "#,
    // Counts the fragments that run; with early fragment tests, those behind run not.
    mod early_fs;
    lang: glsl,
    stage: fragment,
    src: r#"
        #version 450
        layout(early_fragment_tests) in;
        layout(set = 0, binding = 0) buffer Count { uint n; } count;
        layout(location = 0) flat in uint layer;
        layout(location = 0) out vec4 color;
        void main() {
            atomicAdd(count.n, 1u);
            color = vec4(float(layer), 1.0 - float(layer), 0.0, 1.0);
        }
    "#,
    // Frag depth `z.x` for layer 0, `z.y` for layer 1.
    mod close_depth_fs;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<uniform> z: vec4<f32>;
        struct Out {
            @location(0) color: vec4<f32>,
            @builtin(frag_depth) depth: f32,
        }
        @fragment
        fn main(@location(0) @interpolate(flat) layer: u32) -> Out {
            return Out(vec4<f32>(f32(layer), 1.0 - f32(layer), 0.0, 1.0), select(z.x, z.y, layer == 1u));
        }
    "#,
    mod sample_level;
    path: "tests/shaders/sample_2d.wgsl",
    entry: "level",
    mod sample_grad;
    path: "tests/shaders/sample_2d.wgsl",
    entry: "grad",
    mod sample_array;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var tex: texture_2d_array<f32>;
        @group(0) @binding(1) var samp: sampler;
        @group(0) @binding(2) var<storage, read> coords: array<vec4<f32>>;
        @group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x >= arrayLength(&coords) { return; }
            let c = coords[id.x];
            out[id.x] = textureSampleLevel(tex, samp, c.xy, i32(c.w), c.z)
                + textureGather(1, tex, samp, c.xy, i32(c.w)) * 0.001;
        }
    "#,
    // A cube and a cube array sampled with directions: per coordinate (x, y, z, lod) a sample
    // at the level of detail, a gather of component 1, a sample of cube `id % 2` of the array
    // and a sample with explicit gradients; `dims` gets the queries.
    mod sample_cube;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var tex: texture_cube<f32>;
        @group(0) @binding(1) var samp: sampler;
        @group(0) @binding(2) var<storage, read> coords: array<vec4<f32>>;
        @group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
        @group(0) @binding(4) var atex: texture_cube_array<f32>;
        @group(0) @binding(5) var<storage, read_write> dims: array<u32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x == 0u {
                dims[0] = textureDimensions(tex).x;
                dims[1] = textureDimensions(tex, 1).y;
                dims[2] = textureDimensions(atex).x;
                dims[3] = textureNumLevels(atex);
                dims[4] = textureNumLevels(tex);
            }
            if id.x >= arrayLength(&coords) { return; }
            let c = coords[id.x];
            out[4u * id.x] = textureSampleLevel(tex, samp, c.xyz, c.w);
            out[4u * id.x + 1u] = textureGather(1, tex, samp, c.xyz);
            out[4u * id.x + 2u] = textureSampleLevel(atex, samp, c.xyz, i32(id.x % 2u), c.w);
            out[4u * id.x + 3u] = textureSampleGrad(tex, samp, c.xyz, c.yzx * (c.w * 0.2), c.zxy * (c.w * 0.3));
        }
    "#,
    // Gathers of integer cube textures: components 0 and 2 of an unsigned one, component 1
    // of a signed one.
    mod gather_cube_int;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var utex: texture_cube<u32>;
        @group(0) @binding(1) var itex: texture_cube<i32>;
        @group(0) @binding(2) var samp: sampler;
        @group(0) @binding(3) var<storage, read> coords: array<vec4<f32>>;
        @group(0) @binding(4) var<storage, read_write> out: array<vec4<u32>>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x >= arrayLength(&coords) { return; }
            let c = coords[id.x].xyz;
            out[3u * id.x] = textureGather(0, utex, samp, c);
            out[3u * id.x + 1u] = textureGather(2, utex, samp, c);
            out[3u * id.x + 2u] = bitcast<vec4<u32>>(textureGather(1, itex, samp, c));
        }
    "#,
    // A float texture sampled with filtering and an integer one gathered, each with its own
    // sampler: the runtime binds the first sampler as filtering and the second as not.
    mod mixed_samplers;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var ftex: texture_2d<f32>;
        @group(0) @binding(1) var linear: sampler;
        @group(0) @binding(2) var utex: texture_2d<u32>;
        @group(0) @binding(3) var nearest: sampler;
        @group(0) @binding(4) var<storage, read_write> out: array<vec4<f32>>;
        @compute @workgroup_size(1)
        fn main() {
            out[0] = textureSampleLevel(ftex, linear, vec2<f32>(0.5, 0.5), 0.0);
            out[1] = vec4<f32>(textureGather(0, utex, nearest, vec2<f32>(0.5, 0.5)));
            out[2] = vec4<f32>(textureGather(3, utex, nearest, vec2<f32>(0.3, 0.6)));
        }
    "#,
    // Descriptor arrays (`binding_array`) of textures and of samplers, indexed by a loop
    // counter, and queried (the wgpu target takes no `textureLoad` of an array's element).
    mod texture_arrays;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var textures: binding_array<texture_2d<f32>, 3>;
        @group(0) @binding(1) var samplers: binding_array<sampler, 2>;
        @group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
        @compute @workgroup_size(1)
        fn main() {
            for (var t = 0u; t < 3u; t++) {
                let centre = (vec2<f32>(f32(t), 3.0 - f32(t)) + 0.5) / 4.0;
                out[t] = textureSampleLevel(textures[t], samplers[0], centre, 0.0);
                out[3u + t] = textureSampleLevel(textures[t], samplers[t % 2u], vec2<f32>(0.75, 0.25), 1.0);
            }
            out[6] = vec4<f32>(vec2<f32>(textureDimensions(textures[1], 1)), f32(textureNumLevels(textures[2])), 0.0);
        }
    "#,
    // A runtime-sized descriptor array (`binding_array` without a length).
    mod runtime_texture_array;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var textures: binding_array<texture_2d<f32>>;
        @group(0) @binding(1) var samp: sampler;
        @group(0) @binding(2) var<storage, read_write> out: array<vec4<f32>>;
        @compute @workgroup_size(1)
        fn main() {
            for (var t = 0u; t < 4u; t++) {
                let centre = (vec2<f32>(f32(t), 3.0 - f32(t)) + 0.5) / 4.0;
                out[t] = textureSampleLevel(textures[t % 3u], samp, centre, 0.0);
            }
        }
    "#,
    mod load_levels;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var tex: texture_2d<f32>;
        @group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;
        @group(0) @binding(2) var<storage, read_write> dims: array<u32>;
        @compute @workgroup_size(8, 4)
        fn main(@builtin(local_invocation_id) id: vec3<u32>) {
            let levels = textureNumLevels(tex);
            var base = 0u;
            for (var l = 0u; l < levels; l++) {
                let size = textureDimensions(tex, l);
                if id.x < size.x && id.y < size.y {
                    out[base + id.y * size.x + id.x] = textureLoad(tex, vec2<i32>(id.xy), i32(l));
                }
                base += size.x * size.y;
                if id.x == 0u && id.y == 0u {
                    dims[2u * l] = size.x;
                    dims[2u * l + 1u] = size.y;
                }
            }
            if id.x == 0u && id.y == 0u {
                dims[6] = levels;
            }
        }
    "#,
    mod store_texels;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var img: texture_storage_2d<rgba8unorm, write>;
        @group(0) @binding(1) var fimg: texture_storage_2d<r32float, write>;
        @compute @workgroup_size(4, 4)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            let d = textureDimensions(img);
            if id.x >= d.x || id.y >= d.y { return; }
            let f = (vec2<f32>(id.xy) + 0.25) / vec2<f32>(d);
            textureStore(img, id.xy, vec4<f32>(f, 0.25, 1.0));
            textureStore(fimg, vec2<i32>(id.xy), vec4<f32>(f.x * 10.0 + f.y, 0.0, 0.0, 1.0));
        }
    "#,
    // 1D textures: every texel loaded, a linear sample between texels and outside [0, 1]
    // (repeat), the width, and a store to a 1D storage texture.
    mod one_d;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var tex: texture_1d<f32>;
        @group(0) @binding(1) var samp: sampler;
        @group(0) @binding(2) var img: texture_storage_1d<r32float, write>;
        @group(0) @binding(3) var<storage, read_write> out: array<vec4<f32>>;
        @compute @workgroup_size(16)
        fn main(@builtin(local_invocation_index) i: u32) {
            let w = textureDimensions(tex);
            out[i] = textureLoad(tex, i32(i), 0);
            out[16u + i] = textureSampleLevel(tex, samp, (f32(i) * 1.37 - 3.1) / f32(w), 0.0);
            textureStore(img, i, vec4<f32>(f32(i) * 0.5 + f32(w), 0.0, 0.0, 1.0));
            if i == 0u {
                out[32] = vec4<f32>(f32(w), f32(textureDimensions(img)), 0.0, 0.0);
            }
        }
    "#,
    mod load_past_edge;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var tex: texture_2d<f32>;
        @group(0) @binding(1) var<storage, read_write> out: array<vec4<f32>>;
        @compute @workgroup_size(1)
        fn main() {
            out[0] = textureLoad(tex, vec2<i32>(textureDimensions(tex)) + vec2<i32>(1, 0), 0);
        }
    "#,
    // `textureQueryLod` over quads whose uv moves (s, s) or (s, 2s) texels of a 64x64 texture
    // per pixel: s by quad row, the second factor by quad column.
    mod query_lod_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"
        #version 450
        layout(set = 0, binding = 0) uniform texture2D tex;
        layout(set = 0, binding = 1) uniform sampler samp;
        layout(location = 0) out vec4 color;
        void main() {
            ivec2 quad = ivec2(gl_FragCoord.xy) / 2;
            float s = quad.y == 0 ? 0.5 : quad.y == 1 ? 3.0 : quad.y == 2 ? 4.0 : 200.0;
            vec2 uv = gl_FragCoord.xy * vec2(s, s * float(1 + quad.x % 2)) / 64.0;
            color = vec4(textureQueryLod(sampler2D(tex, samp), uv), 0.0, 1.0);
        }
    "#,
    // `textureGatherOffsets` (four constant offsets) of component 1 at each pixel's centre.
    mod gather_offsets_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"
        #version 450
        layout(set = 0, binding = 0) uniform texture2D tex;
        layout(set = 0, binding = 1) uniform sampler samp;
        layout(location = 0) out vec4 color;
        const ivec2 offsets[4] = ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(-1, 2), ivec2(3, -2));
        void main() {
            color = textureGatherOffsets(sampler2D(tex, samp), gl_FragCoord.xy / vec2(8.0, 4.0), offsets, 1);
        }
    "#,
    // `textureGatherOffset` with an offset computed per pixel (`Offset`, not `ConstOffset`).
    mod gather_offset_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"
        #version 450
        layout(set = 0, binding = 0) uniform texture2D tex;
        layout(set = 0, binding = 1) uniform sampler samp;
        layout(location = 0) out vec4 color;
        void main() {
            ivec2 p = ivec2(gl_FragCoord.xy);
            color = textureGatherOffset(sampler2D(tex, samp), gl_FragCoord.xy / vec2(8.0, 4.0), ivec2(p.x % 3 - 1, p.y % 3 - 1), 2);
        }
    "#,
    // Clip and cull distances: two full-screen triangles; the first clipped by two planes
    // (x + 0.5 - y / 4 >= 0, 0.75 - y >= 0) with a cull distance of x (mixed signs: kept), the
    // second with negative cull distances only (discarded) and a marker of 1.
    mod clip_vs;
    lang: glsl,
    stage: vertex,
    target: vulkan,
    src: r#"
        #version 450
        layout(location = 0) flat out float marker;
        out float gl_ClipDistance[2];
        out float gl_CullDistance[1];
        void main() {
            int v = gl_VertexIndex % 3;
            vec2 pos = vec2(float((v << 1) & 2), float(v & 2)) * 2.0 - 1.0;
            gl_Position = vec4(pos, 0.0, 1.0);
            gl_ClipDistance[0] = pos.x + 0.5 - pos.y * 0.25;
            gl_ClipDistance[1] = 0.75 - pos.y;
            gl_CullDistance[0] = gl_VertexIndex < 3 ? pos.x : -1.0 - pos.y * pos.y;
            marker = float(gl_VertexIndex / 3);
        }
    "#,
    mod clip_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"
        #version 450
        layout(location = 0) flat in float marker;
        layout(location = 0) out vec4 color;
        in float gl_ClipDistance[2];
        in float gl_CullDistance[1];
        void main() {
            color = vec4(gl_ClipDistance[0], gl_ClipDistance[1], gl_CullDistance[0], 1.0 + marker);
        }
    "#,
}

/// An out-of-bounds write on the CPU device is dropped (as robust buffer access does) and
/// reported once, naming the shader, the index and the invocation.
#[test]
fn sanitizer_findings_name_shader_index_and_invocation() {
    let gpu = Gpu::cpu_with(shader_runtime::shader_cpu::Options { sanitize: true, threads: None });
    let out = gpu.storage_buffer(&[0u32; 8]);
    let pipeline = overrun::Pipeline::new(&gpu).expect("pipeline");
    pipeline.dispatch(&gpu, overrun::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
    assert_eq!(out.read_blocking(&gpu).expect("read"), [0, 10, 20, 30, 40, 50, 60, 70]);
    let findings = gpu.take_findings();
    assert_eq!(findings.len(), 1, "{findings:#?}");
    let text = &findings[0];
    // A fixed-size array: the index is what is out of bounds (once, not again as a buffer access).
    assert!(text.contains("overrun`") && text.contains("index 8 out of bounds (length 8)") && text.contains("(8, 0, 0)"), "{text}");
    assert!(gpu.take_findings().is_empty(), "taken once");
    // Sanitizer off: the same dispatch reports nothing.
    let quiet = Gpu::cpu_with(shader_runtime::shader_cpu::Options { sanitize: false, threads: Some(1) });
    let out = quiet.storage_buffer(&[0u32; 8]);
    overrun::Pipeline::new(&quiet).expect("pipeline").dispatch(&quiet, overrun::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
    assert!(quiet.take_findings().is_empty());
}

/// What the CPU device does not run is an `Unsupported` error that says so: passthrough
/// (SPIR-V for a Vulkan driver). Render pipelines and AGSL effects are built; textures exist
/// (upload and readback work).
#[test]
fn what_the_cpu_device_does_not_run_is_a_clear_error() {
    let gpu = Gpu::cpu();
    RenderPipeline::new(&gpu, &fullscreen::MODULE, &blur::MODULE, &RenderOptions::default()).expect("render pipeline");
    AgslEffect::new(&gpu, &tint::EFFECT).expect("AGSL effect");
    let options = shader_runtime::PipelineOptions { passthrough: true, ..Default::default() };
    let err = saxpy::Pipeline::with_options(&gpu, &options).err().expect("no passthrough");
    assert!(matches!(err, GpuError::Unsupported(_)) && err.to_string().contains("passthrough"), "{err}");

    let pixels: Vec<u8> = (0..2 * 3 * 4).map(|i| i as u8 * 7).collect();
    let texture = gpu.texture_rgba8(2, 3, &pixels).expect("texture");
    assert_eq!((texture.width(), texture.height(), texture.format()), (2, 3, TextureFormat::Rgba8Unorm));
    assert!(texture.raw().is_none());
    assert_eq!(texture.read_rgba8_blocking(&gpu).expect("readback"), pixels);
    let target = gpu.render_target(4, 4, TextureFormat::Bgra8Unorm);
    assert_eq!(target.read_rgba8_blocking(&gpu).expect("readback"), vec![0u8; 64]);
    assert!(gpu.sampler(FilterMode::Linear, shader_runtime::wgpu::AddressMode::Repeat).raw().is_none());

    // Resources of one device given to another: an error, not a panic.
    if let Some(wgpu) = common::gpu() {
        let cpu_buffer = gpu.storage_buffer(&[1u32, 2][..]);
        let err = cpu_buffer.write(wgpu, &[3, 4][..]);
        assert!(err.is_ok(), "CPU memory is written directly whatever the device: {err:?}");
        let wgpu_buffer = wgpu.storage_buffer(&[1u32, 2][..]);
        let err = wgpu_buffer.read_blocking(&gpu).expect_err("a wgpu buffer read through the CPU device");
        assert!(err.to_string().contains("one device"), "{err}");
    }
}

// ---------------------------------------------------------------------------------------------
// Textures in compute shaders

use shader_runtime::wgpu::{AddressMode, MipmapFilterMode, SamplerDescriptor, TextureDescriptor, TextureUsages};
use shader_runtime::{Sampler, Texture};

/// Texel bytes that differ everywhere (a small multiplicative hash).
fn texel_bytes(len: usize, seed: u32) -> Vec<u8> {
    (0..len as u32).map(|i| (i.wrapping_mul(2_654_435_761).wrapping_add(seed.wrapping_mul(40_503)) >> 13) as u8).collect()
}

/// An 8x4 RGBA8 texture with `layers` layers and 3 mip levels (8x4, 4x2, 2x1) of
/// [`texel_bytes`]; returns the texture and every level's bytes.
fn mipmapped(gpu: &Gpu, layers: u32) -> (Texture, Vec<Vec<u8>>) {
    let texture = gpu.texture(&TextureDescriptor {
        label: None,
        size: shader_runtime::wgpu::Extent3d { width: 8, height: 4, depth_or_array_layers: layers },
        mip_level_count: 3,
        sample_count: 1,
        dimension: shader_runtime::wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST | TextureUsages::COPY_SRC,
        view_formats: &[],
    });
    let levels: Vec<Vec<u8>> = (0..3u32)
        .map(|level| {
            let [w, h, d] = texture.level_size(level);
            let bytes = texel_bytes((w * h * d * 4) as usize, level + 1);
            texture.write_level(gpu, level, &bytes).expect("write level");
            bytes
        })
        .collect();
    (texture, levels)
}

/// The samplers the sampling tests go through: every filter and address mode WebGPU has
/// without optional features.
fn samplers(gpu: &Gpu) -> Vec<(&'static str, Sampler)> {
    let make = |mag, min, mip, u, v| {
        gpu.sampler_with(&SamplerDescriptor {
            address_mode_u: u,
            address_mode_v: v,
            mag_filter: mag,
            min_filter: min,
            mipmap_filter: mip,
            ..Default::default()
        })
    };
    use AddressMode::{ClampToEdge, MirrorRepeat, Repeat};
    use FilterMode::{Linear, Nearest};
    vec![
        ("nearest clamp", make(Nearest, Nearest, MipmapFilterMode::Nearest, ClampToEdge, ClampToEdge)),
        ("linear repeat, nearest mip", make(Linear, Linear, MipmapFilterMode::Nearest, Repeat, Repeat)),
        ("linear mirror, linear mip", make(Linear, Linear, MipmapFilterMode::Linear, MirrorRepeat, MirrorRepeat)),
        ("nearest mag, linear min, repeat u, clamp v", make(Nearest, Linear, MipmapFilterMode::Linear, Repeat, ClampToEdge)),
        ("linear clamp, linear mip", make(Linear, Linear, MipmapFilterMode::Linear, ClampToEdge, ClampToEdge)),
    ]
}

/// Coordinates (u, v, lod, layer) inside and outside `[0, 1]`, none on a texel edge of any
/// level (nearest filtering would depend on rounding there) and no level of detail halfway
/// between two levels.
fn sample_coords(layers: u32) -> Vec<[f32; 4]> {
    let mut out = Vec::new();
    for layer in 0..layers {
        for lod in [-0.5f32, 0.0, 0.3, 1.2, 1.7, 2.6] {
            for j in (-12..28).step_by(3) {
                for k in (-6..14).step_by(2) {
                    out.push([(j as f32 + 0.37) / 16.0, (k as f32 + 0.61) / 8.0, lod, layer as f32]);
                }
            }
        }
    }
    out
}

type Dispatch<'a> = &'a dyn Fn(&Gpu, &Texture, &Sampler, &shader_runtime::Buffer<[[f32; 4]]>, &shader_runtime::Buffer<[[f32; 4]]>);

/// Runs a sampling shader (`dispatch`) over [`sample_coords`] of a [`mipmapped`] texture of
/// `layers` layers with every sampler: one result list per sampler.
fn sample_all(gpu: &Gpu, layers: u32, dispatch: Dispatch<'_>) -> Vec<(&'static str, Vec<[f32; 4]>)> {
    let (texture, _) = mipmapped(gpu, layers);
    let coords = sample_coords(layers);
    let coord_buffer = gpu.storage_buffer(&coords[..]);
    samplers(gpu)
        .into_iter()
        .map(|(name, sampler)| {
            let out = gpu.storage_buffer_zeroed::<[f32; 4]>(coords.len());
            dispatch(gpu, &texture, &sampler, &coord_buffer, &out);
            (name, out.read_blocking(gpu).expect("read"))
        })
        .collect()
}

/// [`sample_all`] on the CPU device (whose sanitizer must stay silent) and, when there is
/// one, on the GPU, which must agree to float rounding: unorm8 samples that lavapipe filters
/// in 8-bit fixed point the CPU device filters the same way. The CPU results.
fn sample_on_devices(layers: u32, dispatch: Dispatch<'_>) -> Vec<(&'static str, Vec<[f32; 4]>)> {
    let cpu = Gpu::cpu();
    let on_cpu = sample_all(&cpu, layers, dispatch);
    assert!(cpu.take_findings().is_empty());
    if let Some(gpu) = common::gpu() {
        let coords = sample_coords(layers);
        for ((name, a), (_, b)) in on_cpu.iter().zip(&sample_all(gpu, layers, dispatch)) {
            if let Some((i, x, y)) = first_difference(a, b, 1e-5) {
                panic!("sampler `{name}` at {:?}: CPU device {x:?}, {} {y:?}", coords[i], gpu.adapter_name());
            }
        }
    }
    on_cpu
}

fn groups_for(coords: &shader_runtime::Buffer<[[f32; 4]]>) -> [u32; 3] {
    [(coords.len() as u32).div_ceil(64), 1, 1]
}

/// `a` and `b` agree within `tolerance` in every component; the first difference otherwise.
fn first_difference(a: &[[f32; 4]], b: &[[f32; 4]], tolerance: f32) -> Option<(usize, [f32; 4], [f32; 4])> {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).enumerate().find(|(_, (x, y))| x.iter().zip(y.iter()).any(|(p, q)| (p - q).abs() > tolerance)).map(|(i, (x, y))| (i, *x, *y))
}

/// Texel `(x, y)` of an RGBA8 level `width` texels wide, as the shader sees it.
fn unorm_texel(level: &[u8], width: u32, x: u32, y: u32) -> [f32; 4] {
    let at = ((y * width + x) * 4) as usize;
    std::array::from_fn(|c| f32::from(level[at + c]) / 255.0)
}

/// `textureSampleLevel` with nearest, linear and mipmap filtering and the three address
/// modes: the CPU device gives what lavapipe gives, nearest samples of level 0 are exactly the
/// texel under the coordinate, and linear ones the 8-bit fixed-point mix computed here.
#[test]
fn sampled_textures_match_lavapipe() {
    let on_cpu = sample_on_devices(1, &|gpu, tex, samp, coords, out| {
        let pipeline = sample_level::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, sample_level::Bindings { tex, samp, coords, out }, groups_for(coords)).expect("dispatch");
    });
    let cpu = Gpu::cpu();
    // Independent of any device: the nearest clamp sampler at a level of detail <= 0 reads the
    // texel the coordinate falls in (clamped to the edge).
    let (_, levels) = mipmapped(&cpu, 1);
    let coords = sample_coords(1);
    let mut checked = 0;
    for (c, got) in coords.iter().zip(&on_cpu[0].1) {
        if c[2] > 0.0 {
            continue;
        }
        let x = ((c[0] * 8.0).floor() as i64).clamp(0, 7) as u32;
        let y = ((c[1] * 4.0).floor() as i64).clamp(0, 3) as u32;
        assert_eq!(*got, unorm_texel(&levels[0], 8, x, y), "nearest sample at {c:?}");
        checked += 1;
    }
    assert!(checked > 100);
    // The linear sampler at a level of detail <= 0, away from the edges: the bilinear mix of
    // the four texel centres around the coordinate (Vulkan "Texel Filtering") with 8-bit
    // weights and 8-bit intermediate results, rounded to nearest (llvmpipe's unorm8 filter:
    // the weight is the fraction of round(coordinate * 256) - 128, texels 8 bits apart).
    let mut checked = 0;
    for (c, got) in coords.iter().zip(&on_cpu[1].1) {
        let (x, y) = ((c[0] * 2048.0).round() as i32 - 128, (c[1] * 1024.0).round() as i32 - 128);
        if c[2] > 0.0 || !(0..7 * 256).contains(&x) || !(0..3 * 256).contains(&y) {
            continue;
        }
        let (x0, y0, a, b) = ((x / 256) as u32, (y / 256) as u32, x % 256, y % 256);
        let byte = |dx: u32, dy: u32, k: usize| i32::from(levels[0][(((y0 + dy) * 8 + x0 + dx) * 4) as usize + k]);
        let lerp = |w: i32, p: i32, q: i32| p + ((q - p) * w + 128).div_euclid(256);
        let expected: [f32; 4] = std::array::from_fn(|k| {
            let row0 = lerp(a, byte(0, 0, k), byte(1, 0, k));
            let row1 = lerp(a, byte(0, 1, k), byte(1, 1, k));
            lerp(b, row0, row1) as f32 / 255.0
        });
        assert!(first_difference(&[*got], &[expected], 1e-6).is_none(), "linear sample at {c:?}: {got:?}, expected {expected:?}");
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
}

/// `textureSampleGrad` with gradients whose level of detail lies between levels: the CPU device
/// agrees with lavapipe (whose level of detail is half a fast log2 of the squared scale factor).
#[test]
fn sample_gradients_match_lavapipe() {
    sample_on_devices(1, &|gpu, tex, samp, coords, out| {
        let pipeline = sample_grad::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, sample_grad::Bindings { tex, samp, coords, out }, groups_for(coords)).expect("dispatch");
    });
}

/// An array texture sampled with a layer index and gathered (component 1 of the four texels
/// of the bilinear footprint) agrees with lavapipe.
#[test]
fn array_textures_and_gathers_match_lavapipe() {
    let on_cpu = sample_on_devices(2, &|gpu, tex, samp, coords, out| {
        let pipeline = sample_array::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, sample_array::Bindings { tex, samp, coords, out }, groups_for(coords)).expect("dispatch");
    });
    // The two layers differ, so the layer index is used.
    let half = on_cpu[0].1.len() / 2;
    assert_ne!(on_cpu[0].1[..half], on_cpu[0].1[half..]);
}

/// A cube texture of `cubes` cubes (6 layers each) of 4x4 RGBA8 faces and 3 mip levels (4x4,
/// 2x2, 1x1) of [`texel_bytes`]; returns the texture and level 0's bytes.
fn cube_texture(gpu: &Gpu, cubes: u32) -> (Texture, Vec<u8>) {
    let texture = gpu.texture(&TextureDescriptor {
        label: None,
        size: shader_runtime::wgpu::Extent3d { width: 4, height: 4, depth_or_array_layers: 6 * cubes },
        mip_level_count: 3,
        sample_count: 1,
        dimension: shader_runtime::wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST,
        view_formats: &[],
    });
    let mut level0 = Vec::new();
    for level in 0..3u32 {
        let [w, h, d] = texture.level_size(level);
        let bytes = texel_bytes((w * h * d * 4) as usize, level + 7 * cubes);
        texture.write_level(gpu, level, &bytes).expect("write level");
        if level == 0 {
            level0 = bytes;
        }
    }
    (texture, level0)
}

/// Face `face`'s outward normal and the directions its s and t grow in (Vulkan "Cube Map Face
/// Selection": +x, -x, +y, -y, +z, -z).
const CUBE_AXES: [[[f32; 3]; 3]; 6] = [
    [[1.0, 0.0, 0.0], [0.0, 0.0, -1.0], [0.0, -1.0, 0.0]],
    [[-1.0, 0.0, 0.0], [0.0, 0.0, 1.0], [0.0, -1.0, 0.0]],
    [[0.0, 1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]],
    [[0.0, -1.0, 0.0], [1.0, 0.0, 0.0], [0.0, 0.0, -1.0]],
    [[0.0, 0.0, 1.0], [1.0, 0.0, 0.0], [0.0, -1.0, 0.0]],
    [[0.0, 0.0, -1.0], [-1.0, 0.0, 0.0], [0.0, -1.0, 0.0]],
];

/// Directions at face coordinates (u, v) in (-1, 1) of every face, scaled, with a level of
/// detail: the middle of faces, near edges (linear filtering reads the adjacent face) and near
/// corners; none on a texel edge of any level or on a face boundary. (face, u, v) of each.
fn cube_coords() -> (Vec<[f32; 4]>, Vec<(usize, f32, f32)>) {
    let (mut coords, mut at) = (Vec::new(), Vec::new());
    let steps = [-0.97f32, -0.81, -0.37, 0.13, 0.62, 0.9, 0.985];
    for (face, [n, s, t]) in CUBE_AXES.iter().enumerate() {
        for (a, &u) in steps.iter().enumerate() {
            for (b, &v) in steps.iter().enumerate() {
                let lod = [0.0f32, 0.35, 1.3, 2.2][(a + b + face) % 4];
                let scale = 0.6 + 0.1 * ((a * 3 + b) % 7) as f32;
                let d: [f32; 3] = std::array::from_fn(|k| (n[k] + u * s[k] + v * t[k]) * scale);
                coords.push([d[0], d[1], d[2], lod]);
                at.push((face, u, v));
            }
        }
    }
    (coords, at)
}

/// Cube textures and cube arrays sampled with directions (face selection, seamless filtering
/// across edges and at corners, mip levels, gathers, explicit gradients, size queries): the CPU
/// device agrees with lavapipe, and nearest samples at level 0 are the texel the direction
/// points at, computed here from Vulkan's face table.
#[test]
fn cube_textures_match_lavapipe() {
    let (coords, at) = cube_coords();
    let run = |gpu: &Gpu| {
        let (tex, level0) = cube_texture(gpu, 1);
        let (atex, _) = cube_texture(gpu, 2);
        let coord_buffer = gpu.storage_buffer(&coords[..]);
        let pipeline = sample_cube::Pipeline::new(gpu).expect("pipeline");
        let results: Vec<(&'static str, Vec<[f32; 4]>)> = samplers(gpu)
            .into_iter()
            .map(|(name, samp)| {
                let out = gpu.storage_buffer_zeroed::<[f32; 4]>(4 * coords.len());
                let dims = gpu.storage_buffer_zeroed::<u32>(5);
                let bindings = sample_cube::Bindings { tex: &tex, samp: &samp, coords: &coord_buffer, out: &out, atex: &atex, dims: &dims };
                pipeline.dispatch(gpu, bindings, groups_for(&coord_buffer)).expect("dispatch");
                assert_eq!(dims.read_blocking(gpu).expect("read"), [4, 2, 4, 3, 3], "queries on {}", gpu.adapter_name());
                (name, out.read_blocking(gpu).expect("read"))
            })
            .collect();
        (results, level0)
    };
    let cpu = Gpu::cpu();
    let (on_cpu, level0) = run(&cpu);
    assert!(cpu.take_findings().is_empty());
    let what = ["sample", "gather", "array sample", "gradient sample"];
    if let Some(gpu) = common::gpu() {
        let (on_gpu, _) = run(gpu);
        for ((name, a), (_, b)) in on_cpu.iter().zip(&on_gpu) {
            if let Some((i, x, y)) = first_difference(a, b, 2e-5) {
                panic!("sampler `{name}`, {} at {:?} (face, u, v {:?}): CPU device {x:?}, {} {y:?}", what[i % 4], coords[i / 4], at[i / 4], gpu.adapter_name());
            }
        }
    }
    // Independent of any device: the nearest sampler at level 0 reads the texel of the face
    // the direction selects, at s = (u + 1) / 2, t = (v + 1) / 2.
    let mut checked = 0;
    for (i, &(face, u, v)) in at.iter().enumerate() {
        if coords[i][3] != 0.0 {
            continue;
        }
        let (x, y) = (((u + 1.0) * 2.0).floor() as u32, ((v + 1.0) * 2.0).floor() as u32);
        let texel = &level0[face * 64..face * 64 + 64];
        assert_eq!(on_cpu[0].1[4 * i], unorm_texel(texel, 4, x, y), "nearest sample of face {face} at ({u}, {v})");
        checked += 1;
    }
    assert!(checked > 40, "{checked}");
}

/// `textureLoad` of every texel of every level, `textureDimensions` per level and
/// `textureNumLevels`: exactly the texels written, on every device.
#[test]
fn texture_loads_and_queries_read_every_level() {
    common::on_devices(|gpu| {
        let (texture, levels) = mipmapped(gpu, 1);
        let out = gpu.storage_buffer_zeroed::<[f32; 4]>(32 + 8 + 2);
        let dims = gpu.storage_buffer_zeroed::<u32>(7);
        let pipeline = load_levels::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, load_levels::Bindings { tex: &texture, out: &out, dims: &dims }, [1, 1, 1]).expect("dispatch");
        assert_eq!(dims.read_blocking(gpu).expect("read"), [8, 4, 4, 2, 2, 1, 3], "on {}", gpu.adapter_name());
        let got = out.read_blocking(gpu).expect("read");
        let mut expected = Vec::new();
        for (level, bytes) in levels.iter().enumerate() {
            let [w, h, _] = texture.level_size(level as u32);
            for y in 0..h {
                for x in 0..w {
                    expected.push(unorm_texel(bytes, w, x, y));
                }
            }
        }
        assert!(first_difference(&got, &expected, 1e-6).is_none(), "on {}: {:?}", gpu.adapter_name(), first_difference(&got, &expected, 1e-6));
        // What was written reads back unchanged, level by level.
        for (level, bytes) in levels.iter().enumerate() {
            assert_eq!(&texture.read_level_blocking(gpu, level as u32).expect("read level"), bytes);
        }
    });
}

/// `textureStore` to an RGBA8 and an R32 float storage texture, read back: the values the
/// shader computed, converted as the formats say (unorm: rounded to the nearest of 255 steps).
#[test]
fn storage_textures_store_converted_texels() {
    common::on_devices(|gpu| {
        let storage = |format| {
            gpu.texture(&TextureDescriptor {
                label: None,
                size: shader_runtime::wgpu::Extent3d { width: 6, height: 5, depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: shader_runtime::wgpu::TextureDimension::D2,
                format,
                usage: TextureUsages::STORAGE_BINDING | TextureUsages::COPY_SRC,
                view_formats: &[],
            })
        };
        let (img, fimg) = (storage(TextureFormat::Rgba8Unorm), storage(TextureFormat::R32Float));
        let pipeline = store_texels::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, store_texels::Bindings { img: &img, fimg: &fimg }, [2, 2, 1]).expect("dispatch");
        let rgba = img.read_rgba8_blocking(gpu).expect("read");
        let floats: Vec<f32> = img_floats(&fimg.read_level_blocking(gpu, 0).expect("read"));
        for y in 0..5u32 {
            for x in 0..6u32 {
                let f = [(x as f32 + 0.25) / 6.0, (y as f32 + 0.25) / 5.0];
                let at = (y * 6 + x) as usize;
                let expected = [(f[0] * 255.0).round() as u8, (f[1] * 255.0).round() as u8, 64, 255];
                assert_eq!(rgba[at * 4..at * 4 + 4], expected, "texel ({x}, {y}) on {}", gpu.adapter_name());
                assert!((floats[at] - (f[0] * 10.0 + f[1])).abs() < 1e-5, "texel ({x}, {y}): {} on {}", floats[at], gpu.adapter_name());
            }
        }
    });
}

/// 1D textures (`texture_1d`, `texture_storage_1d`): loads give the texels written, linear
/// samples with a repeating sampler agree with lavapipe's (and lie between the neighbouring
/// texels), the width queries and the stores are exact.
#[test]
fn one_d_textures_match_lavapipe() {
    let bytes = texel_bytes(64, 7);
    let run = |gpu: &Gpu| {
        let texture = |format, usage| {
            gpu.texture(&TextureDescriptor {
                label: None,
                size: shader_runtime::wgpu::Extent3d { width: 16, height: 1, depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: shader_runtime::wgpu::TextureDimension::D1,
                format,
                usage,
                view_formats: &[],
            })
        };
        let tex = texture(TextureFormat::Rgba8Unorm, TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST);
        tex.write_level(gpu, 0, &bytes).expect("write level");
        let img = texture(TextureFormat::R32Float, TextureUsages::STORAGE_BINDING | TextureUsages::COPY_SRC);
        let samp = gpu.sampler_with(&SamplerDescriptor {
            address_mode_u: AddressMode::Repeat,
            mag_filter: FilterMode::Linear,
            min_filter: FilterMode::Linear,
            ..Default::default()
        });
        let out = gpu.storage_buffer_zeroed::<[f32; 4]>(33);
        let pipeline = one_d::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, one_d::Bindings { tex: &tex, samp: &samp, img: &img, out: &out }, [1, 1, 1]).expect("dispatch");
        let got = out.read_blocking(gpu).expect("read");
        let stored = img_floats(&img.read_level_blocking(gpu, 0).expect("read"));
        for x in 0..16u32 {
            let want = unorm_texel(&bytes, 16, x, 0);
            assert!(first_difference(&got[x as usize..][..1], &[want], 1e-6).is_none(), "load of texel {x} on {}: {:?}", gpu.adapter_name(), got[x as usize]);
            assert_eq!(stored[x as usize], x as f32 * 0.5 + 16.0, "stored texel {x} on {}", gpu.adapter_name());
        }
        assert_eq!(got[32], [16.0, 16.0, 0.0, 0.0], "widths on {}", gpu.adapter_name());
        got[16..32].to_vec()
    };
    let cpu = Gpu::cpu();
    let on_cpu = run(&cpu);
    assert!(cpu.take_findings().is_empty());
    // Each sample lies between the two texels it filters (repeat wraps them).
    for (i, s) in on_cpu.iter().enumerate() {
        let u = (i as f32 * 1.37 - 3.1) - 0.5;
        let x0 = u.floor() as i64;
        let [a, b] = [x0, x0 + 1].map(|x| unorm_texel(&bytes, 16, x.rem_euclid(16) as u32, 0));
        for c in 0..4 {
            assert!(s[c] >= a[c].min(b[c]) - 1e-6 && s[c] <= a[c].max(b[c]) + 1e-6, "sample {i}: {s:?} not between {a:?} and {b:?}");
        }
    }
    if let Some(gpu) = common::gpu() {
        if let Some((i, x, y)) = first_difference(&on_cpu, &run(gpu), 1e-5) {
            panic!("sample {i}: CPU device {x:?}, {} {y:?}", gpu.adapter_name());
        }
    }
}

fn img_floats(bytes: &[u8]) -> Vec<f32> {
    bytes.chunks_exact(4).map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

/// A `textureLoad` past the edge reads zero on the CPU device and the sanitizer names the
/// binding, the coordinate and the invocation.
#[test]
fn sanitizer_reports_texel_reads_outside_the_image() {
    let gpu = Gpu::cpu_with(shader_runtime::shader_cpu::Options { sanitize: true, threads: Some(1) });
    let (texture, _) = mipmapped(&gpu, 1);
    let out = gpu.storage_buffer(&[[1.0f32; 4]][..]);
    let pipeline = load_past_edge::Pipeline::new(&gpu).expect("pipeline");
    pipeline.dispatch(&gpu, load_past_edge::Bindings { tex: &texture, out: &out }, [1, 1, 1]).expect("dispatch");
    assert_eq!(out.read_blocking(&gpu).expect("read"), [[0.0; 4]]);
    let findings = gpu.take_findings();
    assert_eq!(findings.len(), 1, "{findings:#?}");
    assert!(findings[0].contains("out-of-bounds texel read") && findings[0].contains("[9, 4, 0]"), "{}", findings[0]);
}

// ---------------------------------------------------------------------------------------------
// The fragment stage: quads

/// Renders `fs` over a full-screen triangle into a `width` x `height` Rgba32Float target.
fn render_floats(gpu: &Gpu, fs: &'static shader_runtime::ModuleInfo, bindings: &dyn shader_runtime::BindingSet, width: u32, height: u32) -> Vec<[f32; 4]> {
    let options = RenderOptions { color_format: TextureFormat::Rgba32Float, ..Default::default() };
    let pipeline = RenderPipeline::new(gpu, &quad_vs::MODULE, fs, &options).expect("pipeline");
    let target = gpu.render_target(width, height, TextureFormat::Rgba32Float);
    let draw = shader_runtime::Draw { bindings: &[&quad_vs::Bindings {}, bindings], vertices: 0..3, ..Default::default() };
    pipeline.draw(gpu, &target, &draw).expect("draw");
    img_floats(&target.read_level_blocking(gpu, 0).expect("read")).chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect()
}

/// dpdx/dpdy/fwidth, fine and coarse, over 2x2 quads: every pixel equals the differences of
/// the functions at the quad's pixel centres computed here, on lavapipe and on the CPU device
/// (a 9x5 target: the quads the right and bottom edges cut have helper lanes).
#[test]
fn derivatives_over_quads_match_the_definition() {
    let f = |x: f32, y: f32| x * x * 0.01 + x * y * 0.02;
    let g = |x: f32, y: f32| y * y * 0.03 - x * y * 0.01;
    let (w, h) = (9u32, 5u32);
    common::on_devices(|gpu| {
        let pixels = render_floats(gpu, &derivatives::MODULE, &derivatives::Bindings {}, w, h);
        for y in 0..h {
            for x in 0..w {
                let c = |v: u32| v as f32 + 0.5;
                let (x0, y0) = (x & !1, y & !1);
                let dfdx_fine = f(c(x0 + 1), c(y)) - f(c(x0), c(y));
                let dgdy_fine = g(c(x), c(y0 + 1)) - g(c(x), c(y0));
                let dgdx_coarse = g(c(x0 + 1), c(y0)) - g(c(x0), c(y0));
                let dfdy_coarse = f(c(x0), c(y0 + 1)) - f(c(x0), c(y0));
                let dfdy_fine = f(c(x), c(y0 + 1)) - f(c(x), c(y0));
                let dgdx_fine = g(c(x0 + 1), c(y)) - g(c(x0), c(y));
                let mut want = [dfdx_fine, dgdy_fine, dgdx_coarse + dfdy_coarse * 100.0, dfdx_fine.abs() + dfdy_fine.abs()];
                // Coarse derivatives may be computed as fine ones (Vulkan "Derivative
                // Operations"), which lavapipe does; the CPU device uses the quad's first row
                // and column.
                if !gpu.is_cpu() {
                    want[2] = dgdx_fine + dfdy_fine * 100.0;
                }
                let got = pixels[(y * w + x) as usize];
                for k in 0..4 {
                    assert!((got[k] - want[k]).abs() <= 1e-3 * want[k].abs().max(1.0), "{}: pixel ({x}, {y}) component {k}: {} vs {}", gpu.adapter_name(), got[k], want[k]);
                }
            }
        }
    });
}

/// `textureSample` in a fragment shader picks its level from the quad's derivatives: with uv
/// moving 4 (16) texels per pixel the level is 2 (4), a bias adds one, and each level of the
/// texture is one colour, so every pixel is that level's colour on both devices.
#[test]
fn implicit_lod_follows_the_quad_derivatives() {
    common::on_devices(|gpu| {
        let levels = 7u32;
        let texture = gpu.texture(&TextureDescriptor {
            label: None,
            size: shader_runtime::wgpu::Extent3d { width: 64, height: 64, depth_or_array_layers: 1 },
            mip_level_count: levels,
            sample_count: 1,
            dimension: shader_runtime::wgpu::TextureDimension::D2,
            format: TextureFormat::Rgba8Unorm,
            usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST,
            view_formats: &[],
        });
        let colour = |level: u32| [level as u8 * 30 + 10, 200 - level as u8 * 25, 17 * level as u8, 255];
        for level in 0..levels {
            let [w, h, _] = texture.level_size(level);
            let bytes: Vec<u8> = (0..w * h).flat_map(|_| colour(level)).collect();
            texture.write_level(gpu, level, &bytes).expect("level");
        }
        let sampler = gpu.sampler_with(&SamplerDescriptor {
            address_mode_u: AddressMode::Repeat,
            address_mode_v: AddressMode::Repeat,
            mag_filter: FilterMode::Nearest,
            min_filter: FilterMode::Nearest,
            mipmap_filter: MipmapFilterMode::Nearest,
            ..Default::default()
        });
        for (scale, level) in [(4.0f32, 2u32), (16.0, 4), (1.0, 0)] {
            let uniform = gpu.uniform_buffer(&[scale, scale, 0.0, 0.0]);
            let pixels = render_floats(gpu, &implicit_lod::MODULE, &implicit_lod::Bindings { tex: &texture, samp: &sampler, scale: &uniform }, 8, 4);
            let unorm = |l: u32| colour(l.min(levels - 1)).map(|c| f32::from(c) / 255.0);
            let want: [f32; 4] = std::array::from_fn(|k| unorm(level)[k] + unorm(level + 1)[k] * 0.001);
            for (i, got) in pixels.iter().enumerate() {
                for k in 0..4 {
                    assert!((got[k] - want[k]).abs() < 1e-4, "{}: scale {scale}: pixel {i}: {got:?} vs level {level} {want:?}", gpu.adapter_name());
                }
            }
        }
    });
}

/// The top-left rule: triangles tiling the target, with shared edges through pixel centres
/// (the vertical and horizontal ones at 3.5, a diagonal through (k + 0.5, k + 0.5)), drawn with
/// additive blending: every pixel is covered exactly once (0.25 once is 64/255, twice 128), on
/// lavapipe and on the CPU device; both winding orders.
#[test]
fn shared_edges_cover_each_pixel_once() {
    use shader_runtime::wgpu::{BlendComponent, BlendFactor, BlendOperation, BlendState};
    let add = BlendComponent { src_factor: BlendFactor::One, dst_factor: BlendFactor::One, operation: BlendOperation::Add };
    let options = RenderOptions { blend: Some(BlendState { color: add, alpha: add }), ..Default::default() };
    // Pixel x or y 0, 3.5 and 8 of an 8x8 target in normalized device coordinates (y up).
    let (x, y) = ([-1.0f32, -0.125, 1.0], [1.0f32, 0.125, -1.0]);
    let mut triangles: Vec<[f32; 2]> = Vec::new();
    for j in 0..2 {
        for i in 0..2 {
            let (a, b, c, d) = ([x[i], y[j]], [x[i + 1], y[j]], [x[i + 1], y[j + 1]], [x[i], y[j + 1]]);
            // Cells split along alternating diagonals; odd cells wound the other way.
            if (i + j) % 2 == 0 {
                triangles.extend([a, b, c, a, c, d]);
            } else {
                triangles.extend([a, d, b, b, d, c]);
            }
        }
    }
    common::on_devices(|gpu| {
        let pipeline = RenderPipeline::new(gpu, &position_vs::MODULE, &quarter_fs::MODULE, &options).expect("pipeline");
        let target = gpu.render_target(8, 8, TextureFormat::Rgba8Unorm);
        let vertices = gpu.vertex_buffer(&triangles[..]);
        let draw = shader_runtime::Draw {
            bindings: &[&position_vs::Bindings {}, &quarter_fs::Bindings {}],
            vertex_buffer: Some(&vertices),
            vertices: 0..triangles.len() as u32,
            ..Default::default()
        };
        pipeline.draw(gpu, &target, &draw).expect("draw");
        let pixels = target.read_rgba8_blocking(gpu).expect("read");
        for (i, p) in pixels.chunks(4).enumerate() {
            assert_eq!(p, [64, 64, 64, 64], "{}: pixel ({}, {}) covered {} times", gpu.adapter_name(), i % 8, i / 8, f32::from(p[0]) / 64.0);
        }
    });
}

/// Interpolation of a triangle whose vertices have w = 1, 3 and 0.5: perspective-correct by
/// default, linear in the screen with `@interpolate(linear)`, the first vertex's value with
/// `flat`; every pixel clearly inside equals the barycentric formulas computed here, on both
/// devices.
#[test]
fn interpolation_is_perspective_correct_linear_or_flat() {
    let ndc = [[-0.8f32, -0.8], [0.8, -0.8], [0.0, 0.8]];
    let w = [1.0f32, 3.0, 0.5];
    let attr = [[0.0f32, 0.0], [1.0, 0.0], [0.0, 1.0]];
    // (clip position, attribute) per vertex, interleaved in location order.
    let vertices: Vec<[f32; 6]> =
        (0..3).map(|i| [ndc[i][0] * w[i], ndc[i][1] * w[i], 0.5 * w[i], w[i], attr[i][0], attr[i][1]]).collect();
    let size = 16u32;
    common::on_devices(|gpu| {
        let options = RenderOptions { color_format: TextureFormat::Rgba32Float, ..Default::default() };
        let pipeline = RenderPipeline::new(gpu, &varyings_vs::MODULE, &varyings_fs::MODULE, &options).expect("pipeline");
        let target = gpu.render_target(size, size, TextureFormat::Rgba32Float);
        let buffer = gpu.vertex_buffer(&vertices[..]);
        let draw = shader_runtime::Draw {
            bindings: &[&varyings_vs::Bindings {}, &varyings_fs::Bindings {}],
            vertex_buffer: Some(&buffer),
            vertices: 0..3,
            ..Default::default()
        };
        pipeline.draw(gpu, &target, &draw).expect("draw");
        let pixels = img_floats(&target.read_level_blocking(gpu, 0).expect("read"));
        let edge = |a: [f32; 2], b: [f32; 2], p: [f32; 2]| (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0]);
        let area = edge(ndc[0], ndc[1], ndc[2]);
        let mut inside = 0;
        for y in 0..size {
            for x in 0..size {
                let p = [(x as f32 + 0.5) / size as f32 * 2.0 - 1.0, 1.0 - (y as f32 + 0.5) / size as f32 * 2.0];
                let l = [edge(ndc[1], ndc[2], p) / area, edge(ndc[2], ndc[0], p) / area, edge(ndc[0], ndc[1], p) / area];
                if l.iter().any(|&v| v < 0.02) {
                    continue;
                }
                inside += 1;
                let b: [f32; 3] = std::array::from_fn(|i| l[i] / w[i]);
                let sum: f32 = b.iter().sum();
                let smooth: [f32; 2] = std::array::from_fn(|k| (0..3).map(|i| b[i] * attr[i][k]).sum::<f32>() / sum);
                let linear: f32 = (0..3).map(|i| l[i] * attr[i][0]).sum();
                let want = [smooth[0], smooth[1], linear, 7.0];
                let got = &pixels[((y * size + x) * 4) as usize..][..4];
                for k in 0..4 {
                    assert!((got[k] - want[k]).abs() < 2e-3, "{}: pixel ({x}, {y}): {got:?} vs {want:?}", gpu.adapter_name());
                }
            }
        }
        assert!(inside > 40, "{inside} pixels inside");
    });
}

/// Culling, `front_facing` and `discard`: a counter-clockwise (front) triangle on the left is
/// red, a clockwise one on the right green, column 0 is discarded; culling back or front faces
/// removes one of them. Same pixels on both devices.
#[test]
fn culling_front_facing_and_discard() {
    use shader_runtime::wgpu::Face;
    let triangles: [[f32; 2]; 6] = [[-1.0, -1.0], [0.0, -1.0], [-1.0, 1.0], [0.0, -1.0], [1.0, 1.0], [1.0, -1.0]];
    let (red, green, clear) = ([255u8, 0, 0, 255], [0u8, 255, 0, 255], [0u8; 4]);
    common::on_devices(|gpu| {
        for (cull, left, right) in [(None, red, green), (Some(Face::Back), red, clear), (Some(Face::Front), clear, green)] {
            let options = RenderOptions { cull_mode: cull, ..Default::default() };
            let pipeline = RenderPipeline::new(gpu, &position_vs::MODULE, &facing_fs::MODULE, &options).expect("pipeline");
            let target = gpu.render_target(8, 8, TextureFormat::Rgba8Unorm);
            let vertices = gpu.vertex_buffer(&triangles[..]);
            let draw = shader_runtime::Draw {
                bindings: &[&position_vs::Bindings {}, &facing_fs::Bindings {}],
                vertex_buffer: Some(&vertices),
                vertices: 0..6,
                ..Default::default()
            };
            pipeline.draw(gpu, &target, &draw).expect("draw");
            let pixels = target.read_rgba8_blocking(gpu).expect("read");
            let at = |x: usize, y: usize| &pixels[(y * 8 + x) * 4..][..4];
            let name = gpu.adapter_name();
            assert_eq!(at(1, 7), left, "{name}: cull {cull:?}: the front triangle");
            assert_eq!(at(7, 7), right, "{name}: cull {cull:?}: the back triangle");
            assert_eq!(at(0, 7), clear, "{name}: cull {cull:?}: column 0 is discarded");
            assert_eq!(at(7, 0), clear, "{name}: cull {cull:?}: outside both");
        }
    });
}

/// The sanitizer in the fragment stage names the pixel that made the access.
#[test]
fn sanitizer_names_the_pixel_in_fragment_shaders() {
    let gpu = Gpu::cpu();
    let pipeline = RenderPipeline::new(&gpu, &quad_vs::MODULE, &frag_overrun::MODULE, &RenderOptions::default()).expect("pipeline");
    let hits = gpu.storage_buffer(&[0u32; 4]);
    let target = gpu.render_target(6, 2, TextureFormat::Rgba8Unorm);
    let draw = shader_runtime::Draw {
        bindings: &[&quad_vs::Bindings {}, &frag_overrun::Bindings { hits: &hits }],
        vertices: 0..3,
        ..Default::default()
    };
    pipeline.draw(&gpu, &target, &draw).expect("draw");
    assert_eq!(hits.read_blocking(&gpu).expect("read"), [1, 1, 1, 1]);
    let findings = gpu.take_findings();
    assert_eq!(findings.len(), 2, "{findings:#?}");
    for (finding, x) in findings.iter().zip([4, 5]) {
        assert!(finding.contains(&format!("index {x} out of bounds (length 4) by invocation ({x}, 0, 0)")), "{finding}");
    }
}

/// Helper lanes (the uncovered members of quads along a triangle's edges and a 9x7 target's
/// right and bottom edges) neither store nor count: exactly the pixels the triangle colours
/// are marked in `hits`, and the atomic count equals their number, on both devices.
#[test]
fn helper_lanes_neither_store_nor_count() {
    let triangle: [[f32; 2]; 3] = [[-0.9, -0.8], [0.7, -0.6], [-0.3, 0.95]];
    let (w, h) = (9usize, 7usize);
    common::on_devices(|gpu| {
        let pipeline = RenderPipeline::new(gpu, &position_vs::MODULE, &mark_fs::MODULE, &RenderOptions::default()).expect("pipeline");
        let target = gpu.render_target(w as u32, h as u32, TextureFormat::Rgba8Unorm);
        let vertices = gpu.vertex_buffer(&triangle[..]);
        let hits = gpu.storage_buffer(&[0u32; 128]);
        let count = gpu.storage_buffer(&0u32);
        let draw = shader_runtime::Draw {
            bindings: &[&position_vs::Bindings {}, &mark_fs::Bindings { hits: &hits, count: &count }],
            vertex_buffer: Some(&vertices),
            vertices: 0..3,
            ..Default::default()
        };
        pipeline.draw(gpu, &target, &draw).expect("draw");
        let pixels = target.read_rgba8_blocking(gpu).expect("read");
        let hits = hits.read_blocking(gpu).expect("read");
        let name = gpu.adapter_name();
        let mut covered = 0;
        for (i, &hit) in hits.iter().enumerate() {
            let (x, y) = (i % 16, i / 16);
            let coloured = x < w && y < h && pixels[(y * w + x) * 4] == 255;
            covered += u32::from(coloured);
            assert_eq!(hit, u32::from(coloured), "{name}: pixel ({x}, {y}): hits {hit}, coloured {coloured}");
        }
        assert!(covered > 15 && covered < 50, "{name}: {covered} pixels covered");
        assert_eq!(count.read_blocking(gpu).expect("read"), covered, "{name}: fragments counted");
    });
}

/// Draws two full-screen layers (`layered_vs`, instances 0 and 1, at depths 0.25 and 0.75)
/// with `fs` into a new Rgba8Unorm target the size of `depth`; returns the target's bytes.
fn draw_layers(gpu: &Gpu, fs: &'static shader_runtime::ModuleInfo, bindings: &dyn shader_runtime::BindingSet, options: &RenderOptions, depth: &Texture) -> Vec<u8> {
    let [width, height, _] = depth.level_size(0);
    let target = gpu.render_target(width, height, TextureFormat::Rgba8Unorm);
    let pipeline = RenderPipeline::new(gpu, &layered_vs::MODULE, fs, options).expect("pipeline");
    let draw = shader_runtime::Draw {
        bindings: &[&layered_vs::Bindings {}, bindings],
        vertices: 0..3,
        instances: 0..2,
        depth: Some(depth),
        ..Default::default()
    };
    pipeline.draw(gpu, &target, &draw).expect("draw");
    target.read_rgba8_blocking(gpu).expect("read")
}

/// Two full-screen layers, the second behind the first, on an 8x4 target with a depth
/// buffer: `frag_depth` written by the shader decides the depth test (the second layer wins
/// left of x = 4, where it writes 0.1). Same on both devices, pixels as computed here.
#[test]
fn frag_depth_decides_the_depth_test() {
    let (red, green) = ([255u8, 0, 0, 255], [0u8, 255, 0, 255]);
    common::on_devices(|gpu| {
        let options = RenderOptions { depth_format: Some(TextureFormat::Depth32Float), ..Default::default() };
        let pixels = draw_layers(gpu, &frag_depth_fs::MODULE, &frag_depth_fs::Bindings {}, &options, &gpu.depth_target(8, 4));
        for (i, p) in pixels.chunks(4).enumerate() {
            let want = if i % 8 < 4 { red } else { green };
            assert_eq!(p, want, "{}: pixel ({}, {})", gpu.adapter_name(), i % 8, i / 8);
        }
    });
}

/// The same two layers with `early_fragment_tests`: the second layer's fragments fail the
/// depth test before they run, so 8 * 4 fragments count themselves, not 64, and every pixel
/// is the first layer's. On lavapipe through passthrough (naga's front end refuses the early
/// test capability) and on the CPU device.
#[test]
fn early_fragment_tests_run_before_the_shader() {
    let green = [0u8, 255, 0, 255];
    let check = |gpu: &Gpu, passthrough: bool| {
        let name = gpu.adapter_name();
        let options = RenderOptions { depth_format: Some(TextureFormat::Depth32Float), passthrough, ..Default::default() };
        let count = gpu.storage_buffer(&early_fs::Count { n: 0 });
        let pixels = draw_layers(gpu, &early_fs::MODULE, &early_fs::Bindings { count: &count }, &options, &gpu.depth_target(8, 4));
        assert_eq!(count.read_blocking(gpu).expect("read").n, 32, "{name}: fragments run");
        assert!(pixels.chunks(4).all(|p| p == green), "{name}: {pixels:?}");
    };
    match common::passthrough_gpu() {
        Some(gpu) => check(gpu, true),
        None if common::gpu().is_some() && common::ci() => panic!("the device lacks Features::PASSTHROUGH_SHADERS but CI=true"),
        None => eprintln!("*** SKIPPED (lavapipe half): no device with Features::PASSTHROUGH_SHADERS ***"),
    }
    let cpu = Gpu::cpu();
    check(&cpu, false);
    assert!(cpu.take_findings().is_empty());
}

/// Depth formats: the second layer's depth is 0.1/65535 below the first's, which is
/// 1000/65535. `Depth32Float` and `Depth24Plus` tell them apart (the second layer wins);
/// `Depth16Unorm` rounds both to 1000/65535 before the test (Vulkan converts the depth to the
/// attachment's format first), so the first stays. Same on both devices.
#[test]
fn depth_formats_round_before_the_test() {
    use shader_runtime::wgpu::{Extent3d, TextureDimension};
    let (red, green) = ([255u8, 0, 0, 255], [0u8, 255, 0, 255]);
    let first = 1000.0f32 / 65535.0;
    common::on_devices(|gpu| {
        let z = gpu.uniform_buffer(&[first, first - 0.1 / 65535.0, 0.0, 0.0]);
        for (format, want) in [(TextureFormat::Depth32Float, red), (TextureFormat::Depth24Plus, red), (TextureFormat::Depth16Unorm, green)] {
            let options = RenderOptions { depth_format: Some(format), ..Default::default() };
            let depth = gpu.texture(&TextureDescriptor {
                label: None,
                size: Extent3d { width: 4, height: 4, depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: TextureDimension::D2,
                format,
                usage: TextureUsages::RENDER_ATTACHMENT,
                view_formats: &[],
            });
            let pixels = draw_layers(gpu, &close_depth_fs::MODULE, &close_depth_fs::Bindings { z: &z }, &options, &depth);
            assert!(pixels.chunks(4).all(|p| p == want), "{}: {format:?}: {pixels:?}", gpu.adapter_name());
        }
    });
}

/// Gathers of integer cube textures (`Rgba8Uint`, `Rgba8Sint`) with directions in the middle
/// of faces, near edges (the footprint reaches the adjacent face) and near corners (a footprint
/// texel past two edges does not exist; lavapipe gives the texel beside it in j, where a float
/// format gets the average of the three, and the CPU device did not before): the CPU device
/// gives lavapipe's four texels. The runtime binds the module's sampler as non-filtering (its
/// only textures are integer ones).
#[test]
fn integer_cube_gathers_match_lavapipe() {
    let (coords, at) = cube_coords();
    let run = |gpu: &Gpu| -> Vec<[u32; 4]> {
        let cube = |format| {
            let texture = gpu.texture(&TextureDescriptor {
                label: None,
                size: shader_runtime::wgpu::Extent3d { width: 4, height: 4, depth_or_array_layers: 6 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: shader_runtime::wgpu::TextureDimension::D2,
                format,
                usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST,
                view_formats: &[],
            });
            texture.write_level(gpu, 0, &texel_bytes(4 * 4 * 6 * 4, 11)).expect("write level");
            texture
        };
        let (utex, itex) = (cube(TextureFormat::Rgba8Uint), cube(TextureFormat::Rgba8Sint));
        let samp = gpu.sampler_with(&SamplerDescriptor { mag_filter: FilterMode::Nearest, min_filter: FilterMode::Nearest, ..Default::default() });
        let coord_buffer = gpu.storage_buffer(&coords[..]);
        let out = gpu.storage_buffer_zeroed::<[u32; 4]>(3 * coords.len());
        let pipeline = gather_cube_int::Pipeline::new(gpu).expect("pipeline");
        let bindings = gather_cube_int::Bindings { utex: &utex, itex: &itex, samp: &samp, coords: &coord_buffer, out: &out };
        pipeline.dispatch(gpu, bindings, groups_for(&coord_buffer)).expect("dispatch");
        out.read_blocking(gpu).expect("read")
    };
    let cpu = Gpu::cpu();
    let on_cpu = run(&cpu);
    assert!(cpu.take_findings().is_empty());
    // Independent of any device: in the middle of a face the footprint is the face's own 2x2
    // texels around the direction (Vulkan "Texel Gathering": (i0, j1), (i1, j1), (i1, j0), (i0, j0)).
    let bytes = texel_bytes(4 * 4 * 6 * 4, 11);
    let mut checked = 0;
    for (k, &(face, u, v)) in at.iter().enumerate() {
        let (x, y) = ((u + 1.0) * 2.0 - 0.5, (v + 1.0) * 2.0 - 0.5);
        let (i0, j0) = (x.floor() as i64, y.floor() as i64);
        if !(0..3).contains(&i0) || !(0..3).contains(&j0) {
            continue;
        }
        let texel = |i: i64, j: i64| u32::from(bytes[face * 64 + ((j * 4 + i) * 4) as usize]);
        assert_eq!(on_cpu[3 * k], [texel(i0, j0 + 1), texel(i0 + 1, j0 + 1), texel(i0 + 1, j0), texel(i0, j0)], "face {face} at ({u}, {v})");
        checked += 1;
    }
    assert!(checked > 20, "{checked}");
    if let Some(gpu) = common::gpu() {
        let on_gpu = run(gpu);
        let what = ["unsigned component 0", "unsigned component 2", "signed component 1"];
        for (i, (a, b)) in on_cpu.iter().zip(&on_gpu).enumerate() {
            assert_eq!(a, b, "{} at {:?} (face, u, v {:?}): CPU device, {}", what[i % 3], coords[i / 3], at[i / 3], gpu.adapter_name());
        }
    }
}

/// A module that samples a float texture with filtering and gathers an integer texture with
/// another sampler (before, every sampler of a module with a float texture was bound as
/// filtering, and wgpu refused the pipeline: an integer texture with a filtering sampler): it
/// builds, binds a linear and a nearest sampler and runs on every device, the linear sample at
/// the centre of a 2x2 texture the average of its texels, the gathers the texels around.
#[test]
fn float_and_integer_textures_with_their_own_samplers() {
    let (fbytes, ubytes) = (texel_bytes(16, 3), texel_bytes(16, 8));
    common::on_devices(|gpu| {
        let texture = |format, bytes: &[u8]| {
            let texture = gpu.texture(&TextureDescriptor {
                label: None,
                size: shader_runtime::wgpu::Extent3d { width: 2, height: 2, depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: shader_runtime::wgpu::TextureDimension::D2,
                format,
                usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST,
                view_formats: &[],
            });
            texture.write_level(gpu, 0, bytes).expect("write level");
            texture
        };
        let (ftex, utex) = (texture(TextureFormat::Rgba8Unorm, &fbytes), texture(TextureFormat::Rgba8Uint, &ubytes));
        let linear = gpu.sampler_with(&SamplerDescriptor { mag_filter: FilterMode::Linear, min_filter: FilterMode::Linear, ..Default::default() });
        let nearest = gpu.sampler_with(&SamplerDescriptor { mag_filter: FilterMode::Nearest, min_filter: FilterMode::Nearest, ..Default::default() });
        let out = gpu.storage_buffer_zeroed::<[f32; 4]>(3);
        let pipeline = mixed_samplers::Pipeline::new(gpu).unwrap_or_else(|e| panic!("{}: {e}", gpu.adapter_name()));
        let bindings = mixed_samplers::Bindings { ftex: &ftex, linear: &linear, utex: &utex, nearest: &nearest, out: &out };
        pipeline.dispatch(gpu, bindings, [1, 1, 1]).expect("dispatch");
        let got = out.read_blocking(gpu).expect("read");
        let average: [f32; 4] = std::array::from_fn(|c| (0..4).map(|t| f32::from(fbytes[4 * t + c]) / 255.0).sum::<f32>() / 4.0);
        assert!(got[0].iter().zip(&average).all(|(a, b)| (a - b).abs() <= 1.0 / 255.0), "{}: {:?}, expected {average:?}", gpu.adapter_name(), got[0]);
        // Texel (i, j), channel c; the gather's order is (i0, j1), (i1, j1), (i1, j0), (i0, j0).
        let texel = |i: usize, j: usize, c: usize| f32::from(ubytes[4 * (2 * j + i) + c]);
        let around = |c: usize| [texel(0, 1, c), texel(1, 1, c), texel(1, 0, c), texel(0, 0, c)];
        assert_eq!(got[1], around(0), "{}", gpu.adapter_name());
        assert_eq!(got[2], around(3), "{}", gpu.adapter_name());
    });
}

/// Descriptor arrays through the typed API (`binding_array` of textures and of samplers, given
/// as Rust arrays of `Texture`s and `Sampler`s): on the CPU device each element is bound at its
/// index and the samples and queries give the texels written
/// (`texture_compute::texel`: distinct per texture, level and position). A wgpu device without
/// `Features::TEXTURE_BINDING_ARRAY` (Mesa 22's lavapipe has not) refuses the pipeline with an
/// error naming the feature, and runs it where it has it. An array of the wrong length is an
/// error naming the binding. A runtime-sized `binding_array` takes as many textures as given
/// on the CPU device; wgpu refuses it (its layout needs a count).
#[test]
fn binding_arrays_of_textures_and_samplers() {
    use common::texture_compute::texel;
    let make = |gpu: &Gpu, element: u32| {
        let texture = gpu.texture(&TextureDescriptor {
            label: None,
            size: shader_runtime::wgpu::Extent3d { width: 4, height: 4, depth_or_array_layers: 1 },
            mip_level_count: 2,
            sample_count: 1,
            dimension: shader_runtime::wgpu::TextureDimension::D2,
            format: TextureFormat::Rgba32Float,
            usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST,
            view_formats: &[],
        });
        for level in 0..2u32 {
            let side = 4 >> level;
            let bytes: Vec<u8> = (0..side).flat_map(|y| (0..side).flat_map(move |x| texel(element, 0, level, x, y))).flat_map(f32::to_le_bytes).collect();
            texture.write_level(gpu, level, &bytes).expect("write level");
        }
        texture
    };
    let run = |gpu: &Gpu, count: usize| -> Result<Vec<[f32; 4]>, GpuError> {
        let textures: Vec<Texture> = (0..count as u32).map(|k| make(gpu, k)).collect();
        let samplers = [gpu.sampler(FilterMode::Nearest, AddressMode::ClampToEdge), gpu.sampler(FilterMode::Nearest, AddressMode::Repeat)];
        let out = gpu.storage_buffer_zeroed::<[f32; 4]>(7);
        let pipeline = texture_arrays::Pipeline::new(gpu)?;
        pipeline.dispatch(gpu, texture_arrays::Bindings { textures: &textures, samplers: &samplers, out: &out }, [1, 1, 1])?;
        out.read_blocking(gpu)
    };
    // Level 1 is 2x2: (0.75, 0.25) is its texel (1, 0).
    let mut expected: Vec<[f32; 4]> = (0..3).map(|t| texel(t, 0, 0, t, 3 - t)).collect();
    expected.extend((0..3).map(|t| texel(t, 0, 1, 1, 0)));
    expected.push([2.0, 2.0, 2.0, 0.0]);
    let cpu = Gpu::cpu();
    assert_eq!(run(&cpu, 3).expect("the CPU device"), expected);
    assert!(cpu.take_findings().is_empty());
    // Runtime-sized: as many textures as given (three here), on the CPU device.
    let runtime_sized = |gpu: &Gpu| -> Result<Vec<[f32; 4]>, GpuError> {
        let textures: Vec<Texture> = (0..3).map(|k| make(gpu, k)).collect();
        let samp = gpu.sampler(FilterMode::Nearest, AddressMode::ClampToEdge);
        let out = gpu.storage_buffer_zeroed::<[f32; 4]>(4);
        let pipeline = runtime_texture_array::Pipeline::new(gpu)?;
        pipeline.dispatch(gpu, runtime_texture_array::Bindings { textures: &textures, samp: &samp, out: &out }, [1, 1, 1])?;
        out.read_blocking(gpu)
    };
    let want: Vec<[f32; 4]> = (0..4).map(|t| texel(t % 3, 0, 0, t, 3 - t)).collect();
    assert_eq!(runtime_sized(&cpu).expect("runtime-sized on the CPU device"), want);
    assert!(cpu.take_findings().is_empty());
    if let Some(gpu) = common::gpu() {
        let e = runtime_sized(gpu).expect_err("runtime-sized on wgpu").to_string();
        assert!(e.contains("runs on the CPU device only"), "on {}: {e}", gpu.adapter_name());
    }
    let wrong = run(&cpu, 2).expect_err("two textures for three elements").to_string();
    assert!(wrong.contains("`textures`") && wrong.contains("3 elements; 2 were given"), "{wrong}");
    if let Some(gpu) = common::gpu() {
        match run(gpu, 3) {
            Ok(got) => assert_eq!(got, expected, "on {}", gpu.adapter_name()),
            Err(e) => assert!(e.to_string().contains("TEXTURE_BINDING_ARRAY"), "on {}: {e}", gpu.adapter_name()),
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Level-of-detail queries, gathers with offsets, clip and cull distances
// (issue 11): on lavapipe as emitted (passthrough: naga's SPIR-V front end reads none of them)
// and on the CPU device, each against values computed here from the Vulkan rules.

/// Runs `check` on lavapipe through passthrough (a loud skip without it, a failure on CI) and
/// on a fresh CPU device, whose sanitizer must find nothing; returns both results.
fn on_lavapipe_and_cpu<T>(check: impl Fn(&Gpu, bool) -> T) -> (Option<T>, T) {
    let lavapipe = match common::passthrough_gpu() {
        Some(gpu) => Some(check(gpu, true)),
        None if common::gpu().is_some() && common::ci() => panic!("the device lacks Features::PASSTHROUGH_SHADERS but CI=true"),
        None => {
            eprintln!("*** SKIPPED (lavapipe half): no device with Features::PASSTHROUGH_SHADERS ***");
            None
        }
    };
    let cpu = Gpu::cpu();
    let result = check(&cpu, false);
    let findings = cpu.take_findings();
    assert!(findings.is_empty(), "the CPU device's sanitizer: {findings:#?}");
    (lavapipe, result)
}

/// Draws `vertices` with `vs` and `fs` into a `width` x `height` Rgba32Float target cleared to
/// transparent black. Both modules pass spirv-val, and naga's validator where `naga` says so:
/// naga as wgpu 30 runs it refuses every Vulkan-target module here (no `OpImageQueryLod`, no
/// `ImageGatherExtended` capability, no `CullDistance`, no `ClipDistance` fragment input).
#[allow(clippy::too_many_arguments)]
fn draw_floats(
    gpu: &Gpu,
    (vs, vs_naga): (&'static shader_runtime::ModuleInfo, bool),
    (fs, fs_naga): (&'static shader_runtime::ModuleInfo, bool),
    bindings: &[&dyn shader_runtime::BindingSet],
    vertices: std::ops::Range<u32>,
    width: u32,
    height: u32,
    passthrough: bool,
) -> Vec<[f32; 4]> {
    common::validate_spirv_glsl(vs.spirv, vs_naga).expect("valid SPIR-V");
    common::validate_spirv_glsl(fs.spirv, fs_naga).expect("valid SPIR-V");
    let options = RenderOptions { color_format: TextureFormat::Rgba32Float, passthrough, ..Default::default() };
    let pipeline = RenderPipeline::new(gpu, vs, fs, &options).expect("pipeline");
    let target = gpu.render_target(width, height, TextureFormat::Rgba32Float);
    let draw = shader_runtime::Draw { bindings, vertices, clear: Some(shader_runtime::wgpu::Color::TRANSPARENT), ..Default::default() };
    pipeline.draw(gpu, &target, &draw).expect("draw");
    img_floats(&target.read_level_blocking(gpu, 0).expect("read")).chunks(4).map(|c| [c[0], c[1], c[2], c[3]]).collect()
}

/// A 64x64 Rgba8Unorm texture of 7 levels, each one colour (`level_colour`).
fn level_coloured(gpu: &Gpu) -> Texture {
    let texture = gpu.texture(&TextureDescriptor {
        label: None,
        size: shader_runtime::wgpu::Extent3d { width: 64, height: 64, depth_or_array_layers: 1 },
        mip_level_count: 7,
        sample_count: 1,
        dimension: shader_runtime::wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST,
        view_formats: &[],
    });
    for level in 0..7 {
        let [w, h, _] = texture.level_size(level);
        let bytes: Vec<u8> = (0..w * h).flat_map(|_| level_colour(level)).collect();
        texture.write_level(gpu, level, &bytes).expect("level");
    }
    texture
}

fn level_colour(level: u32) -> [u8; 4] {
    [level as u8 * 30 + 10, 200 - level as u8 * 25, 17 * level as u8, 255]
}

fn mip_sampler(gpu: &Gpu, mipmap_filter: MipmapFilterMode) -> Sampler {
    gpu.sampler_with(&SamplerDescriptor {
        address_mode_u: AddressMode::Repeat,
        address_mode_v: AddressMode::Repeat,
        mag_filter: FilterMode::Nearest,
        min_filter: FilterMode::Nearest,
        mipmap_filter,
        ..Default::default()
    })
}

/// `textureQueryLod` (`OpImageQueryLod`) where uv moves (s, s) or (s, 2s) texels per pixel:
/// y is the computed level of detail log2(max) (Vulkan "Scale Factor Operation"), negative
/// below one texel per pixel; x the level accessed, that clamped to the texture's levels
/// (0..6), with nearest mipmaps the level nearest(d) = ceil(d + 0.5) - 1 of it (Vulkan "Image
/// Level(s) Selection"), taken of the device's own y (a level boundary may fall between the
/// approximate and the exact log2). Within 0.1 of the exact log2 on each device (lavapipe's level of detail is a fast
/// approximate log2: 1.5625 for log2 3), and within 1/256 of each other (the CPU device
/// computes it as llvmpipe does).
#[test]
fn texture_query_lod_matches_lavapipe() {
    let (lavapipe, cpu) = on_lavapipe_and_cpu(|gpu, passthrough| {
        let texture = level_coloured(gpu);
        let mut all = Vec::new();
        for mipmap_filter in [MipmapFilterMode::Linear, MipmapFilterMode::Nearest] {
            let sampler = mip_sampler(gpu, mipmap_filter);
            let bindings = query_lod_fs::Bindings { tex: &texture, samp: &sampler };
            let pixels = draw_floats(gpu, (&quad_vs::MODULE, true), (&query_lod_fs::MODULE, false), &[&quad_vs::Bindings {}, &bindings], 0..3, 8, 8, passthrough);
            for (i, got) in pixels.iter().enumerate() {
                let quad = [(i % 8) / 2, (i / 8) / 2];
                let s = [0.5f32, 3.0, 4.0, 200.0][quad[1]];
                let lod = (s * (1 + quad[0] % 2) as f32).log2();
                let level = got[1].clamp(0.0, 6.0);
                let want = [if mipmap_filter == MipmapFilterMode::Nearest { (level + 0.5).ceil() - 1.0 } else { lod.clamp(0.0, 6.0) }, lod];
                for k in 0..2 {
                    assert!((got[k] - want[k]).abs() < 0.1, "{} ({mipmap_filter:?} mipmaps): pixel {i}: {got:?}, want {want:?}", gpu.adapter_name());
                }
            }
            all.extend(pixels);
        }
        all
    });
    if let Some(lavapipe) = lavapipe {
        for (i, (a, b)) in cpu.iter().zip(&lavapipe).enumerate() {
            assert!((0..4).all(|k| (a[k] - b[k]).abs() <= 1.0 / 256.0), "pixel {i} (of both filters): CPU device {a:?}, lavapipe {b:?}");
        }
    }
}

/// An 8x4 Rgba8Unorm texture of distinct texels (`texel_bytes`) and its bytes.
fn gather_texture(gpu: &Gpu) -> (Texture, Vec<u8>) {
    let bytes = texel_bytes(8 * 4 * 4, 11);
    let texture = gpu.texture(&TextureDescriptor {
        label: None,
        size: shader_runtime::wgpu::Extent3d { width: 8, height: 4, depth_or_array_layers: 1 },
        mip_level_count: 1,
        sample_count: 1,
        dimension: shader_runtime::wgpu::TextureDimension::D2,
        format: TextureFormat::Rgba8Unorm,
        usage: TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST,
        view_formats: &[],
    });
    texture.write_level(gpu, 0, &bytes).expect("texels");
    (texture, bytes)
}

/// Component `c` of texel `k` of the gather at pixel (x, y)'s centre of an 8x4 texture with
/// offset `o` (Vulkan "Texel Gathering": (i0, j1), (i1, j1), (i1, j0), (i0, j0), the texel
/// coordinates wrapping as the repeat sampler does).
fn gathered(bytes: &[u8], x: i32, y: i32, o: [i32; 2], c: usize, k: usize) -> f32 {
    let [di, dj] = [[0, 1], [1, 1], [1, 0], [0, 0]][k];
    let (i, j) = ((x + o[0] + di).rem_euclid(8), (y + o[1] + dj).rem_euclid(4));
    f32::from(bytes[((j * 8 + i) * 4) as usize + c]) / 255.0
}

/// Unorm texels as floats: equal up to the conversion's last bit (c / 255 is rounded
/// differently by lavapipe).
fn close(a: &[f32; 4], b: &[f32; 4]) -> bool {
    (0..4).all(|k| (a[k] - b[k]).abs() < 1e-6)
}

/// Gathers with four constant offsets (`textureGatherOffsets`: texel k is the (i0, j0) texel
/// of the footprint at offset k, GLSL 4.60 §8.9.4) and with an offset computed per pixel
/// (`textureGatherOffset` of a non-constant offset), at the pixel centres of an 8x4 texture:
/// the texels those rules pick.
#[test]
fn gathers_with_offsets_match_lavapipe() {
    on_lavapipe_and_cpu(|gpu, passthrough| {
        let (texture, bytes) = gather_texture(gpu);
        let sampler = gpu.sampler(FilterMode::Linear, AddressMode::Repeat);
        let offsets = [[0, 0], [1, 0], [-1, 2], [3, -2]];
        let bindings = gather_offsets_fs::Bindings { tex: &texture, samp: &sampler };
        let pixels = draw_floats(gpu, (&quad_vs::MODULE, true), (&gather_offsets_fs::MODULE, false), &[&quad_vs::Bindings {}, &bindings], 0..3, 8, 4, passthrough);
        for (i, got) in pixels.iter().enumerate() {
            let (x, y) = ((i % 8) as i32, (i / 8) as i32);
            let want: [f32; 4] = std::array::from_fn(|k| gathered(&bytes, x, y, offsets[k], 1, 3));
            assert!(close(got, &want), "{}: textureGatherOffsets at pixel ({x}, {y}): {got:?}, want {want:?}", gpu.adapter_name());
        }
        let bindings = gather_offset_fs::Bindings { tex: &texture, samp: &sampler };
        let pixels = draw_floats(gpu, (&quad_vs::MODULE, true), (&gather_offset_fs::MODULE, false), &[&quad_vs::Bindings {}, &bindings], 0..3, 8, 4, passthrough);
        for (i, got) in pixels.iter().enumerate() {
            let (x, y) = ((i % 8) as i32, (i / 8) as i32);
            let o = [x % 3 - 1, y % 3 - 1];
            let want: [f32; 4] = std::array::from_fn(|k| gathered(&bytes, x, y, o, 2, k));
            assert!(close(got, &want), "{}: textureGatherOffset({o:?}) at pixel ({x}, {y}): {got:?}, want {want:?}", gpu.adapter_name());
        }
    });
}

/// Clip and cull distances (`clip_vs`, `clip_fs`) on a 16x8 target: a pixel is drawn where
/// both clip distances, linear in x and y (w is 1), are non-negative at its centre (Vulkan
/// "Primitive Clipping": the primitive is clipped to those half-spaces; no centre lies on a
/// plane), with the interpolated distances as the fragment stage reads them; the second
/// triangle, whose cull distances are all negative, is discarded; elsewhere the clear colour
/// stays.
#[test]
fn clip_and_cull_distances_match_lavapipe() {
    on_lavapipe_and_cpu(|gpu, passthrough| {
        let (w, h) = (16usize, 8usize);
        let pixels = draw_floats(gpu, (&clip_vs::MODULE, false), (&clip_fs::MODULE, false), &[&clip_vs::Bindings {}, &clip_fs::Bindings {}], 0..6, w as u32, h as u32, passthrough);
        let mut drawn = 0;
        for (i, got) in pixels.iter().enumerate() {
            let x = ((i % w) as f32 + 0.5) / w as f32 * 2.0 - 1.0;
            let y = 1.0 - ((i / w) as f32 + 0.5) / h as f32 * 2.0;
            let clip = [x + 0.5 - y * 0.25, 0.75 - y];
            if clip.iter().all(|&d| d >= 0.0) {
                drawn += 1;
                let want = [clip[0], clip[1], x, 1.0];
                for k in 0..4 {
                    assert!((got[k] - want[k]).abs() < 1e-3, "{}: pixel {i}: {got:?}, want {want:?}", gpu.adapter_name());
                }
            } else {
                assert_eq!(*got, [0.0; 4], "{}: pixel {i} is clipped", gpu.adapter_name());
            }
        }
        assert!(drawn > 16 && drawn < w * h - 16, "{drawn} pixels drawn");
    });
}

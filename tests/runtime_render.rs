//! Render pipelines end to end: a WGSL vertex + fragment pair with vertex buffers drawn into an
//! offscreen texture, and a GLSL fragment shader whose `sampler2D` the compiler splits into a
//! texture and a sampler; pixels compared with CPU-computed images within a tolerance.
#![deny(warnings)]

mod common;

use shader_runtime::wgpu::{AddressMode, Color, FilterMode, TextureFormat};
use shader_runtime::{shader, Draw, Gpu, RenderOptions, RenderPipeline};

shader! {
    mod triangle_vs;
    path: "examples/shaders/triangle.wgsl",
    entry: "vs_main",
    mod triangle_fs;
    path: "examples/shaders/triangle.wgsl",
    entry: "fs_main",
    // Instanced quads: per-instance offset, depth and colour from a uniform array indexed by
    // `instance_index`; the quad itself comes from a vertex and an index buffer.
    mod quads_vs;
    lang: wgsl,
    src: r#"
        struct Instances { place: array<vec4<f32>, 2>, color: array<vec4<f32>, 2> }
        @group(0) @binding(0) var<uniform> instances: Instances;
        struct Out { @builtin(position) position: vec4<f32>, @location(0) color: vec4<f32> }
        @vertex
        fn main(@location(0) corner: vec2<f32>, @builtin(instance_index) i: u32) -> Out {
            let place = instances.place[i];
            return Out(vec4<f32>(corner + place.xy, place.z, 1.0), instances.color[i]);
        }
    "#,
    mod quads_fs;
    lang: wgsl,
    src: r#"
        @fragment fn main(@location(0) color: vec4<f32>) -> @location(0) vec4<f32> { return color; }
    "#,
    // Vertex formats (`RenderOptions::vertex_formats`): each vertex is a point at pixel (i, 0)
    // whose attribute, read as a float, unsigned or signed vector, goes to the target as is.
    mod format_f_vs;
    lang: wgsl,
    src: r#"
        struct Out { @builtin(position) position: vec4<f32>, @location(0) @interpolate(flat) value: vec4<f32> }
        @vertex fn main(@builtin(vertex_index) i: u32, @location(0) v: vec4<f32>) -> Out {
            return Out(vec4<f32>((f32(i) + 0.5) / 8.0 - 1.0, 0.0, 0.0, 1.0), v);
        }
    "#,
    mod format_u_vs;
    lang: wgsl,
    src: r#"
        struct Out { @builtin(position) position: vec4<f32>, @location(0) @interpolate(flat) value: vec4<f32> }
        @vertex fn main(@builtin(vertex_index) i: u32, @location(0) v: vec4<u32>) -> Out {
            return Out(vec4<f32>((f32(i) + 0.5) / 8.0 - 1.0, 0.0, 0.0, 1.0), vec4<f32>(v));
        }
    "#,
    mod format_s_vs;
    lang: wgsl,
    src: r#"
        struct Out { @builtin(position) position: vec4<f32>, @location(0) @interpolate(flat) value: vec4<f32> }
        @vertex fn main(@builtin(vertex_index) i: u32, @location(0) v: vec4<i32>) -> Out {
            return Out(vec4<f32>((f32(i) + 0.5) / 8.0 - 1.0, 0.0, 0.0, 1.0), vec4<f32>(v));
        }
    "#,
    mod format_fs;
    lang: wgsl,
    src: r#"
        @fragment fn main(@location(0) @interpolate(flat) v: vec4<f32>) -> @location(0) vec4<f32> { return v; }
    "#,
    mod fullscreen;
    path: "examples/shaders/fullscreen.vert",
    mod blur;
    path: "examples/shaders/blur.frag",
    // Struct, matrix and array varyings (issue 17): the wgpu target flattens them into
    // consecutive locations. `VARYINGS_*` below spell out by hand the locations Vulkan gives
    // each part ("Location Assignment": members in order, a matrix column by column, arrays
    // element by element), so each pairing checks the flattening against the spec.
    mod varyings_struct_vs;
    lang: glsl,
    stage: vertex,
    src: r#"#version 450
        struct Light { vec3 dir; float power; };
        layout(location = 0) out Light light;   // 0, 1
        layout(location = 2) out mat2 m;        // 2, 3
        layout(location = 4) out float w[2];    // 4, 5
        layout(location = 6) flat out ivec2 k;  // 6
        void main() {
            vec2 p = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
            gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
            light = Light(vec3(0.2, 0.4, 0.6), 0.5);
            m = mat2(0.1, 0.3, 0.7, 0.9);
            w[0] = 0.25;
            w[1] = 0.75;
            k = ivec2(3, 5);
        }
    "#,
    mod varyings_flat_vs;
    lang: glsl,
    stage: vertex,
    src: r#"#version 450
        layout(location = 0) out vec3 dir;
        layout(location = 1) out float power;
        layout(location = 2) out vec2 m0;
        layout(location = 3) out vec2 m1;
        layout(location = 4) out float w0;
        layout(location = 5) out float w1;
        layout(location = 6) flat out ivec2 k;
        void main() {
            vec2 p = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
            gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
            dir = vec3(0.2, 0.4, 0.6);
            power = 0.5;
            m0 = vec2(0.1, 0.3);
            m1 = vec2(0.7, 0.9);
            w0 = 0.25;
            w1 = 0.75;
            k = ivec2(3, 5);
        }
    "#,
    mod varyings_struct_fs;
    lang: glsl,
    stage: fragment,
    src: r#"#version 450
        struct Light { vec3 dir; float power; };
        layout(location = 0) in Light light;
        layout(location = 2) in mat2 m;
        layout(location = 4) in float w[2];
        layout(location = 6) flat in ivec2 k;
        layout(location = 0) out vec4 color;
        void main() {
            color = vec4(light.dir.y * light.power, m[0].y + m[1].x * 0.5, w[1] - w[0], float(k.y - k.x) * 0.25);
        }
    "#,
    mod varyings_flat_fs;
    lang: glsl,
    stage: fragment,
    src: r#"#version 450
        layout(location = 0) in vec3 dir;
        layout(location = 1) in float power;
        layout(location = 2) in vec2 m0;
        layout(location = 3) in vec2 m1;
        layout(location = 4) in float w0;
        layout(location = 5) in float w1;
        layout(location = 6) flat in ivec2 k;
        layout(location = 0) out vec4 color;
        void main() {
            color = vec4(dir.y * power, m0.y + m1.x * 0.5, w1 - w0, float(k.y - k.x) * 0.25);
        }
    "#,
    // A vertex shader that declares an output it never writes (issue 18: it must stay in the
    // entry point's interface, or wgpu refuses a fragment shader reading it: "Input Missing"),
    // and a fragment shader that reads it.
    mod unwritten_output_vs;
    lang: glsl,
    stage: vertex,
    src: r#"#version 450
        layout(location = 0) out vec4 shade;
        layout(location = 1) out vec4 unused;
        void main() {
            vec2 p = vec2(float((gl_VertexIndex << 1) & 2), float(gl_VertexIndex & 2));
            gl_Position = vec4(p * 2.0 - 1.0, 0.0, 1.0);
            shade = vec4(0.2, 0.4, 0.6, 1.0);
        }
    "#,
    mod unwritten_output_fs;
    lang: glsl,
    stage: fragment,
    src: r#"#version 450
        layout(location = 0) in vec4 shade;
        layout(location = 1) in vec4 unused;
        layout(location = 0) out vec4 color;
        void main() {
            color = shade;
            // Reads the undefined input (it is in the interface), leaving the colour as it is.
            if (unused.w == 1234.5) {
                color.a = shade.a;
            }
        }
    "#,
}

/// The vertex layout the triangle's inputs ask for: location 0 `vec2<f32>`, location 1
/// `vec3<f32>`, interleaved and tightly packed.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct Vertex {
    position: [f32; 2],
    color: [f32; 3],
}

const TRIANGLE: [Vertex; 3] = [
    Vertex { position: [0.0, 0.8], color: [1.0, 0.0, 0.0] },
    Vertex { position: [-0.8, -0.8], color: [0.0, 1.0, 0.0] },
    Vertex { position: [0.8, -0.8], color: [0.0, 0.0, 1.0] },
];

#[test]
fn embedded_spirv_is_valid() {
    for (name, words) in [("triangle_vs", triangle_vs::SPIRV), ("fullscreen", fullscreen::SPIRV), ("blur", blur::SPIRV)] {
        common::validate_spirv_glsl(words, true).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    // The split `sampler2D`: the texture keeps binding 0, the sampler is at 0 + 100.
    let bindings: Vec<(&str, u32)> = blur::BINDINGS.iter().map(|b| (b.name, b.binding)).collect();
    assert_eq!(bindings, [("img", 0), ("img_sampler", 100)]);
}

/// Barycentric coordinates of `p` in the triangle `a, b, c`.
fn barycentric(p: [f32; 2], a: [f32; 2], b: [f32; 2], c: [f32; 2]) -> [f32; 3] {
    let area = (b[0] - a[0]) * (c[1] - a[1]) - (c[0] - a[0]) * (b[1] - a[1]);
    let wa = ((b[0] - p[0]) * (c[1] - p[1]) - (c[0] - p[0]) * (b[1] - p[1])) / area;
    let wb = ((c[0] - p[0]) * (a[1] - p[1]) - (a[0] - p[0]) * (c[1] - p[1])) / area;
    [wa, wb, 1.0 - wa - wb]
}

#[test]
fn triangle_pixels_match_cpu() {
    common::on_devices(|gpu| {
        let (width, height) = (48u32, 40u32);
        let pixels = render_triangle(gpu, width, height).expect("render");
        assert_eq!(pixels.len(), (width * height * 4) as usize);
        let (mut inside, mut outside) = (0, 0);
        for y in 0..height {
            for x in 0..width {
                // Pixel centre in normalized device coordinates (y up; row 0 is the top).
                let p = [(x as f32 + 0.5) / width as f32 * 2.0 - 1.0, 1.0 - (y as f32 + 0.5) / height as f32 * 2.0];
                let w = barycentric(p, TRIANGLE[0].position, TRIANGLE[1].position, TRIANGLE[2].position);
                let got = &pixels[((y * width + x) * 4) as usize..][..4];
                let min = w.iter().copied().fold(f32::MAX, f32::min);
                if min > 0.02 {
                    inside += 1;
                    for c in 0..3 {
                        let expected = (0..3).map(|v| w[v] * TRIANGLE[v].color[c]).sum::<f32>() * 255.0;
                        assert!((f32::from(got[c]) - expected).abs() <= 2.0, "pixel ({x}, {y}) channel {c}: {} vs {expected}", got[c]);
                    }
                    assert_eq!(got[3], 255, "pixel ({x}, {y}) alpha");
                } else if min < -0.02 {
                    outside += 1;
                    assert_eq!(got, [0, 0, 0, 255], "pixel ({x}, {y}) is background");
                }
            }
        }
        assert!(inside > 400 && outside > 400, "{inside} inside, {outside} outside");
    });
}

fn render_triangle(gpu: &Gpu, width: u32, height: u32) -> Result<Vec<u8>, shader_runtime::GpuError> {
    render_triangle_with(gpu, width, height, &RenderOptions::default())
}

/// The triangle through the opt-in passthrough path (SPIR-V straight to the Vulkan driver):
/// a clear error on the shared device, created without `PASSTHROUGH_SHADERS`; on a device with
/// it (lavapipe offers it) the same pixels as the portable path, which
/// `triangle_pixels_match_cpu` checks against the CPU.
#[test]
fn triangle_through_passthrough_matches_portable_path() {
    let Some(gpu) = common::gpu() else { return };
    let passthrough = RenderOptions { passthrough: true, ..Default::default() };
    let err = render_triangle_with(gpu, 8, 8, &passthrough).err().expect("passthrough without the feature is an error");
    assert!(matches!(err, shader_runtime::GpuError::Unsupported(_)) && err.to_string().contains("PASSTHROUGH_SHADERS"), "{err}");
    let feature = shader_runtime::wgpu::Features::PASSTHROUGH_SHADERS;
    let adapter = &gpu.wgpu().expect("a wgpu device").adapter;
    let vulkan = adapter.get_info().backend == shader_runtime::wgpu::Backend::Vulkan;
    if !(vulkan && adapter.features().contains(feature)) {
        eprintln!("*** SKIPPED passthrough render: {} has no PASSTHROUGH_SHADERS ***", gpu.adapter_name());
        return;
    }
    let options = shader_runtime::GpuOptions { required_features: feature, ..shader_runtime::GpuOptions::from_env() };
    let pt = Gpu::with_options_blocking(&options).expect("device with passthrough");
    let (width, height) = (48u32, 40u32);
    let direct = render_triangle_with(&pt, width, height, &passthrough).expect("passthrough render");
    let portable = render_triangle_with(&pt, width, height, &RenderOptions::default()).expect("portable render");
    assert_eq!(direct.len(), portable.len());
    let lit = direct.chunks(4).filter(|p| p[..3] != [0, 0, 0]).count();
    assert!(lit > 400, "the passthrough triangle covers {lit} pixels");
    for (i, (a, b)) in direct.iter().zip(&portable).enumerate() {
        assert!(a.abs_diff(*b) <= 1, "byte {i}: passthrough {a}, portable {b}");
    }
}

fn render_triangle_with(gpu: &Gpu, width: u32, height: u32, options: &RenderOptions<'_>) -> Result<Vec<u8>, shader_runtime::GpuError> {
    let pipeline = RenderPipeline::new(gpu, &triangle_vs::MODULE, &triangle_fs::MODULE, options)?;
    assert_eq!(pipeline.vertex_stride(), std::mem::size_of::<Vertex>() as u64);
    let target = gpu.render_target(width, height, TextureFormat::Rgba8Unorm);
    let vertices = gpu.vertex_buffer(&TRIANGLE);
    pipeline.draw(
        gpu,
        &target,
        &Draw {
            bindings: &[&triangle_vs::Bindings {}, &triangle_fs::Bindings {}],
            vertex_buffer: Some(&vertices),
            vertices: 0..3,
            clear: Some(Color::BLACK),
            ..Default::default()
        },
    )?;
    target.read_rgba8_blocking(gpu)
}

/// The same triangle with an index buffer and a second instance drawn over a kept target.
#[test]
fn indexed_draw_and_load_op() {
    common::on_devices(|gpu| {
        let pipeline = RenderPipeline::new(gpu, &triangle_vs::MODULE, &triangle_fs::MODULE, &RenderOptions::default()).expect("pipeline");
        let target = gpu.render_target(16, 16, TextureFormat::Rgba8Unorm);
        // Two triangles covering the target, all white.
        let white = [1.0f32; 3];
        let quad = [
            Vertex { position: [-1.0, -1.0], color: white },
            Vertex { position: [1.0, -1.0], color: white },
            Vertex { position: [1.0, 1.0], color: white },
            Vertex { position: [-1.0, 1.0], color: white },
        ];
        let vertices = gpu.vertex_buffer(&quad);
        let indices = gpu.index_buffer(&[0u16, 1, 2, 0, 2, 3]);
        let bindings: [&dyn shader_runtime::BindingSet; 2] = [&triangle_vs::Bindings {}, &triangle_fs::Bindings {}];
        let draw = Draw { bindings: &bindings, vertex_buffer: Some(&vertices), index_buffer: Some((&indices).into()), vertices: 0..6, clear: Some(Color::BLACK), ..Default::default() };
        pipeline.draw(gpu, &target, &draw).expect("draw");
        assert!(target.read_rgba8_blocking(gpu).expect("read").iter().all(|&v| v == 255), "the quad covers every pixel");
        // Wrong vertex type: a clear error, not a wgpu panic.
        let wrong = gpu.vertex_buffer(&[[0.0f32; 2]; 3]);
        let err = pipeline.draw(gpu, &target, &Draw { vertex_buffer: Some(&wrong), vertices: 0..3, ..draw }).expect_err("stride");
        assert!(err.to_string().contains("20 bytes per vertex"), "{err}");
    });
}

/// Depth test, index buffer, instancing and blending in one scene: two instanced quads where
/// the nearer one is drawn first (so only a working depth test keeps it in front), then a
/// half-transparent quad alpha-blended over the kept target. Every pixel not on an edge is
/// compared with the same scene composed on the CPU.
#[test]
fn depth_instancing_and_blending_match_cpu() {
    common::on_devices(|gpu| {
        use shader_runtime::wgpu::{BlendState, TextureFormat as F};
        const SIZE: u32 = 32;
        let opaque = RenderPipeline::new(
            gpu,
            &quads_vs::MODULE,
            &quads_fs::MODULE,
            &RenderOptions { depth_format: Some(F::Depth32Float), ..Default::default() },
        )
        .expect("depth pipeline");
        let blended = RenderPipeline::new(
            gpu,
            &quads_vs::MODULE,
            &quads_fs::MODULE,
            &RenderOptions { blend: Some(BlendState::ALPHA_BLENDING), ..Default::default() },
        )
        .expect("blending pipeline");
        let corners = gpu.vertex_buffer(&[[-0.5f32, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]]);
        let indices = gpu.index_buffer(&[0u32, 1, 2, 0, 2, 3]);
        // (offset x, offset y, depth), colour: instance 0 is nearer and drawn first.
        let scene = [([-0.25f32, -0.25, 0.2], [0.0f32, 1.0, 0.0, 1.0]), ([0.25, 0.25, 0.6], [1.0, 0.0, 0.0, 1.0])];
        let overlay = ([0.0f32, 0.0, 0.0], [0.0f32, 0.0, 1.0, 0.5]);
        let uniform = |items: &[([f32; 3], [f32; 4])]| {
            let mut place = [[0.0f32; 4]; 2];
            let mut color = [[0.0f32; 4]; 2];
            for (i, (p, c)) in items.iter().enumerate() {
                place[i] = [p[0], p[1], p[2], 0.0];
                color[i] = *c;
            }
            gpu.uniform_buffer(&quads_vs::Instances::new(place, color))
        };
        let (scene_buffer, overlay_buffer) = (uniform(&scene), uniform(&[overlay]));
        let target = gpu.render_target(SIZE, SIZE, F::Rgba8Unorm);
        let depth = gpu.depth_target(SIZE, SIZE);
        let draw = |pipeline: &RenderPipeline, instances: &shader_runtime::Buffer<quads_vs::Instances>, count: u32, clear: Option<Color>, depth| {
            let bindings: [&dyn shader_runtime::BindingSet; 2] = [&quads_vs::Bindings { instances }, &quads_fs::Bindings {}];
            let draw = Draw {
                bindings: &bindings,
                vertex_buffer: Some(&corners),
                index_buffer: Some((&indices).into()),
                vertices: 0..6,
                instances: 0..count,
                clear,
                depth,
                ..Default::default()
            };
            pipeline.draw(gpu, &target, &draw).expect("draw");
        };
        draw(&opaque, &scene_buffer, 2, Some(Color::BLACK), Some(&depth));
        draw(&blended, &overlay_buffer, 1, None, None);
        let pixels = target.read_rgba8_blocking(gpu).expect("read");

        // The CPU composition, at pixel centres; pixels within one pixel of an edge are skipped.
        let margin = 2.0 / SIZE as f32;
        let covers = |offset: [f32; 3], p: [f32; 2]| -> Option<bool> {
            let d = (p[0] - offset[0]).abs().max((p[1] - offset[1]).abs());
            if (d - 0.5).abs() < margin {
                None
            } else {
                Some(d < 0.5)
            }
        };
        let mut checked = 0;
        'pixels: for y in 0..SIZE {
            for x in 0..SIZE {
                let p = [(x as f32 + 0.5) / SIZE as f32 * 2.0 - 1.0, 1.0 - (y as f32 + 0.5) / SIZE as f32 * 2.0];
                let mut color = [0.0f32, 0.0, 0.0, 1.0];
                let mut nearest = f32::INFINITY;
                for (offset, c) in scene {
                    match covers(offset, p) {
                        None => continue 'pixels,
                        Some(true) if offset[2] < nearest => {
                            nearest = offset[2];
                            color = c;
                        }
                        Some(_) => {}
                    }
                }
                match covers(overlay.0, p) {
                    None => continue,
                    Some(true) => {
                        let a = overlay.1[3];
                        for c in 0..3 {
                            color[c] = overlay.1[c] * a + color[c] * (1.0 - a);
                        }
                        color[3] = a + color[3] * (1.0 - a);
                    }
                    Some(false) => {}
                }
                let got = &pixels[((y * SIZE + x) * 4) as usize..][..4];
                for c in 0..4 {
                    assert!((f32::from(got[c]) - color[c] * 255.0).abs() <= 2.0, "pixel ({x}, {y}): {got:?} vs {color:?}");
                }
                checked += 1;
            }
        }
        // Six edge lines cross the 32 x 32 target; about a third of the pixels are clear of them.
        assert!(checked > SIZE * SIZE / 4, "only {checked} pixels away from edges");
    });
}

/// 3 x 3 box blur with clamped edges, on the CPU, rounded like a unorm8 store.
fn blur_cpu(pixels: &[u8], width: u32, height: u32) -> Vec<u8> {
    let mut out = vec![0u8; pixels.len()];
    for y in 0..height as i32 {
        for x in 0..width as i32 {
            for c in 0..4 {
                let mut sum = 0.0f32;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let sx = (x + dx).clamp(0, width as i32 - 1) as u32;
                        let sy = (y + dy).clamp(0, height as i32 - 1) as u32;
                        sum += f32::from(pixels[((sy * width + sx) * 4 + c) as usize]) / 255.0;
                    }
                }
                out[((y as u32 * width + x as u32) * 4 + c) as usize] = (sum / 9.0 * 255.0).round() as u8;
            }
        }
    }
    out
}

#[test]
fn blur_through_split_sampler2d_matches_cpu() {
    common::on_devices(|gpu| {
        let (width, height) = (13u32, 9u32);
        let input: Vec<u8> = (0..width * height * 4).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8).collect();
        let pipeline = RenderPipeline::new(gpu, &fullscreen::MODULE, &blur::MODULE, &RenderOptions::default()).expect("pipeline");
        let source = gpu.texture_rgba8(width, height, &input).expect("texture");
        let sampler = gpu.sampler(FilterMode::Nearest, AddressMode::ClampToEdge);
        let target = gpu.render_target(width, height, TextureFormat::Rgba8Unorm);
        pipeline
            .draw(
                gpu,
                &target,
                &Draw { bindings: &[&fullscreen::Bindings {}, &blur::Bindings { img: &source, img_sampler: &sampler }], vertices: 0..3, ..Default::default() },
            )
            .expect("draw");
        let got = target.read_rgba8_blocking(gpu).expect("read");
        let expected = blur_cpu(&input, width, height);
        for (i, (g, e)) in got.iter().zip(&expected).enumerate() {
            let (x, y, c) = ((i / 4) as u32 % width, (i / 4) as u32 / width, i % 4);
            assert!(g.abs_diff(*e) <= 1, "pixel ({x}, {y}) channel {c}: {g} vs {e}");
        }
    });
}

/// Struct, matrix and array stage outputs and inputs on the wgpu target (issue 17; the repro
/// `shared/repros/glsl/struct_varyings.frag`): wgpu creates the pipelines, and every pairing
/// of a vertex shader with composite outputs or with the hand-flattened ones and a fragment
/// shader of either kind gives the value computed here from the constants they pass.
#[test]
fn struct_and_matrix_varyings_keep_their_locations() {
    common::on_devices(|gpu| {
        // (0.4 * 0.5, 0.3 + 0.7 * 0.5, 0.75 - 0.25, (5 - 3) * 0.25) in 8-bit unorm.
        let expected = [0.2f32, 0.65, 0.5, 0.5].map(|v| (v * 255.0).round() as u8);
        let pairs = [
            ("struct -> struct", &varyings_struct_vs::MODULE, &varyings_struct_fs::MODULE),
            ("struct -> flat", &varyings_struct_vs::MODULE, &varyings_flat_fs::MODULE),
            ("flat -> struct", &varyings_flat_vs::MODULE, &varyings_struct_fs::MODULE),
        ];
        for (label, vs, fs) in pairs {
            for words in [vs.spirv, fs.spirv] {
                common::validate_spirv_glsl(words, true).unwrap_or_else(|e| panic!("{label}: {e}"));
            }
            let pipeline = RenderPipeline::new(gpu, vs, fs, &RenderOptions::default()).unwrap_or_else(|e| panic!("{label}: {e}"));
            let target = gpu.render_target(4, 4, TextureFormat::Rgba8Unorm);
            pipeline.draw(gpu, &target, &Draw { vertices: 0..3, clear: Some(Color::BLACK), ..Default::default() }).unwrap_or_else(|e| panic!("{label}: {e}"));
            let pixels = target.read_rgba8_blocking(gpu).expect("read");
            for (i, pixel) in pixels.chunks(4).enumerate() {
                for c in 0..4 {
                    assert!(pixel[c].abs_diff(expected[c]) <= 1, "{label}: pixel {i} channel {c}: {} vs {}", pixel[c], expected[c]);
                }
            }
        }
    });
}

/// A vertex shader that declares an output it never writes, with a fragment shader that reads
/// that location (issue 18, "Done when"): the vertex module's entry point lists the output
/// (as glslang's does), so wgpu creates the pipeline and the draw gives the written colour, on
/// every device; with passthrough on lavapipe too.
#[test]
fn unwritten_vertex_output_read_by_the_fragment_shader() {
    let run = |gpu: &Gpu, passthrough: bool| {
        for words in [unwritten_output_vs::MODULE.spirv, unwritten_output_fs::MODULE.spirv] {
            common::validate_spirv_glsl(words, true).expect("valid SPIR-V");
        }
        let options = RenderOptions { passthrough, ..Default::default() };
        let pipeline = RenderPipeline::new(gpu, &unwritten_output_vs::MODULE, &unwritten_output_fs::MODULE, &options).expect("pipeline");
        let target = gpu.render_target(4, 4, TextureFormat::Rgba8Unorm);
        pipeline.draw(gpu, &target, &Draw { vertices: 0..3, clear: Some(Color::BLACK), ..Default::default() }).expect("draw");
        let expected = [0.2f32, 0.4, 0.6, 1.0].map(|v| (v * 255.0).round() as u8);
        for (i, pixel) in target.read_rgba8_blocking(gpu).expect("read").chunks(4).enumerate() {
            for c in 0..4 {
                assert!(pixel[c].abs_diff(expected[c]) <= 1, "pixel {i} channel {c}: {} vs {}", pixel[c], expected[c]);
            }
        }
    };
    common::on_devices(|gpu| run(gpu, false));
    if let Some(gpu) = common::gpu() {
        let feature = shader_runtime::wgpu::Features::PASSTHROUGH_SHADERS;
        if gpu.wgpu().is_some_and(|w| w.adapter.features().contains(feature)) {
            let pt = Gpu::with_options_blocking(&shader_runtime::GpuOptions { required_features: feature, ..shader_runtime::GpuOptions::from_env() })
                .expect("device with passthrough");
            run(&pt, true);
        }
    }
}

/// Points and lines (`PointList`, `LineList`, `LineStrip`) with the triangle example's shaders
/// on every device: a one-pixel point lights the pixel it falls in with its colour (exactly);
/// a line lights pixels whose centres lie within half a pixel of the segment (Vulkan's
/// rectangle around it, llvmpipe's snapped corners), with the colour interpolated along it;
/// the CPU device's images equal lavapipe's (coverage exactly, colours within 1/255).
#[test]
fn points_and_lines_match_lavapipe() {
    use shader_runtime::wgpu::PrimitiveTopology as P;
    const SIZE: u32 = 32;
    let draw_with = |gpu: &Gpu, topology: P, vertices: &[Vertex]| -> Vec<u8> {
        let options = RenderOptions { topology, ..Default::default() };
        let pipeline = RenderPipeline::new(gpu, &triangle_vs::MODULE, &triangle_fs::MODULE, &options).expect("pipeline");
        let target = gpu.render_target(SIZE, SIZE, TextureFormat::Rgba8Unorm);
        let buffer = gpu.vertex_buffer(vertices);
        let bindings: [&dyn shader_runtime::BindingSet; 2] = [&triangle_vs::Bindings {}, &triangle_fs::Bindings {}];
        let draw = Draw {
            bindings: &bindings,
            vertex_buffer: Some(&buffer),
            vertices: 0..vertices.len() as u32,
            clear: Some(Color::BLACK),
            ..Default::default()
        };
        pipeline.draw(gpu, &target, &draw).expect("draw");
        target.read_rgba8_blocking(gpu).expect("read")
    };
    // Window position of an NDC point: x right, y down.
    let ndc = |px: f32, py: f32| [px / SIZE as f32 * 2.0 - 1.0, 1.0 - py / SIZE as f32 * 2.0];
    let points: Vec<Vertex> = (0..12)
        .map(|i| {
            let (px, py) = (2.3 + 2.61 * i as f32, 3.3 + 2.19 * ((i * 5) % 12) as f32);
            Vertex { position: ndc(px, py), color: [i as f32 / 11.0, 1.0 - i as f32 / 11.0, 0.5] }
        })
        .collect();
    let lines: Vec<Vertex> = [
        ([1.3, 2.2], [30.6, 9.7]),
        ([4.1, 29.4], [11.8, 1.9]),
        ([16.2, 16.7], [16.9, 30.3]),
        ([2.6, 24.35], [29.2, 24.35]),
        ([27.4, 3.1], [20.2, 27.8]),
    ]
    .iter()
    .enumerate()
    .flat_map(|(i, (a, b))| {
        let c = i as f32 / 4.0;
        [Vertex { position: ndc(a[0], a[1]), color: [1.0, c, 0.0] }, Vertex { position: ndc(b[0], b[1]), color: [0.0, c, 1.0] }]
    })
    .collect();
    let strip: Vec<Vertex> = [[3.3, 3.6], [28.7, 6.2], [7.9, 14.4], [26.1, 27.3], [4.4, 22.8]]
        .iter()
        .enumerate()
        .map(|(i, p)| Vertex { position: ndc(p[0], p[1]), color: [0.2 * i as f32, 0.9, 0.3] })
        .collect();
    let cases: [(&str, P, &[Vertex]); 3] = [("points", P::PointList, &points), ("lines", P::LineList, &lines), ("line strip", P::LineStrip, &strip)];
    for (name, topology, vertices) in cases {
        let cpu = Gpu::cpu();
        let on_cpu = draw_with(&cpu, topology, vertices);
        assert!(cpu.take_findings().is_empty());
        let lit = |image: &[u8], x: u32, y: u32| image[((y * SIZE + x) * 4) as usize..][..3].iter().any(|&c| c != 0);
        match topology {
            P::PointList => {
                for v in vertices {
                    let (x, y) = (((v.position[0] + 1.0) / 2.0 * SIZE as f32) as u32, ((1.0 - v.position[1]) / 2.0 * SIZE as f32) as u32);
                    let at = ((y * SIZE + x) * 4) as usize;
                    let want: Vec<u8> = v.color.iter().map(|c| (c * 255.0).round() as u8).chain([255]).collect();
                    assert_eq!(&on_cpu[at..at + 4], &want[..], "point at pixel ({x}, {y})");
                }
                let count = (0..SIZE * SIZE).filter(|i| lit(&on_cpu, i % SIZE, i / SIZE)).count();
                assert_eq!(count, vertices.len(), "one pixel per point");
            }
            _ => {
                // Every lit pixel's centre is within half a pixel (and the snapping) of a segment.
                let pairs: Vec<(&Vertex, &Vertex)> =
                    if topology == P::LineList { vertices.chunks(2).map(|p| (&p[0], &p[1])).collect() } else { vertices.windows(2).map(|p| (&p[0], &p[1])).collect() };
                let window = |v: &Vertex| [(v.position[0] + 1.0) / 2.0 * SIZE as f32, (1.0 - v.position[1]) / 2.0 * SIZE as f32];
                for y in 0..SIZE {
                    for x in 0..SIZE {
                        if !lit(&on_cpu, x, y) {
                            continue;
                        }
                        let p = [x as f32 + 0.5, y as f32 + 0.5];
                        let near = pairs.iter().any(|(a, b)| {
                            let (a, b) = (window(a), window(b));
                            let d = [b[0] - a[0], b[1] - a[1]];
                            let t = (((p[0] - a[0]) * d[0] + (p[1] - a[1]) * d[1]) / (d[0] * d[0] + d[1] * d[1])).clamp(0.0, 1.0);
                            let q = [a[0] + t * d[0] - p[0], a[1] + t * d[1] - p[1]];
                            (q[0] * q[0] + q[1] * q[1]).sqrt() <= 0.5 + 1.0 / 128.0
                        });
                        assert!(near, "{name}: pixel ({x}, {y}) lit far from every segment");
                    }
                }
            }
        }
        if let Some(gpu) = common::gpu() {
            let on_gpu = draw_with(gpu, topology, vertices);
            for i in 0..(SIZE * SIZE) as usize {
                let (c, g) = (&on_cpu[i * 4..i * 4 + 4], &on_gpu[i * 4..i * 4 + 4]);
                let covered = |t: &[u8]| t[..3].iter().any(|&v| v != 0);
                assert_eq!(covered(c), covered(g), "{name}: coverage of pixel ({}, {}): CPU {c:?}, {} {g:?}", i as u32 % SIZE, i as u32 / SIZE, gpu.adapter_name());
                assert!(c.iter().zip(g).all(|(a, b)| a.abs_diff(*b) <= 1), "{name}: pixel ({}, {}): CPU {c:?}, {} {g:?}", i as u32 % SIZE, i as u32 / SIZE, gpu.adapter_name());
            }
        }
    }
}

/// The blend constant (`Draw::blend_constant`, wgpu's `set_blend_constant`): a quad of one
/// colour blended over the cleared target with `Constant`/`OneMinusConstant` factors gives
/// Vulkan's `src * C + dst * (1 - C)` per channel (alpha: `src * C.a`) on every device, and the
/// default constant (transparent black) gives the target unchanged.
#[test]
fn blend_constant_matches_cpu() {
    use shader_runtime::wgpu::{BlendComponent, BlendFactor as F, BlendOperation, BlendState};
    common::on_devices(|gpu| {
        let blend = BlendState {
            color: BlendComponent { src_factor: F::Constant, dst_factor: F::OneMinusConstant, operation: BlendOperation::Add },
            alpha: BlendComponent { src_factor: F::Constant, dst_factor: F::Zero, operation: BlendOperation::Add },
        };
        let options = RenderOptions { blend: Some(blend), ..Default::default() };
        let pipeline = RenderPipeline::new(gpu, &triangle_vs::MODULE, &triangle_fs::MODULE, &options).expect("pipeline");
        let src = [0.8f32, 0.4, 0.2];
        let quad = [[-1.0f32, -1.0], [1.0, -1.0], [1.0, 1.0], [-1.0, -1.0], [1.0, 1.0], [-1.0, 1.0]].map(|p| Vertex { position: p, color: src });
        let vertices = gpu.vertex_buffer(&quad);
        let bindings: [&dyn shader_runtime::BindingSet; 2] = [&triangle_vs::Bindings {}, &triangle_fs::Bindings {}];
        let clear = Color { r: 0.1, g: 0.5, b: 0.9, a: 1.0 };
        for (constant, dst_kept) in [(Color { r: 0.25, g: 0.5, b: 0.75, a: 0.6 }, false), (Color::TRANSPARENT, true)] {
            let target = gpu.render_target(8, 8, TextureFormat::Rgba8Unorm);
            let draw = Draw {
                bindings: &bindings,
                vertex_buffer: Some(&vertices),
                vertices: 0..6,
                clear: Some(clear),
                blend_constant: constant,
                ..Default::default()
            };
            pipeline.draw(gpu, &target, &draw).expect("draw");
            let pixels = target.read_rgba8_blocking(gpu).expect("read");
            let (c, d) = ([constant.r, constant.g, constant.b], [clear.r, clear.g, clear.b]);
            let mut want: Vec<f64> = (0..3).map(|k| f64::from(src[k]) * c[k] + d[k] * (1.0 - c[k])).collect();
            want.push(constant.a);
            let want: Vec<u8> = want.iter().map(|v| (v * 255.0).round() as u8).collect();
            if dst_kept {
                assert_eq!(&want[..3], &[26, 128, 230], "a zero constant keeps the target's colour");
            }
            for (i, p) in pixels.chunks_exact(4).enumerate() {
                assert!(p.iter().zip(&want).all(|(a, b)| a.abs_diff(*b) <= 1), "pixel {i} on {}: {p:?}, expected {want:?}", gpu.adapter_name());
            }
        }
    });
}

/// Every wgpu vertex format but the 64-bit ones (`RenderOptions::vertex_formats`; one vertex
/// every multiple of 4 bytes, as WebGPU aligns them): 16 vertices
/// whose bytes run through each component's range (0, the largest value, the most negative,
/// patterns between), drawn as points into an Rgba32Float target, give on every device what
/// Vulkan's conversions give ("Fixed-Point Data Conversions": unorm c / (2^b - 1), snorm
/// max(c / (2^(b-1) - 1), -1), binary16, integers extended; missing components 0, 0, 1;
/// `Unorm10_10_10_2` from the low bits, `Unorm8x4Bgra` swapped to RGBA), floats within two ulps
/// (lavapipe may multiply by the reciprocal).
#[test]
fn vertex_formats_match_lavapipe() {
    use shader_runtime::wgpu::VertexFormat as F;
    const N: usize = 16;
    #[derive(Clone, Copy, PartialEq)]
    enum K {
        Uint,
        Sint,
        Unorm,
        Snorm,
        Float,
    }
    // (format, kind, bits per component, components); packed formats below.
    let plain = [
        (F::Uint8, K::Uint, 8, 1),
        (F::Uint8x2, K::Uint, 8, 2),
        (F::Uint8x4, K::Uint, 8, 4),
        (F::Sint8, K::Sint, 8, 1),
        (F::Sint8x2, K::Sint, 8, 2),
        (F::Sint8x4, K::Sint, 8, 4),
        (F::Unorm8, K::Unorm, 8, 1),
        (F::Unorm8x2, K::Unorm, 8, 2),
        (F::Unorm8x4, K::Unorm, 8, 4),
        (F::Snorm8, K::Snorm, 8, 1),
        (F::Snorm8x2, K::Snorm, 8, 2),
        (F::Snorm8x4, K::Snorm, 8, 4),
        (F::Uint16, K::Uint, 16, 1),
        (F::Uint16x2, K::Uint, 16, 2),
        (F::Uint16x4, K::Uint, 16, 4),
        (F::Sint16, K::Sint, 16, 1),
        (F::Sint16x2, K::Sint, 16, 2),
        (F::Sint16x4, K::Sint, 16, 4),
        (F::Unorm16, K::Unorm, 16, 1),
        (F::Unorm16x2, K::Unorm, 16, 2),
        (F::Unorm16x4, K::Unorm, 16, 4),
        (F::Snorm16, K::Snorm, 16, 1),
        (F::Snorm16x2, K::Snorm, 16, 2),
        (F::Snorm16x4, K::Snorm, 16, 4),
        (F::Float16, K::Float, 16, 1),
        (F::Float16x2, K::Float, 16, 2),
        (F::Float16x4, K::Float, 16, 4),
        (F::Float32, K::Float, 32, 1),
        (F::Float32x2, K::Float, 32, 2),
        (F::Float32x3, K::Float, 32, 3),
        (F::Float32x4, K::Float, 32, 4),
        (F::Uint32, K::Uint, 32, 1),
        (F::Uint32x2, K::Uint, 32, 2),
        (F::Uint32x3, K::Uint, 32, 3),
        (F::Uint32x4, K::Uint, 32, 4),
        (F::Sint32, K::Sint, 32, 1),
        (F::Sint32x2, K::Sint, 32, 2),
        (F::Sint32x3, K::Sint, 32, 3),
        (F::Sint32x4, K::Sint, 32, 4),
    ];
    // A component's raw bits for vertex `v`, component `c`: the extremes first, then a pattern.
    let raw = |v: usize, c: usize, bits: u32| -> u32 {
        let max = if bits == 32 { u32::MAX } else { (1 << bits) - 1 };
        match v {
            0 => 0,
            1 => max,
            2 => 1 << (bits - 1),
            3 => (1 << (bits - 1)) + 1,
            _ => ((v as u32).wrapping_mul(2_654_435_761).rotate_left(c as u32 * 7 + 3)) & max,
        }
    };
    let f16 = |h: u32| -> f32 {
        let (sign, exp, mant) = ((h >> 15) & 1, (h >> 10) & 0x1F, h & 0x3FF);
        let magnitude = match exp {
            0 => mant as f32 * 2f32.powi(-24),
            31 if mant == 0 => f32::INFINITY,
            31 => f32::NAN,
            e => (1.0 + mant as f32 / 1024.0) * 2f32.powi(e as i32 - 15),
        };
        if sign == 1 {
            -magnitude
        } else {
            magnitude
        }
    };
    struct Case {
        format: F,
        /// The shader input: 0 float, 1 unsigned, 2 signed.
        input: usize,
        bytes: Vec<u8>,
        want: Vec<[f32; 4]>,
    }
    let mut cases = Vec::new();
    for &(format, kind, bits, n) in &plain {
        let (mut bytes, mut want) = (Vec::new(), Vec::new());
        for v in 0..N {
            let one = 1.0;
            let mut value = [0.0, 0.0, 0.0, one];
            for (c, slot) in value.iter_mut().enumerate().take(n) {
                let mut r = raw(v, c, bits);
                if kind == K::Float && bits == 32 {
                    // Finite floats only: the exponent's top bit cleared.
                    r &= !0x4000_0000;
                }
                if kind == K::Float && bits == 16 {
                    r &= !0x4000;
                }
                if kind == K::Uint || kind == K::Sint {
                    // Exactly representable as f32 after the shader's conversion.
                    r &= if bits == 32 { 0x80FF_FFFF } else { u32::MAX };
                }
                bytes.extend_from_slice(&r.to_le_bytes()[..bits as usize / 8]);
                let signed = if bits == 32 { r as i32 } else { ((r << (32 - bits)) as i32) >> (32 - bits) };
                *slot = match kind {
                    K::Uint => r as f32,
                    K::Sint => signed as f32,
                    K::Unorm => (f64::from(r) / f64::from((1u32 << bits) - 1)) as f32,
                    K::Snorm => (f64::from(signed) / f64::from((1u32 << (bits - 1)) - 1)).max(-1.0) as f32,
                    K::Float if bits == 16 => f16(r),
                    K::Float => f32::from_bits(r),
                };
            }
            // The runtime's vertex stride: a multiple of 4 bytes.
            bytes.resize(bytes.len().next_multiple_of(4), 0);
            want.push(value);
        }
        let input = match kind {
            K::Uint => 1,
            K::Sint => 2,
            _ => 0,
        };
        cases.push(Case { format, input, bytes, want });
    }
    for format in [F::Unorm10_10_10_2, F::Unorm8x4Bgra] {
        let (mut bytes, mut want) = (Vec::new(), Vec::new());
        for v in 0..N {
            let w = raw(v, 0, 32);
            bytes.extend_from_slice(&w.to_le_bytes());
            let unorm = |c: u32, bits: u32| (f64::from(c) / f64::from((1u32 << bits) - 1)) as f32;
            want.push(if format == F::Unorm10_10_10_2 {
                [unorm(w & 0x3FF, 10), unorm((w >> 10) & 0x3FF, 10), unorm((w >> 20) & 0x3FF, 10), unorm(w >> 30, 2)]
            } else {
                [unorm((w >> 16) & 0xFF, 8), unorm((w >> 8) & 0xFF, 8), unorm(w & 0xFF, 8), unorm(w >> 24, 8)]
            });
        }
        cases.push(Case { format, input: 0, bytes, want });
    }
    let draw = |gpu: &Gpu, case: &Case| -> Vec<[f32; 4]> {
        let formats = [(0, case.format)];
        let options = RenderOptions { topology: shader_runtime::wgpu::PrimitiveTopology::PointList, vertex_formats: &formats, ..Default::default() };
        let vertex = [&format_f_vs::MODULE, &format_u_vs::MODULE, &format_s_vs::MODULE][case.input];
        let options = RenderOptions { color_format: TextureFormat::Rgba32Float, ..options };
        let pipeline = RenderPipeline::new(gpu, vertex, &format_fs::MODULE, &options).unwrap_or_else(|e| panic!("{:?}: {e}", case.format));
        let target = gpu.render_target(N as u32, 1, TextureFormat::Rgba32Float);
        let buffer = gpu.vertex_buffer(&case.bytes);
        let bindings: [&dyn shader_runtime::BindingSet; 2] = [&format_f_vs::Bindings {}, &format_fs::Bindings {}];
        let draw = Draw { bindings: &bindings, vertex_buffer: Some(&buffer), vertices: 0..N as u32, ..Default::default() };
        pipeline.draw(gpu, &target, &draw).unwrap_or_else(|e| panic!("{:?}: {e}", case.format));
        let bytes = target.read_level_blocking(gpu, 0).expect("read");
        bytes.chunks(16).map(|t| std::array::from_fn(|c| f32::from_le_bytes(t[4 * c..4 * c + 4].try_into().unwrap()))).collect()
    };
    common::on_devices(|gpu| {
        for case in &cases {
            let got = draw(gpu, case);
            for (v, (g, w)) in got.iter().zip(&case.want).enumerate() {
                let close = g.iter().zip(w).all(|(a, b)| a == b || (a - b).abs() <= 2.0 * f32::EPSILON * b.abs());
                assert!(close, "{}: {:?}, vertex {v}: got {g:?}, want {w:?}", gpu.adapter_name(), case.format);
            }
        }
    });
}

shader! {
    // Varyings of 16 and 64 bits (`NARROW`) and their 32-bit twins, with the same 64-bit ones
    // (`tests/shaders/varyings`; Vulkan target: run as emitted on lavapipe and on the CPU
    // device).
    mod narrow_varyings_vs;
    path: "tests/shaders/varyings/varyings.vert",
    target: vulkan,
    defines: { NARROW = "1" },
    mod narrow_varyings_half_fs;
    path: "tests/shaders/varyings/half.frag",
    target: vulkan,
    defines: { NARROW = "1" },
    mod narrow_varyings_flat_fs;
    path: "tests/shaders/varyings/flat.frag",
    target: vulkan,
    defines: { NARROW = "1" },
    mod twin_varyings_vs;
    path: "tests/shaders/varyings/varyings.vert",
    target: vulkan,
    mod twin_varyings_half_fs;
    path: "tests/shaders/varyings/half.frag",
    target: vulkan,
    mod twin_varyings_flat_fs;
    path: "tests/shaders/varyings/flat.frag",
    target: vulkan,
    // Vertex inputs of the four Float64 formats (each a `dvec4`: the components a format lacks
    // are 0, 0, 1); `pick` chooses two of the sixteen doubles, whose bits go to the target.
    mod float64_inputs_vs;
    lang: glsl,
    stage: vertex,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) in dvec4 big;
        layout(location = 2) in dvec4 mid;
        layout(location = 4) in dvec4 single;
        layout(location = 6) in dvec4 pair;
        layout(location = 8) in vec2 corner;
        layout(push_constant) uniform Pick { uint pick; } p;
        layout(location = 0) flat out uvec4 bits;
        void main() {
            dvec4 v = p.pick < 2u ? big : p.pick < 4u ? mid : p.pick < 6u ? single : pair;
            dvec2 two = (p.pick & 1u) == 0u ? v.xy : v.zw;
            bits = uvec4(unpackDouble2x32(two.x), unpackDouble2x32(two.y));
            gl_Position = vec4(corner, 0.0, 1.0);
            gl_PointSize = 1.0;
        }
    "#,
    mod float64_inputs_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) flat in uvec4 bits;
        layout(location = 0) out uvec4 color;
        void main() { color = bits; }
    "#,
}

/// Varyings of 16 and 64 bits between the stages: f16 interpolated perspective-correctly and
/// linearly, flat f16, int16 and uint16 vectors, flat f64 and int64 (values f32 cannot hold),
/// and an f16 fragment output. lavapipe (LLVM 15) aborts compiling 16-bit varyings ("Cannot
/// emit physreg copy instruction"), so it runs their 32-bit twins (the same values, rounded to
/// f16 at the vertex; the same 64-bit varyings): the CPU device's 16-bit and 32-bit pipelines
/// both give lavapipe's targets, the flat ones exactly, the interpolated f16 ones within one
/// f16 step. (But the `noperspective` one, which lavapipe gives as NaN in a module run as
/// emitted, whatever its width; the CPU device's 16-bit one agrees with its 32-bit one, which
/// `runtime_cpu_device.rs` compares with lavapipe through naga.)
#[test]
fn varyings_of_16_and_64_bits_match_lavapipe() {
    type Module = &'static shader_runtime::ModuleInfo;
    const SIZE: u32 = 16;
    // Per vertex: big, mid, (pair, corner); the corners make a triangle over the whole target
    // with a different w at each corner.
    let vertices: [[f32; 12]; 3] = [
        [0.25, -3.5, 1.0, 2.0, -1234.0, 300.0, 3.0, 1.0, 0.75, 1000.0, -1.0, -1.0],
        [7.5, 100.0, 5.0, 1.0, 5.0, -7.0, 3.0, 0.5, -2.0, 60000.0, 3.0, -1.0],
        [-1.0, 0.125, 9.0, 0.5, 0.0, 1.0, 2.0, -4.0, 8.5, 3.0, -1.0, 3.0],
    ];
    let run = |gpu: &Gpu, passthrough: bool, [vs, half_fs, flat_fs]: [Module; 3]| -> [Vec<u8>; 2] {
        let pass = |fs: Module, format: TextureFormat| {
            common::validate_spirv_glsl(vs.spirv, false).expect("valid SPIR-V");
            common::validate_spirv_glsl(fs.spirv, false).expect("valid SPIR-V");
            let options = RenderOptions { passthrough, color_format: format, ..Default::default() };
            let pipeline = RenderPipeline::new(gpu, vs, fs, &options).expect("pipeline");
            let target = gpu.render_target(SIZE, SIZE, format);
            let buffer = gpu.vertex_buffer(&vertices);
            let draw = Draw { vertex_buffer: Some(&buffer), vertices: 0..3, ..Default::default() };
            pipeline.draw(gpu, &target, &draw).expect("draw");
            target.read_level_blocking(gpu, 0).expect("read")
        };
        [pass(half_fs, TextureFormat::Rgba16Float), pass(flat_fs, TextureFormat::Rgba32Float)]
    };
    let narrow = [&narrow_varyings_vs::MODULE, &narrow_varyings_half_fs::MODULE, &narrow_varyings_flat_fs::MODULE];
    let twin = [&twin_varyings_vs::MODULE, &twin_varyings_half_fs::MODULE, &twin_varyings_flat_fs::MODULE];
    let cpu = Gpu::cpu();
    let (cpu_narrow, cpu_twin) = (run(&cpu, false, narrow), run(&cpu, false, twin));
    assert!(cpu.take_findings().is_empty());
    // Every pixel has the provoking vertex's flat values: ((2^-33 * 2^20) * 2^16 + 1 + 1235 * 16,
    // 3 * 0.75 + 1000 - 1000, -1234 * 1000 + 300, 64535 * 8 + 1000 / 4 + 0).
    let flat: Vec<u8> = [19_769.0f32, 2.25, -1_233_700.0, 516_530.0].iter().flat_map(|v| v.to_le_bytes()).collect();
    for (k, pixel) in cpu_narrow[1].chunks(16).enumerate() {
        assert_eq!(pixel, &flat[..], "the flat varyings at pixel {k}");
    }
    let f16s = |b: &[u8]| b.chunks(2).map(|c| f16_to_f32(u16::from_le_bytes([c[0], c[1]]))).collect::<Vec<_>>();
    // The interpolated ones (x, y, z) within one f16 step; `linear`: with the noperspective one.
    let agree = |a: &[u8], b: &[u8], what: &str, linear: bool| {
        for (k, (x, y)) in f16s(a).into_iter().zip(f16s(b)).enumerate() {
            if k % 4 == 2 && !linear {
                continue;
            }
            let step = if k % 4 < 3 { y.abs().max(2f32.powi(-14)) * 2f32.powi(-10) } else { 0.0 };
            assert!((x - y).abs() <= step, "{what}: component {} of pixel {}: {x} vs {y}", k % 4, k / 4);
        }
    };
    agree(&cpu_narrow[0], &cpu_twin[0], "16-bit and 32-bit varyings on the CPU device", true);
    assert!(f16s(&cpu_narrow[0]).chunks(4).all(|p| p[3] == 0.75), "every pixel covered");
    let Some(pt) = common::passthrough_gpu() else {
        assert!(!common::ci() || common::gpu().is_none(), "a GPU without passthrough but CI=true");
        return;
    };
    let lavapipe = run(pt, true, twin);
    for (name, ours) in [("16-bit", &cpu_narrow), ("32-bit twin", &cpu_twin)] {
        assert_eq!(ours[1], lavapipe[1], "{name} varyings on the CPU device: the flat ones against lavapipe's");
        agree(&ours[0], &lavapipe[0], &format!("{name} varyings on the CPU device against lavapipe"), false);
    }
}

/// Vertex inputs of the four Float64 vertex formats (`Float64x4`, `Float64x3`, `Float64`,
/// `Float64x2`, values f32 cannot hold, the missing components 0, 0, 1) on the CPU device: the
/// bits of every double reach the shader. wgpu has no backend with `VERTEX_ATTRIBUTE_64BIT`,
/// so no GPU runs these pipelines (the runtime refuses them there) and the reference is the
/// values themselves; three points, eight draws of two doubles each.
#[test]
fn float64_vertex_formats_on_the_cpu_device() {
    use shader_runtime::wgpu::VertexFormat as F;
    let third = 1.0 / 3.0;
    // Per vertex: big (4), mid (3), single, pair (2) doubles, then the corner (2 f32).
    let doubles: [[f64; 10]; 3] = [
        [third, -1e300, 1.0 + 2f64.powi(-40), 5e-324, 2.5, -third, 7.0, 123_456_789.123_456_789, -0.0, f64::MAX],
        [1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0],
        [-2.0, third * 3.0, 1e-310, -1e16 + 1.0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6],
    ];
    let mut bytes = Vec::new();
    for (v, d) in doubles.iter().enumerate() {
        for x in d {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        for c in [(v as f32 + 0.5) / 2.0 - 1.0, 0.0] {
            bytes.extend_from_slice(&c.to_le_bytes());
        }
    }
    let formats = [(0, F::Float64x4), (2, F::Float64x3), (4, F::Float64), (6, F::Float64x2)];
    let gpu = Gpu::cpu();
    let options = RenderOptions { vertex_formats: &formats, color_format: TextureFormat::Rgba32Uint, topology: shader_runtime::wgpu::PrimitiveTopology::PointList, ..Default::default() };
    let pipeline = RenderPipeline::new(&gpu, &float64_inputs_vs::MODULE, &float64_inputs_fs::MODULE, &options).expect("pipeline");
    let buffer = gpu.vertex_buffer(&bytes);
    for pick in 0..8u32 {
        let target = gpu.render_target(4, 1, TextureFormat::Rgba32Uint);
        let draw = Draw { vertex_buffer: Some(&buffer), vertices: 0..3, immediates: &pick.to_le_bytes(), ..Default::default() };
        pipeline.draw(&gpu, &target, &draw).expect("draw");
        let got = target.read_level_blocking(&gpu, 0).expect("read");
        for (v, d) in doubles.iter().enumerate() {
            // The sixteen doubles the shader sees: big, mid and 1, single and 0, 0, 1, pair and 0, 1.
            let seen = [d[0], d[1], d[2], d[3], d[4], d[5], d[6], 1.0, d[7], 0.0, 0.0, 1.0, d[8], d[9], 0.0, 1.0];
            let want: Vec<u8> = seen[2 * pick as usize..2 * pick as usize + 2].iter().flat_map(|x| x.to_le_bytes()).collect();
            assert_eq!(&got[16 * v..16 * v + 16], &want[..], "vertex {v}, doubles {} and {}", 2 * pick, 2 * pick + 1);
        }
    }
    assert!(gpu.take_findings().is_empty());
}

/// binary16 bits as f32.
fn f16_to_f32(h: u16) -> f32 {
    let (sign, exp, mant) = ((h >> 15) & 1, (h >> 10) & 0x1F, u32::from(h & 0x3FF));
    let magnitude = match exp {
        0 => mant as f32 * 2f32.powi(-24),
        31 if mant == 0 => f32::INFINITY,
        31 => f32::NAN,
        e => (1.0 + mant as f32 / 1024.0) * 2f32.powi(i32::from(e) - 15),
    };
    if sign == 1 {
        -magnitude
    } else {
        magnitude
    }
}

shader! {
    // Positions with depth and a colour per vertex (the stencil passes).
    mod stencil_vs;
    lang: wgsl,
    src: r#"
        struct Out { @builtin(position) position: vec4<f32>, @location(0) color: vec4<f32> }
        @vertex fn main(@location(0) position: vec3<f32>, @location(1) color: vec4<f32>) -> Out {
            return Out(vec4<f32>(position, 1.0), color);
        }
    "#,
    mod stencil_fs;
    lang: wgsl,
    src: r#"
        @fragment fn main(@location(0) color: vec4<f32>) -> @location(0) vec4<f32> { return color; }
    "#,
}

/// A vertex of the stencil passes.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct DepthVertex {
    position: [f32; 3],
    color: [f32; 4],
}

/// The stencil test (`RenderOptions::stencil`, `Draw::stencil_reference`, `Draw::clear_stencil`)
/// over six draws into one target and one depth-stencil buffer, kept between the draws:
/// triangle A (front-facing, depth 0.5) replaces the stencil with 3; triangle B (back-facing,
/// behind A) increments where it passes the depth test and decrements (wrapping) where A hides
/// it, with front-face operations that would zero it instead; full-screen draws then colour
/// where the stencil equals 2 (A and B), invert the low four bits of odd values (write mask
/// 0x0F, read mask 0x01), and colour where it equals 0x0C (A only) and 0x0E (B only). With
/// `Depth24PlusStencil8` and `Stencil8` (no depth: B is never hidden); the CPU device's images
/// equal lavapipe's exactly, and each region has the colour the stencil arithmetic gives.
#[test]
fn stencil_tests_match_lavapipe() {
    use shader_runtime::wgpu::{CompareFunction as C, StencilFaceState, StencilOperation as O, StencilState};
    const SIZE: u32 = 32;
    let face = |compare, fail_op, depth_fail_op, pass_op| StencilFaceState { compare, fail_op, depth_fail_op, pass_op };
    let both = |f: StencilFaceState, read_mask, write_mask| StencilState { front: f, back: f, read_mask, write_mask };
    let tri = |p: [[f32; 2]; 3], z: f32, color: [f32; 4]| p.map(|[x, y]| DepthVertex { position: [x, y, z], color });
    let full = |color: [f32; 4]| {
        let [a, b, c] = tri([[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]], 0.0, color);
        vec![a, b, c]
    };
    let (red, green, blue, yellow, white) = ([1.0, 0.0, 0.0, 1.0], [0.0, 1.0, 0.0, 1.0], [0.0, 0.0, 1.0, 1.0], [1.0, 1.0, 0.0, 1.0], [1.0; 4]);
    // (vertices, stencil state, reference, depth compare, depth write).
    let passes: Vec<(Vec<DepthVertex>, StencilState, u32, C, bool)> = vec![
        // A: counter-clockwise in NDC (front-facing).
        (tri([[-0.9, -0.9], [0.3, -0.9], [-0.9, 0.6]], 0.5, red).to_vec(), both(face(C::Always, O::Keep, O::Keep, O::Replace), 0xFF, 0xFF), 3, C::Less, true),
        // B: clockwise (back-facing), overlapping A, behind it.
        (
            tri([[-0.4, -0.6], [0.2, 0.9], [0.9, -0.6]], 0.7, green).to_vec(),
            StencilState {
                front: face(C::Always, O::Zero, O::Zero, O::Zero),
                back: face(C::Always, O::Keep, O::DecrementWrap, O::IncrementClamp),
                read_mask: 0xFF,
                write_mask: 0xFF,
            },
            0,
            C::Less,
            true,
        ),
        (full(blue), both(face(C::Equal, O::Keep, O::Keep, O::Keep), 0xFF, 0), 2, C::Always, false),
        (full(white), both(face(C::Equal, O::Keep, O::Keep, O::Invert), 0x01, 0x0F), 1, C::Always, false),
        (full(yellow), both(face(C::Equal, O::Keep, O::Keep, O::Keep), 0xFF, 0), 0x0C, C::Always, false),
        (full(white), both(face(C::Equal, O::Keep, O::Keep, O::Keep), 0xFF, 0), 0x0E, C::Always, false),
    ];
    let run = |gpu: &Gpu, format: TextureFormat| -> Vec<u8> {
        let target = gpu.render_target(SIZE, SIZE, TextureFormat::Rgba8Unorm);
        let depth = gpu.depth_target_with(SIZE, SIZE, format, 1);
        for (k, (vertices, stencil, reference, depth_compare, depth_write)) in passes.iter().enumerate() {
            let options = RenderOptions { depth_format: Some(format), depth_compare: *depth_compare, depth_write: *depth_write, stencil: stencil.clone(), ..Default::default() };
            let pipeline = RenderPipeline::new(gpu, &stencil_vs::MODULE, &stencil_fs::MODULE, &options).unwrap_or_else(|e| panic!("{format:?}: {e}"));
            let buffer = gpu.vertex_buffer(vertices);
            let first = k == 0;
            let draw = Draw {
                vertex_buffer: Some(&buffer),
                vertices: 0..vertices.len() as u32,
                depth: Some(&depth),
                clear: first.then_some(Color::BLACK),
                clear_depth: first.then_some(1.0),
                clear_stencil: first.then_some(0),
                stencil_reference: *reference,
                ..Default::default()
            };
            pipeline.draw(gpu, &target, &draw).unwrap_or_else(|e| panic!("{format:?}, pass {k}: {e}"));
        }
        target.read_rgba8_blocking(gpu).expect("read")
    };
    for format in [TextureFormat::Depth24PlusStencil8, TextureFormat::Stencil8] {
        let cpu_gpu = Gpu::cpu();
        let cpu = run(&cpu_gpu, format);
        assert!(cpu_gpu.take_findings().is_empty());
        let count = |image: &[u8], c: [u8; 4]| image.chunks(4).filter(|p| *p == c).count();
        let [blue, yellow, white, black, green] =
            [[0, 0, 255, 255], [255, 255, 0, 255], [255; 4], [0, 0, 0, 255], [0, 255, 0, 255]].map(|c| count(&cpu, c));
        assert_eq!(blue + yellow + white + black + green, (SIZE * SIZE) as usize, "{format:?}: only these colours");
        assert!(yellow > 20 && white > 20 && black > 20, "{format:?}: {yellow} {white} {black}");
        if format == TextureFormat::Stencil8 {
            // No depth test: B increments over A too (3 + 1 = 4), where it stays green.
            assert!(blue == 0 && green > 20, "{format:?}: {blue} {green}");
        } else {
            assert!(blue > 20 && green == 0, "{format:?}: {blue} {green}");
        }
        if let Some(gpu) = common::gpu() {
            let lavapipe = run(gpu, format);
            if let Some(i) = cpu.chunks(4).zip(lavapipe.chunks(4)).position(|(a, b)| a != b) {
                panic!("{format:?}: pixel ({}, {}): CPU device {:?}, {} {:?}", i as u32 % SIZE, i as u32 / SIZE, &cpu[4 * i..4 * i + 4], gpu.adapter_name(), &lavapipe[4 * i..4 * i + 4]);
            }
        }
    }
}

shader! {
    // The sample index as red (per-sample shading), the vertex colour's green.
    mod sample_index_fs;
    lang: wgsl,
    src: r#"
        @fragment fn main(@builtin(sample_index) s: u32, @location(0) color: vec4<f32>) -> @location(0) vec4<f32> {
            return vec4<f32>(f32(s) / 3.0, color.g, 0.0, 1.0);
        }
    "#,
    // An input decorated `sample` (red: the window x at each vertex), and the position in
    // per-sample shading: their fractions squared tell the samples' locations (the mean over
    // them, 0.328125) from the centre's (1/4). Lavapipe interpolates the `sample` input at the
    // centre (the decoration alone does not turn on sample shading), the position per sample.
    mod sample_input_fs;
    lang: wgsl,
    src: r#"
        @fragment fn main(@location(0) @interpolate(perspective, sample) color: vec4<f32>) -> @location(0) vec4<f32> {
            let f = fract(color.r);
            return vec4<f32>(f * f, 0.0, 0.0, 1.0);
        }
    "#,
    // An input decorated `centroid`: lavapipe interpolates it at the centre too, so the
    // partly covered pixels' squared fractions are shares of the centre's 1/4.
    mod centroid_fs;
    lang: wgsl,
    src: r#"
        @fragment fn main(@location(0) @interpolate(perspective, centroid) color: vec4<f32>) -> @location(0) vec4<f32> {
            let f = fract(color.r);
            return vec4<f32>(f * f, 0.0, 0.0, 1.0);
        }
    "#,
    // The sample mask input (no wgpu form: the Vulkan target, run as emitted on the GPU): red
    // the mask over 15, green the number of samples it has over 4.
    mod sample_mask_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) out vec4 mask_and_count;
        void main() {
            mask_and_count = vec4(float(gl_SampleMaskIn[0]) / 15.0, float(bitCount(gl_SampleMaskIn[0])) / 4.0, 0.0, 1.0);
        }
    "#,
    // Writes `gl_SampleMask`: the samples of the pixel's column number (mod 16) only.
    mod sample_mask_out_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) out vec4 color;
        void main() {
            gl_SampleMask[0] = int(gl_FragCoord.x) % 16;
            color = vec4(1.0, 0.5, 0.25, 1.0);
        }
    "#,
    // Alpha for alpha-to-coverage: rows 0-15 the quarters (x mod 5) / 4, rows 16-31 x / 31;
    // rows 24-31 also keep only samples 0 and 2 by `gl_SampleMask`.
    mod alpha_to_coverage_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) out vec4 color;
        void main() {
            int x = int(gl_FragCoord.x);
            int y = int(gl_FragCoord.y);
            gl_SampleMask[0] = y >= 24 ? 5 : 15;
            color = vec4(1.0, 0.5, 0.25, y < 16 ? float(x % 5) / 4.0 : float(x) / 31.0);
        }
    "#,
    // The primitive's index and the layer (0: no layered rendering).
    mod primitive_id_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) out vec4 color;
        void main() {
            color = vec4(float(gl_PrimitiveID) / 4.0, 1.0, float(gl_Layer), 1.0);
        }
    "#,
    // A colour interpolated again at an offset, at sample 2 and at the centroid, each minus
    // its value at the centre (scaled). The centre's value is `interpolateAtOffset(color,
    // vec2(0.0))`: lavapipe (Mesa 22.3) gives a plain read of an input in a shader with an
    // `interpolateAt*` of it the interpolated value, not the centre's.
    mod interpolate_at_offset_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) in vec4 color;
        layout(location = 0) out vec4 o;
        void main() {
            vec4 centre = interpolateAtOffset(color, vec2(0.0));
            o = vec4((interpolateAtOffset(color, vec2(0.375, -0.25)).x - centre.x) * 8.0 + 0.5, 0.0, 0.0, 1.0);
        }
    "#,
    mod interpolate_at_sample_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) in vec4 color;
        layout(location = 0) out vec4 o;
        void main() {
            vec4 centre = interpolateAtOffset(color, vec2(0.0));
            o = vec4(0.0, (interpolateAtSample(color, 2).y - centre.y) * 8.0 + 0.5, 0.0, 1.0);
        }
    "#,
    mod interpolate_at_centroid_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) in vec4 color;
        layout(location = 0) out vec4 o;
        void main() {
            vec4 centre = interpolateAtOffset(color, vec2(0.0));
            o = vec4(0.0, 0.0, (interpolateAtCentroid(color).z - centre.z) * 8.0 + 0.25, 1.0);
        }
    "#,
    // Where in its point a fragment is (no wgpu form: the Vulkan target).
    mod point_coord_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) out vec4 coord;
        void main() {
            coord = vec4(gl_PointCoord, 0.25, 1.0);
        }
    "#,
    mod sample_position_wgsl_fs;
    lang: wgsl,
    src: r#"
        @fragment fn main(@builtin(sample_index) s: u32, @builtin(position) p: vec4<f32>) -> @location(0) vec4<f32> {
            let f = fract(p.xy);
            return vec4<f32>(f.x * f.x, f.y * f.y, f32(s) * 0.0, 1.0);
        }
    "#,
    // `gl_SamplePosition` (no WGSL form: the Vulkan target, run as emitted on the GPU).
    mod sample_position_fs;
    lang: glsl,
    stage: fragment,
    target: vulkan,
    src: r#"#version 450
        layout(location = 0) in vec4 color;
        layout(location = 0) out vec4 o;
        void main() {
            vec2 s = gl_SamplePosition;
            o = vec4(s.x * s.x, s.y * s.y, color.g, 1.0);
        }
    "#,
}

/// `gl_SamplePosition` under 4x multisampling: the fragment shader runs per sample and reads
/// each sample's standard location, so every pixel resolves to the mean of the squared
/// coordinates, 0.328125 (84/255), on the CPU device and on lavapipe (as emitted).
#[test]
fn sample_position_runs_per_sample() {
    let full = white(&[FULL_SCREEN]);
    let results = on_cpu_and_passthrough(&sample_position_fs::MODULE, &full, 8);
    for (device, pixels) in results {
        assert!(pixels.chunks(4).all(|p| p[0] == 84 && p[1] == 84), "{device}: {:?}", &pixels[..8]);
    }
}

/// `gl_SampleMaskIn` under 4x multisampling (no per-sample shading): the pixel's covered
/// samples, written to those samples and resolved. Wholly covered pixels are (255, 255);
/// partly covered ones the mask over 15 and the count over 4, each times the share written;
/// the CPU device's image equals lavapipe's (as emitted) within the resolve's rounding.
#[test]
fn sample_mask_input_matches_lavapipe() {
    let vertices = white(&PARTLY_COVERING);
    let results = on_cpu_and_passthrough(&sample_mask_fs::MODULE, &vertices, 32);
    let cpu = &results[0].1;
    assert!(cpu.chunks(4).any(|p| p[0] == 255 && p[1] == 255), "no wholly covered pixel");
    let partial = cpu.chunks(4).filter(|p| p[0] != 0 && p[0] != 255).count();
    assert!(partial > 20, "{partial} partly covered pixels");
    assert!(cpu.chunks(4).all(|p| (p[0] == 0) == (p[1] == 0)), "a mask without samples or samples without a mask");
    assert_cpu_agrees("", 32, &results);
}

/// `gl_SampleMask` written by the fragment shader: of each pixel's samples only those of the
/// mask (its column number mod 16) are written. With 4x multisampling a full-screen triangle's
/// pixel in column x gets the share popcount(x mod 16) / 4 of white, on the CPU device and on
/// lavapipe (as emitted), within the resolve's rounding; triangles with partly covered pixels
/// give lavapipe's image too. Without multisampling a pixel is written when bit 0 is set (odd
/// columns).
#[test]
fn sample_mask_output_matches_lavapipe() {
    let full = white(&[FULL_SCREEN]);
    let partial = white(&PARTLY_COVERING);
    let share = |x: usize| ((x % 16) as u32).count_ones() as f32 / 4.0;
    for (samples, vertices) in [(4, &full), (4, &partial), (1, &full)] {
        let options = RenderOptions { sample_count: samples, ..Default::default() };
        let results = on_cpu_and_passthrough_with(&sample_mask_out_fs::MODULE, vertices, 32, &options);
        for (device, image) in &results {
            if vertices.len() != 3 {
                continue;
            }
            for (i, p) in image.chunks(4).enumerate() {
                let x = i % 32;
                let expected = if samples == 1 { (x % 2) as f32 } else { share(x) };
                // On black (alpha 1): the written samples' share of the colour.
                let want = [expected, 0.5 * expected, 0.25 * expected, 1.0].map(|c| c * 255.0);
                assert!(p.iter().zip(want).all(|(&a, b)| (f32::from(a) - b).abs() <= 1.0), "{samples}x, {device}: pixel {i}: {p:?}, expected {want:?}");
            }
        }
        assert_cpu_agrees(&format!("{samples}x"), 32, &results);
    }
}

/// Alpha-to-coverage under 4x multisampling: a fragment's alpha keeps part of its samples
/// (Vulkan "Multisample Coverage"), ANDed with its rasterized coverage and its `SampleMask`
/// output. On a full-screen triangle the resolved red is the share of samples kept: none at
/// alpha 0 and all at 1 (the spec's bounds), k of 4 at alpha k / 4, growing with alpha over
/// a row; with the mask 0b0101 at most half, half at alpha 1. The CPU device's image equals
/// lavapipe's (as emitted), on partly covered pixels too, within the resolve's rounding. A
/// pipeline of 1 sample with alpha-to-coverage is refused, as wgpu refuses it.
#[test]
fn alpha_to_coverage_matches_lavapipe() {
    let full = white(&[FULL_SCREEN]);
    let partial = white(&PARTLY_COVERING);
    let options = RenderOptions { sample_count: 4, alpha_to_coverage: true, ..Default::default() };
    for vertices in [&full, &partial] {
        let results = on_cpu_and_passthrough_with(&alpha_to_coverage_fs::MODULE, vertices, 32, &options);
        for (device, image) in &results {
            if vertices.len() != 3 {
                continue;
            }
            // The share of samples written, in quarters, from the red channel.
            let quarters = |x: usize, y: usize| {
                let red = f32::from(image[4 * (y * 32 + x)]) / 255.0 * 4.0;
                assert!((red - red.round()).abs() < 0.02, "{device}: pixel ({x}, {y}): red {red} quarters");
                red.round() as u32
            };
            for y in 0..32 {
                let row: Vec<u32> = (0..32).map(|x| quarters(x, y)).collect();
                if y < 16 {
                    assert!(row.iter().enumerate().all(|(x, &q)| q == (x % 5) as u32), "{device}: row {y}: {row:?}");
                } else {
                    let most = if y < 24 { 4 } else { 2 };
                    assert!(row[0] == 0 && row[31] == most && row.windows(2).all(|w| w[0] <= w[1]), "{device}: row {y}: {row:?}");
                }
            }
        }
        assert_cpu_agrees(&format!("{} vertices", vertices.len()), 32, &results);
    }
    let one = RenderOptions { sample_count: 1, ..options };
    let cpu = Gpu::cpu();
    for gpu in [Some(&cpu), common::gpu()].into_iter().flatten() {
        match RenderPipeline::new(gpu, &stencil_vs::MODULE, &alpha_to_coverage_fs::MODULE, &one) {
            Err(shader_runtime::GpuError::InvalidUse(message)) => assert!(message.contains("alpha-to-coverage"), "{message}"),
            other => panic!("{}: {:?}", gpu.adapter_name(), other.err()),
        }
    }
}

/// `gl_PrimitiveID` in the fragment shader: the index of the fragment's triangle in the draw
/// (three triangles apart), and `gl_Layer`, 0 without layered rendering, on the CPU device and
/// on lavapipe (as emitted): each triangle's pixels are (id / 4, 1, 0) exactly there.
#[test]
fn primitive_id_and_layer_match_lavapipe() {
    let triangles = [[[-0.9, -0.9], [-0.1, -0.9], [-0.5, -0.1]], [[0.1, -0.9], [0.9, -0.9], [0.5, -0.1]], [[-0.4, 0.1], [0.4, 0.1], [0.0, 0.9]]];
    let vertices = white(&triangles);
    let options = RenderOptions { sample_count: 1, ..Default::default() };
    for (device, image) in on_cpu_and_passthrough_with(&primitive_id_fs::MODULE, &vertices, 32, &options) {
        for (id, t) in triangles.iter().enumerate() {
            // The centroid's pixel (NDC y up, rows down).
            let c = [0, 1].map(|k| t.iter().map(|v| v[k]).sum::<f32>() / 3.0);
            let (x, y) = (((c[0] + 1.0) * 16.0) as usize, ((1.0 - c[1]) * 16.0) as usize);
            let p = &image[4 * (y * 32 + x)..4 * (y * 32 + x) + 4];
            assert_eq!(p, [[0, 255, 0, 255], [64, 255, 0, 255], [128, 255, 0, 255]][id], "{device}: triangle {id} at ({x}, {y})");
        }
        let lit: Vec<u8> = image.chunks(4).filter(|p| p[1] == 255).map(|p| p[0]).collect();
        assert!(lit.len() > 100 && lit.iter().all(|r| [0, 64, 128].contains(r)), "{device}: {} lit pixels", lit.len());
    }
}

/// `interpolateAtOffset`, `interpolateAtSample` and `interpolateAtCentroid` (GLSL.std.450
/// 76-78) of a colour linear across a triangle under 4x multisampling: at a pixel the
/// difference to the value at its centre is the colour's gradient (from the vertices, in
/// pixels) times the offset, the sample's offset from the centre (Vulkan's standard
/// locations) or 0 (a wholly covered pixel's centroid is its centre). Inner pixels have those
/// values on the CPU device and on lavapipe (as emitted), and the images agree within 1/255.
#[test]
fn interpolate_at_matches_lavapipe() {
    let corners = [[-0.9f32, -0.9], [0.9, -0.9], [-0.9, 0.9]];
    let colors = [[0.0f32, 0.0, 0.0, 1.0], [1.0, 0.0, 1.0, 1.0], [0.0, 1.0, 1.0, 1.0]];
    let vertices: Vec<DepthVertex> = (0..3).map(|k| DepthVertex { position: [corners[k][0], corners[k][1], 0.0], color: colors[k] }).collect();
    // The gradient in pixels (x right, y down) of component c, from the three vertices.
    let pixel = |k: usize| [(corners[k][0] + 1.0) * 16.0, (1.0 - corners[k][1]) * 16.0];
    let gradient = |c: usize| {
        let (p0, p1, p2) = (pixel(0), pixel(1), pixel(2));
        let (e1, e2) = ([p1[0] - p0[0], p1[1] - p0[1]], [p2[0] - p0[0], p2[1] - p0[1]]);
        let (d1, d2) = (colors[1][c] - colors[0][c], colors[2][c] - colors[0][c]);
        let det = e1[0] * e2[1] - e1[1] * e2[0];
        [(d1 * e2[1] - d2 * e1[1]) / det, (d2 * e1[0] - d1 * e2[0]) / det]
    };
    let dot = |g: [f32; 2], o: [f32; 2]| g[0] * o[0] + g[1] * o[1];
    let sample_2 = [32.0 / 256.0 - 0.5, 160.0 / 256.0 - 0.5];
    let modules = [
        ("sample", &interpolate_at_sample_fs::MODULE, [0.0, 8.0 * dot(gradient(1), sample_2) + 0.5, 0.0, 1.0]),
        ("centroid", &interpolate_at_centroid_fs::MODULE, [0.0, 0.0, 0.25, 1.0]),
        ("offset", &interpolate_at_offset_fs::MODULE, [8.0 * dot(gradient(0), [0.375, -0.25]) + 0.5, 0.0, 0.0, 1.0]),
    ];
    let options = RenderOptions { sample_count: 4, ..Default::default() };
    for (name, module, want) in modules {
        let want = want.map(|v| v * 255.0);
        let results = on_cpu_and_passthrough_with(module, &vertices, 32, &options);
        for (device, image) in &results {
            for [x, y] in [[6, 20], [8, 24], [4, 26], [10, 28], [20, 27]] {
                let p = &image[4 * (y * 32 + x)..4 * (y * 32 + x) + 4];
                assert!(p.iter().zip(want).all(|(&a, b)| (f32::from(a) - b).abs() <= 1.0), "{name}, {device}: pixel ({x}, {y}): {p:?}, expected {want:?}");
            }
        }
        assert_cpu_agrees(name, 32, &results);
    }
}

/// A triangle over the whole target (NDC -1..3), for full-screen passes.
const FULL_SCREEN: [[f32; 2]; 3] = [[-1.0, -1.0], [3.0, -1.0], [-1.0, 3.0]];

/// Two triangles whose edges cross pixels at many angles: partly covered pixels.
const PARTLY_COVERING: [[[f32; 2]; 3]; 2] = [[[-0.93, -0.71], [0.81, -0.9], [-0.2, 0.95]], [[0.3, 0.97], [0.99, 0.12], [0.95, 0.9]]];

/// White triangles at depth 0.
fn white(triangles: &[[[f32; 2]; 3]]) -> Vec<DepthVertex> {
    triangles.iter().flatten().map(|&[x, y]| DepthVertex { position: [x, y, 0.0], color: [1.0; 4] }).collect()
}

/// The CPU device's image (first of `results`) equals lavapipe's (second, when there is one)
/// within 1/255 per channel, the resolve's rounding; `size` is the image's width.
fn assert_cpu_agrees<I: AsRef<[u8]>>(label: &str, size: u32, results: &[(&str, I)]) {
    let [(_, cpu), (_, lavapipe)] = results else { return };
    let (cpu, lavapipe) = (cpu.as_ref(), lavapipe.as_ref());
    if let Some(i) = cpu.iter().zip(lavapipe).position(|(a, b)| a.abs_diff(*b) > 1) {
        let (p, size) = (i / 4, size as usize);
        panic!("{label}: pixel ({}, {}): CPU device {:?}, lavapipe {:?}", p % size, p / size, &cpu[4 * p..4 * p + 4], &lavapipe[4 * p..4 * p + 4]);
    }
}

/// `vertices` drawn with `stencil_vs` and the Vulkan-target fragment module `fs` into a
/// `size`-square RGBA8 target under 4x multisampling, on the CPU device and (as emitted) on
/// the passthrough device when there is one: the resolved pixels of each, CPU first.
fn on_cpu_and_passthrough(fs: &'static shader_runtime::ModuleInfo, vertices: &[DepthVertex], size: u32) -> Vec<(&'static str, Vec<u8>)> {
    on_cpu_and_passthrough_with(fs, vertices, size, &RenderOptions { sample_count: 4, ..Default::default() })
}

/// [`on_cpu_and_passthrough`] with other `options` (its `passthrough` set for the GPU).
fn on_cpu_and_passthrough_with(
    fs: &'static shader_runtime::ModuleInfo,
    vertices: &[DepthVertex],
    size: u32,
    options: &RenderOptions<'_>,
) -> Vec<(&'static str, Vec<u8>)> {
    let run = |gpu: &Gpu, passthrough: bool| -> Vec<u8> {
        let options = RenderOptions { passthrough, ..options.clone() };
        let pipeline = RenderPipeline::new(gpu, &stencil_vs::MODULE, fs, &options).expect("pipeline");
        let target = gpu.render_target(size, size, TextureFormat::Rgba8Unorm);
        let buffer = gpu.vertex_buffer(vertices);
        let draw = Draw { vertex_buffer: Some(&buffer), vertices: 0..vertices.len() as u32, clear: Some(Color::BLACK), ..Default::default() };
        pipeline.draw(gpu, &target, &draw).expect("draw");
        target.read_rgba8_blocking(gpu).expect("read")
    };
    common::validate_spirv_glsl(fs.spirv, false).expect("valid SPIR-V");
    let mut results = vec![("CPU device", run(&Gpu::cpu(), false))];
    match common::passthrough_gpu() {
        Some(pt) => results.push(("lavapipe", run(pt, true))),
        None => assert!(!common::ci() || common::gpu().is_none(), "a GPU without passthrough but CI=true"),
    }
    results
}

/// `gl_PointCoord` of points (size 1) at positions off the pixel centres: each point's pixel
/// is 1/2 plus its centre's offset from the point's, on the CPU device and on lavapipe (as
/// emitted), within 1/255.
#[test]
fn point_coord_matches_lavapipe() {
    // Window (x, y) = (i + 0.5 + dx, 3 + dy) for 12 points 2 pixels apart.
    let points: Vec<DepthVertex> = (0..12)
        .map(|i| {
            let (dx, dy) = ((i as f32 * 0.37).fract() - 0.5, (i as f32 * 0.61).fract() - 0.5);
            let (x, y) = (2.0 * i as f32 + 0.5 + dx * 0.9, 3.5 + dy * 0.9);
            DepthVertex { position: [x / 16.0 - 1.0, 1.0 - y / 16.0, 0.0], color: [1.0; 4] }
        })
        .collect();
    let options = RenderOptions { topology: shader_runtime::wgpu::PrimitiveTopology::PointList, ..Default::default() };
    let results = on_cpu_and_passthrough_with(&point_coord_fs::MODULE, &points, 32, &options);
    let cpu = &results[0].1;
    let lit: Vec<&[u8]> = cpu.chunks(4).filter(|p| p[2] != 0).collect();
    assert_eq!(lit.len(), 12, "one pixel per point");
    assert!(lit.iter().any(|p| p[0] < 100) && lit.iter().any(|p| p[0] > 155), "coordinates spread across the point: {lit:?}");
    assert_cpu_agrees("", 32, &results);
}

/// Multisampling (`RenderOptions::sample_count` 4, resolved into the target): white triangles
/// on black give each pixel the share of its four samples (Vulkan's standard locations) they
/// cover, 0, 1/4, 1/2, 3/4 or 1, with some of each strictly between at the edges; with a
/// fragment shader that reads the sample index (per-sample shading), a covered pixel's red is
/// the mean of the covered samples' s/3 (1/2 inside), and its position is each sample's
/// location (an input decorated `sample` alone, or `centroid`, stays at the centre, as on
/// lavapipe); two
/// triangles that cross in depth, with
/// a 4x depth buffer, share the pixels along their intersection sample by sample. The CPU
/// device's images equal lavapipe's within 1/255 per channel (the resolve's rounding).
#[test]
fn multisampling_matches_lavapipe() {
    const SIZE: u32 = 32;
    let vertices = white(&[PARTLY_COVERING[0], PARTLY_COVERING[1], [[-0.98, 0.5], [-0.6, 0.52], [-0.97, 0.99]]]);
    let full = white(&[FULL_SCREEN]);
    // Red and green triangles crossing in depth.
    let mut crossing = Vec::new();
    for (p, z, color) in [
        ([[-0.9, -0.8], [0.9, -0.6], [0.0, 0.9]], [0.2, 0.8, 0.5], [1.0, 0.0, 0.0, 1.0]),
        ([[-0.8, 0.7], [0.1, -0.95], [0.95, 0.6]], [0.9, 0.5, 0.1], [0.0, 1.0, 0.0, 1.0]),
    ] {
        for k in 0..3 {
            crossing.push(DepthVertex { position: [p[k][0], p[k][1], z[k]], color });
        }
    }
    let run = |gpu: &Gpu, fs: &'static shader_runtime::ModuleInfo, vertices: &[DepthVertex]| -> Vec<u8> {
        let depth_format = (vertices.len() == 6).then_some(TextureFormat::Depth32Float);
        let options = RenderOptions { sample_count: 4, depth_format, ..Default::default() };
        let pipeline = RenderPipeline::new(gpu, &stencil_vs::MODULE, fs, &options).unwrap_or_else(|e| panic!("{}: {e}", gpu.adapter_name()));
        let target = gpu.render_target(SIZE, SIZE, TextureFormat::Rgba8Unorm);
        let depth = depth_format.map(|f| gpu.depth_target_with(SIZE, SIZE, f, 4));
        let buffer = gpu.vertex_buffer(vertices);
        let draw = Draw {
            vertex_buffer: Some(&buffer),
            vertices: 0..vertices.len() as u32,
            clear: Some(Color::BLACK),
            depth: depth.as_ref(),
            ..Default::default()
        };
        pipeline.draw(gpu, &target, &draw).unwrap_or_else(|e| panic!("{}: {e}", gpu.adapter_name()));
        target.read_rgba8_blocking(gpu).expect("read")
    };
    // Red: the window x (32 pixels wide: NDC 3 is x = 64).
    let ramp: Vec<DepthVertex> = [([-1.0, -1.0], 0.0), ([3.0, -1.0], 64.0), ([-1.0, 3.0], 0.0)]
        .iter()
        .map(|&([x, y], r)| DepthVertex { position: [x, y, 0.0], color: [r, 0.0, 0.0, 1.0] })
        .collect();
    let edge_ramp: Vec<DepthVertex> = [[-0.93, -0.71], [0.81, -0.9], [-0.2, 0.95]]
        .iter()
        .map(|&[x, y]: &[f32; 2]| DepthVertex { position: [x, y, 0.0], color: [(x + 1.0) * 16.0, 0.0, 0.0, 1.0] })
        .collect();
    let cases: [(&str, &'static shader_runtime::ModuleInfo, &[DepthVertex]); 7] = [
        ("centroid", &centroid_fs::MODULE, &edge_ramp),
        ("coverage", &stencil_fs::MODULE, &vertices),
        ("per-sample", &sample_index_fs::MODULE, &full),
        ("per-sample edges", &sample_index_fs::MODULE, &vertices),
        ("depth", &stencil_fs::MODULE, &crossing),
        ("sample input", &sample_input_fs::MODULE, &ramp),
        ("position per sample", &sample_position_wgsl_fs::MODULE, &full),
    ];
    let cpu_gpu = Gpu::cpu();
    for (name, fs, vertices) in cases {
        let cpu = run(&cpu_gpu, fs, vertices);
        let reds: Vec<u8> = cpu.chunks(4).map(|p| p[0]).collect();
        match name {
            "coverage" => {
                assert!(reds.iter().all(|r| [0, 64, 128, 191, 255].contains(r)), "{name}: shares of four samples only: {reds:?}");
                let partial = reds.iter().filter(|&&r| r != 0 && r != 255).count();
                let full = reds.iter().filter(|&&r| r == 255).count();
                assert!(partial > 20 && full > 100, "{name}: {partial} partly and {full} wholly covered pixels");
                for share in [64, 128, 191] {
                    assert!(reds.contains(&share), "{name}: no pixel with {share}");
                }
            }
            "per-sample" => assert!(reds.iter().all(|&r| r == 127 || r == 128), "{name}: {reds:?}"),
            // (0.375² + 0.875² + 0.125² + 0.625²) / 4 = 0.328125 in x and in y.
            "sample input" => assert!(cpu.chunks(4).all(|p| p[0] == 64), "{name}: {:?}", &cpu[..8]),
            // Shares of 64 (within the ramp's rounding).
            "centroid" => assert!(reds.iter().all(|&r| r <= 64 && (r + 1) % 16 <= 2) && reds.contains(&16), "{name}: {reds:?}"),
            "position per sample" => assert!(cpu.chunks(4).all(|p| p[0] == 84 && p[1] == 84), "{name}: {:?}", &cpu[..8]),
            "depth" => {
                // Inside both triangles, pixels whose samples are split between them.
                let split = cpu.chunks(4).filter(|p| p[0] > 0 && p[1] > 0 && u32::from(p[0]) + u32::from(p[1]) >= 254).count();
                assert!(split > 5, "{name}: {split} pixels shared along the intersection");
            }
            _ => assert!(reds.iter().any(|&r| r != 0 && r != 127 && r != 128), "{name}: partly covered pixels"),
        }
        if let Some(gpu) = common::gpu() {
            assert_cpu_agrees(name, SIZE, &[("CPU device", cpu), ("lavapipe", run(gpu, fs, vertices))]);
        }
    }
    assert!(cpu_gpu.take_findings().is_empty());
}

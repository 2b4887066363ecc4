//! The CPU device (`shader-cpu`, a SIMT interpreter) against lavapipe on the same machine:
//! the four compute examples at their default sizes, plus single-dispatch latency, and the
//! render examples (the triangle, a blur pass, an AGSL effect) through the runtime's render API
//! on `Gpu::cpu_with` and the wgpu adapter. Same SPIR-V (what `shader!` embeds), buffers,
//! textures and pipelines made once, both sides interleaved round by round so a busy machine
//! slows them alike; medians are printed.
//!
//! ```text
//! cargo bench --bench cpu_device [-- WORD]    # WORD: only the kernels whose name has it
//! ```
//!
//! Both use every core: lavapipe's `LP_NUM_THREADS` defaults to the core count, and so does
//! `shader_cpu::Options::threads`.

use std::time::{Duration, Instant};

use shader_runtime::wgpu::{AddressMode, Color, FilterMode, TextureFormat};
use shader_runtime::{shader, AgslEffect, Draw, Gpu, RenderOptions, RenderPipeline, RgbaImage, Std430};

shader! {
    mod saxpy;
    path: "examples/shaders/saxpy.wgsl",
}

shader! {
    mod reduction;
    path: "examples/shaders/reduction.wgsl",
}

shader! {
    mod matmul;
    path: "examples/shaders/matmul.comp",
}

#[derive(Clone, Copy, Debug, Std430)]
#[repr(C)]
pub struct Body {
    pos: [f32; 3],
    mass: f32,
    vel: [f32; 3],
    _pad: f32,
}

shader! {
    mod nbody;
    path: "examples/shaders/nbody.comp",
    types: { Body = super::Body },
}

shader! {
    mod vs;
    path: "examples/shaders/triangle.wgsl",
    entry: "vs_main",
    mod fs;
    path: "examples/shaders/triangle.wgsl",
    entry: "fs_main",
}

shader! {
    mod fullscreen;
    path: "examples/shaders/fullscreen.vert",
    mod blur;
    path: "examples/shaders/blur.frag",
}

shader! {
    mod wave;
    path: "examples/shaders/wave.agsl",
}

/// One kernel on both devices: `gpu` and `cpu` each run one dispatch to completion.
struct Kernel<'a> {
    name: String,
    gpu: Box<dyn FnMut() + 'a>,
    cpu: Box<dyn FnMut() + 'a>,
}

fn cpu_buffer<T: bytemuck::Pod>(data: &[T]) -> shader_cpu::Buffer {
    shader_cpu::Buffer::from_bytes(bytemuck::cast_slice(data))
}

/// Buffers bound at bindings 0, 1, ... of set 0. Leaked: they live as long as the benchmark.
fn bind(buffers: Vec<shader_cpu::Buffer>) -> Vec<shader_cpu::Binding<'static>> {
    buffers
        .into_iter()
        .enumerate()
        .map(|(i, b)| shader_cpu::Binding::buffer(0, i as u32, Box::leak(Box::new(b))))
        .collect()
}

fn program(words: &[u32]) -> shader_cpu::Program {
    shader_cpu::Program::new(words, "main", &[]).expect("the CPU device decodes the module")
}

fn options() -> shader_cpu::Options {
    shader_cpu::Options { sanitize: false, threads: None }
}

fn kernels(gpu: &Gpu) -> Vec<Kernel<'_>> {
    let mut out = Vec::new();

    // saxpy, 2^20 elements.
    {
        let n = 1u32 << 20;
        let x: Vec<f32> = (0..n).map(|i| (i % 1000) as f32 * 0.001).collect();
        let y: Vec<f32> = (0..n).map(|i| 1.0 - (i % 777) as f32 * 0.002).collect();
        let params = gpu.uniform_buffer(&saxpy::Params::new(2.5, n));
        let (xb, yb) = (gpu.storage_buffer(&x[..]), gpu.storage_buffer(&y[..]));
        let pipeline = saxpy::Pipeline::new(gpu).expect("pipeline");
        let groups = [n.div_ceil(256), 1, 1];
        let prog = program(saxpy::SPIRV);
        let bound = bind(vec![cpu_buffer(&[2.5f32.to_bits(), n, 0, 0]), cpu_buffer(&x), cpu_buffer(&y)]);
        out.push(Kernel {
            name: format!("saxpy n={n}"),
            gpu: Box::new(move || {
                pipeline.dispatch(gpu, saxpy::Bindings { params: &params, x: &xb, y: &yb }, groups).expect("dispatch");
                gpu.wait().expect("wait");
            }),
            cpu: Box::new(move || {
                prog.dispatch(&bound, &[], groups, &options()).expect("cpu dispatch");
            }),
        });
    }

    // reduction, 2^20 elements, the first (largest) pass.
    {
        let n = 1u32 << 20;
        let data: Vec<u32> = (0..n).map(|i| i.wrapping_mul(2_654_435_761) % 1000).collect();
        let params = gpu.uniform_buffer(&reduction::Params::new(n));
        let src = gpu.storage_buffer(&data[..]);
        let dst = gpu.storage_buffer_zeroed::<u32>(n.div_ceil(512) as usize);
        let pipeline = reduction::Pipeline::new(gpu).expect("pipeline");
        let groups = [n.div_ceil(512), 1, 1];
        let prog = program(reduction::SPIRV);
        let bound = bind(vec![cpu_buffer(&[n, 0, 0, 0]), cpu_buffer(&data), shader_cpu::Buffer::zeroed(n.div_ceil(512) as usize * 4)]);
        let shader_cpu::Resource::Buffer(check) = bound[2].resource else { unreachable!("bound as a buffer") };
        let expected: u32 = data[..512].iter().sum();
        out.push(Kernel {
            name: format!("reduction n={n} (one pass)"),
            gpu: Box::new(move || {
                pipeline.dispatch(gpu, reduction::Bindings { params: &params, src: &src, dst: &dst }, groups).expect("dispatch");
                gpu.wait().expect("wait");
            }),
            cpu: Box::new(move || {
                prog.dispatch(&bound, &[], groups, &options()).expect("cpu dispatch");
                assert_eq!(u32::from_le_bytes(check.to_bytes()[..4].try_into().unwrap()), expected);
            }),
        });
    }

    // matmul, 256 x 256 x 256.
    {
        let s = 256u32;
        let a: Vec<f32> = (0..s * s).map(|i| ((i * 7) % 11) as f32 - 5.0).collect();
        let b: Vec<f32> = (0..s * s).map(|i| ((i * 3) % 13) as f32 * 0.5).collect();
        let (ab, bb) = (gpu.storage_buffer(&a[..]), gpu.storage_buffer(&b[..]));
        let cb = gpu.storage_buffer_zeroed::<f32>((s * s) as usize);
        let dims = gpu.uniform_buffer(&matmul::Dims::new(s, s, s));
        let pipeline = matmul::Pipeline::new(gpu).expect("pipeline");
        let groups = [s / 16, s / 16, 1];
        let prog = program(matmul::SPIRV);
        let bound = bind(vec![cpu_buffer(&a), cpu_buffer(&b), shader_cpu::Buffer::zeroed((s * s * 4) as usize), cpu_buffer(&[s, s, s, 0])]);
        out.push(Kernel {
            name: format!("matmul {s}x{s}x{s}"),
            gpu: Box::new(move || {
                pipeline.dispatch(gpu, matmul::Bindings { a: &ab, b: &bb, c: &cb, dims: &dims }, groups).expect("dispatch");
                gpu.wait().expect("wait");
            }),
            cpu: Box::new(move || {
                prog.dispatch(&bound, &[], groups, &options()).expect("cpu dispatch");
            }),
        });
    }

    // nbody, 1024 bodies, one step.
    {
        let n = 1024u32;
        let bodies: Vec<Body> = (0..n)
            .map(|i| {
                let angle = i as f32 * 2.399_963;
                let radius = (i as f32 / n as f32).sqrt() * 4.0;
                let (s, c) = angle.sin_cos();
                Body { pos: [c * radius, s * radius, 0.1 * (i % 7) as f32], mass: 1.0 / n as f32, vel: [-s * 0.3, c * 0.3, 0.0], _pad: 0.0 }
            })
            .collect();
        let params = gpu.uniform_buffer(&nbody::Params::new(0.005, 0.01, n));
        let before = gpu.storage_buffer(&bodies[..]);
        let after = gpu.storage_buffer_zeroed::<Body>(n as usize);
        let pipeline = nbody::Pipeline::new(gpu).expect("pipeline");
        let groups = [n.div_ceil(64), 1, 1];
        let prog = program(nbody::SPIRV);
        let flat: Vec<f32> = bodies.iter().flat_map(|b| [b.pos[0], b.pos[1], b.pos[2], b.mass, b.vel[0], b.vel[1], b.vel[2], 0.0]).collect();
        let p = [0.005f32.to_bits(), 0.01f32.to_bits(), n, 0];
        let bound = bind(vec![cpu_buffer(&flat), shader_cpu::Buffer::zeroed((n * 32) as usize), cpu_buffer(&p)]);
        out.push(Kernel {
            name: format!("nbody {n} bodies (one step)"),
            gpu: Box::new(move || {
                pipeline.dispatch(gpu, nbody::Bindings { before: &before, after: &after, params: &params }, groups).expect("dispatch");
                gpu.wait().expect("wait");
            }),
            cpu: Box::new(move || {
                prog.dispatch(&bound, &[], groups, &options()).expect("cpu dispatch");
            }),
        });
    }

    // Latency: saxpy of one workgroup (256 elements).
    {
        let n = 256u32;
        let x = vec![1.0f32; n as usize];
        let params = gpu.uniform_buffer(&saxpy::Params::new(0.5, n));
        let (xb, yb) = (gpu.storage_buffer(&x[..]), gpu.storage_buffer(&x[..]));
        let pipeline = saxpy::Pipeline::new(gpu).expect("pipeline");
        let prog = program(saxpy::SPIRV);
        let bound = bind(vec![cpu_buffer(&[0.5f32.to_bits(), n, 0, 0]), cpu_buffer(&x), cpu_buffer(&x)]);
        out.push(Kernel {
            name: "latency: saxpy n=256 (1 workgroup), dispatch + wait".to_string(),
            gpu: Box::new(move || {
                pipeline.dispatch(gpu, saxpy::Bindings { params: &params, x: &xb, y: &yb }, [1, 1, 1]).expect("dispatch");
                gpu.wait().expect("wait");
            }),
            cpu: Box::new(move || {
                prog.dispatch(&bound, &[], [1, 1, 1], &options()).expect("cpu dispatch");
            }),
        });
    }
    out
}

/// One render example on one device: `run` draws a frame and waits for it, `pixels` reads the
/// last frame back (RGBA8).
struct Render<'a> {
    run: Box<dyn FnMut() + 'a>,
    pixels: Box<dyn Fn() -> Vec<u8> + 'a>,
}

#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct Vertex {
    position: [f32; 2],
    color: [f32; 3],
}

/// The triangle example at 512 x 512: clear, one triangle (a third of the pixels), vertex
/// colours interpolated.
fn triangle(dev: &Gpu) -> Render<'_> {
    let pipeline = RenderPipeline::new(dev, &vs::MODULE, &fs::MODULE, &RenderOptions::default()).expect("pipeline");
    let vertices = dev.vertex_buffer(&[
        Vertex { position: [0.0, 0.8], color: [1.0, 0.0, 0.0] },
        Vertex { position: [-0.8, -0.8], color: [0.0, 1.0, 0.0] },
        Vertex { position: [0.8, -0.8], color: [0.0, 0.0, 1.0] },
    ]);
    let target = std::rc::Rc::new(dev.render_target(512, 512, TextureFormat::Rgba8Unorm));
    let read = target.clone();
    Render {
        run: Box::new(move || {
            let draw = Draw {
                bindings: &[&vs::Bindings {}, &fs::Bindings {}],
                vertex_buffer: Some(&vertices),
                vertices: 0..3,
                clear: Some(Color { r: 0.1, g: 0.1, b: 0.12, a: 1.0 }),
                ..Default::default()
            };
            pipeline.draw(dev, &target, &draw).expect("draw");
            dev.wait().expect("wait");
        }),
        pixels: Box::new(move || read.read_rgba8_blocking(dev).expect("read back")),
    }
}

/// A test pattern: a checkerboard with a colour gradient.
fn pattern(width: u32, height: u32) -> Vec<u8> {
    let mut pixels = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            let v = if ((x / 16) + (y / 16)) % 2 == 0 { 255 } else { 0 };
            pixels.extend_from_slice(&[v, (x * 255 / width) as u8, (y * 255 / height) as u8, 255]);
        }
    }
    pixels
}

/// One pass of the blur example (a 3 x 3 box blur, nine nearest samples per pixel) over a
/// 1024 x 768 image: a full-screen triangle, a GLSL fragment shader.
fn blur_pass(dev: &Gpu) -> Render<'_> {
    let (width, height) = (1024, 768);
    let pipeline = RenderPipeline::new(dev, &fullscreen::MODULE, &blur::MODULE, &RenderOptions::default()).expect("pipeline");
    let sampler = dev.sampler(FilterMode::Nearest, AddressMode::ClampToEdge);
    let source = dev.texture_rgba8(width, height, &pattern(width, height)).expect("texture");
    let target = std::rc::Rc::new(dev.render_target(width, height, TextureFormat::Rgba8Unorm));
    let read = target.clone();
    Render {
        run: Box::new(move || {
            let draw = Draw { bindings: &[&fullscreen::Bindings {}, &blur::Bindings { img: &source, img_sampler: &sampler }], vertices: 0..3, ..Default::default() };
            pipeline.draw(dev, &target, &draw).expect("draw");
            dev.wait().expect("wait");
        }),
        pixels: Box::new(move || read.read_rgba8_blocking(dev).expect("read back")),
    }
}

/// The AGSL wave effect of `examples/agsl_effect.rs` (a child shader sampled at a distorted
/// coordinate, linear filtering) at 512 x 512, rendered into a new texture each frame as
/// `AgslEffect::render_texture` does.
fn agsl_wave(dev: &Gpu) -> Render<'_> {
    let (width, height) = (512, 512);
    let mut effect = AgslEffect::new(dev, &wave::EFFECT).expect("effect");
    effect.set_uniforms(&wave::Uniforms::new([width as f32, height as f32], 0.8, 6.0, 48.0)).expect("uniforms");
    let image = RgbaImage::new(width, height, pattern(width, height)).expect("image");
    effect.set_input(dev, "image", &image).expect("input");
    let effect = std::rc::Rc::new(effect);
    let read = effect.clone();
    Render {
        run: Box::new(move || {
            effect.render_texture(dev, width, height).expect("render");
            dev.wait().expect("wait");
        }),
        pixels: Box::new(move || read.render(dev, width, height).expect("render").pixels),
    }
}

fn render_kernels<'a>(gpu: &'a Gpu, cpu: &'a Gpu) -> Vec<Kernel<'a>> {
    let examples: [(&str, fn(&'a Gpu) -> Render<'a>); 3] = [
        ("render: triangle 512x512", triangle),
        ("render: blur pass 1024x768", blur_pass),
        ("render: AGSL wave 512x512 (render_texture)", agsl_wave),
    ];
    let mut out = Vec::new();
    for (name, example) in examples {
        let (mut g, mut c) = (example(gpu), example(cpu));
        (g.run)();
        (c.run)();
        // The two images agree (lavapipe and the CPU device round and filter alike to a step).
        let (gp, cp) = ((g.pixels)(), (c.pixels)());
        let worst = gp.iter().zip(&cp).map(|(a, b)| a.abs_diff(*b)).max().unwrap_or(0);
        let differing = gp.chunks(4).zip(cp.chunks(4)).filter(|(a, b)| a != b).count();
        assert!(gp.len() == cp.len() && worst <= 2, "{name}: the devices' images differ by up to {worst}");
        eprintln!("{name}: images agree (max channel difference {worst}, {differing} pixels differ)");
        out.push(Kernel { name: name.to_string(), gpu: g.run, cpu: c.run });
    }
    out
}

fn main() {
    // `cargo bench` passes `--bench`; `cargo test --benches` runs this too: keep that short.
    let quick = !std::env::args().any(|a| a == "--bench");
    // `cargo bench --bench cpu_device -- render`: only the kernels whose name contains a word.
    let filter = std::env::args().skip(1).find(|a| !a.starts_with('-'));
    // lavapipe (or another wgpu adapter) against the CPU device.
    let gpu = match Gpu::with_options_blocking(&shader_runtime::GpuOptions::from_env()) {
        Ok(gpu) => gpu,
        Err(e) if std::env::var("CI").is_ok_and(|v| v == "true") => panic!("{e}"),
        Err(e) => {
            eprintln!("*** SKIPPED: {e} ***");
            return;
        }
    };
    eprintln!("adapter: {}; cores: {}", gpu.adapter_name(), std::thread::available_parallelism().map_or(1, |n| n.get()));
    // The render examples through the runtime: the CPU device as `Gpu::cpu_with` gives it
    // (sanitizer off, as in a release build; every core).
    let cpu = Gpu::cpu_with(options());
    let all = kernels(&gpu).into_iter().chain(render_kernels(&gpu, &cpu));
    for mut k in all.filter(|k| filter.as_ref().is_none_or(|f| k.name.contains(f.as_str()))) {
        // Warm up both (lavapipe compiles the pipeline on first use).
        (k.gpu)();
        (k.cpu)();
        let budget = if quick { Duration::from_millis(1) } else { Duration::from_secs(8) };
        let (mut g, mut c) = (Vec::new(), Vec::new());
        let started = Instant::now();
        while (started.elapsed() < budget || g.len() < 3) && g.len() < 2000 {
            let t = Instant::now();
            (k.gpu)();
            g.push(t.elapsed().as_secs_f64());
            let t = Instant::now();
            (k.cpu)();
            c.push(t.elapsed().as_secs_f64());
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let (gm, cm) = (median(&mut g), median(&mut c));
        eprintln!(
            "{}: lavapipe {:.3} ms, CPU device {:.3} ms, CPU/lavapipe {:.2} ({} rounds)",
            k.name,
            gm * 1e3,
            cm * 1e3,
            cm / gm,
            g.len()
        );
    }
}

//! Blurs an image on the GPU: a GLSL fragment shader samples a `sampler2D` (which the compiler
//! splits into a texture and a sampler for wgpu) over a full-screen triangle, ping-ponging
//! between two textures for several passes. Checked against the same blur on the CPU.
//!
//! ```text
//! cargo run --release --example blur [INPUT.png] [OUTPUT.png] [PASSES]
//! ```
//!
//! Without an input file it blurs a generated test pattern (and saves it as `blur_input.png`).

use std::process::ExitCode;

use shader_runtime::wgpu::{AddressMode, FilterMode, TextureFormat};
use shader_runtime::{shader, Draw, Gpu, RenderOptions, RenderPipeline};

shader! {
    mod fullscreen;
    path: "examples/shaders/fullscreen.vert",
    mod blur;
    path: "examples/shaders/blur.frag",
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let input = args.first().filter(|a| a.as_str() != "-").cloned();
    let output = args.get(1).cloned().unwrap_or_else(|| "blur.png".to_string());
    let passes = match args.get(2).map(|p| p.parse::<u32>()) {
        None => 4,
        Some(Ok(p)) => p,
        Some(Err(_)) => {
            eprintln!("usage: blur [INPUT.png|-] [OUTPUT.png] [PASSES]");
            return ExitCode::FAILURE;
        }
    };
    match run(input.as_deref(), &output, passes) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

pub type Image = (u32, u32, Vec<u8>);

pub fn run(input: Option<&str>, output: &str, passes: u32) -> Result<bool, Box<dyn std::error::Error>> {
    let (width, height, pixels) = match input {
        Some(path) => read_png(path)?,
        None => {
            let image = pattern(256, 192);
            write_png("blur_input.png", &image)?;
            println!("wrote blur_input.png (generated test pattern)");
            image
        }
    };
    let gpu = Gpu::new_blocking()?;
    println!("adapter: {}", gpu.adapter_name());
    let pipeline = RenderPipeline::new(&gpu, &fullscreen::MODULE, &blur::MODULE, &RenderOptions::default())?;
    let sampler = gpu.sampler(FilterMode::Nearest, AddressMode::ClampToEdge);
    let source = gpu.texture_rgba8(width, height, &pixels)?;
    let targets = [gpu.render_target(width, height, TextureFormat::Rgba8Unorm), gpu.render_target(width, height, TextureFormat::Rgba8Unorm)];
    for pass in 0..passes {
        // Pass 0 reads the input; later passes read the previous pass's target.
        let from = if pass == 0 { &source } else { &targets[(pass as usize + 1) % 2] };
        let to = &targets[pass as usize % 2];
        pipeline.draw(
            &gpu,
            to,
            &Draw { bindings: &[&fullscreen::Bindings {}, &blur::Bindings { img: from, img_sampler: &sampler }], vertices: 0..3, ..Default::default() },
        )?;
        println!("pass {}/{passes}", pass + 1);
    }
    let result = if passes == 0 { pixels.clone() } else { targets[(passes as usize + 1) % 2].read_rgba8_blocking(&gpu)? };
    write_png(output, &(width, height, result.clone()))?;
    println!("wrote {output} ({width}x{height}, {passes} passes)");

    println!("checking against the CPU...");
    let mut cpu = pixels;
    for _ in 0..passes {
        cpu = blur_cpu(&cpu, width, height);
    }
    // Each pass may round a channel differently by one step.
    let worst = result.iter().zip(&cpu).map(|(g, c)| g.abs_diff(*c)).max().unwrap_or(0);
    println!("max channel difference: {worst}");
    if u32::from(worst) > passes {
        eprintln!("error: the GPU blur differs from the CPU");
        return Ok(false);
    }
    println!("ok");
    Ok(true)
}

/// 3 x 3 box blur with clamped edges, rounded like a unorm8 store.
pub fn blur_cpu(pixels: &[u8], width: u32, height: u32) -> Vec<u8> {
    let mut out = vec![0u8; pixels.len()];
    for y in 0..height as i64 {
        for x in 0..width as i64 {
            for c in 0..4 {
                let mut sum = 0.0f32;
                for dy in -1..=1 {
                    for dx in -1..=1 {
                        let sx = (x + dx).clamp(0, i64::from(width) - 1) as usize;
                        let sy = (y + dy).clamp(0, i64::from(height) - 1) as usize;
                        sum += f32::from(pixels[(sy * width as usize + sx) * 4 + c]) / 255.0;
                    }
                }
                out[(y as usize * width as usize + x as usize) * 4 + c] = (sum / 9.0 * 255.0).round() as u8;
            }
        }
    }
    out
}

/// Checkerboard with a colour gradient: sharp edges make the blur visible.
pub fn pattern(width: u32, height: u32) -> Image {
    let mut pixels = Vec::with_capacity((width * height * 4) as usize);
    for y in 0..height {
        for x in 0..width {
            let on = ((x / 16) + (y / 16)) % 2 == 0;
            let v = if on { 255 } else { 0 };
            pixels.extend_from_slice(&[v, (x * 255 / width) as u8, (y * 255 / height) as u8, 255]);
        }
    }
    (width, height, pixels)
}

pub fn read_png(path: &str) -> Result<Image, Box<dyn std::error::Error>> {
    let mut decoder = png::Decoder::new(std::io::BufReader::new(std::fs::File::open(path)?));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info()?;
    let mut buffer = vec![0; reader.output_buffer_size().ok_or("image too large")?];
    let info = reader.next_frame(&mut buffer)?;
    let bytes = &buffer[..info.buffer_size()];
    let rgba: Vec<u8> = match info.color_type {
        png::ColorType::Rgba => bytes.to_vec(),
        png::ColorType::Rgb => bytes.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        png::ColorType::GrayscaleAlpha => bytes.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        png::ColorType::Grayscale => bytes.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err("indexed PNGs are expanded by the decoder; this one was not".into()),
    };
    Ok((info.width, info.height, rgba))
}

pub fn write_png(path: &str, (width, height, pixels): &Image) -> Result<(), Box<dyn std::error::Error>> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, *width, *height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(pixels)?;
    Ok(())
}

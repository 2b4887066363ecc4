//! Android AGSL effects on the desktop: two effects written in AGSL, inline in `shader!{ lang:
//! agsl, .. }`, applied to a PNG through `shader_runtime::AgslEffect`: a wave distortion, then
//! a colour matrix (sepia) that takes the wave's output texture as its input.
//!
//! ```text
//! cargo run --release --example agsl_effect -- [INPUT.png] [OUTPUT.png]
//! ```
//!
//! Defaults: `docs/images/blur_input.png` in, `docs/images/agsl_effect.png` out (wave + sepia);
//! the wave alone is written beside it as `*_wave.png`. Effects return premultiplied colour;
//! the PNGs are unpremultiplied on the way out.

use std::process::ExitCode;

use shader_runtime::{shader, AgslEffect, Gpu, RgbaImage, Std140};

/// The colour matrix effect's uniforms as our own type, bound with `types`: the macro checks at
/// compile time that it has the std140 layout of the AGSL uniform block.
#[derive(Clone, Copy, Debug, PartialEq, Std140)]
#[repr(C)]
pub struct ColorMatrix {
    /// Column-major, applied to unpremultiplied RGBA.
    matrix: [[f32; 4]; 4],
    offset: [f32; 4],
}

shader! {
    mod wave;
    path: "examples/shaders/wave.agsl",
    mod color_matrix;
    lang: agsl,
    types: { AgslUniforms = crate::ColorMatrix },
    src: r#"
uniform shader image;
uniform float4x4 matrix;
uniform float4 offset;

half4 main(float2 fragCoord) {
    half4 c = unpremul(image.eval(fragCoord));
    half4 m = saturate(matrix * c + offset);
    return half4(m.rgb * m.a, m.a);
}
"#,
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let input = args.first().cloned().unwrap_or_else(|| "docs/images/blur_input.png".to_string());
    let output = args.get(1).cloned().unwrap_or_else(|| "docs/images/agsl_effect.png".to_string());
    if args.len() > 2 || !output.ends_with(".png") {
        eprintln!("usage: agsl_effect [INPUT.png] [OUTPUT.png]");
        return ExitCode::FAILURE;
    }
    match run(&input, &output) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

fn run(input: &str, output: &str) -> Result<(), Box<dyn std::error::Error>> {
    let image = read_png(input)?;
    let (width, height) = (image.width, image.height);
    let gpu = Gpu::new_blocking()?;
    println!("adapter: {}", gpu.adapter_name());

    let mut wave = AgslEffect::new(&gpu, &wave::EFFECT)?;
    wave.set_uniforms(&wave::Uniforms::new([width as f32, height as f32], 0.8, 6.0, 48.0))?;
    wave.set_input(&gpu, "image", &image)?;
    let waved = wave.render_texture(&gpu, width, height)?;
    let wave_path = output.replace(".png", "_wave.png");
    let wave_pixels = RgbaImage::new(width, height, waved.read_rgba8_blocking(&gpu)?)?;
    write_png(&wave_path, &wave_pixels.unpremultiplied())?;
    println!("wrote {wave_path} (wave)");

    let mut sepia = AgslEffect::new(&gpu, &color_matrix::EFFECT)?;
    sepia.set_uniforms(&color_matrix::Uniforms {
        matrix: [[0.393, 0.349, 0.272, 0.0], [0.769, 0.686, 0.534, 0.0], [0.189, 0.168, 0.131, 0.0], [0.0, 0.0, 0.0, 1.0]],
        offset: [0.0; 4],
    })?;
    // The wave's output texture is premultiplied, as a child's input must be: no round trip.
    sepia.set_input(&gpu, "image", &waved)?;
    let result = sepia.render(&gpu, width, height)?;
    write_png(output, &result.unpremultiplied())?;
    println!("wrote {output} (wave + sepia colour matrix, {width}x{height})");
    Ok(())
}

fn read_png(path: &str) -> Result<RgbaImage, Box<dyn std::error::Error>> {
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
    Ok(RgbaImage::new(info.width, info.height, rgba)?)
}

fn write_png(path: &str, image: &RgbaImage) -> Result<(), Box<dyn std::error::Error>> {
    let file = std::io::BufWriter::new(std::fs::File::create(path)?);
    let mut encoder = png::Encoder::new(file, image.width, image.height);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(&image.pixels)?;
    Ok(())
}

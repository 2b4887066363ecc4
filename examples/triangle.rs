//! Renders the classic RGB triangle offscreen (WGSL vertex + fragment shaders, vertex layout
//! from reflection) and writes it to a PNG.
//!
//! ```text
//! cargo run --release --example triangle [OUTPUT.png]
//! ```

use std::process::ExitCode;

use shader_runtime::wgpu::{Color, TextureFormat};
use shader_runtime::{shader, Draw, Gpu, RenderOptions, RenderPipeline};

shader! {
    mod vs;
    path: "examples/shaders/triangle.wgsl",
    entry: "vs_main",
    mod fs;
    path: "examples/shaders/triangle.wgsl",
    entry: "fs_main",
}

/// One vertex as the vertex shader's inputs want it: location 0 `vec2<f32>`, location 1
/// `vec3<f32>`, tightly packed.
#[repr(C)]
#[derive(Clone, Copy, bytemuck::Pod, bytemuck::Zeroable)]
struct Vertex {
    position: [f32; 2],
    color: [f32; 3],
}

const WIDTH: u32 = 512;
const HEIGHT: u32 = 512;

fn main() -> ExitCode {
    let output = std::env::args().nth(1).unwrap_or_else(|| "triangle.png".to_string());
    match run(&output) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => ExitCode::FAILURE,
        Err(e) => {
            eprintln!("error: {e}");
            ExitCode::FAILURE
        }
    }
}

pub fn run(output: &str) -> Result<bool, Box<dyn std::error::Error>> {
    let gpu = Gpu::new_blocking()?;
    println!("adapter: {}", gpu.adapter_name());
    let pipeline = RenderPipeline::new(&gpu, &vs::MODULE, &fs::MODULE, &RenderOptions::default())?;
    let vertices = gpu.vertex_buffer(&[
        Vertex { position: [0.0, 0.8], color: [1.0, 0.0, 0.0] },
        Vertex { position: [-0.8, -0.8], color: [0.0, 1.0, 0.0] },
        Vertex { position: [0.8, -0.8], color: [0.0, 0.0, 1.0] },
    ]);
    let target = gpu.render_target(WIDTH, HEIGHT, TextureFormat::Rgba8Unorm);
    pipeline.draw(
        &gpu,
        &target,
        &Draw {
            bindings: &[&vs::Bindings {}, &fs::Bindings {}],
            vertex_buffer: Some(&vertices),
            vertices: 0..3,
            clear: Some(Color { r: 0.1, g: 0.1, b: 0.12, a: 1.0 }),
            ..Default::default()
        },
    )?;
    let pixels = target.read_rgba8_blocking(&gpu)?;

    // The centroid is an equal mix of the three colours; a corner is the clear colour.
    let at = |x: u32, y: u32| &pixels[((y * WIDTH + x) * 4) as usize..][..4];
    let centroid_y = ((1.0 - (-0.8 / 3.0)) / 2.0 * HEIGHT as f32) as u32;
    let centre = at(WIDTH / 2, centroid_y);
    let corner = at(0, 0);
    println!("centroid pixel {centre:?}, corner pixel {corner:?}");
    let ok = centre[..3].iter().all(|&c| c.abs_diff(85) <= 3) && corner == [26, 26, 31, 255];

    let file = std::io::BufWriter::new(std::fs::File::create(output)?);
    let mut encoder = png::Encoder::new(file, WIDTH, HEIGHT);
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.write_header()?.write_image_data(&pixels)?;
    println!("wrote {output} ({WIDTH}x{HEIGHT})");
    if !ok {
        eprintln!("error: the image is not the expected triangle");
        return Ok(false);
    }
    println!("ok");
    Ok(true)
}

//! Shader unit tests: the README's pattern. Each `#[test]` runs one kernel on the CPU device
//! with small inputs and asserts on the results computed here by hand: deterministic, no GPU
//! or driver needed, in plain `cargo test`.
#![deny(warnings)]

use shader_runtime::{shader, Gpu};

shader! {
    mod clamp_scale;
    lang: wgsl,
    src: r#"
        struct Params { scale: f32, limit: f32 }
        @group(0) @binding(0) var<uniform> params: Params;
        @group(0) @binding(1) var<storage, read_write> data: array<f32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x < arrayLength(&data) { data[id.x] = min(data[id.x] * params.scale, params.limit); }
        }
    "#,
    // An inclusive prefix sum of one workgroup in shared memory (Hillis-Steele): barriers
    // between the steps, which a test without them would fail.
    mod scan;
    lang: glsl,
    src: r#"
        #version 450
        layout(local_size_x = 8) in;
        layout(std430, binding = 0) buffer Data { uint values[]; };
        shared uint tmp[8];
        void main() {
            uint i = gl_LocalInvocationIndex;
            tmp[i] = values[i];
            barrier();
            for (uint step = 1u; step < 8u; step *= 2u) {
                uint add = i >= step ? tmp[i - step] : 0u;
                barrier();
                tmp[i] += add;
                barrier();
            }
            values[i] = tmp[i];
        }
    "#,
}

#[test]
fn clamp_scale_caps_at_the_limit() {
    let gpu = Gpu::cpu(); // deterministic, no driver needed
    let data = gpu.storage_buffer(&[1.0f32, -2.0, 3.0, 50.0][..]);
    let params = gpu.uniform_buffer(&clamp_scale::Params::new(10.0, 40.0));
    let pipeline = clamp_scale::Pipeline::new(&gpu).unwrap();
    pipeline.dispatch(&gpu, clamp_scale::Bindings { params: &params, data: &data }, [1, 1, 1]).unwrap();
    assert_eq!(data.read_blocking(&gpu).unwrap(), [10.0, -20.0, 30.0, 40.0]);
    assert!(gpu.take_findings().is_empty()); // no out-of-bounds access
}

#[test]
fn scan_is_an_inclusive_prefix_sum() {
    let gpu = Gpu::cpu();
    let pipeline = scan::Pipeline::new(&gpu).unwrap();
    for input in [[1u32; 8], [3, 1, 4, 1, 5, 9, 2, 6], [0, 0, 0, 7, 0, 0, 0, 0]] {
        let data = gpu.storage_buffer(&input[..]);
        pipeline.dispatch(&gpu, scan::Bindings { Data: &data }, [1, 1, 1]).unwrap();
        let expected: Vec<u32> = input.iter().scan(0, |sum, v| {
            *sum += v;
            Some(*sum)
        }).collect();
        assert_eq!(data.read_blocking(&gpu).unwrap(), expected, "scan of {input:?}");
    }
    assert!(gpu.take_findings().is_empty());
}

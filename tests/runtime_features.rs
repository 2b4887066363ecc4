//! Runtime features end to end on a device: writes and readback (blocking and async), bind
//! group caching, indirect dispatch, push constants through immediates, override constants;
//! and the errors a user can cause, each a clear `Err` naming what is wrong.
#![deny(warnings)]

mod common;

use shader_runtime::{
    shader, BindingProblem, Gpu, GpuError, GpuOptions, NamedResources, PipelineOptions,
};

shader! {
    mod scale;
    lang: wgsl,
    src: r#"
        struct Params { factor: f32, n: u32 }
        struct Block { header: vec4<f32>, tail: array<f32> }
        @group(0) @binding(0) var<uniform> params: Params;
        @group(0) @binding(1) var<storage, read_write> data: array<f32>;
        @group(1) @binding(0) var<storage, read_write> counter: atomic<u32>;
        @compute @workgroup_size(64)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            if id.x < params.n {
                data[id.x] = data[id.x] * params.factor;
                atomicAdd(&counter, 1u);
            }
        }
    "#,
    // Writes the workgroup count of a later indirect dispatch.
    mod plan;
    lang: wgsl,
    src: r#"
        struct Params { factor: f32, n: u32 }
        @group(0) @binding(0) var<uniform> params: Params;
        @group(0) @binding(1) var<storage, read_write> args: array<u32, 3>;
        @compute @workgroup_size(1)
        fn main() {
            args[0] = (params.n + 63u) / 64u;
            args[1] = 1u;
            args[2] = 1u;
        }
    "#,
    mod overridden;
    lang: wgsl,
    src: r#"
        override offset: f32 = 1.0;
        @id(7) override multiplier: u32 = 2u;
        @group(0) @binding(0) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(4)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            out[id.x] = f32(id.x * multiplier) + offset;
        }
    "#,
    // GLSL specialization constants, one per scalar type, with SpecIds that are not 0..n.
    mod specialized;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 4) in;
        layout(constant_id = 3) const uint MULT = 2u;
        layout(constant_id = 5) const float OFFSET = 0.5;
        layout(constant_id = 9) const bool NEGATE = false;
        layout(constant_id = 11) const int SHIFT = -1;
        layout(std430, set = 0, binding = 0) buffer Out { float v[]; } o;
        void main() {
            uint i = gl_GlobalInvocationID.x;
            float r = float(int(i * MULT) + SHIFT) + OFFSET;
            o.v[i] = NEGATE ? -r : r;
        }
    "#,
    // A workgroup array sized by an override (and one that sizes nothing): the wgpu target
    // writes the default length 8, so only `n = 8` may run.
    mod tiled;
    lang: wgsl,
    src: r#"
        override n: u32 = 8u;
        override bias: u32 = 100u;
        var<workgroup> tile: array<u32, n>;
        @group(0) @binding(0) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(8)
        fn main(@builtin(local_invocation_index) i: u32) {
            tile[i] = i * 3u;
            workgroupBarrier();
            out[i] = tile[n - 1u - i] + bias;
        }
    "#,
    // The same shape on the Vulkan target: the array's length is the specialization constant,
    // so a passthrough pipeline may change `n`, down to 6 (the constant index 5).
    mod tiled_vulkan;
    lang: wgsl,
    target: vulkan,
    src: r#"
        override n: u32 = 8u;
        var<workgroup> tile: array<u32, n>;
        @group(0) @binding(0) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(1)
        fn main() {
            for (var i = 0u; i < n; i++) { tile[i] = i * 3u; }
            out[0] = tile[5];
            out[1] = tile[n - 1u];
            out[2] = arrayLength(&out);
        }
    "#,
    // `layout(constant_id)` on local constants (in `main` and in a helper): specialization
    // constants as at global scope (glslang: `OpSpecConstant` with `SpecId`).
    mod local_specialized;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 1) in;
        layout(std430, set = 0, binding = 0) buffer Out { float values[]; } o;
        float scaled(float x) {
            layout(constant_id = 4) const float SCALE = 0.5;
            return x * SCALE;
        }
        void main() {
            layout(constant_id = 3) const uint COUNT = 7u;
            layout(constant_id = 6) const bool NEGATE = false;
            const uint NEXT = COUNT + 1u;
            o.values[0] = float(COUNT);
            o.values[1] = float(NEXT);
            o.values[2] = NEGATE ? -scaled(4.0) : scaled(4.0);
        }
    "#,
    // A workgroup size and a workgroup array that follow specialization constants (Vulkan
    // target: the array's length is the constant), for passthrough's checks on the
    // specialized words.
    mod sized_workgroup;
    lang: glsl,
    stage: compute,
    target: vulkan,
    src: r#"
        #version 450
        layout(local_size_x_id = 0) in;
        layout(constant_id = 0) const uint WIDTH = 4u;
        layout(constant_id = 1) const uint TILE = 4u;
        shared vec4 tile[TILE];
        layout(std430, set = 0, binding = 0) buffer Out { uint v[]; } o;
        void main() {
            uint i = gl_LocalInvocationIndex;
            tile[i % TILE] = vec4(float(i % TILE));
            barrier();
            o.v[i] = gl_WorkGroupSize.x * 1000u + uint(tile[i % TILE].x) + TILE * 100000u;
        }
    "#,
    // Workgroup arrays whose lengths are computed from constants (Vulkan target: the lengths
    // follow them): one that grows with its constant, one that does not.
    mod computed_lengths;
    lang: wgsl,
    target: vulkan,
    src: r#"
        override a: u32 = 8u;
        override d: u32 = 2u;
        var<workgroup> twice: array<u32, a * 2u>;
        var<workgroup> rest: array<u32, 8u - d>;
        @group(0) @binding(0) var<storage, read_write> out: array<u32>;
        @compute @workgroup_size(1)
        fn main() {
            twice[5] = 5u;
            rest[3] = 3u;
            out[0] = twice[5] + rest[3];
            out[1] = arrayLength(&out);
        }
    "#,
    // A storage texture and a sampled texture of unsigned texels.
    mod texel_types;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var counts: texture_storage_2d<r32uint, write>;
        @group(0) @binding(1) var source: texture_2d<u32>;
        @group(0) @binding(2) var<storage, read> weights: array<u32>;
        @compute @workgroup_size(1)
        fn main() {
            textureStore(counts, vec2<u32>(0u, 0u), vec4<u32>(textureLoad(source, vec2<u32>(0u, 0u), 0).r + weights[0]));
        }
    "#,
    mod pushed;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 8) in;
        layout(push_constant) uniform Push { float bias; uint stride; } pc;
        layout(std430, set = 0, binding = 0) buffer Data { float values[]; } data;
        void main() {
            uint i = gl_GlobalInvocationID.x;
            data.values[i] = float(i * pc.stride) + pc.bias;
        }
    "#,
    // Binding numbers 0 and 2: not dense, which the passthrough path refuses.
    mod gapped;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read> src: array<f32>;
        @group(0) @binding(2) var<storage, read_write> dst: array<f32>;
        @compute @workgroup_size(1)
        fn main() { dst[0] = src[0]; }
    "#,
    // 256 KiB of workgroup memory: over the max_compute_workgroup_storage_size of lavapipe
    // (Vulkan guarantees 16 KiB), which passthrough checks since nothing after it does.
    mod too_much_shared;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> data: array<f32>;
        var<workgroup> tile: array<vec4<f32>, 16384>;
        @compute @workgroup_size(64)
        fn main(@builtin(local_invocation_index) i: u32) {
            tile[i] = vec4<f32>(data[i]);
            workgroupBarrier();
            data[i] = tile[63u - i].x;
        }
    "#,
    mod unchecked;
    lang: wgsl,
    bounds_checks: unchecked,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> data: array<f32, 4>;
        @group(0) @binding(1) var<uniform> i: u32;
        @compute @workgroup_size(1)
        fn main() { data[i] = 1.0; }
    "#,
    // Each way `dispatch_checked` derives a count (`ENTRY_POINTS[0].invocation_indexed`), and
    // its neighbours that it must not derive.
    mod derived;
    lang: wgsl,
    src: r#"
        @group(0) @binding(0) var<storage, read_write> direct: array<f32>;
        @group(0) @binding(1) var<storage, read_write> via_let: array<f32>;
        @group(0) @binding(2) var<storage, read_write> via_whole_let: array<f32>;
        @group(0) @binding(3) var<storage, read> converted: array<f32>;
        @group(0) @binding(4) var<storage, read_write> in_helper: array<f32>;
        @group(0) @binding(5) var<storage, read_write> shifted: array<f32>;
        @group(0) @binding(6) var<storage, read_write> y_indexed: array<f32>;
        @group(0) @binding(7) var<storage, read_write> branched: array<f32>;
        @group(0) @binding(8) var<storage, read_write> after_return: array<f32>;
        fn helper(i: u32) { in_helper[i] = 1.0; }
        @compute @workgroup_size(4)
        fn main(@builtin(global_invocation_id) id: vec3<u32>) {
            direct[id.x] = 1.0;
            let i = id.x;
            via_let[i] = 2.0;
            let g = id;
            via_whole_let[g.x] = converted[i32(id.x)];
            helper(id.x);
            shifted[id.x + 1u] = 3.0;
            y_indexed[id.y] = 4.0;
            if id.y == 0u { branched[id.x] = 5.0; }
            if id.x >= arrayLength(&after_return) { return; }
            after_return[id.x] = 6.0;
        }
    "#,
    mod derived_glsl;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 8) in;
        layout(std430, binding = 0) buffer A { float a[]; };
        layout(std430, binding = 1) buffer B { uint count; float b[]; } bb;
        layout(std430, binding = 2) buffer C { float c[]; } cc;
        void main() {
            uint i = gl_GlobalInvocationID.x;
            a[i] = 1.0;
            bb.b[gl_GlobalInvocationID.x] = 2.0;
            uint j = gl_GlobalInvocationID.x;
            j += 1u;
            cc.c[j] = 3.0;
        }
    "#,
    mod tail;
    lang: wgsl,
    src: r#"
        struct Block { header: vec4<f32>, tail: array<f32> }
        @group(0) @binding(0) var<storage, read_write> block: Block;
        @compute @workgroup_size(1)
        fn main() { block.tail[0] = block.header.x; }
    "#,
    // Global constants and variables computed from specialization constants, on the default
    // (wgpu) target and on the Vulkan target (`OpSpecConstantOp`, as glslang).
    mod derived_globals;
    path: "tests/shaders/spec_derived_globals.comp",
    mod derived_globals_vulkan;
    target: vulkan,
    path: "tests/shaders/spec_derived_globals.comp",
    // A workgroup whose x size is a specialization constant (Vulkan target: it follows the
    // constant) and a buffer indexed with `gl_GlobalInvocationID.x`.
    mod wide_workgroup;
    lang: glsl,
    stage: compute,
    target: vulkan,
    src: r#"
        #version 450
        layout(local_size_x_id = 0) in;
        layout(constant_id = 0) const uint WIDTH = 4u;
        layout(std430, set = 0, binding = 0) buffer Out { uint v[]; } o;
        void main() {
            o.v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x + gl_WorkGroupSize.x * 1000u;
        }
    "#,
    // The same workgroup on the wgpu target, whose words hold the default size (naga's SPIR-V
    // reader specializes no workgroup size: the runtime writes the pipeline's size into them),
    // and WGSL's `@workgroup_size(override)`.
    mod fixed_workgroup;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x_id = 0, local_size_x = 4) in;
        layout(constant_id = 0) const uint WIDTH = 4u;
        layout(std430, set = 0, binding = 0) buffer Out { uint v[]; } o;
        void main() {
            o.v[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x + gl_WorkGroupSize.x * 1000u + WIDTH * 100000u;
        }
    "#,
    // Without `local_size_x` the size's default is 1 while WIDTH's is 4 (as glslang's module:
    // one id, two constants): WIDTH = 4 makes the size 4 (as on Vulkan).
    mod fixed_workgroup_one;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x_id = 0) in;
        layout(constant_id = 0) const uint WIDTH = 4u;
        layout(std430, set = 0, binding = 0) buffer Out { uint v[]; } o;
        void main() {
            o.v[gl_GlobalInvocationID.x] = gl_WorkGroupSize.x * 1000u + WIDTH;
        }
    "#,
    mod fixed_workgroup_wgsl;
    lang: wgsl,
    src: r#"
        override width: u32 = 4u;
        override scale: u32 = 1u;
        @group(0) @binding(0) var<storage, read_write> o: array<u32>;
        @compute @workgroup_size(2, width)
        fn main(@builtin(local_invocation_index) i: u32, @builtin(workgroup_id) g: vec3<u32>) {
            o[g.x * 2u * width + i] = i * scale + width * 1000u;
        }
    "#,
    // A workgroup size computed from overrides (WGSL override-expressions): on the wgpu target
    // the runtime computes it from the pipeline's values (`workgroup_size_expressions`); on the
    // Vulkan target the words do (`OpSpecConstantOp`s in a `WorkgroupSize` composite).
    mod expression_sized;
    lang: wgsl,
    src: r#"
        override half: i32 = 2;
        override rows: i32 = 3;
        @group(0) @binding(0) var<storage, read_write> o: array<u32>;
        @compute @workgroup_size(half * 2, rows - 1)
        fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(local_invocation_index) i: u32) {
            o[i] = (l.x + 1u) * 100u + (l.y + 1u) * 10u + u32(half) * 1000u;
        }
    "#,
    mod expression_sized_vulkan;
    lang: wgsl,
    target: vulkan,
    src: r#"
        override half: i32 = 2;
        override rows: i32 = 3;
        @group(0) @binding(0) var<storage, read_write> o: array<u32>;
        @compute @workgroup_size(half * 2, rows - 1)
        fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(local_invocation_index) i: u32) {
            o[i] = (l.x + 1u) * 100u + (l.y + 1u) * 10u + u32(half) * 1000u;
        }
    "#,
    // Integer built-ins in override-expressions (WGSL §17.5 `max`, `clamp`, `abs`): the
    // Vulkan target writes them as the comparisons and selects `OpSpecConstantOp` has, and
    // reflection's steps are those operations (`spec_length::copy`).
    mod builtin_sized;
    lang: wgsl,
    src: r#"
        override half: i32 = 3;
        override rows: i32 = 3;
        @group(0) @binding(0) var<storage, read_write> o: array<u32>;
        @compute @workgroup_size(max(half, 2), clamp(rows - 1, 1, 3), abs(half - 4))
        fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(local_invocation_index) i: u32) {
            o[i] = (l.x + 1u) * 100u + (l.y + 1u) * 10u + l.z + 1u;
        }
    "#,
    mod builtin_sized_vulkan;
    lang: wgsl,
    target: vulkan,
    src: r#"
        override half: i32 = 3;
        override rows: i32 = 3;
        @group(0) @binding(0) var<storage, read_write> o: array<u32>;
        @compute @workgroup_size(max(half, 2), clamp(rows - 1, 1, 3), abs(half - 4))
        fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(local_invocation_index) i: u32) {
            o[i] = (l.x + 1u) * 100u + (l.y + 1u) * 10u + l.z + 1u;
        }
    "#,
    // A workgroup size computed from an f32 override (`u32(f)`, naga and Tint accept it):
    // `OpSpecConstantOp` has no float operations in shaders, so the host computes it on both
    // targets (`spec_length::host_computed`; reflection's steps hold the f32 instructions).
    mod float_sized;
    lang: wgsl,
    src: r#"
        override f: f32 = 2.5;
        @group(0) @binding(0) var<storage, read_write> o: array<u32>;
        @compute @workgroup_size(u32(f), u32(f * 2.0) - 1u, max(u32(4.0 - f), 1u))
        fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(local_invocation_index) i: u32) {
            o[i] = (l.x + 1u) * 100u + (l.y + 1u) * 10u + l.z + 1u;
        }
    "#,
    mod float_sized_vulkan;
    lang: wgsl,
    target: vulkan,
    src: r#"
        override f: f32 = 2.5;
        @group(0) @binding(0) var<storage, read_write> o: array<u32>;
        @compute @workgroup_size(u32(f), u32(f * 2.0) - 1u, max(u32(4.0 - f), 1u))
        fn main(@builtin(local_invocation_id) l: vec3<u32>, @builtin(local_invocation_index) i: u32) {
            o[i] = (l.x + 1u) * 100u + (l.y + 1u) * 10u + l.z + 1u;
        }
    "#,
    // Expressions of a specialization constant in places a constant expression may stand but
    // does not have to: an index into a `const` array (not a constant expression, GLSL 4.60
    // §4.3.3) and a chain as long as `ir::CHAIN_CUT` (kept whole, neither folded at the default nor
    // cut into a `let`, because it reads a specialization constant).
    mod spec_indexed;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 1) in;
        layout(constant_id = 0) const int K = 1;
        const int A[4] = int[4](10, 20, 30, 40);
        layout(std430, set = 0, binding = 0) buffer Out { int v[]; } o;
        void main() {
            o.v[0] = A[K];
            o.v[1] = K + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1;
        }
    "#,
    // Global `const` arrays and structs selected by a specialization constant (`?:` on arrays
    // and structs, which glslang accepts and computes in `main`), nested too.
    mod spec_selected;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        layout(local_size_x = 1) in;
        layout(constant_id = 0) const int K = 3;
        struct S { int a; int b; };
        const int PAIR[2] = K > 1 ? int[2](1, 2) : int[2](3, 4);
        const int NESTED[2] = K > 1 ? (K > 2 ? int[2](5, 6) : int[2](7, 8)) : int[2](9, 10);
        const S PICKED = K > 1 ? S(11, 12) : S(13, 14);
        layout(std430, set = 0, binding = 0) buffer Out { int v[]; } o;
        void main() {
            o.v[0] = PAIR[0];
            o.v[1] = PAIR[1];
            o.v[2] = NESTED[0];
            o.v[3] = NESTED[1];
            o.v[4] = PICKED.b;
        }
    "#,
    // Workgroup arrays sized by `gl_WorkGroupSize` components that are specialization constants
    // (`local_size_x_id`), in an inner dimension and in an expression: their lengths follow the
    // constant as glslang's (`OpSpecConstantOp CompositeExtract`; GLSL 4.60 §7.1.3).
    mod workgroup_sized;
    lang: glsl,
    stage: compute,
    target: vulkan,
    path: "tests/shaders/workgroup_sized.comp",
    // `workgroup_sized` on the wgpu target: its arrays have the default length there.
    mod workgroup_sized_wgpu;
    lang: glsl,
    stage: compute,
    path: "tests/shaders/workgroup_sized.comp",
    // Specialization constants as GL_KHR_memory_scope_semantics scopes and semantics (one
    // through a `const` computed from it), which SPIR-V takes only as constants: they keep
    // their defaults; STEP, an ordinary operand, does not.
    mod scoped_by_constants;
    lang: glsl,
    stage: compute,
    src: r#"
        #version 450
        #extension GL_KHR_memory_scope_semantics : require
        layout(local_size_x = 4) in;
        layout(constant_id = 0) const int SCOPE = 1;
        layout(constant_id = 1) const int SEMANTICS = 0;
        layout(constant_id = 2) const uint STEP = 1u;
        const int BARRIER_SCOPE = SCOPE + 0;
        layout(std430, set = 0, binding = 0) buffer Counter { uint values[]; } c;
        void main() {
            atomicAdd(c.values[0], STEP, SCOPE, gl_StorageSemanticsBuffer, SEMANTICS);
            memoryBarrier(BARRIER_SCOPE, gl_StorageSemanticsBuffer, gl_SemanticsAcquireRelease);
            if (gl_GlobalInvocationID.x == 0u) { c.values[1] = STEP; }
        }
    "#,
    // WGSL's neighbour: an override computed from another (not specializable itself).
    mod derived_override;
    lang: wgsl,
    src: r#"
        override count: u32 = 4u;
        override next: u32 = count + 1u;
        override twice = f32(next) * 0.5;
        @group(0) @binding(0) var<storage, read_write> out: array<f32>;
        @compute @workgroup_size(1)
        fn main() {
            out[0] = f32(next);
            out[1] = twice;
        }
    "#,
}

/// Multiplies `data` by `factor` in place and counts the invocations that did.
fn run_scale(gpu: &Gpu, pipeline: &scale::Pipeline, data: &shader_runtime::Buffer<[f32]>, factor: f32) -> Result<u32, GpuError> {
    let params = gpu.uniform_buffer(&scale::Params::new(factor, data.len() as u32));
    let counter = gpu.storage_buffer(&0u32);
    pipeline.dispatch(gpu, scale::Bindings { params: &params, data, counter: &counter }, [(data.len() as u32).div_ceil(64), 1, 1])?;
    counter.read_blocking(gpu)
}

#[test]
fn write_readback_and_async_readback() {
    common::on_devices(|gpu| {
        let pipeline = scale::Pipeline::new(gpu).expect("pipeline");
        let values: Vec<f32> = (0..100).map(|i| i as f32).collect();
        let data = gpu.storage_buffer(&values[..]);
        assert_eq!(run_scale(gpu, &pipeline, &data, 2.0).expect("run"), 100);
        let doubled: Vec<f32> = values.iter().map(|v| v * 2.0).collect();
        assert_eq!(data.read_blocking(gpu).expect("read"), doubled);
        // A partial write, then the async readback.
        data.write_at(gpu, 10, &[-1.0, -2.0]).expect("write_at");
        let read = pollster::block_on(data.read(gpu)).expect("async read");
        assert_eq!(&read[9..13], &[18.0, -1.0, -2.0, 24.0]);
        // A whole write of the same length, then a single value.
        data.write(gpu, &values[..]).expect("write");
        assert_eq!(data.read_blocking(gpu).expect("read"), values);
        let one = gpu.uniform_buffer(&scale::Params::new(0.5, 3));
        assert_eq!(one.read_blocking(gpu).expect("read"), scale::Params::new(0.5, 3));
    });
}

#[test]
fn bind_groups_are_cached_by_resources() {
    common::on_devices(|gpu| {
        let pipeline = scale::Pipeline::new(gpu).expect("pipeline");
        let data = gpu.storage_buffer(&[1.0f32; 8][..]);
        let params = gpu.uniform_buffer(&scale::Params::new(3.0, 8));
        let counter = gpu.storage_buffer(&0u32);
        let bindings = scale::Bindings { params: &params, data: &data, counter: &counter };
        for _ in 0..3 {
            pipeline.dispatch(gpu, bindings, [1, 1, 1]).expect("dispatch");
        }
        assert_eq!(pipeline.raw().cached_bind_groups(), 1, "same resources, one bind group set");
        assert_eq!(data.read_blocking(gpu).expect("read"), vec![27.0f32; 8]);
        assert_eq!(counter.read_blocking(gpu).expect("read"), 24);
        let other = gpu.storage_buffer(&[1.0f32; 8][..]);
        pipeline.dispatch(gpu, scale::Bindings { data: &other, ..bindings }, [1, 1, 1]).expect("dispatch");
        assert_eq!(pipeline.raw().cached_bind_groups(), 2);
        assert_eq!(other.read_blocking(gpu).expect("read"), vec![3.0f32; 8]);
    });
}

/// One dispatch computes the workgroup count, the next reads it from the indirect buffer.
#[test]
fn indirect_dispatch_uses_gpu_computed_counts() {
    common::on_devices(|gpu| {
        let planner = plan::Pipeline::new(gpu).expect("plan pipeline");
        let pipeline = scale::Pipeline::new(gpu).expect("pipeline");
        let n = 200u32;
        let data = gpu.storage_buffer(&vec![1.5f32; n as usize][..]);
        let params = gpu.uniform_buffer(&scale::Params::new(2.0, n));
        let args = gpu.indirect_buffer(&[0, 0, 0]);
        // `args` is both the indirect buffer and the planner's storage array<u32, 3>.
        planner.dispatch(gpu, plan::Bindings { params: &params, args: &args }, [1, 1, 1]).expect("plan");
        let counter = gpu.storage_buffer(&0u32);
        pipeline.dispatch_indirect(gpu, scale::Bindings { params: &params, data: &data, counter: &counter }, &args).expect("indirect");
        assert_eq!(args.read_blocking(gpu).expect("read args"), [4, 1, 1]);
        assert_eq!(counter.read_blocking(gpu).expect("read"), n);
        assert_eq!(data.read_blocking(gpu).expect("read"), vec![3.0f32; n as usize]);
    });
}

#[test]
fn override_constants_by_name_and_id() {
    common::on_devices(|gpu| {
        let out = gpu.storage_buffer_zeroed::<f32>(8);
        let table: [(&[(&str, f64)], [f32; 2]); 4] = [
            (&[], [1.0, 3.0]),
            (&[("offset", 10.0)], [10.0, 12.0]),
            (&[("multiplier", 5.0)], [1.0, 6.0]),
            (&[("7", 3.0), ("offset", -1.0)], [-1.0, 2.0]),
        ];
        for (constants, [first, second]) in table {
            let options = PipelineOptions { constants, ..Default::default() };
            let pipeline = overridden::Pipeline::with_options(gpu, &options).expect("pipeline");
            pipeline.dispatch(gpu, overridden::Bindings { out: &out }, [2, 1, 1]).expect("dispatch");
            let values = out.read_blocking(gpu).expect("read");
            assert_eq!([values[0], values[1]], [first, second], "constants {constants:?}");
        }
        let err = overridden::Pipeline::with_options(gpu, &PipelineOptions { constants: &[("nope", 1.0)], ..Default::default() })
            .err()
            .expect("unknown constant is an error");
        assert!(err.to_string().contains("no override constant `nope`") && err.to_string().contains("`offset`"), "{err}");
    });
}

/// A constant that sizes arrays (here a WGSL override-sized workgroup array) keeps its default
/// on the wgpu target, where the array has the default length: any other value is a typed
/// error naming the constant and the array, by name, by id and through `Overrides`; other
/// constants of the module still change.
#[test]
fn array_sizing_constant_keeps_its_default() {
    let sizes = tiled::SPECIALIZATION_CONSTANTS.iter().map(|c| (c.name, c.sizes_arrays)).collect::<Vec<_>>();
    assert_eq!(sizes, [("n", &["tile"][..]), ("bias", &[][..])]);
    common::on_devices(|gpu| {
        let out = gpu.storage_buffer_zeroed::<u32>(8);
        for constants in [&[][..], &[("n", 8.0)][..], &[("bias", 7.0), ("0", 8.0)][..]] {
            let pipeline = tiled::Pipeline::with_options(gpu, &PipelineOptions { constants, ..Default::default() }).expect("pipeline");
            pipeline.dispatch(gpu, tiled::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
            let bias = if constants.iter().any(|(k, _)| *k == "bias") { 7 } else { 100 };
            let expected: Vec<u32> = (0..8).map(|i| (7 - i) * 3 + bias).collect();
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "constants {constants:?}");
        }
        for constants in [&[("n", 16.0)][..], &[("0", 4.0)][..]] {
            let err = tiled::Pipeline::with_options(gpu, &PipelineOptions { constants, ..Default::default() })
                .err()
                .expect("another length is refused");
            assert!(
                matches!(&err, GpuError::ArrayLengthConstant { constant: "n", id: 0, arrays: ["tile"], default: Some(8), .. }),
                "{err:?}"
            );
            assert!(err.to_string().contains("`n` (id 0) sizes the arrays `tile`"), "{err}");
        }
        let err = tiled::Pipeline::new_with(gpu, tiled::Overrides { n: 9, bias: 0 }).err().expect("typed overrides are refused too");
        assert!(matches!(err, GpuError::ArrayLengthConstant { .. }), "{err:?}");
    });
}

/// The generated `Overrides` structs: typed fields with the shader's defaults, mapped to
/// `PipelineCompilationOptions::constants` by SpecId, for a WGSL and a GLSL module.
#[test]
fn typed_overrides_for_wgsl_and_glsl() {
    let defaults = overridden::Overrides::default();
    assert_eq!(defaults, overridden::Overrides { offset: 1.0, multiplier: 2 });
    assert_eq!(
        specialized::Overrides::default(),
        specialized::Overrides { MULT: 2, OFFSET: 0.5, NEGATE: false, SHIFT: -1 }
    );
    common::on_devices(|gpu| {
        let out = gpu.storage_buffer_zeroed::<f32>(8);
        for overrides in [defaults, overridden::Overrides { offset: -2.5, multiplier: 7 }] {
            let pipeline = overridden::Pipeline::new_with(gpu, overrides).expect("pipeline");
            pipeline.dispatch(gpu, overridden::Bindings { out: &out }, [2, 1, 1]).expect("dispatch");
            let expected: Vec<f32> = (0..8u32).map(|i| (i * overrides.multiplier) as f32 + overrides.offset).collect();
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "{overrides:?}");
        }
        let table = [
            specialized::Overrides::default(),
            specialized::Overrides { MULT: 3, OFFSET: -1.25, NEGATE: true, SHIFT: 4 },
            specialized::Overrides { MULT: 0, OFFSET: 8.0, NEGATE: false, SHIFT: -100 },
        ];
        for overrides in table {
            let pipeline = specialized::Pipeline::new_with(gpu, overrides).expect("pipeline");
            pipeline.dispatch(gpu, specialized::Bindings { o: &out }, [2, 1, 1]).expect("dispatch");
            let expected: Vec<f32> = (0..8u32)
                .map(|i| {
                    let r = ((i * overrides.MULT) as i32 + overrides.SHIFT) as f32 + overrides.OFFSET;
                    if overrides.NEGATE { -r } else { r }
                })
                .collect();
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "{overrides:?}");
        }
    });
}

/// Local `layout(constant_id)` constants are reflected with their ids and defaults and take
/// a pipeline's values, by name, by id and through `Overrides`, on every device and (on
/// lavapipe) through passthrough, which writes them into the words.
#[test]
fn local_constant_ids_are_specialization_constants() {
    let declared = local_specialized::SPECIALIZATION_CONSTANTS.iter().map(|c| (c.name, c.id, c.ty, c.default)).collect::<Vec<_>>();
    assert_eq!(declared, [("SCALE", 4, "f32", Some(0.5)), ("COUNT", 3, "u32", Some(7.0)), ("NEGATE", 6, "bool", Some(0.0))]);
    assert_eq!(local_specialized::Overrides::default(), local_specialized::Overrides { SCALE: 0.5, COUNT: 7, NEGATE: false });
    let table: [(&[(&str, f64)], [f32; 3]); 3] = [
        (&[], [7.0, 8.0, 2.0]),
        (&[("COUNT", 20.0), ("SCALE", 3.0)], [20.0, 21.0, 12.0]),
        (&[("3", 1.0), ("6", 1.0)], [1.0, 2.0, -2.0]),
    ];
    let run = |gpu: &Gpu, passthrough: bool| {
        let out = gpu.storage_buffer_zeroed::<f32>(3);
        for (constants, expected) in table {
            let options = PipelineOptions { constants, passthrough, ..Default::default() };
            let pipeline = local_specialized::Pipeline::with_options(gpu, &options).expect("pipeline");
            pipeline.dispatch(gpu, local_specialized::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "constants {constants:?}, passthrough {passthrough}");
        }
        let overrides = local_specialized::Overrides { SCALE: -1.0, COUNT: 2, NEGATE: true };
        let pipeline = local_specialized::Pipeline::new_with(gpu, overrides).expect("pipeline");
        pipeline.dispatch(gpu, local_specialized::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
        assert_eq!(out.read_blocking(gpu).expect("read"), [2.0, 3.0, 4.0]);
    };
    common::on_devices(|gpu| run(gpu, false));
    if let Some(pt) = passthrough_device() {
        run(&pt, true);
    }
}

/// The values `spec_derived_globals.comp` writes for COUNT = `c`, N = `n`.
fn derived_globals_expected(c: u32, n: u32) -> [u32; 8] {
    [c + 1, 2 * (c + 1), u32::from(c + 1 > 6), c + 90, c + 200 * (c + 1), 3 * c, 2 * (c + 1), 2 * (c + 1) + 1 + (n + 1) * 1000]
}

/// Global `const`s computed from a specialization constant (`const uint NEXT = COUNT + 1u;`,
/// chains of them, a bool, a signed one, vectors), a global variable initialized from one, and
/// their uses in another function and in a local `const` follow a specialized COUNT (9: NEXT
/// reads 10) on every device, through passthrough too (which writes the constants into the
/// words), on the default (wgpu) target and on the Vulkan target. On the wgpu target an array
/// sized by such a constant has the default length: its constant N keeps its default there (a
/// typed error naming N and the array); on the Vulkan target (passthrough) N follows too.
#[test]
fn derived_globals_follow_their_constants() {
    let sizes = derived_globals::SPECIALIZATION_CONSTANTS.iter().map(|c| (c.name, c.sizes_arrays)).collect::<Vec<_>>();
    assert_eq!(sizes, [("COUNT", &[][..]), ("N", &["tile"][..])]);
    let run = |gpu: &Gpu, passthrough: bool| {
        let out = gpu.storage_buffer_zeroed::<u32>(8);
        for count in [4u32, 9, 1, 30] {
            let constants = [("COUNT", f64::from(count))];
            let options = PipelineOptions { constants: &constants, passthrough, ..Default::default() };
            let pipeline = derived_globals::Pipeline::with_options(gpu, &options).expect("pipeline");
            pipeline.dispatch(gpu, derived_globals::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
            assert_eq!(out.read_blocking(gpu).expect("read"), derived_globals_expected(count, 2), "COUNT {count}, passthrough {passthrough}");
        }
        let pipeline = derived_globals::Pipeline::new_with(gpu, derived_globals::Overrides { COUNT: 9, N: 2 }).expect("pipeline");
        pipeline.dispatch(gpu, derived_globals::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
        assert_eq!(out.read_blocking(gpu).expect("read")[0], 10);
        let options = PipelineOptions { constants: &[("N", 5.0)], passthrough, ..Default::default() };
        let err = derived_globals::Pipeline::with_options(gpu, &options).err().expect("N sizes `tile`");
        assert!(matches!(&err, GpuError::ArrayLengthConstant { constant: "N", arrays: ["tile"], default: Some(2), .. }), "{err:?}");
    };
    common::on_devices(|gpu| run(gpu, false));
    let Some(pt) = passthrough_device() else { return };
    run(&pt, true);
    let out = pt.storage_buffer_zeroed::<u32>(8);
    for (count, n) in [(4u32, 2u32), (9, 2), (9, 6), (2, 40)] {
        let constants = [("COUNT", f64::from(count)), ("N", f64::from(n))];
        let options = PipelineOptions { constants: &constants, passthrough: true, ..Default::default() };
        let pipeline = derived_globals_vulkan::Pipeline::with_options(&pt, &options).expect("pipeline");
        pipeline.dispatch(&pt, derived_globals_vulkan::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
        assert_eq!(out.read_blocking(&pt).expect("read"), derived_globals_expected(count, n), "Vulkan target, COUNT {count}, N {n}");
    }
}

/// `dispatch_checked` derives the elements a dispatch touches from the pipeline's workgroup
/// size when its x size is a specialization constant (`local_size_x_id`): with WIDTH = 16, two
/// workgroups write 32 elements (a 32-element buffer passes, three workgroups do not), with
/// WIDTH = 4 eight workgroups do; on the CPU device and (lavapipe) through passthrough.
#[test]
fn dispatch_checked_follows_a_specialized_workgroup_size() {
    assert_eq!(wide_workgroup::ENTRY_POINTS[0].invocation_indexed, ["o"]);
    let run = |gpu: &Gpu, passthrough: bool| {
        let out = gpu.storage_buffer_zeroed::<u32>(32);
        for (width, fits, over) in [(16u32, 2u32, 3u32), (4, 8, 9)] {
            let constants = [("WIDTH", f64::from(width))];
            let options = PipelineOptions { constants: &constants, passthrough, ..Default::default() };
            let pipeline = wide_workgroup::Pipeline::with_options(gpu, &options).expect("pipeline");
            assert_eq!(pipeline.raw().workgroup_size(), [width, 1, 1]);
            let err = pipeline.dispatch_checked(gpu, wide_workgroup::Bindings { o: &out }, [over, 1, 1], &[]).expect_err("too short");
            assert!(err.to_string().contains(&format!("{}", over * width)), "WIDTH {width}: {err}");
            pipeline.dispatch_checked(gpu, wide_workgroup::Bindings { o: &out }, [fits, 1, 1], &[]).expect("32 elements");
            let expected: Vec<u32> = (0..32).map(|i| i + width * 1000).collect();
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "WIDTH {width}, passthrough {passthrough}");
        }
    };
    let cpu = Gpu::cpu();
    run(&cpu, false);
    if let Some(pt) = passthrough_device() {
        run(&pt, true);
    }
}

/// A workgroup size that is a specialization constant on the wgpu target (GLSL
/// `local_size_x_id`, WGSL `@workgroup_size(2, width)`), whose words hold the default size for
/// naga: the generated interface keeps the constant's id for the dimension and the runtime
/// writes the pipeline's value into the words (`set_workgroup_size`), so the pipeline runs
/// with the specialized size, and `gl_WorkGroupSize` reads it, on lavapipe (the default path
/// and passthrough) and the CPU device: results checked against the size each invocation
/// wrote. One id sizes the workgroup and a `constant_id` constant both (WIDTH = 4 with a size
/// whose default is 1), as on Vulkan. Before, another size was refused
/// (`GpuError::WorkgroupSizeConstant`); before that, it ran with the default size.
#[test]
fn wgpu_target_workgroup_size_follows_its_constant() {
    assert_eq!(fixed_workgroup::ENTRY_POINTS[0].workgroup_size_overrides, [Some(0), None, None]);
    assert_eq!(fixed_workgroup::WORKGROUP_SIZE, [4, 1, 1]);
    assert_eq!(fixed_workgroup_wgsl::ENTRY_POINTS[0].workgroup_size_overrides, [None, Some(0), None]);
    let run = |gpu: &Gpu, passthrough: bool| {
        let out = gpu.storage_buffer_zeroed::<u32>(16);
        for (constants, width) in [(&[][..], 4u32), (&[("WIDTH", 16.0)][..], 16), (&[("0", 2.0)][..], 2), (&[("WIDTH", 4.0)][..], 4)] {
            let options = PipelineOptions { constants, passthrough, ..Default::default() };
            let pipeline = fixed_workgroup::Pipeline::with_options(gpu, &options).expect("pipeline");
            assert_eq!(pipeline.raw().workgroup_size(), [width, 1, 1]);
            pipeline.dispatch_checked(gpu, fixed_workgroup::Bindings { o: &out }, [16 / width, 1, 1], &[]).expect("dispatch");
            let expected: Vec<u32> = (0..16).map(|i| i + width * 1000 + width * 100_000).collect();
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "constants {constants:?}, passthrough {passthrough}");
        }
        // The size's default (1) and WIDTH's (4) differ: unspecialized, both as declared; id 0
        // (by number or by WIDTH's name) sets both.
        for (constants, width, value) in [(&[][..], 1u32, 4u32), (&[("0", 1.0)][..], 1, 1), (&[("WIDTH", 4.0)][..], 4, 4), (&[("0", 8.0)][..], 8, 8)] {
            let out = gpu.storage_buffer_zeroed::<u32>(8);
            let options = PipelineOptions { constants, passthrough, ..Default::default() };
            let pipeline = fixed_workgroup_one::Pipeline::with_options(gpu, &options).expect("pipeline");
            assert_eq!(pipeline.raw().workgroup_size(), [width, 1, 1]);
            pipeline.dispatch(gpu, fixed_workgroup_one::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
            let expected: Vec<u32> = (0..8).map(|i| if i < width { width * 1000 + value } else { 0 }).collect();
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "constants {constants:?}, passthrough {passthrough}");
        }
        // WGSL: `width` is the y size and read in the code; `scale` changes as before.
        for (width, scale) in [(4u32, 1u32), (8, 1), (2, 3)] {
            let out = gpu.storage_buffer_zeroed::<u32>(2 * width as usize);
            let pipeline = fixed_workgroup_wgsl::Pipeline::new_with(gpu, fixed_workgroup_wgsl::Overrides { width, scale }).expect("pipeline");
            assert_eq!(pipeline.raw().workgroup_size(), [2, width, 1]);
            pipeline.dispatch(gpu, fixed_workgroup_wgsl::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
            let expected: Vec<u32> = (0..2 * width).map(|i| i * scale + width * 1000).collect();
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "width {width}, scale {scale}, passthrough {passthrough}");
        }
        // Arrays sized by `gl_WorkGroupSize.x` have the default length on the wgpu target: its
        // constant keeps its default there (a typed error naming the arrays).
        let out = gpu.storage_buffer_zeroed::<u32>(4);
        let pipeline = workgroup_sized_wgpu::Pipeline::with_options(gpu, &PipelineOptions { passthrough, ..Default::default() }).expect("pipeline");
        pipeline.dispatch(gpu, workgroup_sized_wgpu::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
        assert_eq!(out.read_blocking(gpu).expect("read"), workgroup_sized_expected(2));
        let options = PipelineOptions { constants: &[("0", 8.0)], passthrough, ..Default::default() };
        let err = workgroup_sized_wgpu::Pipeline::with_options(gpu, &options).err().expect("the arrays keep their length");
        assert!(matches!(&err, GpuError::ArrayLengthConstant { id: 0, arrays: ["rows", "flat_"], default: Some(2), .. }), "{err:?}");
    };
    common::on_devices(|gpu| run(gpu, false));
    if let Some(pt) = passthrough_device() {
        run(&pt, true);
    }
}

/// What `expression_sized` writes with `half` = h and `rows` = r (WGSL semantics, computed
/// here): the workgroup is (2h, r - 1, 1); invocation `i` (local_invocation_index, x fastest)
/// has local_invocation_id (i % 2h, i / 2h) and writes (x + 1) * 100 + (y + 1) * 10 + h * 1000;
/// one workgroup, so the rest of the 64 elements stay 0.
fn expression_sized_expected(h: u32, r: u32) -> Vec<u32> {
    let (sx, sy) = (2 * h, r - 1);
    (0..64).map(|i| if i < sx * sy { (i % sx + 1) * 100 + (i / sx + 1) * 10 + h * 1000 } else { 0 }).collect()
}

/// `@workgroup_size(half * 2, rows - 1)`, override-expressions: the pipeline runs with the
/// size its values give, on lavapipe (the default path, where the runtime computes the size
/// from reflection's steps and writes it into the wgpu target's words, and passthrough) and
/// on the CPU device, for the wgpu-target module and (passthrough, CPU device) the
/// Vulkan-target one, whose `OpSpecConstantOp`s compute it: results checked against the size
/// and ids each invocation wrote. Values that make a dimension 0 or negative are refused (a
/// pipeline-creation error in WGSL) on every path.
#[test]
fn workgroup_size_follows_override_expressions() {
    use shader_runtime::__private::SizeStep;
    let entry = expression_sized::ENTRY_POINTS[0];
    assert_eq!(entry.workgroup_size_overrides, [None, None, None]);
    assert_eq!(expression_sized::WORKGROUP_SIZE, [4, 2, 1]);
    // `half * 2` (IMul, SPIR-V opcode 132) and `rows - 1` (ISub, 130) on constants 0 and 1.
    let mul = [SizeStep::Constant(0), SizeStep::Literal(2), SizeStep::Op { opcode: 132, operands: 2 }];
    let sub = [SizeStep::Constant(1), SizeStep::Literal(1), SizeStep::Op { opcode: 130, operands: 2 }];
    assert_eq!(entry.workgroup_size_expressions, [&mul[..], &sub[..], &[]]);
    // The Vulkan-target words pass spirv-val (naga reads no `OpSpecConstantOp`): the
    // `WorkgroupSize` composite of SPIR-V 1.0, and `LocalSizeId` from 1.6 (Vulkan 1.3).
    common::spirv_val(expression_sized_vulkan::SPIRV, "vulkan1.1").expect("spirv-val");
    let src = "override half: i32 = 2;\noverride rows: i32 = 3;\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\
               @compute @workgroup_size(half * 2, rows - 1) fn main(@builtin(local_invocation_index) i: u32) { o[i] = i; }\n";
    let options = shader_core::CompileOptions { target: shader_core::Target::Vulkan, spirv_version: (1, 6), ..Default::default() };
    let words = shader_core::compile("t.wgsl", src, &options).unwrap_or_else(|e| panic!("{}", e.render())).spirv;
    common::spirv_val(&words, "vulkan1.3").expect("spirv-val, SPIR-V 1.6");
    // `OpExecutionModeId` (opcode 331) with `LocalSizeId` (38), SPIR-V 3.6 and 3.42.
    let mut at = 5;
    let mut local_size_id = false;
    while let Some(&first) = words.get(at) {
        local_size_id |= first & 0xffff == 331 && words.get(at + 2) == Some(&38);
        at += (first >> 16).max(1) as usize;
    }
    assert!(local_size_id, "SPIR-V 1.6 sizes the workgroup with LocalSizeId");
    macro_rules! check {
        ($module:ident, $gpu:expr, $passthrough:expr) => {{
            let gpu: &Gpu = $gpu;
            for (constants, h, r) in [(&[][..], 2u32, 3u32), (&[("half", 3.0), ("rows", 5.0)][..], 3, 5), (&[("half", 1.0), ("rows", 2.0)][..], 1, 2), (&[("rows", 9.0)][..], 2, 9)] {
                let out = gpu.storage_buffer_zeroed::<u32>(64);
                let options = PipelineOptions { constants, passthrough: $passthrough, ..Default::default() };
                let pipeline = $module::Pipeline::with_options(gpu, &options).expect("pipeline");
                assert_eq!(pipeline.raw().workgroup_size(), [2 * h, r - 1, 1], "constants {constants:?}");
                pipeline.dispatch(gpu, $module::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
                let label = format!("{}, constants {constants:?}, passthrough {}, {}", stringify!($module), $passthrough, gpu.adapter_name());
                assert_eq!(out.read_blocking(gpu).expect("read"), expression_sized_expected(h, r), "{label}");
            }
            for (constants, axis, value) in [(&[("rows", 1.0)][..], "y", "0"), (&[("half", -1.0)][..], "x", "4294967294 (-2 as i32)")] {
                let options = PipelineOptions { constants, passthrough: $passthrough, ..Default::default() };
                let err = $module::Pipeline::with_options(gpu, &options).err().expect("a size below 1");
                let expected = format!("the workgroup size in {axis} is {value}; it must be at least 1");
                assert!(matches!(&err, GpuError::InvalidUse(m) if m.contains(&expected)), "{constants:?}: {err:?}");
            }
        }};
    }
    common::on_devices(|gpu| check!(expression_sized, gpu, false));
    check!(expression_sized_vulkan, &Gpu::cpu(), false);
    if let Some(pt) = passthrough_device() {
        check!(expression_sized, &pt, true);
        check!(expression_sized_vulkan, &pt, true);
    }
}

/// `@workgroup_size(max(half, 2), clamp(rows - 1, 1, 3), abs(half - 4))`: integer built-ins in
/// override-expressions (naga and Tint accept them; both evaluate override-expressions on the
/// host). The sizes are computed here from WGSL's definitions of the built-ins (§17.5.1 `abs`,
/// §17.5.9 `clamp`, §17.5.38 `max`) with Rust's `max`/`clamp`/`abs`; the pipeline runs with
/// them on every path (wgpu target: the runtime's steps; Vulkan target: the words'
/// `OpSpecConstantOp`s), each invocation writing its local id.
#[test]
fn workgroup_size_follows_integer_builtins_of_overrides() {
    let size = |h: i32, r: i32| [h.max(2), (r - 1).clamp(1, 3), (h - 4).abs()].map(|v| v as u32);
    let expected = |[x, y, z]: [u32; 3]| -> Vec<u32> {
        (0..64).map(|i| if i < x * y * z { (i % x + 1) * 100 + (i / x % y + 1) * 10 + i / (x * y) + 1 } else { 0 }).collect()
    };
    assert_eq!(builtin_sized::WORKGROUP_SIZE, size(3, 3));
    common::spirv_val(builtin_sized_vulkan::SPIRV, "vulkan1.1").expect("spirv-val");
    common::spirv_val(builtin_sized::SPIRV, "vulkan1.1").expect("spirv-val");
    common::naga_check(builtin_sized::SPIRV).expect("naga");
    macro_rules! check {
        ($module:ident, $gpu:expr, $passthrough:expr) => {{
            let gpu: &Gpu = $gpu;
            for (constants, h, r) in [(&[][..], 3, 3), (&[("half", 6.0), ("rows", 5.0)][..], 6, 5), (&[("half", 1.0), ("rows", 1.0)][..], 1, 1), (&[("half", -1.0), ("rows", 2.0)][..], -1, 2)] {
                let out = gpu.storage_buffer_zeroed::<u32>(64);
                let options = PipelineOptions { constants, passthrough: $passthrough, ..Default::default() };
                let pipeline = $module::Pipeline::with_options(gpu, &options).expect("pipeline");
                assert_eq!(pipeline.raw().workgroup_size(), size(h, r), "{}, constants {constants:?}, {}", stringify!($module), gpu.adapter_name());
                pipeline.dispatch(gpu, $module::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
                let label = format!("{}, constants {constants:?}, passthrough {}, {}", stringify!($module), $passthrough, gpu.adapter_name());
                assert_eq!(out.read_blocking(gpu).expect("read"), expected(size(h, r)), "{label}");
            }
            // `abs(half - 4)` is 0 at half = 4: a pipeline-creation error.
            let options = PipelineOptions { constants: &[("half", 4.0)], passthrough: $passthrough, ..Default::default() };
            let err = $module::Pipeline::with_options(gpu, &options).err().expect("a size below 1");
            assert!(matches!(&err, GpuError::InvalidUse(m) if m.contains("the workgroup size in z is 0")), "{err:?}");
        }};
    }
    common::on_devices(|gpu| check!(builtin_sized, gpu, false));
    check!(builtin_sized_vulkan, &Gpu::cpu(), false);
    if let Some(pt) = passthrough_device() {
        check!(builtin_sized, &pt, true);
        check!(builtin_sized_vulkan, &pt, true);
    }
}

/// `@workgroup_size(u32(f), u32(f * 2.0) - 1u, max(u32(4.0 - f), 1u))` of an f32 override
/// `f` (naga and Tint accept it; WGSL §17.5.x: `u32` of an f32 truncates toward zero): the
/// pipeline runs with the size `f` gives, computed here with Rust's `as u32` (truncation;
/// every value used is in range), on every path: lavapipe's default path and passthrough for
/// both targets' words, and the CPU device. Each invocation writes its local id; the words pass
/// spirv-val (the Vulkan target's dimensions are `OpSpecConstant`s without a SpecId holding
/// the defaults, which the runtime rewrites) and naga's validator.
#[test]
fn workgroup_size_follows_a_float_override() {
    let size = |f: f32| [f as u32, (f * 2.0) as u32 - 1, ((4.0 - f) as u32).max(1)];
    let expected = |[x, y, z]: [u32; 3]| -> Vec<u32> {
        (0..64).map(|i| if i < x * y * z { (i % x + 1) * 100 + (i / x % y + 1) * 10 + i / (x * y) + 1 } else { 0 }).collect()
    };
    assert_eq!(float_sized::WORKGROUP_SIZE, size(2.5));
    assert_eq!(float_sized_vulkan::WORKGROUP_SIZE, size(2.5));
    common::spirv_val(float_sized_vulkan::SPIRV, "vulkan1.1").expect("spirv-val");
    common::spirv_val(float_sized::SPIRV, "vulkan1.1").expect("spirv-val");
    common::naga_check(float_sized::SPIRV).expect("naga");
    common::naga_check(float_sized_vulkan::SPIRV).expect("naga");
    macro_rules! check {
        ($module:ident, $gpu:expr, $passthrough:expr) => {{
            let gpu: &Gpu = $gpu;
            for (constants, f) in [(&[][..], 2.5f32), (&[("f", 3.75)][..], 3.75), (&[("f", 1.0)][..], 1.0), (&[("f", 4.5)][..], 4.5)] {
                let out = gpu.storage_buffer_zeroed::<u32>(64);
                let options = PipelineOptions { constants, passthrough: $passthrough, ..Default::default() };
                let pipeline = $module::Pipeline::with_options(gpu, &options).expect("pipeline");
                let label = format!("{}, constants {constants:?}, passthrough {}, {}", stringify!($module), $passthrough, gpu.adapter_name());
                assert_eq!(pipeline.raw().workgroup_size(), size(f), "{label}");
                pipeline.dispatch(gpu, $module::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
                assert_eq!(out.read_blocking(gpu).expect("read"), expected(size(f)), "{label}");
            }
            // `u32(0.5)` is 0: a pipeline-creation error.
            let options = PipelineOptions { constants: &[("f", 0.5)], passthrough: $passthrough, ..Default::default() };
            let err = $module::Pipeline::with_options(gpu, &options).err().expect("a size below 1");
            assert!(matches!(&err, GpuError::InvalidUse(m) if m.contains("the workgroup size in x is 0")), "{err:?}");
        }};
    }
    common::on_devices(|gpu| check!(float_sized, gpu, false));
    check!(float_sized_vulkan, &Gpu::cpu(), false);
    if let Some(pt) = passthrough_device() {
        check!(float_sized, &pt, true);
        check!(float_sized_vulkan, &pt, true);
    }
}

/// `set_workgroup_size` on its own: the wgpu-target words of a GLSL `local_size_x_id` shader
/// and a WGSL `@workgroup_size(2, width)` one, with a size written in, still pass spirv-val and
/// naga's SPIR-V front end and validator, and naga reads the new size (its entry point's
/// `workgroup_size`) and, for GLSL, `gl_WorkGroupSize` as the new value; dimensions left
/// `None` and another entry point name change nothing.
#[test]
fn set_workgroup_size_writes_the_size_into_the_words() {
    let compile = |name: &str, src: &str, language| {
        let options = shader_core::CompileOptions { language, ..Default::default() };
        shader_core::compile(name, src, &options).unwrap_or_else(|e| panic!("{}", e.render())).spirv
    };
    let glsl = "#version 450\nlayout(local_size_x_id = 3, local_size_y = 2) in;\nlayout(constant_id = 3) const uint W = 7u;\n\
                layout(std430, binding = 0) buffer B { uint v[]; };\nvoid main() { v[gl_LocalInvocationIndex] = gl_WorkGroupSize.x * 100u + W; }\n";
    let wgsl = "override width: u32 = 4u;\n@group(0) @binding(0) var<storage, read_write> o: array<u32>;\n\
                @compute @workgroup_size(2, width) fn main(@builtin(local_invocation_index) i: u32) { o[i] = width; }\n";
    let glsl_words = compile("t.comp", glsl, shader_core::Language::Glsl);
    let wgsl_words = compile("t.wgsl", wgsl, shader_core::Language::Wgsl);
    for (words, size, expected) in [(&glsl_words, [Some(16), None, None], [16, 2, 1]), (&wgsl_words, [None, Some(8), None], [2, 8, 1])] {
        let patched = shader_runtime::set_workgroup_size(words, "main", size);
        assert_eq!(patched.len(), words.len());
        common::validate_spirv(&patched).expect("spirv-val and naga");
        let module = common::naga_check(&patched).expect("naga");
        assert_eq!(module.entry_points[0].workgroup_size, expected);
        assert_eq!(shader_runtime::set_workgroup_size(words, "main", [None; 3]), *words);
        assert_eq!(shader_runtime::set_workgroup_size(words, "other", size), *words);
    }
    // GLSL: `gl_WorkGroupSize.x` is a plain constant 16 in naga's module; W keeps its own
    // override with the shared id and its default.
    let module = common::naga_check(&shader_runtime::set_workgroup_size(&glsl_words, "main", [Some(16), None, None])).expect("naga");
    let overrides: Vec<_> = module.overrides.iter().map(|(_, o)| (o.name.clone(), o.id)).collect();
    assert_eq!(overrides, [(Some("W".to_string()), Some(3))]);
    let has_16 = |module: &naga::Module| {
        module.constants.iter().any(|(_, c)| matches!(module.global_expressions[c.init], naga::Expression::Literal(naga::Literal::U32(16))))
    };
    assert!(has_16(&module) && !has_16(&common::naga_check(&glsl_words).expect("naga")), "{:?}", module.constants);
}

/// A specialization constant as a memory scope or semantics argument (`atomicAdd(.., SCOPE,
/// .., SEMANTICS)`, `memoryBarrier(BARRIER_SCOPE, ..)` with `const int BARRIER_SCOPE = SCOPE +
/// 0`) is read at its default: SPIR-V takes scopes and semantics only as constants in shaders
/// (spirv-val: "Scope ids must be OpConstant when Shader capability is present"; glslang 12
/// writes SCOPE's id into the atomic, which spirv-val refuses, a wrong literal for
/// BARRIER_SCOPE, and crashes on SEMANTICS). So reflection marks both `keeps_default` and the
/// runtime refuses another value, naming the constant (a typed error), on lavapipe, through
/// passthrough and on the CPU device; the defaults run, and STEP still changes. Before, SCOPE
/// = 2 ran with the default's device scope, silently.
#[test]
fn memory_scope_constants_keep_their_defaults() {
    let declared = scoped_by_constants::SPECIALIZATION_CONSTANTS.iter().map(|c| (c.name, c.keeps_default)).collect::<Vec<_>>();
    assert_eq!(declared, [("SCOPE", true), ("SEMANTICS", true), ("STEP", false)]);
    let run = |gpu: &Gpu, passthrough: bool| {
        for (constants, step) in [(&[][..], 1u32), (&[("STEP", 3.0), ("SCOPE", 1.0), ("SEMANTICS", 0.0)][..], 3)] {
            let counter = gpu.storage_buffer(&[0u32, 0][..]);
            let options = PipelineOptions { constants, passthrough, ..Default::default() };
            let pipeline = scoped_by_constants::Pipeline::with_options(gpu, &options).expect("pipeline");
            pipeline.dispatch(gpu, scoped_by_constants::Bindings { c: &counter }, [2, 1, 1]).expect("dispatch");
            assert_eq!(counter.read_blocking(gpu).expect("read"), [8 * step, step], "constants {constants:?}, passthrough {passthrough}");
        }
        for (constant, value, default) in [("SCOPE", 2.0, 1), ("0", 3.0, 1), ("SEMANTICS", 2.0, 0)] {
            let constants = [(constant, value)];
            let options = PipelineOptions { constants: &constants, passthrough, ..Default::default() };
            let err = scoped_by_constants::Pipeline::with_options(gpu, &options).err().expect("a scope keeps its default");
            assert!(matches!(&err, GpuError::ConstantKeepsDefault { arrays: [], default: Some(d), .. } if *d == default), "{err:?}");
            assert!(err.to_string().contains("memory scope or semantics"), "{err}");
        }
    };
    common::on_devices(|gpu| run(gpu, false));
    if let Some(pt) = passthrough_device() {
        run(&pt, true);
    }
}

/// A `const` array indexed by a specialization constant and a long chain of additions to one
/// follow a specialized pipeline (before, both were folded at the constant's default: K = 3
/// read `A[1]` and 21), on every device.
#[test]
fn expressions_of_a_spec_constant_follow_it() {
    common::on_devices(|gpu| {
        let out = gpu.storage_buffer_zeroed::<i32>(2);
        for (k, expected) in [(None, [20, 21]), (Some(3.0), [40, 23]), (Some(0.0), [10, 20])] {
            let constants: Vec<(&str, f64)> = k.map(|k| ("K", k)).into_iter().collect();
            let options = PipelineOptions { constants: &constants, ..Default::default() };
            let pipeline = spec_indexed::Pipeline::with_options(gpu, &options).expect("pipeline");
            pipeline.dispatch(gpu, spec_indexed::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "K {k:?}");
        }
    });
}

/// Global `const`s selected by a specialization constant among arrays and structs (`K > 1 ?
/// int[2](1, 2) : int[2](3, 4)`, nested, a struct) follow a specialized K on every device and
/// through passthrough. Before, "expected a constant expression" (glslang accepts them).
#[test]
fn consts_selected_by_a_spec_constant_follow_it() {
    let run = |gpu: &Gpu, passthrough: bool| {
        let out = gpu.storage_buffer_zeroed::<i32>(5);
        for (k, expected) in [(None, [1, 2, 5, 6, 12]), (Some(2.0), [1, 2, 7, 8, 12]), (Some(0.0), [3, 4, 9, 10, 14])] {
            let constants: Vec<(&str, f64)> = k.map(|k| ("K", k)).into_iter().collect();
            let options = PipelineOptions { constants: &constants, passthrough, ..Default::default() };
            let pipeline = spec_selected::Pipeline::with_options(gpu, &options).expect("pipeline");
            pipeline.dispatch(gpu, spec_selected::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
            assert_eq!(out.read_blocking(gpu).expect("read"), expected, "K {k:?}, passthrough {passthrough}");
        }
    };
    common::on_devices(|gpu| run(gpu, false));
    if let Some(pt) = passthrough_device() {
        run(&pt, true);
    }
}

/// The values `workgroup_sized` writes with a workgroup of `w` x 2.
fn workgroup_sized_expected(w: u32) -> Vec<u32> {
    let n = 2 * w;
    (0..n).map(|i| (w - 1 - i % w) + 10 * (1 - i / w) + 1000 * w + 100_000 * n + 10_000_000 * ((i + 1) % n)).collect()
}

/// Workgroup arrays sized by `gl_WorkGroupSize.x` (`local_size_x_id`; an inner dimension and a
/// product) follow a specialized width on the Vulkan target: each array's `length()` and the
/// elements every invocation reads (another invocation's) are the specialized ones, on the CPU
/// device and (lavapipe) through passthrough, widths 2 (the default), 8 and 16. Before, the
/// lengths were the default's (1000 * 2 for every width) and indices past them were clamped.
#[test]
fn workgroup_size_array_lengths_follow_the_constant() {
    let sizes = workgroup_sized::SPECIALIZATION_CONSTANTS.iter().map(|c| (c.id, c.sizes_arrays)).collect::<Vec<_>>();
    assert_eq!(sizes, [(0, &["rows", "flat_"][..])]);
    let run = |gpu: &Gpu, passthrough: bool| {
        for w in [2u32, 8, 16] {
            let out = gpu.storage_buffer_zeroed::<u32>(2 * w as usize);
            let constants = [("0", f64::from(w))];
            let options = PipelineOptions { constants: &constants, passthrough, ..Default::default() };
            let pipeline = workgroup_sized::Pipeline::with_options(gpu, &options).expect("pipeline");
            assert_eq!(pipeline.raw().workgroup_size(), [w, 2, 1]);
            pipeline.dispatch(gpu, workgroup_sized::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
            assert_eq!(out.read_blocking(gpu).expect("read"), workgroup_sized_expected(w), "width {w}, passthrough {passthrough}");
        }
    };
    let cpu = Gpu::cpu();
    run(&cpu, false);
    assert!(cpu.take_findings().is_empty());
    if let Some(pt) = passthrough_device() {
        run(&pt, true);
    }
}

/// WGSL's neighbour: `override next = count + 1u` (and a float one from it) follows a
/// specialized `count` on every device.
#[test]
fn derived_override_follows_its_constant() {
    assert_eq!(derived_override::SPECIALIZATION_CONSTANTS.iter().map(|c| c.name).collect::<Vec<_>>(), ["count"]);
    common::on_devices(|gpu| {
        let out = gpu.storage_buffer_zeroed::<f32>(2);
        for count in [4u32, 9] {
            let pipeline = derived_override::Pipeline::new_with(gpu, derived_override::Overrides { count }).expect("pipeline");
            pipeline.dispatch(gpu, derived_override::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
            assert_eq!(out.read_blocking(gpu).expect("read"), [(count + 1) as f32, (count + 1) as f32 * 0.5], "count {count}");
        }
    });
}

/// Passthrough checks workgroup memory and the workgroup size on the specialized words: with
/// `local_size_x_id` and a `shared` array sized by a constant, the kernel runs (on lavapipe)
/// with the specialized size and length, and a size over the adapter's
/// max_compute_workgroup_size_x or an array over its max_compute_workgroup_storage_size is
/// refused before the driver sees the module (the default words are within both).
#[test]
fn passthrough_checks_the_specialized_workgroup() {
    let Some(pt) = passthrough_device() else { return };
    let limits = pt.wgpu().expect("a wgpu device").adapter.limits();
    let pipeline = |constants: &[(&str, f64)]| {
        sized_workgroup::Pipeline::with_options(&pt, &PipelineOptions { passthrough: true, constants, ..Default::default() })
    };
    let out = pt.storage_buffer_zeroed::<u32>(16);
    for (width, tile) in [(4u32, 4u32), (16, 2), (8, 16)] {
        let p = pipeline(&[("WIDTH", f64::from(width)), ("TILE", f64::from(tile))]).expect("pipeline");
        p.dispatch(&pt, sized_workgroup::Bindings { o: &out }, [1, 1, 1]).expect("dispatch");
        let values = out.read_blocking(&pt).expect("read");
        let expected: Vec<u32> = (0..width).map(|i| width * 1000 + i % tile + tile * 100_000).collect();
        assert_eq!(&values[..width as usize], &expected[..], "WIDTH {width}, TILE {tile}");
    }
    let wide = f64::from(limits.max_compute_workgroup_size_x + 1);
    let err = pipeline(&[("WIDTH", wide)]).err().expect("a workgroup wider than the adapter allows is refused");
    assert!(err.to_string().contains("max_compute_workgroup_size_x") && err.to_string().contains(&format!("{wide}")), "{err}");
    let tile = u64::from(limits.max_compute_workgroup_storage_size) / 16 + 1;
    let err = pipeline(&[("TILE", tile as f64)]).err().expect("a workgroup array over the adapter's limit is refused");
    assert!(err.to_string().contains(&format!("at least {} bytes", tile * 16)), "{err}");
}

/// Lengths computed from constants: `a * 2` indexed at 5 lets `a` go down to 3 (reflection's
/// least value, found by evaluating the length), `8 - d` indexed at 3 keeps `d` at its
/// default (a larger `d` shrinks the array under the constant index): on lavapipe through
/// passthrough, `a` = 3 runs and `a` = 2, an `a` whose length wraps around 2^32 or `d` = 5 are
/// refused before the driver sees them.
#[test]
fn lengths_computed_from_constants_bound_their_values() {
    let declared = computed_lengths::SPECIALIZATION_CONSTANTS.iter().map(|c| (c.name, c.least_value, c.keeps_default)).collect::<Vec<_>>();
    assert_eq!(declared, [("a", Some(3), false), ("d", None, true)]);
    let Some(pt) = passthrough_device() else { return };
    let out = pt.storage_buffer_zeroed::<u32>(2);
    for constants in [&[][..], &[("a", 3.0)][..], &[("a", 40.0), ("d", 2.0)][..]] {
        let options = PipelineOptions { passthrough: true, constants, ..Default::default() };
        let pipeline = computed_lengths::Pipeline::with_options(&pt, &options).expect("pipeline");
        pipeline.dispatch(&pt, computed_lengths::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
        assert_eq!(out.read_blocking(&pt).expect("read"), [8, 2], "constants {constants:?}");
    }
    let options = PipelineOptions { passthrough: true, constants: &[("a", 2.0)], ..Default::default() };
    let err = computed_lengths::Pipeline::with_options(&pt, &options).err().expect("below the least value");
    assert!(matches!(err, GpuError::ConstantBelowLeast { constant: "a", least: 3, .. }), "{err:?}");
    // `a` = 2^31 + 3 passes the least value, but `a * 2` wraps around 2^32 to 6: refused
    // before the driver sees an array of another length than the expression's; 2^31 wraps to 0.
    for a in [2_147_483_651.0, 2_147_483_648.0] {
        let options = PipelineOptions { passthrough: true, constants: &[("a", a)], ..Default::default() };
        let err = computed_lengths::Pipeline::with_options(&pt, &options).err().expect("a wrapping length");
        assert!(err.to_string().contains("array length that follows `a` (id 0) leaves 32 bits"), "{err}");
    }
    for d in [5.0, 1.0] {
        let options = PipelineOptions { passthrough: true, constants: &[("d", d)], ..Default::default() };
        let err = computed_lengths::Pipeline::with_options(&pt, &options).err().expect("`d` keeps its default");
        assert!(matches!(err, GpuError::ConstantKeepsDefault { constant: "d", default: Some(2), .. }), "{err:?}");
        assert!(err.to_string().contains("does not grow with it"), "{err}");
    }
}

/// A device with `PASSTHROUGH_SHADERS` (lavapipe has it), or `None` with SKIPPED (a failure
/// with CI=true).
fn passthrough_device() -> Option<Gpu> {
    let gpu = common::gpu()?;
    let feature = shader_runtime::wgpu::Features::PASSTHROUGH_SHADERS;
    let adapter = &gpu.wgpu().expect("a wgpu device").adapter;
    if !(adapter.get_info().backend == shader_runtime::wgpu::Backend::Vulkan && adapter.features().contains(feature)) {
        assert!(!common::ci(), "no passthrough adapter but CI=true");
        eprintln!("*** SKIPPED passthrough: {} has no PASSTHROUGH_SHADERS ***", gpu.adapter_name());
        return None;
    }
    Some(Gpu::with_options_blocking(&GpuOptions { required_features: feature, ..GpuOptions::from_env() }).expect("device with passthrough"))
}

#[test]
fn push_constants_through_immediates() {
    common::on_devices(|gpu| {
        if !gpu.has_immediates() {
            // The pipeline must refuse clearly rather than fail inside wgpu.
            let err = pushed::Pipeline::new(gpu).err().expect("no immediates: an error");
            assert!(matches!(err, GpuError::Unsupported(_)), "{err}");
            eprintln!("*** SKIPPED push constants: {} has no IMMEDIATES ***", gpu.adapter_name());
            return;
        }
        let pipeline = pushed::Pipeline::new(gpu).expect("pipeline");
        let data = gpu.storage_buffer_zeroed::<f32>(16);
        for (bias, stride) in [(0.5f32, 1u32), (-2.0, 3)] {
            pipeline.dispatch_with_immediates(gpu, pushed::Bindings { data: &data }, &pushed::Push::new(bias, stride), [2, 1, 1]).expect("dispatch");
            let expected: Vec<f32> = (0..16).map(|i| (i * stride) as f32 + bias).collect();
            assert_eq!(data.read_blocking(gpu).expect("read"), expected);
        }
        // Without immediates the untyped pipeline says what is missing.
        let err = pipeline.raw().dispatch(gpu, &pushed::Bindings { data: &data }, [1, 1, 1]).expect_err("missing immediates");
        assert!(err.to_string().contains("dispatch_with_immediates"), "{err}");
    });
}

// -------------------------------------------------------------------------------------------
// Errors

#[test]
fn buffer_too_small_for_binding_names_it() {
    common::on_devices(|gpu| {
        let pipeline = tail::Pipeline::new(gpu).expect("pipeline");
        // The block needs its 16-byte header plus one 4-byte element, rounded up to the struct's
        // 16-byte alignment (WGSL §14.4.1: a struct's size is a multiple of its alignment).
        let small = gpu.storage_buffer(&[0.0f32; 5][..]);
        let err = pipeline.raw().dispatch(gpu, &NamedResources::new(tail::BINDINGS, &[("block", &small)]).expect("named"), [1, 1, 1]);
        match err {
            Err(GpuError::Binding(e)) => {
                assert_eq!((e.name, e.group, e.binding), ("block", 0, 0));
                assert_eq!(e.problem, BindingProblem::TooSmall { size: 20, needed: 32 });
                let text = e.to_string();
                assert!(text.contains("binding `block`") && text.contains("20 bytes") && text.contains("at least 32"), "{text}");
            }
            other => panic!("expected a binding error, got {other:?}"),
        }
        let enough = gpu.storage_buffer(&[7.0f32, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0][..]);
        pipeline.raw().dispatch(gpu, &NamedResources::new(tail::BINDINGS, &[("block", &enough)]).expect("named"), [1, 1, 1]).expect("fits");
        assert_eq!(enough.read_blocking(gpu).expect("read")[4], 7.0);
    });
}

/// A runtime-sized array needs at least one element (wgpu's `min_binding_size`). An empty
/// `Buffer<[f32]>` used to pass: the runtime pads it to 4 bytes and the check read the padded
/// size, so the shader's writes vanished without an error.
#[test]
fn empty_runtime_array_buffer_is_an_error() {
    let Some(gpu) = common::gpu() else { return };
    let pipeline = overridden::Pipeline::new(gpu).expect("pipeline");
    let empty = gpu.storage_buffer_zeroed::<f32>(0);
    let err = pipeline.dispatch(gpu, overridden::Bindings { out: &empty }, [1, 1, 1]).expect_err("an empty array binding");
    let GpuError::Binding(e) = &err else { panic!("expected a binding error, got {err:?}") };
    assert_eq!((e.name, e.problem.clone()), ("out", BindingProblem::TooSmall { size: 0, needed: 4 }));
    let one = gpu.storage_buffer_zeroed::<f32>(1);
    pipeline.dispatch(gpu, overridden::Bindings { out: &one }, [1, 1, 1]).expect("one element is enough to bind");
    // out[0] = 0 * 2 + 1; the other three invocations write past the end, which WGSL lets
    // land on an element or nowhere: clamped, one of them lands on out[0] (§14.5.2).
    let value = one.read_blocking(gpu).expect("read")[0];
    assert!([1.0, 3.0, 5.0, 7.0].contains(&value), "{value}");
}

/// The opt-in check against the dispatch: the caller states how many elements a dispatch
/// touches. `overridden` writes `out[id.x]` for every invocation: 64 workgroups of 4 write 256.
#[test]
fn dispatch_checked_refuses_a_buffer_shorter_than_the_dispatch() {
    let Some(gpu) = common::gpu() else { return };
    let pipeline = overridden::Pipeline::new(gpu).expect("pipeline");
    let short = gpu.storage_buffer_zeroed::<f32>(16);
    let err = pipeline
        .dispatch_checked(gpu, overridden::Bindings { out: &short }, [64, 1, 1], &[("out", 256)])
        .expect_err("16 elements for 256 writes");
    let GpuError::Binding(e) = &err else { panic!("expected a binding error, got {err:?}") };
    assert_eq!((e.name, e.problem.clone()), ("out", BindingProblem::TooFewElements { elements: 16, touched: 256 }));
    assert!(err.to_string().contains("holds 16 elements but the dispatch touches 256"), "{err}");
    // FIXME(documented limit): without the opt-in check the same dispatch succeeds and the writes
    // past element 15 land on an element or nowhere (WGSL §14.5.2; clamped, on the last one),
    // with no error.
    pipeline.dispatch(gpu, overridden::Bindings { out: &short }, [64, 1, 1]).expect("unchecked dispatch");
    let got = short.read_blocking(gpu).expect("read");
    let expected: Vec<f32> = (0..15).map(|i| (i * 2) as f32 + 1.0).collect();
    assert_eq!(got[..15], expected[..]);
    assert!((15..256).any(|i| (i * 2) as f32 + 1.0 == got[15]), "{}", got[15]);

    let full = gpu.storage_buffer_zeroed::<f32>(256);
    pipeline.dispatch_checked(gpu, overridden::Bindings { out: &full }, [64, 1, 1], &[("out", 256)]).expect("256 elements");
    let expected: Vec<f32> = (0..256).map(|i| (i * 2) as f32 + 1.0).collect();
    assert_eq!(full.read_blocking(gpu).expect("read"), expected);

    // A name the shader does not have, and a binding without a runtime-sized array.
    let err = pipeline.dispatch_checked(gpu, overridden::Bindings { out: &full }, [1, 1, 1], &[("output", 4)]).expect_err("unknown");
    assert!(err.to_string().contains("no binding `output`") && err.to_string().contains("out"), "{err}");
    let scale_pipeline = scale::Pipeline::new(gpu).expect("pipeline");
    let params = gpu.uniform_buffer(&scale::Params::new(1.0, 4));
    let data = gpu.storage_buffer(&[1.0f32; 4][..]);
    let counter = gpu.storage_buffer(&0u32);
    let err = scale_pipeline
        .dispatch_checked(gpu, scale::Bindings { params: &params, data: &data, counter: &counter }, [1, 1, 1], &[("params", 1)])
        .expect_err("a uniform block has no element count");
    assert!(matches!(&err, GpuError::Binding(e) if e.name == "params" && matches!(e.problem, BindingProblem::Unsupported(_))), "{err:?}");
}

/// Where the shader indexes a runtime-sized array with `global_invocation_id.x` (directly,
/// through a `let` or a once-stored local of it, a conversion, a helper's parameter) in code every
/// invocation reaches, `dispatch_checked` checks `workgroups[0] * WORKGROUP_SIZE[0]` elements
/// without being told; computed indices, other components, branches and code after an early
/// return (a guarded index) are left to the caller.
#[test]
fn dispatch_checked_derives_the_count_from_global_invocation_id() {
    let expected: &[&str] = &["direct", "via_let", "via_whole_let", "converted", "in_helper"];
    assert_eq!(derived::ENTRY_POINTS[0].invocation_indexed, expected);
    assert_eq!(derived_glsl::ENTRY_POINTS[0].invocation_indexed, &["A", "bb"]);
    assert_eq!(overridden::ENTRY_POINTS[0].invocation_indexed, &["out"]);
    assert_eq!(specialized::ENTRY_POINTS[0].invocation_indexed, &["o"]);
    // Guarded by `if id.x < params.n`; a constant index; `local_invocation_index`.
    assert!(scale::ENTRY_POINTS[0].invocation_indexed.is_empty());
    assert!(tail::ENTRY_POINTS[0].invocation_indexed.is_empty());
    assert!(tiled::ENTRY_POINTS[0].invocation_indexed.is_empty());

    let Some(gpu) = common::gpu() else { return };
    let pipeline = overridden::Pipeline::new(gpu).expect("pipeline");
    let short = gpu.storage_buffer_zeroed::<f32>(16);
    let err = pipeline.dispatch_checked(gpu, overridden::Bindings { out: &short }, [64, 1, 1], &[]).expect_err("16 elements for 256 invocations");
    let GpuError::Binding(e) = &err else { panic!("expected a binding error, got {err:?}") };
    assert_eq!((e.name, e.problem.clone()), ("out", BindingProblem::TooFewElements { elements: 16, touched: 256 }));
    // The caller's count for a binding replaces the derived one.
    let err = pipeline.dispatch_checked(gpu, overridden::Bindings { out: &short }, [4, 1, 1], &[("out", 17)]).expect_err("17 > 16");
    assert!(matches!(&err, GpuError::Binding(e) if e.problem == BindingProblem::TooFewElements { elements: 16, touched: 17 }), "{err:?}");
    pipeline.dispatch_checked(gpu, overridden::Bindings { out: &short }, [4, 1, 1], &[]).expect("16 invocations, 16 elements");
    let expected: Vec<f32> = (0..16).map(|i| (i * 2) as f32 + 1.0).collect();
    assert_eq!(short.read_blocking(gpu).expect("read"), expected);

    // GLSL: the index through a local variable.
    let pipeline = specialized::Pipeline::new(gpu).expect("pipeline");
    let short = gpu.storage_buffer_zeroed::<f32>(7);
    let err = pipeline.dispatch_checked(gpu, specialized::Bindings { o: &short }, [2, 1, 1], &[]).expect_err("7 elements for 8 invocations");
    assert!(matches!(&err, GpuError::Binding(e) if e.name == "o" && e.problem == BindingProblem::TooFewElements { elements: 7, touched: 8 }), "{err:?}");
    let full = gpu.storage_buffer_zeroed::<f32>(8);
    pipeline.dispatch_checked(gpu, specialized::Bindings { o: &full }, [2, 1, 1], &[]).expect("8 elements");
}

/// A block with a fixed part before its runtime-sized array: elements are counted after it.
#[test]
fn dispatch_checked_counts_elements_after_the_fixed_part() {
    let Some(gpu) = common::gpu() else { return };
    let pipeline = tail::Pipeline::new(gpu).expect("pipeline");
    // 16-byte header + 4 elements.
    let block = gpu.storage_buffer(&[0.0f32; 8][..]);
    let bindings = NamedResources::new(tail::BINDINGS, &[("block", &block)]).expect("named");
    shader_runtime::check_touched(&bindings, &[("block", 4)]).expect("4 elements");
    pipeline.raw().dispatch_checked(gpu, &bindings, [1, 1, 1], &[("block", 4)]).expect("4 elements");
    let err = shader_runtime::check_touched(&bindings, &[("block", 5)]).expect_err("5 elements");
    assert!(matches!(&err, GpuError::Binding(e) if e.problem == BindingProblem::TooFewElements { elements: 4, touched: 5 }), "{err:?}");
}

#[test]
fn wrong_usage_names_binding_and_usage() {
    common::on_devices(|gpu| {
        let pipeline = scale::Pipeline::new(gpu).expect("pipeline");
        let params = gpu.uniform_buffer(&scale::Params::new(1.0, 4));
        // A uniform buffer where the shader has a storage buffer.
        let data = gpu.uniform_buffer(&[1.0f32; 4][..]);
        let counter = gpu.storage_buffer(&0u32);
        let err = pipeline.dispatch(gpu, scale::Bindings { params: &params, data: &data, counter: &counter }, [1, 1, 1]).expect_err("usage");
        let GpuError::Binding(e) = &err else { panic!("expected a binding error, got {err:?}") };
        assert_eq!(e.name, "data");
        assert!(matches!(e.problem, BindingProblem::MissingUsage { needed: "STORAGE", .. }), "{e:?}");
        assert!(err.to_string().contains("`data`") && err.to_string().contains("storage_buffer"), "{err}");
        // A storage buffer where the shader has a uniform buffer.
        let storage_params = gpu.storage_buffer(&scale::Params::new(1.0, 4));
        let data = gpu.storage_buffer(&[1.0f32; 4][..]);
        let err = pipeline.dispatch(gpu, scale::Bindings { params: &storage_params, data: &data, counter: &counter }, [1, 1, 1]).expect_err("usage");
        assert!(matches!(&err, GpuError::Binding(e) if e.name == "params" && matches!(e.problem, BindingProblem::MissingUsage { needed: "UNIFORM", .. })), "{err:?}");
    });
}

/// The generated `Binding` carries the access, the texel type and the storage format
/// (reflection's), and binding a texture checks them: an `R32Uint` texture fits both bindings
/// and the kernel runs; a storage texture of another format or a sampled texture of another
/// texel type is a `BindingProblem::Format` naming the binding (wgpu would report a
/// validation error without the binding's name, and the CPU device none).
#[test]
fn texture_format_and_texel_type_are_checked() {
    use shader_runtime::generated::Access;
    use shader_runtime::wgpu::{Extent3d, TextureDescriptor, TextureDimension, TextureFormat, TextureUsages};
    let facts = texel_types::BINDINGS.iter().map(|b| (b.name, b.access, b.sample_type, b.format)).collect::<Vec<_>>();
    assert_eq!(
        facts,
        [
            ("counts", Some(Access::Write), Some("uint"), Some("r32uint")),
            ("source", None, Some("uint"), None),
            ("weights", Some(Access::Read), None, None),
        ]
    );
    common::on_devices(|gpu| {
        let texture = |format, usage| {
            gpu.texture(&TextureDescriptor {
                label: None,
                size: Extent3d { width: 1, height: 1, depth_or_array_layers: 1 },
                mip_level_count: 1,
                sample_count: 1,
                dimension: TextureDimension::D2,
                format,
                usage,
                view_formats: &[],
            })
        };
        let storage = TextureUsages::STORAGE_BINDING | TextureUsages::COPY_SRC;
        let sampled = TextureUsages::TEXTURE_BINDING | TextureUsages::COPY_DST;
        let (counts, source) = (texture(TextureFormat::R32Uint, storage), texture(TextureFormat::R32Uint, sampled));
        source.write_level(gpu, 0, &41u32.to_le_bytes()).expect("upload");
        let weights = gpu.storage_buffer(&[1u32][..]);
        let pipeline = texel_types::Pipeline::new(gpu).expect("pipeline");
        pipeline.dispatch(gpu, texel_types::Bindings { counts: &counts, source: &source, weights: &weights }, [1, 1, 1]).expect("dispatch");
        assert_eq!(counts.read_level_blocking(gpu, 0).expect("read"), 42u32.to_le_bytes());
        let floats = texture(TextureFormat::R32Float, storage);
        let err = pipeline.dispatch(gpu, texel_types::Bindings { counts: &floats, source: &source, weights: &weights }, [1, 1, 1]).expect_err("format");
        assert!(matches!(&err, GpuError::Binding(e) if e.name == "counts" && matches!(e.problem, BindingProblem::Format { .. })), "{err:?}");
        assert!(err.to_string().contains("R32Uint") && err.to_string().contains("R32Float"), "{err}");
        let unorm = texture(TextureFormat::Rgba8Unorm, sampled);
        let err = pipeline.dispatch(gpu, texel_types::Bindings { counts: &counts, source: &unorm, weights: &weights }, [1, 1, 1]).expect_err("texels");
        assert!(matches!(&err, GpuError::Binding(e) if e.name == "source" && matches!(e.problem, BindingProblem::Format { .. })), "{err:?}");
        assert!(err.to_string().contains("`uint` texels") && err.to_string().contains("`float`"), "{err}");
    });
}

#[test]
fn wrong_stride_and_kind_and_names_are_errors() {
    common::on_devices(|gpu| {
        let pipeline = scale::Pipeline::new(gpu).expect("pipeline");
        let params = gpu.uniform_buffer(&scale::Params::new(1.0, 4));
        let counter = gpu.storage_buffer(&0u32);
        let wide = gpu.storage_buffer(&[[1.0f32; 2]; 4][..]);
        let named = NamedResources::new(scale::BINDINGS, &[("params", &params), ("data", &wide), ("counter", &counter)]).expect("named");
        let err = pipeline.raw().dispatch(gpu, &named, [1, 1, 1]).expect_err("stride");
        assert!(matches!(&err, GpuError::Binding(e) if e.problem == BindingProblem::Stride { element: 8, stride: 4 }), "{err:?}");
        let sampler = gpu.sampler(shader_runtime::wgpu::FilterMode::Nearest, shader_runtime::wgpu::AddressMode::ClampToEdge);
        let named = NamedResources::new(scale::BINDINGS, &[("params", &params), ("data", &sampler), ("counter", &counter)]).expect("named");
        let err = pipeline.raw().dispatch(gpu, &named, [1, 1, 1]).expect_err("kind");
        assert!(err.to_string().contains("expected a buffer, got a sampler"), "{err}");
        let err = NamedResources::new(scale::BINDINGS, &[("param", &params)]).err().expect("unknown name");
        assert!(err.to_string().contains("no binding `param`"), "{err}");
        let err = NamedResources::new(scale::BINDINGS, &[("params", &params)]).err().expect("missing");
        assert!(err.to_string().contains("no resource given for binding `data`"), "{err}");
    });
}

#[test]
fn buffer_misuse_is_an_error() {
    common::on_devices(|gpu| {
        let data = gpu.storage_buffer(&[1u32, 2, 3][..]);
        let err = data.write(gpu, &[1u32, 2, 3, 4][..]).expect_err("too long");
        assert!(err.to_string().contains("create a new buffer"), "{err}");
        let no_copy = gpu.buffer(&[1u32; 4][..], shader_runtime::wgpu::BufferUsages::STORAGE);
        let err = no_copy.read_blocking(gpu).expect_err("no COPY_SRC");
        assert!(err.to_string().contains("COPY_SRC"), "{err}");
        let pipeline = scale::Pipeline::new(gpu).expect("pipeline");
        let args = gpu.storage_buffer(&[1u32, 1, 1]);
        let params = gpu.uniform_buffer(&scale::Params::new(1.0, 4));
        let values = gpu.storage_buffer(&[1.0f32; 4][..]);
        let counter = gpu.storage_buffer(&0u32);
        let err = pipeline.dispatch_indirect(gpu, scale::Bindings { params: &params, data: &values, counter: &counter }, &args).expect_err("no INDIRECT");
        assert!(err.to_string().contains("INDIRECT"), "{err}");
        let err = pipeline.dispatch(gpu, scale::Bindings { params: &params, data: &values, counter: &counter }, [u32::MAX, 1, 1]).expect_err("too many");
        assert!(err.to_string().contains("per dimension"), "{err}");
    });
}

/// No adapter, simulated two ways: no backends to search, and a name no adapter has. Needs no
/// GPU, so it runs everywhere.
/// The opt-in passthrough path: SPIR-V straight to the Vulkan driver. The shared device was
/// created without `PASSTHROUGH_SHADERS`, which is a clear error; a device created with it (when
/// the adapter offers it, as lavapipe does) runs the same kernel with CPU-checked results.
#[test]
fn passthrough_spirv_on_vulkan() {
    let Some(gpu) = common::gpu() else { return };
    let options = PipelineOptions { passthrough: true, ..Default::default() };
    let err = scale::Pipeline::with_options(gpu, &options).err().expect("passthrough without the feature is an error");
    assert!(matches!(err, GpuError::Unsupported(_)) && err.to_string().contains("PASSTHROUGH_SHADERS"), "{err}");
    let feature = shader_runtime::wgpu::Features::PASSTHROUGH_SHADERS;
    let adapter = &gpu.wgpu().expect("a wgpu device").adapter;
    let vulkan = adapter.get_info().backend == shader_runtime::wgpu::Backend::Vulkan;
    if !(vulkan && adapter.features().contains(feature)) {
        assert!(err.to_string().contains("does not offer it"), "{err}");
        eprintln!("*** SKIPPED passthrough run: {} has no PASSTHROUGH_SHADERS ***", gpu.adapter_name());
        return;
    }
    assert!(err.to_string().contains("required_features"), "the message says how to get the feature: {err}");
    let pt = Gpu::with_options_blocking(&GpuOptions { required_features: feature, ..GpuOptions::from_env() }).expect("device with passthrough");
    let pipeline = scale::Pipeline::with_options(&pt, &options).expect("passthrough pipeline");
    let input: Vec<f32> = (0..300).map(|i| i as f32 * 0.5 - 20.0).collect();
    let data = pt.storage_buffer(&input[..]);
    assert_eq!(run_scale(&pt, &pipeline, &data, -3.0).expect("dispatch"), 300);
    let expected: Vec<f32> = input.iter().map(|x| x * -3.0).collect();
    assert_eq!(data.read_blocking(&pt).expect("read"), expected);

    let err = gapped::Pipeline::with_options(&pt, &options).err().expect("sparse bindings are refused");
    assert!(err.to_string().contains("dense") && err.to_string().contains("missing binding 1"), "{err}");
    // Override constants are written into the words: the same values as the portable path.
    let with_constants = PipelineOptions { constants: &[("offset", 2.0), ("multiplier", 5.0)], ..options };
    let out = pt.storage_buffer_zeroed::<f32>(8);
    for passthrough in [true, false] {
        let pipeline = overridden::Pipeline::with_options(&pt, &PipelineOptions { passthrough, ..with_constants }).expect("pipeline");
        pipeline.dispatch(&pt, overridden::Bindings { out: &out }, [2, 1, 1]).expect("dispatch");
        let values = out.read_blocking(&pt).expect("read");
        assert_eq!([values[0], values[1]], [2.0, 7.0], "passthrough {passthrough}");
    }
    // The SAFETY of passthrough rests on clamped indices: a module compiled without is refused.
    assert!(!unchecked::BOUNDS_CHECKED && scale::BOUNDS_CHECKED);
    let err = unchecked::Pipeline::with_options(&pt, &options).err().expect("unchecked modules are refused");
    assert!(err.to_string().contains("bounds_checks: unchecked"), "{err}");
    unchecked::Pipeline::new(&pt).expect("the portable path (naga checks bounds) takes it");
    // Workgroup memory over the adapter's limit: refused before the driver sees it.
    let err = too_much_shared::Pipeline::with_options(&pt, &options).err().expect("262144 bytes of workgroup memory are refused");
    assert!(err.to_string().contains("at least 262144 bytes") && err.to_string().contains("max_compute_workgroup_storage_size"), "{err}");
}

/// A Vulkan-target module whose workgroup array is sized by an override and read at the
/// constant index 5: reflection gives `n` the least value 6; a passthrough pipeline (on
/// lavapipe) runs with `n` = 6, 8 and 32 (the array follows the constant: `tile[n - 1]` is
/// `(n - 1) * 3`), and `n` = 5 or 0 is refused at pipeline creation with an error naming the
/// constant and the array (WGSL §8.7), as is any other `n` on the portable path, whose naga
/// reads no specialization-constant lengths.
#[test]
fn override_below_a_constant_index_is_refused() {
    assert_eq!(
        tiled_vulkan::SPECIALIZATION_CONSTANTS.iter().map(|c| (c.name, c.sizes_arrays, c.least_value)).collect::<Vec<_>>(),
        [("n", &["tile"][..], Some(6))]
    );
    let Some(gpu) = common::gpu() else { return };
    let feature = shader_runtime::wgpu::Features::PASSTHROUGH_SHADERS;
    let adapter = &gpu.wgpu().expect("a wgpu device").adapter;
    if !(adapter.get_info().backend == shader_runtime::wgpu::Backend::Vulkan && adapter.features().contains(feature)) {
        assert!(!common::ci(), "no passthrough adapter but CI=true");
        eprintln!("*** SKIPPED: {} has no PASSTHROUGH_SHADERS ***", gpu.adapter_name());
        return;
    }
    let pt = Gpu::with_options_blocking(&GpuOptions { required_features: feature, ..GpuOptions::from_env() }).expect("device with passthrough");
    let out = pt.storage_buffer_zeroed::<u32>(3);
    for n in [6u32, 8, 32] {
        let constants = [("n", f64::from(n))];
        let options = PipelineOptions { passthrough: true, constants: &constants, ..Default::default() };
        let pipeline = tiled_vulkan::Pipeline::with_options(&pt, &options).expect("pipeline");
        pipeline.dispatch(&pt, tiled_vulkan::Bindings { out: &out }, [1, 1, 1]).expect("dispatch");
        assert_eq!(out.read_blocking(&pt).expect("read"), [15, (n - 1) * 3, 3], "n = {n}");
    }
    for n in [5.0, 0.0] {
        let constants = [("n", n)];
        let options = PipelineOptions { passthrough: true, constants: &constants, ..Default::default() };
        let err = tiled_vulkan::Pipeline::with_options(&pt, &options).err().expect("a value below the least is refused");
        assert!(matches!(&err, GpuError::ConstantBelowLeast { constant: "n", id: 0, arrays: ["tile"], least: 6, .. }), "{err:?}");
        assert!(err.to_string().contains("`n` (id 0) sizes the arrays `tile`") && err.to_string().contains("at least 6"), "{err}");
    }
    let err = tiled_vulkan::Pipeline::with_options(&pt, &PipelineOptions { constants: &[("n", 16.0)], ..Default::default() })
        .err()
        .expect("the portable path keeps the default");
    assert!(matches!(err, GpuError::ArrayLengthConstant { .. }), "{err:?}");
}

#[test]
fn missing_adapter_is_a_clear_error() {
    let cases = [
        GpuOptions { backends: shader_runtime::wgpu::Backends::empty(), ..Default::default() },
        GpuOptions { adapter_name: Some("no-such-adapter-anywhere".to_string()), ..Default::default() },
    ];
    for options in cases {
        match Gpu::with_options_blocking(&options) {
            Err(err @ GpuError::NoAdapter(_)) => {
                let text = err.to_string();
                assert!(text.contains("mesa-vulkan-drivers") && text.contains("GPU driver"), "{text}");
            }
            Err(other) => panic!("expected NoAdapter, got {other}"),
            Ok(gpu) => panic!("found an adapter ({}) with {options:?}", gpu.adapter_name()),
        }
    }
}

//! The wgpu target (the default) as a contract, through the `shader` binary: what wgpu cannot
//! run is a located compile-time error naming the feature and the way out (the Vulkan target
//! with passthrough), which still compiles it; `debugPrintfEXT` is dropped with a warning.
//! Every module written is checked by spirv-val and by naga as wgpu runs it.

#[path = "../../tests/common/naga_wgpu.rs"]
mod naga_wgpu;

use std::path::Path;
use std::process::Command;

mod support;
use support::{run, scratch};

const BUFFER_REFERENCE: &str = "#version 450
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 64) in;
layout(buffer_reference, std430) buffer Floats { float v[]; };
layout(push_constant) uniform Args { Floats data; uint n; };
void main() { uint i = gl_GlobalInvocationID.x; if (i < n) data.v[i] *= 2.0; }
";

const PRINTF: &str = "#version 450
#extension GL_EXT_debug_printf : require
layout(local_size_x = 1) in;
layout(std430, binding = 0) buffer Data { float values[]; };
void main() {
    debugPrintfEXT(\"value %f\", values[0]);
    values[0] *= 2.0;
}
";


fn words(path: &Path) -> Vec<u32> {
    let bytes = std::fs::read(path).unwrap_or_else(|e| panic!("{} written: {e}", path.display()));
    bytes.chunks_exact(4).map(|c| u32::from_le_bytes([c[0], c[1], c[2], c[3]])).collect()
}

fn spirv_val(path: &Path) {
    spirv_val_with(path, &[]);
}

/// [`spirv_val`] of the module compiled from `source`: with `--scalar-block-layout` (Vulkan's
/// scalarBlockLayout) where the source enables GL_EXT_scalar_block_layout.
fn spirv_val_of(path: &Path, source: &str) {
    spirv_val_with(path, if source.contains("GL_EXT_scalar_block_layout") { &["--scalar-block-layout"] } else { &[] });
}

fn spirv_val_with(path: &Path, extra: &[&str]) {
    match Command::new("spirv-val").args(["--target-env", "vulkan1.2"]).args(extra).arg(path).output() {
        Ok(val) => assert!(val.status.success(), "spirv-val: {}{}", String::from_utf8_lossy(&val.stdout), String::from_utf8_lossy(&val.stderr)),
        Err(e) => panic!("spirv-val is needed for this test: {e}"),
    }
}

#[test]
fn buffer_references_are_a_located_error_for_the_wgpu_target() {
    let dir = scratch("buffer_reference");
    std::fs::write(dir.join("refs.comp"), BUFFER_REFERENCE).unwrap();
    let output = run(&dir, &["compile", "refs.comp", "-o", "refs.spv"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains("error: buffer references (GL_EXT_buffer_reference) cannot be used for the wgpu target"), "{stderr}");
    assert!(stderr.contains("refs.comp:"), "the error is located: {stderr}");
    assert!(stderr.contains('^'), "the error has a caret: {stderr}");
    assert!(stderr.contains("--target vulkan") && stderr.contains("passthrough"), "the error names the way out: {stderr}");
    assert!(!dir.join("refs.spv").exists(), "no module is written");
}

#[test]
fn the_vulkan_target_keeps_buffer_references() {
    let dir = scratch("buffer_reference_vulkan");
    std::fs::write(dir.join("refs.comp"), BUFFER_REFERENCE).unwrap();
    let output = run(&dir, &["compile", "refs.comp", "--target", "vulkan", "-o", "refs.spv"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    spirv_val(&dir.join("refs.spv"));
}

#[test]
fn debug_printf_is_dropped_with_a_warning_for_the_wgpu_target() {
    let dir = scratch("printf");
    std::fs::write(dir.join("printf.comp"), PRINTF).unwrap();
    let output = run(&dir, &["compile", "printf.comp", "-o", "printf.spv"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(stderr.contains("warning: `debugPrintfEXT` is dropped for the wgpu target"), "{stderr}");
    assert!(stderr.contains("printf.comp:6:"), "the warning is located: {stderr}");
    let path = dir.join("printf.spv");
    spirv_val(&path);
    naga_wgpu::naga_check(&words(&path)).unwrap_or_else(|e| panic!("{e}"));

    // The Vulkan target keeps the print.
    let output = run(&dir, &["compile", "printf.comp", "--target", "vulkan", "-o", "vulkan.spv"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let vulkan = std::fs::read(dir.join("vulkan.spv")).unwrap();
    assert!(vulkan.windows(23).any(|w| w == b"NonSemantic.DebugPrintf"), "the Vulkan target keeps debugPrintfEXT");
}

/// `shared/repros/wgsl/sample_mask.wgsl`: naga reads `SampleMask` only as a scalar `u32` and
/// Vulkan requires an array (spirv-val: VUID-SampleMask-SampleMask-04359; naga's own SPIR-V for
/// this file fails that check), so no module is valid for both.
const SAMPLE_MASK: &str = "struct Out {
    @location(0) color: vec4f,
    @builtin(sample_mask) mask: u32,
}

@fragment
fn main(@builtin(position) pos: vec4f, @builtin(sample_mask) covered: u32) -> Out {
    return Out(vec4f(pos.x, 0.0, 0.0, 1.0), covered & 1u);
}
";

/// `shared/repros/wgsl/num_layers.wgsl`: naga's SPIR-V reader takes `OpImageQuerySizeLod` of an
/// array texture without its layer count (naga's own SPIR-V for this file is refused the same way).
const NUM_LAYERS: &str = "@group(0) @binding(0) var s: sampler;
@group(0) @binding(1) var t: texture_2d_array<f32>;
@fragment fn main(@location(0) uv: vec2f, @location(1) @interpolate(flat) layer: u32) -> @location(0) vec4f {
    return textureSample(t, s, uv, layer % textureNumLayers(t));
}
";

/// The error for the wgpu target (located, naming the feature and the way out, no module
/// written), and a module the Vulkan target writes that spirv-val accepts.
fn refused_for_wgpu_kept_for_vulkan(file: &str, source: &str, feature: &str, (line, column): (u32, u32)) {
    let dir = scratch(file.split('.').next().unwrap_or(file));
    std::fs::write(dir.join(file), source).unwrap();
    let output = run(&dir, &["compile", &file, "-o", "out.spv"]);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(1), "{stderr}");
    assert!(stderr.contains(&format!("error: {feature} cannot be used for the wgpu target")), "{stderr}");
    assert!(stderr.contains(&format!("{file}:{line}:{column}")), "the error is located at {line}:{column}: {stderr}");
    assert!(stderr.contains('^'), "the error has a caret: {stderr}");
    assert!(stderr.contains("--target vulkan") && stderr.contains("passthrough"), "the error names the way out: {stderr}");
    assert!(!dir.join("out.spv").exists(), "no module is written");

    let output = run(&dir, &["compile", &file, "--target", "vulkan", "-o", "vulkan.spv"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    spirv_val_of(&dir.join("vulkan.spv"), source);
}

#[test]
fn the_sample_mask_is_a_located_error_for_the_wgpu_target() {
    refused_for_wgpu_kept_for_vulkan("sample_mask.wgsl", SAMPLE_MASK, "the sample mask (`@builtin(sample_mask)`, `gl_SampleMask`, `gl_SampleMaskIn`)", (7, 40));
}

#[test]
fn texture_layer_counts_are_a_located_error_for_the_wgpu_target() {
    refused_for_wgpu_kept_for_vulkan("num_layers.wgsl", NUM_LAYERS, LAYER_COUNT, (4, 44));
}

const LAYER_COUNT: &str = "the layer count of an array texture (`textureNumLayers`, the last component of `textureSize` or `imageSize`)";

/// GLSL's `textureSize` of an array texture ends with the layer count, which naga's reader
/// leaves out (`shaders-msl_comp_image-cube-array-load-store.comp` in the corpus: "Index 3 is
/// out of bounds"): an error where the layer count is read, none where only the size is.
const TEXTURE_SIZE_LAYERS: &str = "#version 450
layout(binding = 0) uniform sampler2DArray t;
layout(location = 0) out vec4 color;
void main() {
    ivec3 size = textureSize(t, 0);
    color = vec4(size, 1);
}
";

#[test]
fn texture_size_layers_are_a_located_error_for_the_wgpu_target() {
    refused_for_wgpu_kept_for_vulkan("size_layers.frag", TEXTURE_SIZE_LAYERS, LAYER_COUNT, (5, 18));
}

/// Accepted by naga; `wgpu_paths::texture_size_xy_of_an_array_texture_on_both_paths` runs such
/// a query on a real texture on both paths against glslang's module.
#[test]
fn texture_size_without_layers_is_accepted_by_naga() {
    let source = TEXTURE_SIZE_LAYERS.replace("ivec3 size = textureSize(t, 0);", "ivec2 size = textureSize(t, 0).xy; int w = textureSize(t, 1).x;").replace("vec4(size, 1)", "vec4(size, w, 1)");
    accepted_for_wgpu("size_xy.frag", &source);
}

/// `file` compiles for the wgpu target to a module spirv-val and naga (as wgpu runs it) accept.
fn accepted_for_wgpu(file: &str, source: &str) {
    let stem = file.split('.').next().unwrap_or(file);
    let dir = scratch(stem);
    std::fs::write(dir.join(file), source).unwrap();
    let output = run(&dir, &["compile", file, "-o", "out.spv"]);
    assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
    let path = dir.join("out.spv");
    spirv_val_of(&path, source);
    naga_wgpu::naga_check(&words(&path)).unwrap_or_else(|e| panic!("{file}: {e}"));
}

/// Built-ins naga does not take as wgpu runs it (`spirv::wgpu::builtin_feature`): located at
/// the first use of a GLSL built-in.
#[test]
fn builtins_naga_does_not_read_are_located_errors_for_the_wgpu_target() {
    let helper = "#version 450
layout(location = 0) out vec4 color;
void main() {
    color = vec4(gl_HelperInvocation ? 1.0 : 0.0);
}
";
    refused_for_wgpu_kept_for_vulkan("helper.frag", helper, "`gl_HelperInvocation`", (4, 18));
    let clip = "#version 450
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0 - gl_ClipDistance[0]);
}
";
    refused_for_wgpu_kept_for_vulkan("clip.frag", clip, "clip distances in a fragment shader (`gl_ClipDistance` as an input)", (4, 24));
}

/// A bias on a 1D texture (naga's validator: "Bias can't be done for image dimension D1"; the
/// corpus's `sampler-1d-lod*.frag`).
#[test]
fn a_bias_on_a_1d_texture_is_a_located_error_for_the_wgpu_target() {
    let source = "#version 450
layout(binding = 0) uniform sampler1D t;
layout(location = 0) in float u;
layout(location = 0) out vec4 color;
void main() {
    color = texture(t, u, 0.5);
}
";
    refused_for_wgpu_kept_for_vulkan("bias_1d.frag", source, "a level-of-detail bias on a 1D texture (`texture(sampler1D, p, bias)`)", (6, 13));
}

const DEPTH_COMPARE_LEVEL: &str = "a depth comparison at a chosen level of detail (a bias, a level other than 0 or gradients with a shadow sampler: `texture(s, p, bias)`, `textureLod`, `textureGrad`, GL_EXT_texture_shadow_lod)";

/// A depth comparison at a level other than 0: naga refuses a bias there and reads every
/// explicit level or gradient as level 0 (the corpus's `spv.ext.textureShadowLod.frag`,
/// `texture-shadow-lod-bias.frag`). A constant level 0, or constant zero gradients (the base
/// level too), is what naga reads, and is accepted.
#[test]
fn depth_comparisons_at_a_chosen_level_are_located_errors_for_the_wgpu_target() {
    let source = "#version 450
layout(binding = 0) uniform sampler2DShadow s;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    float a = textureLod(s, vec3(uv, 0.5), 0.0);
    color = vec4(a + textureLod(s, vec3(uv, 0.5), 1.0));
}
";
    refused_for_wgpu_kept_for_vulkan("shadow_lod.frag", source, DEPTH_COMPARE_LEVEL, (7, 22));
    let bias = source.replace("textureLod(s, vec3(uv, 0.5), 1.0)", "texture(s, vec3(uv, 0.5), 1.0)");
    refused_for_wgpu_kept_for_vulkan("shadow_bias.frag", &bias, DEPTH_COMPARE_LEVEL, (7, 22));
    let grad = source.replace("textureLod(s, vec3(uv, 0.5), 1.0)", "textureGrad(s, vec3(uv, 0.5), dFdx(uv), dFdy(uv))");
    refused_for_wgpu_kept_for_vulkan("shadow_grad.frag", &grad, DEPTH_COMPARE_LEVEL, (7, 22));

    let level_zero = source.replace("textureLod(s, vec3(uv, 0.5), 1.0)", "texture(s, vec3(uv, 0.5)) + textureGrad(s, vec3(uv, 0.5), vec2(0.0), vec2(0.0))");
    accepted_for_wgpu("shadow_lod_zero.frag", &level_zero);
}

/// Integer widths naga does not take: 16-bit integer constants (its reader: "invalid type
/// width"), 8-bit integer types (its validator), 8/16/64-bit specialization constants (the
/// corpus's `spv.int16.frag`, `spv.specConstant.int16.comp`, `spv.int64.frag`, ...).
#[test]
fn integer_widths_naga_does_not_take_are_located_errors_for_the_wgpu_target() {
    let int16 = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int16 : require
layout(location = 0) flat in int i;
layout(location = 0) out vec4 color;
void main() {
    int16_t s = int16_t(i);
    s = s * 3s;
    color = vec4(float(s));
}
";
    refused_for_wgpu_kept_for_vulkan("int16.frag", int16, "16-bit integer constants (`int16_t` / `uint16_t` values known at compile time)", (7, 5));
    let spec64 = "#version 450
#extension GL_EXT_shader_explicit_arithmetic_types_int64 : require
layout(constant_id = 3) const int64_t big = 5000000000l;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(float(big));
}
";
    refused_for_wgpu_kept_for_vulkan(
        "spec64.frag",
        spec64,
        "8-, 16- and 64-bit integer specialization constants (`layout(constant_id = N) const int64_t ...`)",
        (3, 39),
    );
}

/// Subgroup scans other than of `+` and `*`: naga's validator knows no other ("Unknown
/// operation"; the corpus's `spv.subgroupArithmetic.comp`).
#[test]
fn subgroup_scans_of_other_operations_are_located_errors_for_the_wgpu_target() {
    let source = "#version 450
#extension GL_KHR_shader_subgroup_arithmetic : enable
layout(local_size_x = 32) in;
layout(std430, binding = 0) buffer B { uint data[]; };
void main() {
    uint l = gl_LocalInvocationIndex;
    data[l] = subgroupInclusiveAdd(data[l]) + subgroupExclusiveMax(data[l]);
}
";
    refused_for_wgpu_kept_for_vulkan(
        "scan_max.comp",
        source,
        "subgroup scans other than of sums and products (`subgroupInclusiveMin`, `subgroupExclusiveOr`, ...)",
        (7, 47),
    );
}

/// Arrays of buffer blocks (`spirv::wgpu::BUFFER_ARRAY`; the corpus's `spv.nonuniform5.frag`,
/// `shaders-msl_comp_array-length.comp`, `binding-buffer-arrays.wgsl`): naga's SPIR-V reader
/// refuses them, or reads an array of storage buffers as one buffer holding an array.
#[test]
fn buffer_arrays_are_located_errors_for_the_wgpu_target() {
    const BUFFER_ARRAY: &str = "arrays of uniform or storage buffers (`uniform Block { .. } blocks[N]`, `buffer Block { .. } blocks[]`, `binding_array` of buffers)";
    let buffers = "#version 450
layout(location = 0) flat in int i;
layout(location = 0) out vec4 color;
layout(binding = 0) uniform UBO {
    vec4 v;
} ubos[4];
void main() {
    color = ubos[i].v;
}
";
    refused_for_wgpu_kept_for_vulkan("ubo_array.frag", buffers, BUFFER_ARRAY, (4, 1));
    let wgsl_buffers = "struct Foo { x: u32 }
@group(0) @binding(0) var<storage, read_write> foos: binding_array<Foo, 2>;
@compute @workgroup_size(1) fn main() {
    foos[1].x = foos[0].x;
}
";
    refused_for_wgpu_kept_for_vulkan("buffer_array.wgsl", wgsl_buffers, BUFFER_ARRAY, (2, 1));
}

/// Texel fetches and storage loads and stores on an element of a texture array
/// (`spirv::wgpu::TEXTURE_ARRAY_TEXELS`; the corpus's `shaders-hlsl_frag_sampler-array.frag`,
/// `tests_tests_partially_bounded_arrays_shader.wgsl`): naga's SPIR-V reader takes the image
/// type of the binding array there ("invalid image").
#[test]
fn texel_access_on_texture_array_elements_is_a_located_error_for_the_wgpu_target() {
    let texels = "#version 450
layout(location = 0) flat in int i;
layout(location = 0) out vec4 color;
layout(binding = 0) uniform texture2D textures[4];
void main() {
    color = texelFetch(textures[i], ivec2(0), 0);
}
";
    refused_for_wgpu_kept_for_vulkan(
        "texel_array.frag",
        texels,
        "texel fetches and storage texture loads and stores on an element of a texture array (`texelFetch(t[i], ..)`, `imageLoad(images[i], ..)`, `textureStore(a[i], ..)`)",
        (6, 13),
    );
}

/// An element of a texture or sampler array passed to a function (the corpus's
/// `array-of-texture-swizzle*.frag`), and a shadow sampler passed to one
/// (`combined-texture-sampler-parameter.frag`): naga's SPIR-V reader follows a texture or
/// sampler argument only to a variable ("invalid global var") and types a sampler parameter as
/// a non-comparison sampler ("Comparison sampling mismatch"). The wgpu target specialises such
/// functions per variable passed (`ir::pointer_params::specialize_resources`, an array
/// element's index becoming an argument), which naga accepts; the render differential runs
/// them against glslang's module.
#[test]
fn textures_and_samplers_passed_to_functions_are_accepted_by_naga() {
    let argument = "#version 450
layout(location = 0) flat in int i;
layout(location = 0) out vec4 color;
layout(binding = 0) uniform sampler2D samplers[4];
layout(binding = 1) uniform sampler2DShadow shadow;
vec4 first(sampler2D s) { return texture(s, vec2(0.5)); }
vec4 second(sampler2D s, int k) { return first(s) * float(k); }
float compare(sampler2DShadow s, vec3 p) { return texture(s, p); }
void main() {
    color = first(samplers[i]) + second(samplers[2], i) + second(samplers[i + 1], 3) + compare(shadow, vec3(0.5));
}
";
    accepted_for_wgpu("argument_array.frag", argument);
    let in_place = "#version 450
layout(location = 0) flat in int i;
layout(location = 0) out vec4 color;
layout(binding = 0) uniform sampler2D samplers[4];
void main() {
    color = texture(samplers[i], vec2(0.5)) + vec4(textureSize(samplers[i], 0), 0, 0);
}
";
    accepted_for_wgpu("sampled_array.frag", in_place);
}

/// The subgroup size in a vertex shader (`spirv::wgpu::VERTEX_SUBGROUP`; the corpus's
/// `spv.subgroup.vert`): naga's validator takes it in compute and fragment shaders only.
#[test]
fn subgroup_builtins_in_a_vertex_shader_are_a_located_error_for_the_wgpu_target() {
    let source = "#version 450
#extension GL_KHR_shader_subgroup_basic : enable
layout(location = 0) out vec4 size;
void main() {
    size = vec4(float(gl_SubgroupSize));
    gl_Position = vec4(0.0);
}
";
    refused_for_wgpu_kept_for_vulkan(
        "subgroup.vert",
        source,
        "the subgroup size or invocation index in a vertex shader (`gl_SubgroupSize`, `gl_SubgroupInvocationID`)",
        (5, 23),
    );
}

/// Location components (`spirv::wgpu::LOCATION_COMPONENT`; the corpus's `array-component-io*`):
/// naga ignores the `Component` decoration, so two outputs sharing a location collide.
#[test]
fn location_components_are_a_located_error_for_the_wgpu_target() {
    let source = "#version 450
layout(location = 0) in vec4 pos;
layout(location = 1, component = 0) out vec2 a;
layout(location = 1, component = 2) out vec2 b;
void main() {
    gl_Position = pos;
    a = pos.xy;
    b = pos.zw;
}
";
    refused_for_wgpu_kept_for_vulkan("components.vert", source, "location components (`layout(location = N, component = C)`)", (4, 46));
    accepted_for_wgpu("component_zero.vert", &source.replace("layout(location = 1, component = 2) out vec2 b;", "layout(location = 2) out vec2 b;"));
}

/// A texture offset from a specialization constant (`spirv::wgpu::OVERRIDE_OFFSET`; the
/// corpus's `spv.specTexture.frag`): naga takes an offset only as a constant expression. A
/// plain constant offset is accepted.
#[test]
fn texture_offsets_from_specialization_constants_are_a_located_error_for_the_wgpu_target() {
    let source = "#version 450
layout(constant_id = 1) const int offs = 0;
layout(binding = 0) uniform sampler2D tex;
layout(location = 0) out vec4 color;
void main() {
    color = textureLodOffset(tex, vec2(0.5), 0.0, ivec2(offs, offs));
}
";
    refused_for_wgpu_kept_for_vulkan(
        "spec_offset.frag",
        source,
        "a texture offset computed from a specialization constant (`layout(constant_id = N)`)",
        (6, 13),
    );
    accepted_for_wgpu("const_offset.frag", &source.replace("ivec2(offs, offs)", "ivec2(1, -1)"));
}

/// Cube storage images (`spirv::wgpu::CUBE_STORAGE`; the corpus's
/// `image-cube-array-load-store.comp`): WebGPU has none, and naga's reader takes the texel
/// coordinate as a direction ("Index 3 is out of bounds").
#[test]
fn cube_storage_images_are_a_located_error_for_the_wgpu_target() {
    let source = "#version 450
layout(local_size_x = 1) in;
layout(r32f, binding = 0) uniform readonly imageCubeArray src;
layout(r32f, binding = 1) uniform writeonly image2D dst;
void main() {
    imageStore(dst, ivec2(0), imageLoad(src, ivec3(1, 2, 7)));
}
";
    refused_for_wgpu_kept_for_vulkan("cube_storage.comp", source, "cube storage images (`imageCube`, `imageCubeArray`)", (3, 59));
}

/// GLSL.std.450 instructions naga's reader does not implement, through `spirv_instruction`
/// (`spirv::wgpu::glsl_std_450_unread`; the corpus's `spv.intrinsicsSpirvByReference.vert`).
#[test]
fn glsl_std_450_instructions_naga_does_not_read_are_a_located_error_for_the_wgpu_target() {
    let source = "#version 450 core
#extension GL_EXT_spirv_intrinsics : enable
spirv_instruction (set = \"GLSL.std.450\", id = 35)
float modf(float x, spirv_by_reference float i);
layout(location = 0) in float x;
layout(location = 0) out vec2 parts;
void main() {
    parts.x = modf(x, parts.y);
    gl_Position = vec4(0.0);
}
";
    refused_for_wgpu_kept_for_vulkan("modf.vert", source, "the GLSL.std.450 instruction `Modf`", (8, 5));
}

/// A memory barrier in a vertex or fragment shader (`spirv::wgpu::GRAPHICS_MEMORY_BARRIER`):
/// naga takes barriers in compute shaders only. Where the shader writes no storage buffer or
/// image the barrier orders nothing another invocation sees and is left out (the corpus's
/// `spv.barrier.vert`); where it writes one, it is an error.
#[test]
fn memory_barriers_outside_compute_shaders() {
    let vertex = "#version 450
layout(location = 0) out vec4 c0;
void main() {
    c0 = vec4(1.0);
    memoryBarrier();
    memoryBarrierBuffer();
    ++c0;
    memoryBarrierImage();
    gl_Position = c0;
}
";
    accepted_for_wgpu("barrier.vert", vertex);
    let fragment = "#version 450
layout(std430, binding = 0) buffer B { uint flags[]; };
layout(location = 0) out vec4 color;
void main() {
    flags[0] = 1u;
    memoryBarrierBuffer();
    color = vec4(float(flags[1]));
}
";
    refused_for_wgpu_kept_for_vulkan(
        "barrier_writes.frag",
        fragment,
        "a memory barrier (`memoryBarrier*`) in a vertex or fragment shader that writes storage buffers or images",
        (6, 5),
    );
}

/// The subgroup invocation index in a workgroup of more than one dimension
/// (`spirv::wgpu::MULTI_DIMENSIONAL_SUBGROUP`): naga's validator refuses it ("Workgroup size is
/// multi dimensional"). The same shader with a (32, 1, 1) workgroup runs on both paths in
/// `wgpu_paths::subgroup_invocation_id_in_a_1d_workgroup_on_both_paths`.
#[test]
fn subgroup_invocation_ids_in_a_multi_dimensional_workgroup_are_a_located_error_for_the_wgpu_target() {
    let source = "#version 450
#extension GL_KHR_shader_subgroup_basic : enable
layout(local_size_x = 4, local_size_y = 4, local_size_z = 2) in;
layout(std430, binding = 0) buffer B { uint result[32]; };
void main() {
    result[gl_LocalInvocationIndex] = gl_SubgroupInvocationID;
}
";
    refused_for_wgpu_kept_for_vulkan(
        "subgroup_2d.comp",
        source,
        "the subgroup index or invocation index (`gl_SubgroupID`, `gl_SubgroupInvocationID`, `subgroup_id`, `subgroup_invocation_id`) in a workgroup of more than one dimension",
        (6, 39),
    );
    accepted_for_wgpu("subgroup_1d.comp", &source.replace("local_size_x = 4, local_size_y = 4, local_size_z = 2", "local_size_x = 32"));
}

/// The subgroup masks (`gl_SubgroupEqMask` ...): naga's SPIR-V reader maps none of them
/// ("unsupported builtin"); located at the first use.
#[test]
fn subgroup_masks_are_a_located_error_for_the_wgpu_target() {
    let source = "#version 450
#extension GL_KHR_shader_subgroup_ballot : require
layout(local_size_x = 64) in;
layout(std430, set = 0, binding = 0) buffer Data { uint v[]; };
void main() {
    v[gl_GlobalInvocationID.x] = subgroupBallot(true).x + gl_SubgroupLtMask.x;
}
";
    refused_for_wgpu_kept_for_vulkan("masks.comp", source, "the subgroup masks (`gl_SubgroupEqMask`, `gl_SubgroupGeMask`, `gl_SubgroupGtMask`, `gl_SubgroupLeMask`, `gl_SubgroupLtMask`)", (6, 59));
    accepted_for_wgpu("ballot.comp", &source.replace(" + gl_SubgroupLtMask.x", ""));
}

/// Sampling an integer texture (Vulkan allows it with nearest filtering; naga's validator
/// samples float textures only): located at the sample. Texel fetches and gathers of the same
/// texture are what naga takes.
#[test]
fn sampling_integer_textures_is_a_located_error_for_the_wgpu_target() {
    let sampled = "#version 450
layout(set = 0, binding = 0) uniform usampler2D us2;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(texelFetch(us2, ivec2(uv), 0) + texture(us2, uv));
}
";
    refused_for_wgpu_kept_for_vulkan("int_sample.frag", sampled, "sampling an integer texture (`texture` and the other sampling functions on an `isampler`/`usampler`)", (6, 50));
    let fetched = "#version 450
layout(set = 0, binding = 0) uniform isampler2D is2;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(textureGather(is2, uv, 1) + texelFetch(is2, ivec2(uv), 0) + textureGatherOffset(is2, uv, ivec2(1, 0)));
}
";
    accepted_for_wgpu("int_fetch.frag", fetched);
}

/// A `layout(scalar)` buffer whose offsets or strides are off WGSL's alignments (naga: "The
/// array stride 12 is not a multiple of the required alignment 16", "unsupported matrix stride
/// 12"): located at the block. A scalar block that keeps them compiles and naga takes it.
#[test]
fn buffer_layouts_off_wgsl_alignments_are_a_located_error_for_the_wgpu_target() {
    let feature = "a buffer layout that places a member, an array element or a matrix column off its WGSL alignment (`layout(scalar)` packing `vec3`s tightly, or an explicit offset)";
    let head = "#version 450
#extension GL_EXT_scalar_block_layout : require
layout(local_size_x = 1) in;
";
    for (name, block, body) in [
        ("array_stride", "layout(scalar, set = 0, binding = 0) buffer B { vec3 v[]; } b;", "b.v[1] = b.v[0];"),
        ("member_offset", "layout(scalar, set = 0, binding = 0) buffer B { float f; vec2 v; } b;", "b.f = b.v.y;"),
        ("matrix_stride", "layout(scalar, set = 0, binding = 0) buffer B { mat3 m; vec3 o; } b;", "b.o = b.m[2];"),
    ] {
        let source = format!("{head}{block}\nvoid main() {{ {body} }}\n");
        refused_for_wgpu_kept_for_vulkan(&format!("{name}.comp"), &source, feature, (4, 1));
    }
    let aligned = format!("{head}layout(scalar, set = 0, binding = 0) buffer B {{ vec4 a; vec2 c; float b; float pad; vec4 rest[]; }} b;\nvoid main() {{ b.rest[1] = b.a * b.c.x + b.b; }}\n");
    accepted_for_wgpu("aligned_scalar.comp", &aligned);
}

/// A workgroup size that is a specialization constant (`local_size_x_id`, sharing its id with
/// a `constant_id` constant, as glslang makes two constants of one id): the wgpu target writes
/// the declared size (naga specializes none), and `reflect` still reports the dimension's
/// constant and both constants, as for the Vulkan target, so a host can specialize the size
/// (shader-runtime writes the value into the words: `set_workgroup_size`). Before, the wgpu target's
/// reflection had `[null, null, null]` and only `W`. Also the access, texel type and format
/// of a write-only integer storage image.
#[test]
fn reflect_names_a_workgroup_size_constant_on_both_targets() {
    const SOURCE: &str = "#version 450
layout(local_size_x_id = 0, local_size_x = 8) in;
layout(constant_id = 0) const uint W = 4u;
layout(binding = 0, r32ui) writeonly uniform uimage2D img;
void main() { imageStore(img, ivec2(gl_GlobalInvocationID.xy), uvec4(W + gl_WorkGroupSize.x)); }
";
    let dir = scratch("workgroup_size_constant");
    std::fs::write(dir.join("wg.comp"), SOURCE).unwrap();
    let mut reflected = Vec::new();
    for target in ["wgpu", "vulkan"] {
        let output = run(&dir, &["reflect", "--target", target, "wg.comp"]);
        assert_eq!(output.status.code(), Some(0), "{}", String::from_utf8_lossy(&output.stderr));
        let r: serde_json::Value = serde_json::from_slice(&output.stdout).expect("reflect prints JSON");
        assert_eq!(
            r["entry_points"],
            serde_json::json!([{ "name": "main", "stage": "compute", "workgroup_size": [8, 1, 1], "workgroup_size_overrides": [0, null, null] }]),
            "{target}"
        );
        assert_eq!(
            r["specialization_constants"],
            serde_json::json!([{ "id": 0, "type": "u32", "default": 8 }, { "name": "W", "id": 0, "type": "u32", "default": 4 }]),
            "{target}"
        );
        let img = &r["bindings"][0];
        assert_eq!((&img["access"], &img["texture"]["sample_type"], &img["texture"]["format"]), (&"write".into(), &"uint".into(), &"r32uint".into()), "{target}");
        reflected.push(r);
    }
    assert_eq!(reflected[0], reflected[1], "both targets reflect the same interface");
    accepted_for_wgpu("wg.comp", SOURCE);
}

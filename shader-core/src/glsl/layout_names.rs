//! The layout qualifier names glslang knows (GLSL 4.60 §4.4 and the extensions real shaders
//! use), so that a misspelt one (`bindings`) is an error with a suggestion instead of being
//! silently ignored. Names are case-insensitive (§4.4: "layout-qualifier-name ... is not
//! case sensitive" for the non-keyword names), compared in lowercase.

pub const KNOWN: &[&str] = &[
    // Blocks and resources (§4.4.5, §4.4.6, GL_KHR_vulkan_glsl).
    "shared", "packed", "std140", "std430", "scalar", "row_major", "column_major", "binding", "offset", "align",
    "set", "push_constant", "input_attachment_index", "location", "component", "index", "constant_id",
    "buffer_reference", "buffer_reference_align", "shader_record_ext", "shader_record_nv", "shaderrecordnv",
    "shaderrecordext", "bindless_sampler", "bindless_image",
    // Compute (§4.4.1.4).
    "local_size_x", "local_size_y", "local_size_z", "local_size_x_id", "local_size_y_id", "local_size_z_id",
    "derivative_group_quadsnv", "derivative_group_linearnv", "derivative_group_quadskhr", "derivative_group_linearkhr",
    // Fragment (§4.4.1.3, §4.4.2.3).
    "origin_upper_left", "pixel_center_integer", "early_fragment_tests", "post_depth_coverage", "depth_any",
    "depth_greater", "depth_less", "depth_unchanged", "early_and_late_fragment_tests_amd", "index",
    "pixel_interlock_ordered", "pixel_interlock_unordered", "sample_interlock_ordered", "sample_interlock_unordered",
    "shading_rate_interlock_ordered", "shading_rate_interlock_unordered", "stencil_ref_unchanged_front_amd",
    "stencil_ref_greater_front_amd", "stencil_ref_less_front_amd", "stencil_ref_unchanged_back_amd",
    "stencil_ref_greater_back_amd", "stencil_ref_less_back_amd", "full_quads", "quad_derivatives",
    "non_coherent_color_attachment_readext", "non_coherent_depth_attachment_readext",
    "non_coherent_stencil_attachment_readext", "non_coherent_attachment_readext", "blend_support_all_equations",
    "blend_support_multiply", "blend_support_screen", "blend_support_overlay", "blend_support_darken",
    "blend_support_lighten", "blend_support_colordodge", "blend_support_colorburn", "blend_support_hardlight",
    "blend_support_softlight", "blend_support_difference", "blend_support_exclusion", "blend_support_hsl_hue",
    "blend_support_hsl_saturation", "blend_support_hsl_color", "blend_support_hsl_luminosity",
    "override_coverage", "passthrough", "viewport_relative", "secondary_view_offset", "primitive_culling",
    "num_views", "tile_attachmentqcom",
    // Transform feedback, geometry and tessellation (parsed in any stage; glslang names them).
    "xfb_buffer", "xfb_offset", "xfb_stride", "stream", "points", "lines", "lines_adjacency", "triangles",
    "triangles_adjacency", "line_strip", "triangle_strip", "max_vertices", "invocations", "vertices", "isolines",
    "quads", "equal_spacing", "fractional_even_spacing", "fractional_odd_spacing", "cw", "ccw", "point_mode",
    "max_primitives", "per_primitive_ext",
    // Image formats (§4.4.7).
    "rgba32f", "rgba16f", "rg32f", "rg16f", "r11f_g11f_b10f", "r32f", "r16f", "rgba16", "rgb10_a2", "rgba8", "rg16",
    "rg8", "r16", "r8", "rgba16_snorm", "rgba8_snorm", "rg16_snorm", "rg8_snorm", "r16_snorm", "r8_snorm", "rgba32i",
    "rgba16i", "rgba8i", "rg32i", "rg16i", "rg8i", "r32i", "r16i", "r8i", "rgba32ui", "rgba16ui", "rgb10_a2ui",
    "rgba8ui", "rg32ui", "rg16ui", "rg8ui", "r32ui", "r16ui", "r8ui", "r64ui", "r64i", "size1x8", "size1x16",
    "size1x32", "size2x32", "size4x32",
    // AGSL (`layout(color) uniform half4`).
    "color",
];

/// Whether `name` is a layout qualifier glslang accepts somewhere.
pub fn is_known(name: &str) -> bool {
    KNOWN.iter().any(|k| k.eq_ignore_ascii_case(name))
}

/// The layout qualifiers that take a value (`binding = 1`); every other one takes none
/// (`std430`, `rgba8`, `early_fragment_tests`). GLSL 4.60 §4.4, as glslang reads them.
pub const WITH_VALUE: &[&str] = &[
    "location", "component", "index", "binding", "offset", "align", "set", "input_attachment_index", "constant_id",
    "local_size_x", "local_size_y", "local_size_z", "local_size_x_id", "local_size_y_id", "local_size_z_id",
    "buffer_reference_align", "xfb_buffer", "xfb_offset", "xfb_stride", "stream", "max_vertices", "invocations",
    "vertices", "max_primitives", "num_views", "secondary_view_offset",
];

/// Whether the known layout qualifier `name` takes a value.
pub fn takes_value(name: &str) -> bool {
    WITH_VALUE.iter().any(|k| k.eq_ignore_ascii_case(name))
}

/// Layout qualifiers that set a mode of the whole shader and so may appear only in a
/// standalone `layout(...) in;` (or `out;`) declaration, never on a variable or block
/// (glslang's `checkNoShaderLayouts`: "can only apply to a standalone qualifier"). `local_size_x`
/// and its kin are not listed: glslang lets a size of 1 pass on a declaration.
pub fn standalone_only(name: &str) -> bool {
    let n = name.to_ascii_lowercase();
    matches!(n.as_str(), "early_fragment_tests" | "post_depth_coverage" | "num_views" | "primitive_culling")
        || n.contains("_interlock_")
        || n.starts_with("blend_support_")
        || (n.starts_with("local_size_") && n.ends_with("_id"))
}

/// The extensions a layout qualifier needs where it is written, as glslang requires them when
/// it reads the qualifier (`TParseContext::setLayoutQualifier`; each checked with
/// glslangValidator 12): one extension of every group must be enabled before the qualifier.
/// `name` is in lowercase. (`buffer_reference` is checked with the block, `reference.rs`.)
pub fn extensions(name: &str) -> &'static [&'static [&'static str]] {
    match name {
        "scalar" => &[&["GL_EXT_scalar_block_layout"]],
        "pixel_interlock_ordered" | "pixel_interlock_unordered" | "sample_interlock_ordered" | "sample_interlock_unordered" => {
            &[&["GL_ARB_fragment_shader_interlock"]]
        }
        "shading_rate_interlock_ordered" | "shading_rate_interlock_unordered" => {
            &[&["GL_ARB_fragment_shader_interlock"], &["GL_NV_shading_rate_image"]]
        }
        "post_depth_coverage" => &[&["GL_ARB_post_depth_coverage", "GL_EXT_post_depth_coverage"]],
        "derivative_group_quadsnv" | "derivative_group_linearnv" => &[&["GL_NV_compute_shader_derivatives"]],
        // Spelt as glslang spells them (`derivative_group_quadsKHR`; glslang 12 predates the
        // extension, later versions take these names).
        "derivative_group_quadskhr" | "derivative_group_linearkhr" => &[&["GL_KHR_compute_shader_derivatives"]],
        "primitive_culling" => &[&["GL_EXT_ray_flags_primitive_culling"]],
        "override_coverage" => &[&["GL_NV_sample_mask_override_coverage"]],
        "viewport_relative" => &[&["GL_NV_viewport_array2"]],
        "secondary_view_offset" => &[&["GL_NV_stereo_view_rendering"]],
        "num_views" => &[&["GL_OVR_multiview", "GL_OVR_multiview2"]],
        "full_quads" | "quad_derivatives" => &[&["GL_EXT_shader_quad_control"]],
        _ => &[],
    }
}

/// The desktop GLSL version that made a layout qualifier core and the extensions that bring it
/// to earlier versions (any one of them, enabled before the qualifier), as glslang checks them
/// where it reads the qualifier (`TParseContext::setLayoutQualifier`, `layoutTypeCheck`;
/// measured with glslangValidator 12). `location` depends on the variable: a vertex input or a
/// fragment output (`stage_end`) since GLSL 3.30, another input or output since 4.10. GLSL ES
/// 3.10, the first ES Vulkan takes, has them all. `name` is in lowercase.
pub fn desktop_since(name: &str, interface: bool, stage_end: bool) -> Option<(u32, &'static [&'static str])> {
    Some(match name {
        "binding" => (420, &["GL_ARB_shading_language_420pack"]),
        "location" if stage_end => (330, &["GL_ARB_separate_shader_objects", "GL_ARB_explicit_attrib_location"]),
        "location" if interface => (410, &["GL_ARB_separate_shader_objects"]),
        "component" => (440, &["GL_ARB_enhanced_layouts"]),
        "early_fragment_tests" => (420, &["GL_ARB_shader_image_load_store"]),
        _ => return None,
    })
}

/// Layout qualifiers of the geometry, tessellation and mesh stages (GLSL 4.60 §4.4.1.2,
/// §4.4.1.3, §4.4.2.2, GL_NV_geometry_shader_passthrough, GL_EXT_mesh_shader), which vertex,
/// fragment and compute shaders do not take (glslang: "unrecognized layout identifier" or "no
/// such layout identifier for this stage"). `name` is in lowercase.
pub fn other_stages_only(name: &str) -> bool {
    matches!(
        name,
        "points" | "lines" | "lines_adjacency" | "triangles" | "triangles_adjacency" | "line_strip" | "triangle_strip"
            | "max_vertices" | "invocations" | "vertices" | "isolines" | "quads" | "equal_spacing"
            | "fractional_even_spacing" | "fractional_odd_spacing" | "cw" | "ccw" | "point_mode" | "max_primitives"
            | "passthrough" | "stream"
    )
}

/// The bound a layout value must stay below, with the limit's name, as glslang checks where it
/// reads the value (`TQualifier::layoutSpecConstantIdEnd`, `layoutAttachmentEnd`, its default
/// resources); `location`, `set` and `binding` have their own checks (`io_location`,
/// `resource_layout`). `name` is in lowercase.
pub fn value_end(name: &str) -> Option<(u32, &'static str)> {
    Some(match name {
        "constant_id" => (2047, "a specialization constant id must be below 2047"),
        "input_attachment_index" => (255, "an input attachment index must be below 255"),
        // GLSL 4.60 §4.4.1: "a component ... of 0, 1, 2 or 3".
        "component" => (4, "a location has components 0 to 3 (GLSL 4.60 §4.4.1)"),
        // GLSL 4.60 §4.4.2: dual-source blending's `index` is 0 or 1.
        "index" => (2, "`index` is 0 or 1 (GLSL 4.60 §4.4.2)"),
        "xfb_buffer" => (4, "gl_MaxTransformFeedbackBuffers is 4"),
        _ => return None,
    })
}

//! The wgpu-target check: naga's SPIR-V front end and validator configured exactly as wgpu 30
//! configures them in `Device::create_shader_module`, so a module that passes is one wgpu
//! accepts. Self-contained (naga, wgpu-types and wgpu-naga-bridge only) so that the CLI's tests
//! include it too (`#[path = ".../tests/common/naga_wgpu.rs"]`): one check, not a copy per test.

/// The SPIR-V front-end options wgpu 30 passes for `ShaderSource::SpirV`
/// (`wgpu/src/backend/wgpu_core.rs`: no coordinate-space adjustment, strict capabilities).
pub fn wgpu_spv_options() -> naga::front::spv::Options {
    naga::front::spv::Options { adjust_coordinate_space: false, strict_capabilities: true, block_ctx_dump_prefix: None }
}

/// The validator capabilities wgpu 30 gives naga (`wgpu_naga_bridge::create_validator`, called by
/// wgpu-core with the device's features and downlevel flags) on a device with every feature
/// except the two memory-decoration features. Those are not implied by any language feature: a
/// GLSL `coherent` or `volatile` buffer runs on any Vulkan device, so a module must not need
/// `wgpu-memory-decoration-*` for them (glslang's form, decorations on the block members, which
/// naga reads without the feature, is what the wgpu target emits). Every other capability
/// stands for something the shader visibly uses (f16, f64, int64, subgroups, immediates,
/// multiview, ...), which the program's device must enable anyway.
pub fn wgpu_capabilities() -> naga::valid::Capabilities {
    let features =
        wgpu_types::Features::all() - wgpu_types::Features::MEMORY_DECORATION_COHERENT - wgpu_types::Features::MEMORY_DECORATION_VOLATILE;
    wgpu_naga_bridge::features_to_naga_capabilities(features, wgpu_types::DownlevelFlags::all())
}

/// Reads `words` with naga's SPIR-V front end and validates the result, both configured as wgpu
/// does ([`wgpu_spv_options`], [`wgpu_capabilities`], every validation flag): what
/// `Device::create_shader_module` does with a `ShaderSource::SpirV`. The error says which of the
/// two refused the module, with the whole error chain.
pub fn naga_check(words: &[u32]) -> Result<naga::Module, String> {
    let module = naga::front::spv::Frontend::new(words.iter().copied(), &wgpu_spv_options())
        .parse()
        .map_err(|e| format!("naga's SPIR-V front end (as wgpu 30 runs it) rejected the module: {}", error_chain(&e)))?;
    naga::valid::Validator::new(naga::valid::ValidationFlags::all(), wgpu_capabilities())
        .validate(&module)
        .map_err(|e| format!("naga's validator (with wgpu 30's capabilities) rejected the module: {}", error_chain(e.as_inner())))?;
    Ok(module)
}

/// An error and all its sources, on one line.
pub fn error_chain(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(inner) = source {
        text.push_str(": ");
        text.push_str(&inner.to_string());
        source = inner.source();
    }
    text
}

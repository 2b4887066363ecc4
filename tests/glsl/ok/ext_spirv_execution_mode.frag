// Tests: GL_EXT_spirv_intrinsics: spirv_execution_mode and a built-in declared with spirv_decorate(BuiltIn) and its capability.
// wgpu-target-error: stencil export (`gl_FragStencilRefARB`)
#version 450
#extension GL_EXT_spirv_intrinsics : require

spirv_execution_mode(5027); // StencilRefReplacingEXT
spirv_decorate(extensions = ["SPV_EXT_shader_stencil_export"], capabilities = [5013], 11, 5014) // BuiltIn FragStencilRefEXT
out int gl_FragStencilRef;
layout(location = 0) flat in int stencil;

void main() {
    gl_FragStencilRef = stencil;
}

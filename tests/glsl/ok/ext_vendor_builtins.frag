// Tests: GL_ARM_shader_core_builtins (gl_CoreIDARM ...) and GL_NV_shader_sm_builtins (gl_SMIDNV ...): vendor built-in inputs with their capabilities.
// wgpu-target-error: ARM core built-ins
#version 450
#extension GL_ARM_shader_core_builtins : require
#extension GL_NV_shader_sm_builtins : require
layout(location = 0) out uvec4 arm;
layout(location = 1) out uvec4 nv;

void main() {
    arm = uvec4(gl_CoreIDARM, gl_CoreCountARM, gl_CoreMaxIDARM, gl_WarpIDARM + gl_WarpMaxIDARM);
    nv = uvec4(gl_WarpsPerSMNV, gl_SMCountNV, gl_WarpIDNV, gl_SMIDNV);
}

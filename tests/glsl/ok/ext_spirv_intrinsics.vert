// Tests: GL_EXT_spirv_intrinsics: spirv_instruction (extended set, core opcode, capabilities/extensions), spirv_by_reference (instructions and GLSL functions), spirv_literal, spirv_decorate, spirv_decorate_string.
// wgpu-target-error: the SPIR-V extension `SPV_GOOGLE_hlsl_functionality1`
#version 450
#extension GL_EXT_spirv_intrinsics : require
#extension GL_ARB_gpu_shader_int64 : require

spirv_instruction(set = "GLSL.std.450", id = 35) // Modf
float modfRef(float x, spirv_by_reference float whole);
spirv_instruction(extensions = ["SPV_KHR_shader_clock"], capabilities = [5055], id = 5056) // OpReadClockKHR
uvec2 readClock(uint scope);
spirv_instruction(id = 61) // OpLoad
vec4 loadRef(spirv_by_reference vec4 pointer, spirv_literal int memoryOperands);

layout(location = 0) in vec4 inPos;
layout(location = 0) out vec2 outModf;
layout(location = 1) out uvec2 outClock;
spirv_decorate(0) // RelaxedPrecision
spirv_decorate_string(extensions = ["SPV_GOOGLE_hlsl_functionality1"], 5635, "semantic") // UserSemantic
layout(location = 2) out float outHalf;

void half_of(spirv_by_reference float f) {
    f = f * 0.5;
}

void main() {
    outModf.x = modfRef(inPos.x, outModf.y);
    outClock = readClock(1u);
    outHalf = inPos.y;
    half_of(outHalf);
    gl_Position = loadRef(inPos, 0x1); // Volatile
}

#version 450
#extension GL_EXT_spirv_intrinsics : require

spirv_instruction(id = 61) // OpLoad
vec4 loadRef(spirv_by_reference vec4 pointer, spirv_literal int memoryOperands);

layout(location = 0) in vec4 inPos;

void main() {
    int operands = int(inPos.x);
    gl_Position = loadRef(inPos, operands);
}

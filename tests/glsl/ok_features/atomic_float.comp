// GL_EXT_shader_atomic_float: atomicAdd on 32- and 64-bit floats in buffers and shared memory, atomicExchange of a float, as glslang writes them
// expect: OpCapability AtomicFloat32AddEXT
// expect: OpCapability AtomicFloat64AddEXT
// expect: OpExtension "SPV_EXT_shader_atomic_float_add"
// expect: OpAtomicFAddEXT %double
// expect: OpAtomicExchange %float
#version 450
#extension GL_EXT_shader_atomic_float : require
#extension GL_EXT_shader_explicit_arithmetic_types_float64 : require
layout(local_size_x = 1) in;
layout(binding = 2, std430) buffer SSBO { float f32; double f64; float x; } ssbo;
shared float s;
void main() {
    float old = atomicAdd(ssbo.f32, 1.0);
    atomicAdd(s, 2.0);
    double d = atomicAdd(ssbo.f64, 1.0lf);
    ssbo.x = atomicExchange(ssbo.f32, old) + s + float(d);
}

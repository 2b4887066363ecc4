// Tests: preprocessor in a real shader: function-like macros with # and ##, nested macros, #if with defined/arithmetic, #elif/#else, #undef, __LINE__/__VERSION__, VULKAN/GL_core_profile predefines, #pragma, #line.
#version 450
#pragma optimize(on)
#define WG 8
#define CAT(a, b) a##b
#define SQR(x) ((x) * (x))
#define MAD(a, b, c) ((a) * (b) + (c))
#define STRINGIFY(x) #x
#define BUFFER_MEMBER(type, name) type name
#if defined(VULKAN) && VULKAN == 100 && defined(GL_core_profile) && __VERSION__ >= 450
#define TARGET_OK 1
#elif defined(GL_ES)
#define TARGET_OK 2
#else
#error not a Vulkan core profile compile
#endif
#ifndef WG
#error WG must be defined
#endif
#if (WG * 2 > 10) && !(WG % 2) || 0
layout(local_size_x = WG * 2) in;
#else
layout(local_size_x = WG) in;
#endif
layout(std430, set = 0, binding = 0) buffer Out {
    BUFFER_MEMBER(float, CAT(val, ues)[]);
};
#define TEMP 3
#undef TEMP
#ifdef TEMP
#error TEMP was undefined
#endif
#line 100
const int LINE_HERE = __LINE__;

void main() {
    uint i = gl_GlobalInvocationID.x;
    float x = values[i];
    values[i] = MAD(SQR(x + 1.0), 2.0, float(TARGET_OK)) + float(LINE_HERE - 100);
}

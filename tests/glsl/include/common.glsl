// Shared helpers for the include tests; has an include guard like real shader libraries.
#ifndef COMMON_GLSL
#define COMMON_GLSL
#include "sub/constants.glsl"
float saturate(float x) { return clamp(x, 0.0, 1.0); }
#define SQUARE(x) ((x) * (x))
#endif

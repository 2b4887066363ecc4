// Constants, included from common.glsl through a relative path.
#ifndef CONSTANTS_GLSL
#define CONSTANTS_GLSL
const float TAU = 6.28318530718;
#endif

#version 450
#extension GL_EXT_shader_explicit_arithmetic_types : require
#extension GL_EXT_shader_16bit_storage : require
#extension GL_GOOGLE_include_directive : require
#include "types.glsl"
layout(location = 1) flat in SHORT2 shorts;
layout(location = 5) flat in dvec2 wide;
layout(location = 4) flat in USHORT3 ushorts;
layout(location = 6) flat in int64_t long_value;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(float((wide.x - 1.0lf) * 1048576.0lf) * 65536.0 + float(long_value >> 32) + float(long_value & 0xFFFFl) * 16.0,
                 float(wide.y - 1000.0lf), float(shorts.x) * 1000.0 + float(shorts.y),
                 float(ushorts.y) * 8.0 + float(ushorts.x) * 0.25 + float(ushorts.z));
}

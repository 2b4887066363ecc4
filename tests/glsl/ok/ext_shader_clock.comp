// Tests: GL_ARB_shader_clock and GL_EXT_shader_realtime_clock: OpReadClockKHR at subgroup and device scope, as uint64_t and uvec2.
// wgpu-target-error: shader clocks (GL_ARB_shader_clock / GL_EXT_shader_realtime_clock)
#version 450
#extension GL_ARB_gpu_shader_int64 : require
#extension GL_ARB_shader_clock : require
#extension GL_EXT_shader_realtime_clock : require
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Times { uint64_t t[2]; uvec2 p[2]; };

void main() {
    t[0] = clockARB();
    p[0] = clock2x32ARB();
    t[1] = clockRealtimeEXT();
    p[1] = clockRealtime2x32EXT();
}

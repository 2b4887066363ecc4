// Tests: GL_ARB_fragment_shader_interlock's calls where its placement rules allow them: once each in `main`, begin first, in a nested block (not flow control), after a `discard` and after a `return` in another function
// wgpu-target-error: fragment shader interlock
#version 450
#extension GL_ARB_fragment_shader_interlock : require
layout(pixel_interlock_ordered) in;
layout(location = 0) out vec4 color;
layout(binding = 0, r32ui) uniform coherent uimage2D counts;
float g(float x) {
    if (x > 0.5) {
        return 1.0;
    }
    return x;
}
void main() {
    if (gl_FragCoord.x < 0.0) {
        discard;
    }
    {
        beginInvocationInterlockARB();
    }
    uint n = imageLoad(counts, ivec2(gl_FragCoord.xy)).x;
    imageStore(counts, ivec2(gl_FragCoord.xy), uvec4(n + 1u));
    endInvocationInterlockARB();
    color = vec4(g(float(n)));
}

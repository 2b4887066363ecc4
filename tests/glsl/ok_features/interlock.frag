// GL_ARB_fragment_shader_interlock: pixel_interlock_ordered and the critical section
#version 450
#extension GL_ARB_fragment_shader_interlock : require
layout(pixel_interlock_ordered) in;
layout(set = 0, binding = 0, r32ui) uniform coherent uimage2D counts;
// expect: OpExecutionMode %main PixelInterlockOrderedEXT
// expect: OpBeginInvocationInterlockEXT
// expect: OpEndInvocationInterlockEXT
void main() {
    beginInvocationInterlockARB();
    ivec2 p = ivec2(gl_FragCoord.xy);
    imageStore(counts, p, imageLoad(counts, p) + 1u);
    endInvocationInterlockARB();
}

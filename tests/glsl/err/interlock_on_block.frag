#version 450
#extension GL_ARB_fragment_shader_interlock : require
layout(pixel_interlock_ordered, set = 0, binding = 0) buffer Data { uint count; };
layout(location = 0) out vec4 color;

void main() {
    beginInvocationInterlockARB();
    count += 1u;
    endInvocationInterlockARB();
    color = vec4(1.0);
}

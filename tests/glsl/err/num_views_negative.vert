#version 450
// A layout value is never negative (glslang: "'layout-id value' : cannot be negative").
#extension GL_OVR_multiview2 : enable
layout(num_views = -1) in;
void main() {
}

// GL_OVR_multiview: gl_ViewID_OVR is the ViewIndex built-in (as a uint)
#version 450
#extension GL_OVR_multiview : enable
layout(num_views = 2) in;
// expect: BuiltIn ViewIndex
void main() {
    gl_Position = vec4(float(gl_ViewID_OVR), 0.0, 0.0, 1.0);
}

// Tests: fragment built-in variables: gl_FragCoord, gl_FrontFacing, gl_PointCoord, gl_SampleID, gl_SamplePosition, gl_SampleMaskIn, gl_SampleMask, gl_FragDepth, gl_HelperInvocation, gl_ClipDistance.
// wgpu-target-error: the sample mask
#version 450
layout(location = 0) out vec4 color;
in float gl_ClipDistance[1];

void main() {
    vec4 c = gl_FragCoord;
    c.x += gl_FrontFacing ? 1.0 : 0.0;
    c.yz += gl_PointCoord;
    c.w += float(gl_SampleID) + gl_SamplePosition.x + float(gl_SampleMaskIn[0]);
    c.x += gl_HelperInvocation ? 0.5 : 0.0;
    c.y += gl_ClipDistance[0];
    gl_SampleMask[0] = 0xFF;
    gl_FragDepth = c.z * 0.5;
    color = c;
}

// Tests: GL_EXT_fragment_shading_rate: writing gl_PrimitiveShadingRateEXT with the gl_ShadingRateFlag* constants.
// wgpu-target-error: fragment shading rate (GL_EXT_fragment_shading_rate)
#version 450
#extension GL_EXT_fragment_shading_rate : require
layout(location = 0) in vec4 pos;

void main() {
    gl_Position = pos;
    gl_PrimitiveShadingRateEXT = gl_ShadingRateFlag2VerticalPixelsEXT | gl_ShadingRateFlag4HorizontalPixelsEXT;
}

// Tests: GL_ARB_shader_viewport_layer_array (gl_Layer/gl_ViewportIndex from a vertex shader), GL_NV_viewport_array2 (gl_ViewportMask, layout(viewport_relative) gl_Layer), GL_NV_stereo_view_rendering (gl_SecondaryPositionNV, gl_SecondaryViewportMaskNV, secondary_view_offset), GL_NVX_multiview_per_view_attributes.
// wgpu-target-error: `gl_ViewportIndex` / `gl_Layer` outside geometry shaders
#version 450
#extension GL_ARB_shader_viewport_layer_array : require
#extension GL_NV_viewport_array2 : require
#extension GL_NV_stereo_view_rendering : require
#extension GL_NVX_multiview_per_view_attributes : require
layout(location = 0) in vec4 pos;
layout(viewport_relative, secondary_view_offset = 1) out highp int gl_Layer;

void main() {
    gl_Position = pos;
    gl_Layer = 1;
    gl_ViewportIndex = 2;
    gl_ViewportMask[0] = 3;
    gl_SecondaryPositionNV = pos + vec4(0.1, 0.0, 0.0, 0.0);
    gl_SecondaryViewportMaskNV[0] = 1;
    gl_PositionPerViewNV[0] = pos;
    gl_ViewportMaskPerViewNV[0] = 1;
}

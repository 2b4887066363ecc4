#version 450
// Execution-mode layouts of extensions: each needs its #extension (GL_ARB_fragment_shader_interlock,
// GL_ARB/EXT_post_depth_coverage; shading-rate interlock needs GL_NV_shading_rate_image as well).
#extension GL_ARB_fragment_shader_interlock : enable
layout(pixel_interlock_ordered) in;
layout(early_fragment_tests, post_depth_coverage) in;
layout(location = 0) out vec4 o;
void main() {
    o = vec4(1.0);
}

// GL_ARB_post_depth_coverage: post_depth_coverage alone implies early_fragment_tests (GL_EXT_post_depth_coverage does not)
#version 450
#extension GL_ARB_post_depth_coverage : require
layout(post_depth_coverage) in;
layout(location = 0) out vec4 color;
// expect: OpExecutionMode %main EarlyFragmentTests
// expect: OpExecutionMode %main PostDepthCoverage
void main() {
    color = vec4(float(gl_SampleMaskIn[0]));
}

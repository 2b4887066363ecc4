// GL_EXT_post_depth_coverage: post_depth_coverage with the early_fragment_tests it needs, each in a standalone declaration
#version 450
#extension GL_EXT_post_depth_coverage : require
layout(early_fragment_tests) in;
layout(post_depth_coverage) in;
layout(location = 0) out vec4 color;
// expect: OpExecutionMode %main EarlyFragmentTests
// expect: OpExecutionMode %main PostDepthCoverage
void main() {
    color = vec4(float(gl_SampleMaskIn[0]));
}

#version 450
#extension GL_EXT_post_depth_coverage : require
layout(post_depth_coverage) in;
layout(location = 0) out vec4 color;

void main() {
    color = vec4(float(gl_SampleMaskIn[0]));
}

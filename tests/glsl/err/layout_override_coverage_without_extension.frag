#version 450
// `override_coverage` needs GL_NV_sample_mask_override_coverage.
layout(override_coverage) out int gl_SampleMask[];
layout(location = 0) out vec4 o;
void main() {
    o = vec4(1.0);
}

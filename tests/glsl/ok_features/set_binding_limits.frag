// The largest set and binding glslang takes: set 62, binding 65534
#version 450
layout(set = 62, binding = 65534) uniform sampler2D tex;
layout(location = 0) out vec4 color;
// expect: OpDecorate %tex DescriptorSet 62
// expect: OpDecorate %tex Binding 65534
void main() {
    color = texture(tex, vec2(0.5));
}

// sampler2DShadow(texture2D, samplerShadow): the combined image takes the depth image type and compares
#version 450
layout(set = 0, binding = 0) uniform texture2D depthTex;
layout(set = 0, binding = 1) uniform samplerShadow cmp;
layout(location = 0) in vec3 uvRef;
layout(location = 0) out float shadow;
// expect: OpImageSampleDrefImplicitLod %float
void main() {
    shadow = texture(sampler2DShadow(depthTex, cmp), uvRef);
}

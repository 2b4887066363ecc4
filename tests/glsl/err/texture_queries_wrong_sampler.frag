// Error: textureQueryLevels on a buffer sampler and textureSamples on a single-sampled one (found by glsl_mutants)
#version 450
layout(binding = 0) uniform samplerBuffer buf;
layout(binding = 1) uniform sampler2D tex;
layout(location = 0) out vec4 color;
void main() {
    int levels = textureQueryLevels(buf);
    int samples = textureSamples(tex);
    color = vec4(float(levels + samples));
}

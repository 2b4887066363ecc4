// textureProj(sampler2D, vec4): the third component is ignored
#version 450
layout(location = 0) in vec4 vTex;
layout(binding = 0) uniform sampler2D uTex;
layout(location = 0) out vec4 color;
void main() {
    color = textureProj(uTex, vTex);
}

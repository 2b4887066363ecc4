// Error: a global initializer using an input declared after it (GLSL 4.60 §4.2.2: names are declared before use)
#version 450
layout(set = 0, binding = 0) uniform samplerCube cubeSampler;
vec4 a = texture(cubeSampler, vUV.xyz);
layout(location = 0) in vec4 vUV;
layout(location = 0) out vec4 FragColor;
void main() {
    FragColor = a;
}

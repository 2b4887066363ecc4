// Tests: sampler1DShadow lookups take Dref from P's third component (P.y is unused), as GLSL 4.60 §8.9.2 and glslang: texture(vec3), textureProj(vec4: (x, unused, Dref, q)).
#version 450
layout(binding = 0) uniform sampler1DShadow s;
layout(location = 0) in vec4 p;
layout(location = 0) out vec4 color;
void main() {
    color = vec4(texture(s, p.xyz), textureProj(s, p), 0.0, 1.0);
}

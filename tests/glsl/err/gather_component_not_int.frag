// Tests: the component of textureGather(Offset) is an `int`: `0u` matches no overload (glslang:
// "no matching overloaded function found"), nor does a float.
#version 450
layout(set = 0, binding = 0) uniform sampler2D tex2;
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    color = textureGatherOffset(tex2, uv, ivec2(1, 0), 0u) + textureGather(tex2, uv, 1.0);
}

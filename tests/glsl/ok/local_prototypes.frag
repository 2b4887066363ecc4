// Tests: function prototypes inside a body (glslang's "local function declaration", desktop GLSL only): callable to the end of their block, before the definition; outer overloads stay visible (the call below picks g(float), as glslang); an outer variable of the name stays visible as a variable (glslang looks functions up by signature); attributes checked as a global prototype's; one never defined nor called is fine.
// expect-warning: attribute `unroll` does not apply to a function
#version 450
#extension GL_EXT_subgroup_uniform_control_flow : enable
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

float g(float a) { return a * 3.0; }

void main() {
    float twice(float a);
    float g2 = 1.0;
    {
        int g(int a);
        float g2(float a, float b);
        color.x = g(uv.x) + g2(uv.y, 0.5) + float(g(2)) + g2;
    }
    [[unroll]] float unused(vec3 v);
    color.yzw = vec3(twice(uv.x), g2, twice(uv.y));
}

float twice(float a) { return 2.0 * a; }
int g(int a) { return a + 1; }
float g2(float a, float b) { return a - b; }

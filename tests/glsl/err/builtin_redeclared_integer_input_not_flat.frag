#version 450
// A redeclared integer fragment input built-in must be `flat`, as every integer fragment input (GLSL 4.60 §4.5).
#extension GL_EXT_fragment_shading_rate : enable
layout(location = 0) out vec4 color;
in int gl_ShadingRateEXT;
void main() {
    color = vec4(gl_ShadingRateEXT);
}

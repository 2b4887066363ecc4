// Tests: built-ins of an extension redeclared in a shader without it and never used (glslang accepts both: the extension is checked at a use).
#version 450
layout(location = 0) out vec4 color;
out int gl_FragStencilRefARB;
flat in int gl_ShadingRateEXT;
void main() {
    color = vec4(1.0);
}

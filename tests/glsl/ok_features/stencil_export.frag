// GL_ARB_shader_stencil_export: gl_FragStencilRefARB
#version 450
#extension GL_ARB_shader_stencil_export : require
layout(location = 0) flat in int ref;
// expect: BuiltIn FragStencilRefEXT
// expect: StencilRefReplacingEXT
void main() {
    gl_FragStencilRefARB = ref;
}

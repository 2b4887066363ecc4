#version 450
// gl_FragStencilRefARB exists, and can be redeclared, only with GL_ARB_shader_stencil_export.
out int gl_FragStencilRefARB;
void main() {
    gl_FragStencilRefARB = 1;
}

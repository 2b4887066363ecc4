#version 450
// gl_FragStencilRefARB exists only with GL_ARB_shader_stencil_export: glslang accepts the
// redeclaration and refuses the use.
out int gl_FragStencilRefARB;
void main() {
    gl_FragStencilRefARB = 1;
}

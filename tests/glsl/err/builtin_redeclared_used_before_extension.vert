#version 450
// The redeclaration needs no extension; the use before `#extension` is refused, at the use.
invariant gl_Layer;
void main() {
    gl_Layer = 1;
}
#extension GL_ARB_shader_viewport_layer_array : enable

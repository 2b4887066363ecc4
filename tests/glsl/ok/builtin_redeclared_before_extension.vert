// Tests: a built-in redeclared before the `#extension` line that declares it (glslang declares it and checks the extension only where it is used): `invariant gl_Layer;` keeps its Invariant decoration.
// wgpu-target-error: cannot be used for the wgpu target
#version 450
invariant gl_Layer;
#extension GL_ARB_shader_viewport_layer_array : enable
void main() {
    gl_Layer = 1;
}

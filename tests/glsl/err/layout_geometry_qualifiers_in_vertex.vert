#version 450
// Layouts of the geometry, tessellation and mesh stages are not for vertex shaders (glslang:
// "unrecognized layout identifier"), on a default declaration or a variable.
layout(triangles) in;
layout(location = 0, stream = 0) out vec4 x;
void main() {
    x = vec4(0.0);
}

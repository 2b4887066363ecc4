#version 450
// `max_vertices` belongs to geometry and mesh shaders.
layout(location = 0, max_vertices = 3) out vec4 o;
void main() {
    o = vec4(1.0);
}

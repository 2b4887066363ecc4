#version 450
// `pixel_interlock_ordered` needs GL_ARB_fragment_shader_interlock.
layout(pixel_interlock_ordered) in;
layout(location = 0) out vec4 o;
void main() {
    o = vec4(1.0);
}

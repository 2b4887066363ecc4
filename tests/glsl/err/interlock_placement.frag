// Error: GL_ARB_fragment_shader_interlock's placement rules as glslang checks them: in `main`, outside flow control, not after a `return` from `main`, each once, begin first
#version 450
#extension GL_ARB_fragment_shader_interlock : require
layout(pixel_interlock_ordered) in;
layout(location = 0) out vec4 color;
void f() {
    beginInvocationInterlockARB();
}
void main() {
    endInvocationInterlockARB();
    beginInvocationInterlockARB();
    if (color.x > 0.0) {
        endInvocationInterlockARB();
    }
    for (int i = 0; i < 2; i++) {
        beginInvocationInterlockARB();
    }
    color = vec4(1.0);
    if (color.y > 0.0) {
        return;
    }
    endInvocationInterlockARB();
}

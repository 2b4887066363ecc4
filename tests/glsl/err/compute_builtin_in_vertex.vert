// Error: a compute built-in variable used in a vertex shader
#version 450
void main() {
    gl_Position = vec4(float(gl_LocalInvocationIndex));
}

// Tests: a built-in redeclared before the global initializer that uses it is allowed (glslang rejects only uses before the redeclaration).
#version 450
layout(location = 0) out vec4 color;
layout(origin_upper_left) in vec4 gl_FragCoord;
vec4 c = gl_FragCoord;
void main() {
    color = c;
}

// GL_EXT_fragment_invocation_density: gl_FragSizeEXT and gl_FragInvocationCountEXT
#version 450
#extension GL_EXT_fragment_invocation_density : require
layout(location = 0) out vec4 color;
// expect: BuiltIn FragSizeEXT
void main() {
    color = vec4(vec2(gl_FragSizeEXT), float(gl_FragInvocationCountEXT), 1.0);
}

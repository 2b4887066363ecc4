// GL_EXT_demote_to_helper_invocation: demote and helperInvocationEXT()
#version 450
#extension GL_EXT_demote_to_helper_invocation : require
layout(location = 0) in float alpha;
layout(location = 0) out vec4 color;
// expect: OpDemoteToHelperInvocation
// expect: OpIsHelperInvocationEXT
void main() {
    if (alpha < 0.5)
        demote;
    color = vec4(helperInvocationEXT() ? 0.0 : 1.0);
}

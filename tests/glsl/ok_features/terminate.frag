// GL_EXT_terminate_invocation: terminateInvocation ends the invocation
#version 450
#extension GL_EXT_terminate_invocation : require
layout(location = 0) in float alpha;
layout(location = 0) out vec4 color;
// naga: reads
void main() {
    if (alpha < 0.5)
        terminateInvocation;
    color = vec4(alpha);
}

// GLSL 4.60 §4.4.2.3 depth layouts on gl_FragDepth become execution modes, as glslang emits them
#version 450
layout(depth_greater) out float gl_FragDepth;
layout(location = 0) in float bias;
// expect: OpExecutionMode %main DepthGreater
// expect: OpExecutionMode %main DepthReplacing
void main() {
    gl_FragDepth = gl_FragCoord.z + abs(bias);
}

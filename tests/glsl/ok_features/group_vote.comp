// GLSL 4.60 anyInvocation/allInvocations/allInvocationsEqual (GL_ARB_shader_group_vote)
#version 460
layout(local_size_x = 64) in;
layout(set = 0, binding = 0) buffer Data { uint v[]; };
void main() {
    uint x = v[gl_GlobalInvocationID.x];
    bool a = anyInvocation(x > 4u);
    bool b = allInvocations(x > 4u);
    bool c = allInvocationsEqual(x == 4u);
    v[gl_GlobalInvocationID.x] = uint(a) + 2u * uint(b) + 4u * uint(c);
}

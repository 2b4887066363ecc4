#version 450
// `[[maximally_reconverges]]` (GL_EXT_maximal_reconvergence) is not supported: a located
// error rather than a guarantee dropped.
#extension GL_EXT_maximal_reconvergence : enable
layout(local_size_x = 4) in;
layout(binding = 0) buffer B { uint v[4]; };
void main() [[maximally_reconverges]] {
    v[gl_LocalInvocationIndex] = 1u;
}

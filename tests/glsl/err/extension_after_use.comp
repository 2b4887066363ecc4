// Error: an #extension holds from where it is written: scalar layout used before GL_EXT_scalar_block_layout is enabled
#version 450
layout(local_size_x = 1) in;
layout(scalar, binding = 0) buffer Data { vec3 v[]; } data;
#extension GL_EXT_scalar_block_layout : enable
layout(scalar, binding = 1) buffer Later { vec3 w[]; } later;
void main() {
    data.v[0] = later.w[0];
}

// Error: an #extension with an unknown behaviour
#version 450
#extension GL_EXT_scalar_block_layout : sometimes
layout(local_size_x = 1) in;
void main() {
}

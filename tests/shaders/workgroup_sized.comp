#version 450
layout(local_size_x_id = 0, local_size_x = 2, local_size_y = 2) in;
shared uint rows[gl_WorkGroupSize.y][gl_WorkGroupSize.x];
shared uint flat_[gl_WorkGroupSize.x * gl_WorkGroupSize.y];
layout(std430, set = 0, binding = 0) buffer Out { uint v[]; } o;
void main() {
    uint x = gl_LocalInvocationID.x, y = gl_LocalInvocationID.y, i = gl_LocalInvocationIndex;
    rows[y][x] = x + 10u * y;
    flat_[i] = i;
    barrier();
    uint n = gl_WorkGroupSize.x * gl_WorkGroupSize.y;
    o.v[i] = rows[1u - y][gl_WorkGroupSize.x - 1u - x] + 1000u * uint(rows[0].length())
        + 100000u * uint(flat_.length()) + 10000000u * flat_[(i + 1u) % n];
}

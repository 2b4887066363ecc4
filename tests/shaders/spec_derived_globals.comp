#version 450
// Global constants and variables computed from specialization constants (runtime_features
// `derived_globals_follow_their_constants`): each follows the pipeline's COUNT, on every
// target; LEN sizes an array, so on the wgpu target its constant N keeps its default.
layout(local_size_x = 1) in;
layout(constant_id = 0) const uint COUNT = 4u;
layout(constant_id = 1) const uint N = 2u;
const uint NEXT = COUNT + 1u;
const uint TWICE = NEXT * 2u;
const bool MANY = NEXT > 6u;
const int SIGNED = int(COUNT) - 10;
const uvec2 PAIR = uvec2(COUNT, NEXT);
const uvec2 PAIRS = PAIR * 2u;
uint counted = COUNT * 3u;
const uint LEN = N + 1u;
shared uint tile[LEN];
layout(std430, set = 0, binding = 0) buffer Out { uint v[]; } o;

uint helper() {
    return NEXT + PAIR.y;
}

void main() {
    const uint LOCAL = TWICE + 1u;
    tile[LEN - 1u] = LEN;
    o.v[0] = NEXT;
    o.v[1] = TWICE;
    o.v[2] = MANY ? 1u : 0u;
    o.v[3] = uint(SIGNED + 100);
    o.v[4] = PAIR.x + PAIRS.y * 100u;
    o.v[5] = counted;
    o.v[6] = helper();
    o.v[7] = LOCAL + tile[LEN - 1u] * 1000u;
}

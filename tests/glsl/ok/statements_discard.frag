// Tests: discard in a fragment shader, in a branch and in a called function, with a loop.
#version 450
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void clip(float v) {
    if (v < 0.0) discard;
}

void main() {
    clip(uv.x - 0.1);
    float acc = 0.0;
    for (int i = 0; i < 4; ++i) {
        acc += uv.y * float(i);
        if (acc > 10.0) discard;
    }
    color = vec4(acc);
}

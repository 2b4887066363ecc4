#version 450
layout(location = 0) in float alpha;
layout(location = 0) out vec4 color;

void main() {
    if (alpha < 0.5)
        demote;
    color = vec4(1.0);
}

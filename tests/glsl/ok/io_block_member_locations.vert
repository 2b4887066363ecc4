// Tests: locations of stage outputs: on the block, on every member, on variables; built-ins need none (GLSL 4.60 §4.4.1).
#version 450
layout(location = 0) in vec4 position;
layout(location = 0) out Located { vec4 color; vec2 uv; } a;
out Members { layout(location = 2) vec4 tint; layout(location = 5) float fade; } b;
layout(location = 3) out float x;
out gl_PerVertex { vec4 gl_Position; };
void main() {
    gl_Position = position;
    a.color = position;
    a.uv = position.xy;
    b.tint = position.wzyx;
    b.fade = position.x;
    x = 1.0;
}

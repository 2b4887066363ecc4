#version 310 es
// Tests: an ES 3.10 fragment shader: required default float precision, mediump outputs, sampler precision, flat integer input, uniform block.
precision mediump float;
layout(binding = 0) uniform highp sampler2D tex;
layout(binding = 1, std140) uniform Params { vec4 tint; highp int mode; };
layout(location = 0) in vec2 uv;
layout(location = 1) flat in mediump int layer;
layout(location = 0) out vec4 color;

void main() {
    vec4 c = texture(tex, uv) * tint;
    if (mode == 1) c.rgb = vec3(dot(c.rgb, vec3(0.333)));
    color = c + float(layer) * 0.01;
}

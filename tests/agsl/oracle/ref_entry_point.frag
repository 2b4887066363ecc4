#version 450
// Hand translation of tests/agsl/ok/ref_entry_point.agsl: no uniforms, no children.
layout(location = 0) out vec4 sk_FragColor;

vec4 agsl_main(vec2 fragCoord) {
    return vec4(fragCoord / 256.0, 0.5, 1.0);
}

void main() {
    sk_FragColor = agsl_main(gl_FragCoord.xy);
}

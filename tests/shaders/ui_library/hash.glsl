// The shader library `uilib` of the trybuild cases (tests/macro_ui.rs sets SHADER_PACKAGES).
uint pcg(uint v) {
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

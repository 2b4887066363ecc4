// Without GL_EXT_demote_to_helper_invocation `demote` is an ordinary name: `demote;` is an expression statement
#version 450
layout(location = 0) out vec4 color;
void main() {
    int demote = 1;
    demote;
    color = vec4(float(demote));
}

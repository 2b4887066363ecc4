// Tests: an #extension written inside a function body holds from there on: `demote` after it is the statement (GL_EXT_demote_to_helper_invocation), as glslang reads it.
// wgpu-target-error: `demote` (GL_EXT_demote_to_helper_invocation)
#version 450
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
#extension GL_EXT_demote_to_helper_invocation : require
    if (color.y > 2.0) demote;
}

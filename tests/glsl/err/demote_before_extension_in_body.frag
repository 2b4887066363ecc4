// An #extension inside a function body holds only for what follows it: `demote` before it
// is an undeclared name (glslang: "undeclared identifier"), after it the statement.
#version 450
layout(location = 0) out vec4 color;
void main() {
    color = vec4(1.0);
    if (color.x > 2.0) demote;
#extension GL_EXT_demote_to_helper_invocation : require
    if (color.y > 2.0) demote;
}

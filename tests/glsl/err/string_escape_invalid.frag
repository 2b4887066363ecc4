#version 450
#extension GL_EXT_debug_printf : require
layout(location = 0) out vec4 color;

void main() {
    debugPrintfEXT("not octal: \8");
    color = vec4(1.0);
}

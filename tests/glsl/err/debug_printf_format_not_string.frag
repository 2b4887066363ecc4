// glslang-disagrees: glslang accepts a non-string format and writes a DebugPrintf whose Format is not an OpString, which NonSemantic.DebugPrintf requires
#version 450
#extension GL_EXT_debug_printf : require
layout(location = 0) out vec4 color;

void main() {
    debugPrintfEXT(1.0);
    color = vec4(1.0);
}

// Tests: GL_EXT_debug_printf: debugPrintfEXT with a format string (C escapes decoded, as glslang does) and scalar/vector values (NonSemantic.DebugPrintf).
#version 450
#extension GL_EXT_debug_printf : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    debugPrintfEXT("uv = %v2f, tab:\t, quote: \" hex \x41 octal \102", uv);
    debugPrintfEXT("no values");
    color = vec4(uv, 0.0, 1.0);
}

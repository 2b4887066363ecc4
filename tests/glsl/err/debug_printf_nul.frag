#version 450
// glslang-disagrees: glslang accepts it and cuts the string at the NUL (OpString "hex "); we refuse a string the source does not mean
#extension GL_EXT_debug_printf : require
layout(location = 0) in vec2 uv;
layout(location = 0) out vec4 color;

void main() {
    // Found by fuzzing: `\x0` decodes to NUL, which would end the OpString early.
    debugPrintfEXT("hex \x0u octal \102", uv.x);
    color = vec4(uv, 0.0, 1.0);
}

// GL_EXT_debug_printf strings take C's escapes: letters, quotes, question mark, backslash, octal and hex
#version 450
#extension GL_EXT_debug_printf : require
layout(location = 0) out vec4 color;
// expect: OpString "a\"b'c?d\\e
// expect: OpString "octal A hex A
void main() {
    debugPrintfEXT("a\"b\'c\?d\\e\af");
    debugPrintfEXT("octal \101 hex \x41\x4G");
    color = vec4(1.0);
}

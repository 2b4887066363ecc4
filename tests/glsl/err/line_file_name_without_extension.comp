#version 450
// A file name in `#line` needs GL_GOOGLE_cpp_style_line_directive (or GL_GOOGLE_include_directive; glslang: "filename-based #line : required extension not requested").
layout(local_size_x = 1) in;
#line 10 "other.comp"
void main() {
}

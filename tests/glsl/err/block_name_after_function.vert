#version 450
// glslang-disagrees: glslang checks a block name against an earlier function's only in the other order (block, then function); GLSL 4.60 §4.3.9 refuses a block name used for anything else in either order
// A block name, or a member of a block without an instance name, declared after a function of that name (GLSL 4.60 §4.2, §4.3.9).
void h() {}
layout(location = 0) out h { vec4 c; } o;
void k() {}
layout(location = 1) out K { vec4 k; };
void main() {
    h();
    k();
}

// Error: two outputs at one location (and component); component qualifiers that do not overlap are fine
#version 450
layout(location = 0) out vec4 a;
layout(location = 1) out vec2 b;
layout(location = 1, component = 2) out vec2 c;
layout(location = 0) out vec4 d;
void main() { a = vec4(1.0); b = vec2(2.0); c = vec2(3.0); d = vec4(4.0); }

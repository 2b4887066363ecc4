// A block declaration shared by several shaders, included with angle brackets.
layout(std430, set = 0, binding = 0) buffer Out { float values[]; };

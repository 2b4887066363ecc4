// Tests: GL_GOOGLE_include_directive with an angle-bracket include resolved against the include path only.
// glslang-disagrees: glslangValidator's file includer does not implement <...> includes (DirStackFileIncluder::includeSystem).
#version 450
#extension GL_GOOGLE_include_directive : require
#include <bindings.glsl>
layout(local_size_x = 8) in;

void main() {
    values[gl_GlobalInvocationID.x] *= 2.0;
}

// Tests: built-ins a fragment shader may redeclare, with what each redeclaration may change (GLSL 4.60 §7.1, as glslang): gl_FragCoord's layout (repeated, with origin_upper_left), gl_FragDepth's depth layout (the same each time) and `precise`, sized clip and cull distance inputs with `smooth`, and a struct member named `gl_`-something (reserved only for variables).
// wgpu-target-error: cannot be used for the wgpu target
#version 450
layout(origin_upper_left) in vec4 gl_FragCoord;
layout(origin_upper_left) in vec4 gl_FragCoord;
precise out float gl_FragDepth;
layout(depth_greater) out float gl_FragDepth;
layout(depth_greater) out float gl_FragDepth;
smooth in float gl_ClipDistance[];
in float gl_ClipDistance[2];
in float gl_CullDistance[3];
struct S { float gl_value; };
layout(location = 0) out vec4 color;
void main() {
    S s = S(gl_ClipDistance[1] + gl_CullDistance[2]);
    gl_FragDepth = gl_FragCoord.z + 0.5;
    color = vec4(gl_FragCoord.xy, s.gl_value, 1.0);
}

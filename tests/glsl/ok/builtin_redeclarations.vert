// Tests: a vertex shader's gl_PerVertex redeclared with `invariant` on gl_Position (decorated Invariant, as glslang), `centroid` and `precise` members and a sized cull distance array (GLSL 4.60 §7.1).
// wgpu-target-error: cannot be used for the wgpu target
#version 450
layout(location = 0) in vec4 p;
out gl_PerVertex {
    invariant vec4 gl_Position;
    centroid float gl_PointSize;
    precise float gl_CullDistance[1];
};
void main() {
    gl_Position = p;
    gl_PointSize = 2.0;
    gl_CullDistance[0] = p.w;
}

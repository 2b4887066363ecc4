// Tests: vertex built-in variables: gl_VertexIndex, gl_InstanceIndex, gl_BaseVertex/BaseInstance/DrawID (4.60), gl_Position, gl_PointSize, gl_ClipDistance.
// wgpu-target-error: draw parameters (`gl_BaseVertex`, `gl_BaseInstance`, `gl_DrawID`)
#version 460
layout(location = 0) in vec4 pos;
out gl_PerVertex {
    vec4 gl_Position;
    float gl_PointSize;
    float gl_ClipDistance[1];
};
layout(location = 0) flat out ivec4 ids;

void main() {
    ids = ivec4(gl_VertexIndex, gl_InstanceIndex, gl_BaseVertex + gl_BaseInstance, gl_DrawID);
    gl_Position = pos;
    gl_PointSize = 2.0;
    gl_ClipDistance[0] = pos.z;
}

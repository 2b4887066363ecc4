// Tests: GL_NV_mesh_shader as a fragment shader sees it: perprimitiveNV members of input blocks (PerPrimitiveNV decoration, MeshShadingNV), beside ordinary members.
// wgpu-target-error: mesh shading built-ins
#version 460
#extension GL_NV_mesh_shader : require
layout(location = 0) in PerPrim {
    perprimitiveNV flat vec4 primColor;
    perprimitiveNV flat int primId;
};
layout(location = 2) in Vary {
    vec2 uv;
};
layout(location = 0) out vec4 color;

void main() {
    color = primColor * float(primId) + vec4(uv, 0.0, 0.0);
}

// Error: `perprimitiveNV`/`perprimitiveEXT` and `pervertexEXT`/`pervertexNV` are qualifiers only with their extension (GL_NV_mesh_shader, GL_EXT_mesh_shader, GL_EXT/NV_fragment_shader_barycentric; glslang: a name without it, "syntax error, unexpected IDENTIFIER")
#version 460
layout(location = 0) in PerPrim {
    perprimitiveNV flat vec4 primColor;
    perprimitiveEXT flat int primId;
};
layout(location = 2) pervertexEXT in vec4 corner[];
layout(location = 5) pervertexNV in vec4 other[];
layout(location = 0) out vec4 color;
void main() {
    color = primColor * float(primId) + corner[0] + other[1];
}

// Tests: GL_EXT_fragment_shader_barycentric: a pervertexEXT array of input blocks (sized and unsized), members read with constant and dynamic vertex indices; each member becomes a PerVertexKHR array at the block's locations.
#version 450
#extension GL_EXT_fragment_shader_barycentric : require
layout(location = 0) pervertexEXT in Vertex {
    vec2 uv;
    vec3 normal;
} verts[3];
layout(location = 2) pervertexEXT in Extra {
    float weight;
} extra[];
layout(location = 0) out vec4 color;

void main() {
    vec3 n = vec3(0.0);
    for (int i = 0; i < 3; i++) {
        n += gl_BaryCoordEXT[i] * verts[i].normal * extra[i].weight;
    }
    vec2 uv = gl_BaryCoordEXT.x * verts[0].uv + gl_BaryCoordEXT.y * verts[1].uv + gl_BaryCoordEXT.z * verts[2].uv;
    color = vec4(n + vec3(uv, 0.0), 1.0);
}

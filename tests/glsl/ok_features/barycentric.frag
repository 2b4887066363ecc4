// GL_EXT_fragment_shader_barycentric: gl_BaryCoordEXT and pervertexEXT inputs
#version 450
#extension GL_EXT_fragment_shader_barycentric : require
layout(location = 0) pervertexEXT in vec2 uvs[3];
layout(location = 1) pervertexEXT in float ws[3];
layout(location = 0) out vec2 value;
// expect: BuiltIn BaryCoordKHR
// expect: PerVertexKHR
void main() {
    value = gl_BaryCoordEXT.x * uvs[0] + gl_BaryCoordEXT.y * uvs[1] + gl_BaryCoordNoPerspEXT.z * uvs[2] * ws[2];
}

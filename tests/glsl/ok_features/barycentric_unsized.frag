// GL_EXT_fragment_shader_barycentric: unsized `pervertexEXT` input arrays have one element per
// vertex (3), as glslang sizes them (repro shared/repros/glsl/barycentric.frag and neighbours:
// scalar, vector and integer elements, `.length()`, a dynamic index).
#version 450
#extension GL_EXT_fragment_shader_barycentric : require
layout(location = 0) pervertexEXT in vec3 vertexColor[];
layout(location = 1) pervertexEXT in float weight[];
layout(location = 2) pervertexEXT in flat ivec2 ids[];
layout(location = 0) out vec4 color;
// expect: PerVertexKHR
// expect: OpTypeArray
void main() {
    vec3 c = vec3(0.0);
    for (int i = 0; i < vertexColor.length(); i++) {
        c += vertexColor[i] * gl_BaryCoordEXT[i] * weight[i];
    }
    color = vec4(c, float(ids[2].y + weight.length()));
}

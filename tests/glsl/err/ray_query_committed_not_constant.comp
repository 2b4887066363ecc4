#version 460
#extension GL_EXT_ray_query : require
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(std430, set = 0, binding = 1) buffer Out { uint kind; bool committed; };

void main() {
    rayQueryEXT query;
    rayQueryInitializeEXT(query, scene, gl_RayFlagsNoneEXT, 0xFF, vec3(0.0), 0.001, vec3(0.0, 0.0, 1.0), 1000.0);
    kind = rayQueryGetIntersectionTypeEXT(query, committed);
}

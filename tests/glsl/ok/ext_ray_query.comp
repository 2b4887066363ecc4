// Tests: GL_EXT_ray_query: accelerationStructureEXT resources (single and arrays), rayQueryEXT locals and globals, a ray query passed to a function, rayQueryInitializeEXT/ProceedEXT/ConfirmIntersectionEXT/GenerateIntersectionEXT/TerminateEXT, candidate and committed getters, gl_RayFlags*/gl_RayQuery* constants, layout(primitive_culling).
// wgpu-target-error: ray queries (GL_EXT_ray_query)
#version 460
#extension GL_EXT_ray_query : require
#extension GL_EXT_ray_flags_primitive_culling : require
layout(primitive_culling);
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform accelerationStructureEXT scene;
layout(set = 0, binding = 1) uniform accelerationStructureEXT scenes[2];
layout(std430, set = 0, binding = 2) buffer Out { uint kind; float t; vec3 origin; mat4x3 toWorld; int index; };

rayQueryEXT shared_query;

uint trace(rayQueryEXT q, vec3 dir) {
    rayQueryInitializeEXT(q, scenes[1], gl_RayFlagsSkipAABBEXT | gl_RayFlagsOpaqueEXT, 0xFFu, vec3(0.0), 0.01, dir, 100.0);
    while (rayQueryProceedEXT(q)) {
        if (rayQueryGetIntersectionTypeEXT(q, false) == gl_RayQueryCandidateIntersectionTriangleEXT) {
            rayQueryConfirmIntersectionEXT(q);
        }
    }
    return rayQueryGetIntersectionTypeEXT(q, true);
}

void main() {
    rayQueryEXT query;
    rayQueryInitializeEXT(query, scene, gl_RayFlagsTerminateOnFirstHitEXT, 0xFF, vec3(0.0), 0.001, vec3(0.0, 0.0, 1.0), 1000.0);
    while (rayQueryProceedEXT(query)) {
        if (rayQueryGetIntersectionTypeEXT(query, false) == gl_RayQueryCandidateIntersectionAABBEXT
            && rayQueryGetIntersectionCandidateAABBOpaqueEXT(query)) {
            rayQueryGenerateIntersectionEXT(query, 0.5);
        }
    }
    kind = rayQueryGetIntersectionTypeEXT(query, true);
    if (kind != gl_RayQueryCommittedIntersectionNoneEXT) {
        t = rayQueryGetIntersectionTEXT(query, true) + rayQueryGetRayTMinEXT(query);
        origin = rayQueryGetIntersectionObjectRayOriginEXT(query, true) + rayQueryGetWorldRayDirectionEXT(query);
        toWorld = rayQueryGetIntersectionObjectToWorldEXT(query, true);
        index = rayQueryGetIntersectionPrimitiveIndexEXT(query, true) + rayQueryGetIntersectionInstanceIdEXT(query, true)
              + int(rayQueryGetIntersectionFrontFaceEXT(query, true)) + int(rayQueryGetIntersectionBarycentricsEXT(query, true).x);
    }
    rayQueryTerminateEXT(query);
    kind += trace(shared_query, vec3(1.0, 0.0, 0.0)) + rayQueryGetRayFlagsEXT(shared_query);
}

// Tests: interpolation qualifiers on vertex outputs matching a fragment shader (flat, noperspective, centroid, sample).
#version 450
layout(location = 0) in vec4 pos;
layout(location = 0) smooth out vec4 a;
layout(location = 1) flat out ivec2 b;
layout(location = 2) noperspective out vec2 c;
layout(location = 3) centroid out float d;
layout(location = 4) sample out vec3 e;

void main() {
    a = pos;
    b = ivec2(gl_VertexIndex, gl_InstanceIndex);
    c = pos.xy;
    d = pos.z;
    e = pos.xyz;
    gl_Position = pos;
}

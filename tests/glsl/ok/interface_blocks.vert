// Tests: in/out interface blocks with and without instance names, arrays of uniform blocks (descriptor arrays), gl_PerVertex redeclaration.
// wgpu-target-error: arrays of uniform or storage buffers
#version 450
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;

layout(location = 0) out VertexData {
    vec2 uv;
    flat int layer;
    vec3 normal;
} vout;

layout(location = 4) out Extra { vec4 tint; };

layout(std140, set = 0, binding = 0) uniform Camera { mat4 viewProj; } cameras[2];
layout(std140, set = 1, binding = 0) uniform Model { mat4 world; vec4 color; };

out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };

void main() {
    vout.uv = uv;
    vout.layer = gl_InstanceIndex % 2;
    vout.normal = normalize(position);
    tint = color;
    gl_Position = cameras[1].viewProj * world * vec4(position, 1.0);
    gl_PointSize = 1.0;
}

// Tests: GL_ARB_separate_shader_objects: explicit locations on outputs, redeclared gl_PerVertex, location on structs.
#version 450
#extension GL_ARB_separate_shader_objects : enable
layout(location = 0) in vec3 inPos;
layout(location = 1) in vec3 inColor;
layout(location = 0) out vec3 fragColor;
layout(location = 3) out float depth;
out gl_PerVertex { vec4 gl_Position; };

void main() {
    fragColor = inColor;
    depth = inPos.z;
    gl_Position = vec4(inPos, 1.0);
}

// GL_EXT_subgroup_uniform_control_flow: attributes on a function, before it or between its header and body
#version 460
#extension GL_EXT_subgroup_uniform_control_flow : enable
layout(location = 0) in vec4 position;

[[subgroup_uniform_control_flow]] vec4 scaled(vec4 p) { return p * 2.0; }

void main() [[subgroup_uniform_control_flow]]
{
    gl_Position = scaled(position);
}

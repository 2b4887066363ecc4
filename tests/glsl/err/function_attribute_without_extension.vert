#version 460
layout(location = 0) in vec4 position;

void main() [[subgroup_uniform_control_flow]]
{
    gl_Position = position;
}

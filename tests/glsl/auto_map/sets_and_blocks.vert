#version 450
// auto_map_bindings/auto_map_locations against glslang --amb --aml: locations count from 0 in
// declaration order per direction (used or not), an output block takes its members' slots.
layout(set=2) uniform sampler2D unused2;
layout(set=2, binding=0) uniform sampler2D used2;
layout(set=2) uniform sampler2D used3;
uniform sampler2D unusedb;
uniform sampler2D useda;
in vec4 unin;
in vec4 usedin;
out Blk { vec4 a; vec2 b[2]; } blk;
out vec4 lateout;
out float unusedout;
void main(){ gl_Position = usedin + texture(used2, vec2(0)) + texture(used3, vec2(0)) + texture(useda, vec2(0)); blk.a = vec4(1); lateout = vec4(0);}

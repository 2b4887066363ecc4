#version 450
// auto_map_bindings/auto_map_locations against glslang --amb --aml: a resource with a set is
// numbered before those without; explicit bindings keep their slots; unused resources get 0.
layout(set = 1) uniform sampler2D s1;
uniform sampler2D unused;
layout(binding = 0) uniform U0 { vec4 a; } u0;
uniform U1 { vec4 b; } u1;
layout(set = 0, binding = 2) buffer B { vec4 c[]; } bb;
uniform texture2D t[3];
uniform sampler smp;
layout(rgba8, set = 1) uniform readonly image2D img;
layout(push_constant) uniform P { vec4 p; } pc;
in vec4 vin;
in vec3 vin3[2];
in mat3 vm;
flat in ivec2 vi;
layout(location = 9) in vec2 vin2;
out vec4 o;
out vec4 o1;
void main() {
    o = texture(s1, vin.xy) + u0.a + u1.b + bb.c[0] + texture(sampler2D(t[1], smp), vin2) + pc.p
        + vec4(vin3[1], 1.0) + vec4(vm[0], 1.0) + imageLoad(img, vi);
    o1 = vec4(0.0);
}

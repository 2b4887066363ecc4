// Tests: interpolation, auxiliary and `invariant` qualifiers on members of an output block (each member decorated), `invariant` redeclaration of a user output, `invariant` fragment output (ES).
#version 450
layout(location = 0) out Outputs {
    flat int a;
    noperspective float b;
    centroid float c;
    sample float d;
    smooth float e;
    invariant vec4 f;
    centroid noperspective vec2 g;
} o;
layout(location = 8) out vec4 later;
invariant later;
void main() {
    o.a = 1;
    o.b = 2.0;
    o.c = 3.0;
    o.d = 4.0;
    o.e = 5.0;
    o.f = vec4(6.0);
    o.g = vec2(7.0);
    later = vec4(8.0);
    gl_Position = vec4(0.0);
}

// Error: interpolation, auxiliary and `invariant` qualifiers, and layouts other than `constant_id`, on local variables (glslang: "not allowed in nested scope", "can only apply to uniform, buffer, in, or out storage qualifiers")
#version 450
layout(location = 0) out vec4 color;
void main() {
    flat float a = 1.0;
    centroid float b = 2.0;
    invariant float c = 3.0;
    const smooth float d = 4.0;
    for (noperspective int i = 0; i < 2; i++) {
        color += vec4(a + b + c + d);
    }
    layout(location = 1) float e = 5.0;
    color = vec4(e);
}
void g() {
    invariant color;
    flat color;
}

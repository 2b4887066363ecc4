// array constructors with unsized inner dimensions: float[][](float[](...), ...)
#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) buffer Out { float v[]; };
// naga: reads
void main() {
    float a[2][3] = float[][](float[](1.0, 2.0, 3.0), float[](4.0, 5.0, 6.0));
    vec4 b[2] = vec4[](vec4(1.0), vec4(2.0));
    v[0] = a[1][2] + b[1].x;
}

// Error: continue in a switch that is not inside a loop
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { float f; int i; uint u; vec4 v; };
void main() {
    switch (i) {
    case 0:
        continue;
    }
}

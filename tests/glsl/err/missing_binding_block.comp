// Error: uniform and buffer blocks need a binding for Vulkan (glslang -V: "uniform/buffer blocks require layout(binding=X)"), also with a set
#version 450
layout(local_size_x = 1) in;
uniform Params { uint n; } params;
layout(set = 1) buffer Data { uint values[]; } data;
layout(push_constant) uniform Push { uint k; } push;
void main() {
    data.values[0] = params.n + push.k;
}

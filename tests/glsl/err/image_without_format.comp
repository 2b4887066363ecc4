// Error: imageLoad from an image without a format qualifier and without readonly-writeonly support (shaderStorageImageReadWithoutFormat needs the extension)
#version 450
layout(local_size_x = 1) in;
layout(set = 0, binding = 0) uniform image2D img;
void main() {
}

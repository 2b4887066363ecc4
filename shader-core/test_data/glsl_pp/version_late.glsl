#define X 1
#version 450
__VERSION__

// Error: a lowering error after `#line` notes the renumbered line (glslang reports line 100)
#version 450
layout(local_size_x = 1) in;
#line 100
void main() { undefined_thing = 1; }

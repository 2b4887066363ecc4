#version 450
#pragma optimize(off)
#pragma debug(on)
#pragma STDGL invariant(all)
#pragma
tokens

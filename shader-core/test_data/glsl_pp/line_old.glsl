#version 110
#line 20
__LINE__

#version 150 compatibility
__VERSION__ GL_compatibility_profile
#ifdef GL_core_profile
wrong
#endif

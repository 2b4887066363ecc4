/* comments are allowed before #version */
// and line comments
#version 450 core
__VERSION__ GL_core_profile
#ifdef GL_ES
wrong
#endif
#version 450

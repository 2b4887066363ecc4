#version 310 es
__VERSION__ GL_ES GL_es_profile GL_FRAGMENT_PRECISION_HIGH
#ifdef GL_core_profile
wrong
#endif
#if 0 && UNDEFINED
#endif
#if defined(UNDEFINED) && UNDEFINED
#endif
#if UNDEFINED
#endif

#version 450
#extension GL_GOOGLE_include_directive : require
#include "bad.h"
after BAD_MACRO

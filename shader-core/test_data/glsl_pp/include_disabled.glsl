#version 450
#include "once.h"
#extension GL_GOOGLE_include_directive : disable
#include "once.h"

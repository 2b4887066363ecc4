// pp: include=inc
#version 450
#extension GL_GOOGLE_include_directive : require
#include "sub/a.glsl"
#include <common.h>
#include "common.h"
#include "once.h"
#include "once.h"
#include "guarded.h"
#include "guarded.h"
main_end __FILE__ __LINE__
#include "missing.h"
#include <sub/a.glsl>
#include "sub/../sub/b.glsl"
#include "once.h" extra
#include once.h
#include

#extension GL_GOOGLE_include_directive : enable
#include "cycle_a.h"
after_cycle

a_start __LINE__ __FILE__
#include "b.glsl"
a_end __LINE__

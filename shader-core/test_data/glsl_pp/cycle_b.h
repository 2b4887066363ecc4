cycle_b
#include "cycle_a.h"

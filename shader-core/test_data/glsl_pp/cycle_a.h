cycle_a
#include "cycle_b.h"

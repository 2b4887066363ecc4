#define ONE 1
#define TWO (ONE + ONE)
#define FOUR TWO * TWO
#define EMPTY
int x = FOUR EMPTY;
#define ONE 1
#define TWO (ONE+ONE)
#undef FOUR
FOUR
#define FOUR 4
FOUR
#define LATER VALUE
#define VALUE 7
LATER
#undef VALUE
LATER
#define
#define 3 x
#undef
#undef X junk

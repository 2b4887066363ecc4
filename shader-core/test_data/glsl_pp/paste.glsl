#define CAT(a, b) a ## b
#define CAT3(a, b, c) a ## b ## c
#define VEC(n) vec ## n
#define SUFFIX(x) x ## u
#define ONE 1
CAT(foo, bar) CAT(x, 1) VEC(4) SUFFIX(10)
CAT(, right) CAT(left, ) CAT(,) end
CAT3(a, b, c) CAT3(, , z) CAT3(1, ., 5)
CAT(<<, =) CAT(+, +) CAT(&, &)
CAT(ONE, ONE) CAT(O, NE)
#define XCAT(a, b) CAT(a, b)
XCAT(ONE, ONE)
#define OBJ pre ## fix
OBJ
CAT(+, -)
CAT(., x)
#define BAD ## x
#define BAD2 x ##

#define foo foo
foo
#define a b
#define b a
a b
#define f(x) x + f(x)
f(1)
#define g(x) f
g(2)(3)
#define h(x) (x * h)
h(h(1))
#define q(x) x
#define r q(r)
r
#define self_call(x) self_call
self_call(1)(2)
#define COMMA ,
#define TWO_ARGS(a, b) [a|b]
#define PASS(x) TWO_ARGS(x)
PASS(1 COMMA 2)

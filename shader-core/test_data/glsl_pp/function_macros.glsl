#define ADD(a, b) ((a) + (b))
#define ID(x) x
#define NOARGS() 42
#define FIRST(a, b) a
ADD(1, 2)
ADD(f(1, 2), (3, 4))
ADD(ID(ID(5)), ADD(6, 7))
ID()
NOARGS() NOARGS ( )
NOARGS ID + ID
FIRST(
  multi,
  line
) end
#define APPLY(f, x) f(x)
APPLY(ID, 9) APPLY(ADD, (1, 2))
#define SPACE (x) x
SPACE
ADD(1)
ADD(1, 2, 3)
NOARGS(1)
#define DUP(a, a) a
#define BAD(a b) a
#define OPEN(a
ID(unterminated

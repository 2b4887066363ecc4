#define LONG first \
  second \
  third
LONG
#if 1 && \
    1
continued_if
#endif
#define COMMENTED /* a block
  comment spanning lines */ body
COMMENTED
// a line comment \
still_comment
after

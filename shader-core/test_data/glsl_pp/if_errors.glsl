#if 1 / 0
#endif
#if (1 + 2
#endif
#if 1.5
#endif
#if
#endif
#if 1 +
#endif
#if 1 2
#endif
#if defined
#endif
#if defined(A
#endif
#elif 1
#endif
#else
#if 1
#else
#else
#elif 1
#endif
#foo bar
#if 1 ? 2
#endif
ok_line
#if 1
#ifdef X
never_closed

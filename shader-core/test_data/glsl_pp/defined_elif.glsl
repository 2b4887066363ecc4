#define A
#define B 0
#if defined A && defined(B) && !defined C && !defined(C)
defined_forms
#endif
#define IS_DEF defined(A)
#if IS_DEF
defined_from_macro
#endif
#if B
wrong
#elif defined(C)
wrong
#elif 1 + 1 == 2
second_elif
#elif 1
wrong_later
#else
wrong_else
#endif
#ifdef A
ifdef_a
#else
wrong
#endif
#ifndef C
ifndef_c
#endif
#if 0
  #if garbage ( (
  #error not reported
  #unknown_directive
  #endif
  #elif 1
  skipped_nested_elif
#elif 0
wrong
#else
else_branch
#endif
#if 1
outer
#  if 0
inner_wrong
#  elif 1
inner_elif
#  endif
#elif 1 / 0
#endif
#ifdef A extra
#endif

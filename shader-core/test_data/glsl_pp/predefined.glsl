// pp: define=N=64 define=SQUARE(x)=((x)*(x)) define=FLAG=
#version 450
N SQUARE(N) FLAG end
#ifdef VULKAN
wrong
#endif
#if defined(__LINE__) && defined(__FILE__) && defined(__VERSION__)
dynamic_macros_are_defined
#endif
#undef __LINE__
#define __FILE__ 3
#define defined 1
#define my__name 1
#define N 65

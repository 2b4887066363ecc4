#version 450
__LINE__ __FILE__
#line 100
__LINE__ __FILE__
__LINE__
#line 200 7
__LINE__ __FILE__
#define L __LINE__
L
#define BASE 10
#line BASE
__LINE__
#error presumed line 11
#line x
#line 5 y
#line 5 6 7

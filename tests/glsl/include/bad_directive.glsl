// An include that fails in the preprocessor.
#if 1
#error stop in the included file
#endif

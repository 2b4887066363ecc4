#version 450
int before;
#if 0
#error not this one
#endif
   #  error   this is the message: 1 + 2 "quoted"
int after;
#error

line_one
#error inside the included file
#define BAD_MACRO 0x
#if 1

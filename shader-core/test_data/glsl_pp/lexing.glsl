// pp: kinds
int a_1 _b B2;
0 1 42 0x1F 0XffU 017 7u 8l 9ul 10s 11us
1.0 .5 1. 1e10 1.5e-3f 2.0lf 3.0LF 1.0hf 3E+2 4e-1F
<<= >>= ++ -- << >> <= >= == != && || ^^ += -= *= /= %= &= |= ^=
+ - * / % < > = ! ~ & | ^ ( ) [ ] { } . , ; ? :
a.b.x v.xyz++ x---y a+++b
ide\
nt /* comment */ after // line comment
/* multi
   line */ next
0x 09 1.0q 12abc $

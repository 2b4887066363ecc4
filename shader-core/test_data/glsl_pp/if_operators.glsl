#if 1 + 2 * 3 == 7
mul_before_add
#endif
#if (1 + 2) * 3 == 9
parens
#endif
#if 10 - 4 - 3 == 3 && 64 / 4 / 2 == 8 && 17 % 5 == 2
left_assoc
#endif
#if 1 << 4 == 16 && 256 >> 2 == 64 && -8 >> 1 == -4
shifts
#endif
#if 1 < 2 && 2 > 1 && 2 <= 2 && 3 >= 3 && !(1 > 2) && 1 != 2
relational
#endif
#if (6 & 3) == 2 && (6 | 3) == 7 && (6 ^ 3) == 5 && ~0 == -1
bitwise
#endif
#if 1 | 2 == 2
eq_binds_tighter_than_or
#endif
#if 0 || 1 && 0
wrong_and_or
#else
and_before_or
#endif
#if -1 < 0 && +3 == 3 && - -2 == 2 && !0 == 1 && !5 == 0
unary
#endif
#if 0 ? 10 : 1 ? 20 : 30 == 20
#endif
#if (0 ? 10 : 1 ? 20 : 30) == 20
ternary_right_assoc
#endif
#if 0x10 == 16 && 010 == 8
literals
#endif
#if 0 && 1 / 0
#else
short_circuit_and
#endif
#if 1 || 1 % 0
short_circuit_or
#endif
#if 1 ? 2 : 1 / 0
short_circuit_ternary
#endif
#if 2147483647 + 1 == -2147483647 - 1
wraps_32_bit
#endif
#if UNDEFINED_NAME == 0 && !UNDEFINED_NAME
undefined_is_zero
#endif
#define N 4
#if N * 2 == 8
macros_expand
#endif
#define FN(x) (x + 1)
#if FN(N) == 5 && FN == 0
function_like
#endif

// Tests: statements: switch with fall-through and default in the middle, nested loops with break/continue, do-while, for with declarations, early return.
#version 450
layout(local_size_x = 1) in;
layout(std430, set = 0, binding = 0) buffer Out { int r[8]; };

int classify(int x) {
    int acc = 0;
    switch (x) {
    case 0:
        acc += 1;
    case 1:
        acc += 10;       // 0 falls through to here
        break;
    default:
        acc = -1;
    case 5:
    case 6:
        acc += 100;      // default falls through
        break;
    case 7: {
        acc = 7;
        break;
    }
    }
    return acc;
}

void main() {
    for (int i = 0; i < 8; i++) r[i] = classify(i);
    int n = 0;
    do {
        n += 2;
        if (n == 4) continue;
        if (n > 9) break;
    } while (n < 100);
    for (int i = 0, j = 10; i < j; i++, j--) {
        if (i == 2) continue;
        n += j - i;
    }
    int k = 0;
    while (true) {
        if (++k >= 3) break;
    }
    r[0] += n + k;
    switch (r[1]) { }
    uint u = 2u;
    switch (u) { case 2u: r[2] = 2; break; default: break; }
    if (r[3] < 0) return;
    r[3] = n;
}

/* wekaeval._hotspot_tables.POW_INDEX_BREAKPOINTS, measured on the processor this runs on.

   For every 23-bit significand m: the 9-bit B that HotSpot's x86_64 Math.pow intrinsic derives from
   RCPPS(1.m) * 1.4453125f (rounded at bit 13 by adding 0x2000), printed as "m index" wherever the
   10-bit index (B's exponent bit and 9 significand bits) changes.  The table holds m >> 10 of each line.

       gcc -O1 -o pow_rcp_breakpoints tests/oracles/c/pow_rcp_breakpoints.c && ./pow_rcp_breakpoints

   It prints 513 lines on an AMD EPYC (Zen), every m a multiple of 1024, the index falling from 740 to 228. */
#include <stdio.h>
#include <string.h>
#include <stdint.h>
#include <xmmintrin.h>
int main(void) {
    int prev = -1; uint32_t m; int monotone = 1;
    for (m = 0; m < (1u << 23); m++) {
        uint32_t ib = 0x3f800000u | m; float f; memcpy(&f, &ib, 4);
        __m128 v = _mm_set_ss(f);
        v = _mm_rcp_ss(v);
        v = _mm_mul_ss(v, _mm_set_ss(1.4453125f));
        float p = _mm_cvtss_f32(v); uint32_t pb; memcpy(&pb, &p, 4);
        pb += 0x2000u;
        int idx = (pb >> 14) & 0x3ff;
        if ((pb >> 23) != 126 && (pb >> 23) != 127) { fprintf(stderr, "exponent %u at %u\n", pb >> 23, m); }
        if (prev >= 0 && idx > prev) monotone = 0;
        if (idx != prev) { printf("%u %d\n", m, idx); prev = idx; }
    }
    fprintf(stderr, "monotone %d\n", monotone);
    return 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Copy kernels shared by pack, unpack and typed copy.  Everything here is
 * inline: the walkers are specialised per direction by the compiler, and
 * a small block must cost a few instructions, not a call to memcpy.
 */
#ifndef TSD_COPY_KERNELS_H
#define TSD_COPY_KERNELS_H

#include <stdint.h>
#include <string.h>

#include "util/tsu.h"

/* Fixed-size moves: memcpy of a constant size compiles to plain (unaligned)
 * loads and stores. */
#define TSD_MOVE(d, s, n) memcpy((d), (s), (n))

/* n bytes, n small: two possibly overlapping fixed-size moves cover any
 * length between k and 2k, so no loop and no call for n <= 64.  Source and
 * destination never overlap here. */
static TSU_ALWAYS_INLINE void tsd_copy_small(char *d, const char *s, int64_t n)
{
    if (n >= 16) {
        if (n <= 32) {
            char a[16], b[16];
            TSD_MOVE(a, s, 16);
            TSD_MOVE(b, s + n - 16, 16);
            TSD_MOVE(d, a, 16);
            TSD_MOVE(d + n - 16, b, 16);
            return;
        }
        /* 33..: 32-byte steps, the last one overlapping */
        int64_t i = 0;
        for (; i + 32 < n; i += 32)
            TSD_MOVE(d + i, s + i, 32);
        TSD_MOVE(d + n - 32, s + n - 32, 32);
        return;
    }
    if (n >= 8) {
        uint64_t a, b;
        TSD_MOVE(&a, s, 8);
        TSD_MOVE(&b, s + n - 8, 8);
        TSD_MOVE(d, &a, 8);
        TSD_MOVE(d + n - 8, &b, 8);
    } else if (n >= 4) {
        uint32_t a, b;
        TSD_MOVE(&a, s, 4);
        TSD_MOVE(&b, s + n - 4, 4);
        TSD_MOVE(d, &a, 4);
        TSD_MOVE(d + n - 4, &b, 4);
    } else if (n >= 2) {
        uint16_t a, b;
        TSD_MOVE(&a, s, 2);
        TSD_MOVE(&b, s + n - 2, 2);
        TSD_MOVE(d, &a, 2);
        TSD_MOVE(d + n - 2, &b, 2);
    } else if (n == 1) {
        *d = *s;
    }
}

/* Past this size memcpy's vector paths win over the inline loop, whose
 * moves are 16 bytes wide in a baseline x86-64 build where libc's are 32:
 * WRF's y halo, blocks of 256 bytes, packed 1.27x faster through memcpy. */
#define TSD_SMALL_MAX 128

static TSU_ALWAYS_INLINE void tsd_copy_block(char *d, const char *s, int64_t n)
{
    if (n <= TSD_SMALL_MAX)
        tsd_copy_small(d, s, n);
    else
        memcpy(d, s, (size_t)n);
}

/* n blocks of b bytes: block i from s + i*ss to d + i*ds.  The common
 * block sizes get loops whose moves have a constant size. */
#define TSD_STRIDED_FIXED(B)                                                                       \
    do {                                                                                           \
        int64_t i = 0;                                                                             \
        for (; i + 4 <= n; i += 4) {                                                               \
            TSD_MOVE(d, s, B);                                                                     \
            TSD_MOVE(d + ds, s + ss, B);                                                           \
            TSD_MOVE(d + 2 * ds, s + 2 * ss, B);                                                   \
            TSD_MOVE(d + 3 * ds, s + 3 * ss, B);                                                   \
            d += 4 * ds;                                                                           \
            s += 4 * ss;                                                                           \
        }                                                                                          \
        for (; i < n; i++, d += ds, s += ss)                                                       \
            TSD_MOVE(d, s, B);                                                                     \
    } while (0)

/* Blocks of b bytes, W < b < 2W, as two W-byte moves each. */
#define TSD_STRIDED_OVERLAPPING(W)                                                                 \
    do {                                                                                           \
        for (int64_t i = 0; i < n; i++, d += ds, s += ss) {                                        \
            TSD_MOVE(d, s, W);                                                                     \
            TSD_MOVE(d + b - (W), s + b - (W), W);                                                 \
        }                                                                                          \
    } while (0)

static inline void tsd_copy_strided(char *d, const char *s, int64_t n, int64_t b, int64_t ds,
                                    int64_t ss)
{
    switch (b) {
    case 1:
        TSD_STRIDED_FIXED(1);
        return;
    case 2:
        TSD_STRIDED_FIXED(2);
        return;
    case 4:
        TSD_STRIDED_FIXED(4);
        return;
    case 8:
        TSD_STRIDED_FIXED(8);
        return;
    case 12:
        TSD_STRIDED_FIXED(12);
        return;
    case 16:
        TSD_STRIDED_FIXED(16);
        return;
    case 24:
        TSD_STRIDED_FIXED(24);
        return;
    case 32:
        TSD_STRIDED_FIXED(32);
        return;
    case 64: /* 8 doubles, a cache line: through tsd_copy_small's loop a
              * 64 MiB vector unpacked at 0.71-0.79x the hand loop */
        TSD_STRIDED_FIXED(64);
        return;
    default:
        break;
    }
    /* Other lengths up to 64: two overlapping moves of the largest power
     * of two W < b, a block's bytes [b - W, W) written twice with the same
     * values.  The moves are constant, so the loop has no branch: a struct
     * run of 29 bytes went through tsd_copy_small's five tests a block. */
    if (b < 4)
        TSD_STRIDED_OVERLAPPING(2);
    else if (b < 8)
        TSD_STRIDED_OVERLAPPING(4);
    else if (b < 16)
        TSD_STRIDED_OVERLAPPING(8);
    else if (b < 32)
        TSD_STRIDED_OVERLAPPING(16);
    else if (b < 64)
        TSD_STRIDED_OVERLAPPING(32);
    else if (b <= TSD_SMALL_MAX) {
        for (int64_t i = 0; i < n; i++, d += ds, s += ss)
            tsd_copy_small(d, s, b);
    } else {
        for (int64_t i = 0; i < n; i++, d += ds, s += ss)
            memcpy(d, s, (size_t)b);
    }
}

#endif /* TSD_COPY_KERNELS_H */

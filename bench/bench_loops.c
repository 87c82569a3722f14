/* SPDX-License-Identifier: BSD-3-Clause */
/* bench_loops.c: the hand-written loops the benchmark compares MPI_Pack
 * and MPI_Unpack with, for every layout. */
#include "bench.h"

/* ------------------------------------------------------------ hand loops */

/* Written the way a user writes them: nested loops with the loop bounds in
 * locals (so the stores cannot alias them), element assignment for short
 * runs, memcpy for runs of 64 bytes and more. */
#define COPY_RUN(T, PACK, e, o, n)                                                                 \
    do {                                                                                           \
        if ((n) * (long)sizeof(T) >= 64) {                                                         \
            if (PACK)                                                                              \
                memcpy((o), (e), (size_t)(n) * sizeof(T));                                         \
            else                                                                                   \
                memcpy((e), (o), (size_t)(n) * sizeof(T));                                         \
        } else {                                                                                   \
            for (long j_ = 0; j_ < (n); j_++) {                                                    \
                if (PACK)                                                                          \
                    (o)[j_] = (e)[j_];                                                             \
                else                                                                               \
                    (e)[j_] = (o)[j_];                                                             \
            }                                                                                      \
        }                                                                                          \
    } while (0)

#define STRIDED_FN(NAME, T, PACK)                                                                  \
    static char *NAME(const part_t *q, char *base, char *pk)                                       \
    {                                                                                              \
        const long n0 = q->n[0], n1 = q->n[1], n2 = q->n[2], n3 = q->n[3];                         \
        const long s1 = q->s[1], s2 = q->s[2], s3 = q->s[3];                                       \
        char *const b0 = base + q->off;                                                            \
        T *o = (T *)pk;                                                                            \
        for (long i3 = 0; i3 < n3; i3++)                                                           \
            for (long i2 = 0; i2 < n2; i2++) {                                                     \
                char *const b2 = b0 + i3 * s3 + i2 * s2;                                           \
                if (n0 == 1) {                                                                     \
                    for (long i1 = 0; i1 < n1; i1++) {                                             \
                        T *e = (T *)(b2 + i1 * s1);                                                \
                        if (PACK)                                                                  \
                            o[i1] = *e;                                                            \
                        else                                                                       \
                            *e = o[i1];                                                            \
                    }                                                                              \
                    o += n1;                                                                       \
                } else {                                                                           \
                    for (long i1 = 0; i1 < n1; i1++) {                                             \
                        T *e = (T *)(b2 + i1 * s1);                                                \
                        COPY_RUN(T, PACK, e, o, n0);                                               \
                        o += n0;                                                                   \
                    }                                                                              \
                }                                                                                  \
            }                                                                                      \
        return (char *)o;                                                                          \
    }

/* idx[] holds byte offsets, or element offsets when len[] is set (idx_rand) */
#define GATHER_FN(NAME, T, PACK)                                                                   \
    static char *NAME(const part_t *q, char *base, char *pk)                                       \
    {                                                                                              \
        char *const b = base + q->off;                                                             \
        const long n = q->nidx;                                                                    \
        const long *const idx = q->idx;                                                            \
        const int *const len = q->len;                                                             \
        const int blk = q->blk;                                                                    \
        T *o = (T *)pk;                                                                            \
        if (len) {                                                                                 \
            for (long i = 0; i < n; i++) {                                                         \
                T *e = (T *)b + idx[i];                                                            \
                const long l = len[i];                                                             \
                COPY_RUN(T, PACK, e, o, l);                                                        \
                o += l;                                                                            \
            }                                                                                      \
        } else if (blk == 1) {                                                                     \
            for (long i = 0; i < n; i++) {                                                         \
                T *e = (T *)(b + idx[i]);                                                          \
                if (PACK)                                                                          \
                    o[i] = *e;                                                                     \
                else                                                                               \
                    *e = o[i];                                                                     \
            }                                                                                      \
            o += n;                                                                                \
        } else if (blk == 3) {                                                                     \
            for (long i = 0; i < n; i++, o += 3) {                                                 \
                T *e = (T *)(b + idx[i]);                                                          \
                if (PACK)                                                                          \
                    o[0] = e[0], o[1] = e[1], o[2] = e[2];                                         \
                else                                                                               \
                    e[0] = o[0], e[1] = o[1], e[2] = o[2];                                         \
            }                                                                                      \
        } else {                                                                                   \
            for (long i = 0; i < n; i++) {                                                         \
                T *e = (T *)(b + idx[i]);                                                          \
                COPY_RUN(T, PACK, e, o, (long)blk);                                                \
                o += blk;                                                                          \
            }                                                                                      \
        }                                                                                          \
        return (char *)o;                                                                          \
    }

#define STRUCT40_FN(NAME, PACK)                                                                    \
    static char *NAME(const part_t *q, char *base, char *pk)                                       \
    {                                                                                              \
        char *e = base + q->off;                                                                   \
        const long n = q->count;                                                                   \
        for (long i = 0; i < n; i++, e += 40, pk += 33) {                                          \
            if (PACK) {                                                                            \
                memcpy(pk, e, 24);                                                                 \
                memcpy(pk + 24, e + 24, 4);                                                        \
                pk[28] = e[28];                                                                    \
                memcpy(pk + 29, e + 32, 4);                                                        \
            } else {                                                                               \
                memcpy(e, pk, 24);                                                                 \
                memcpy(e + 24, pk + 24, 4);                                                        \
                e[28] = pk[28];                                                                    \
                memcpy(e + 32, pk + 29, 4);                                                        \
            }                                                                                      \
        }                                                                                          \
        return pk;                                                                                 \
    }

STRIDED_FN(strided8_pack, uint64_t, 1)
STRIDED_FN(strided4_pack, uint32_t, 1)
STRIDED_FN(strided1_pack, uint8_t, 1)
STRIDED_FN(strided8_unpack, uint64_t, 0)
STRIDED_FN(strided4_unpack, uint32_t, 0)
STRIDED_FN(strided1_unpack, uint8_t, 0)
GATHER_FN(gather8_pack, uint64_t, 1)
GATHER_FN(gather4_pack, uint32_t, 1)
GATHER_FN(gather8_unpack, uint64_t, 0)
GATHER_FN(gather4_unpack, uint32_t, 0)
STRUCT40_FN(struct40_pack, 1)
STRUCT40_FN(struct40_unpack, 0)

NOINLINE void hand_pack(const pattern_t *p, char *base, char *pk)
{
    for (int k = 0; k < p->nparts; k++) {
        const part_t *q = &p->parts[k];
        if (q->kind == PT_STRIDED)
            pk = q->esize == 8   ? strided8_pack(q, base, pk)
                 : q->esize == 4 ? strided4_pack(q, base, pk)
                                 : strided1_pack(q, base, pk);
        else if (q->kind == PT_GATHER)
            pk = q->esize == 8 ? gather8_pack(q, base, pk) : gather4_pack(q, base, pk);
        else
            pk = struct40_pack(q, base, pk);
    }
}

NOINLINE void hand_unpack(const pattern_t *p, char *base, char *pk)
{
    for (int k = 0; k < p->nparts; k++) {
        const part_t *q = &p->parts[k];
        if (q->kind == PT_STRIDED)
            pk = q->esize == 8   ? strided8_unpack(q, base, pk)
                 : q->esize == 4 ? strided4_unpack(q, base, pk)
                                 : strided1_unpack(q, base, pk);
        else if (q->kind == PT_GATHER)
            pk = q->esize == 8 ? gather8_unpack(q, base, pk) : gather4_unpack(q, base, pk);
        else
            pk = struct40_unpack(q, base, pk);
    }
}

/* Walk the layout as (offset, length) runs, in packed order: counts runs
 * (merging adjacent ones) and bytes. */
void walk(const pattern_t *p, long *runs, size_t *bytes)
{
    long nr = 0, last_end = -1;
    size_t nb = 0;
#define RUN(o, l)                                                                                  \
    do {                                                                                           \
        long o_ = (o), l_ = (l);                                                                   \
        if (o_ != last_end)                                                                        \
            nr++;                                                                                  \
        last_end = o_ + l_;                                                                        \
        nb += (size_t)l_;                                                                          \
    } while (0)
    for (int k = 0; k < p->nparts; k++) {
        const part_t *q = &p->parts[k];
        if (q->kind == PT_STRIDED) {
            for (long i3 = 0; i3 < q->n[3]; i3++)
                for (long i2 = 0; i2 < q->n[2]; i2++)
                    for (long i1 = 0; i1 < q->n[1]; i1++)
                        RUN(q->off + i3 * q->s[3] + i2 * q->s[2] + i1 * q->s[1],
                            q->n[0] * q->esize);
        } else if (q->kind == PT_GATHER) {
            for (long i = 0; i < q->nidx; i++) {
                if (q->len)
                    RUN(q->off + q->idx[i] * q->esize, (long)q->len[i] * q->esize);
                else
                    RUN(q->off + q->idx[i], (long)q->blk * q->esize);
            }
        } else {
            for (long i = 0; i < q->count; i++) {
                RUN(q->off + i * 40, 24 + 4 + 1);
                RUN(q->off + i * 40 + 32, 4);
            }
        }
    }
#undef RUN
    *runs = nr;
    *bytes = nb;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Pack lists in segments: a list of runs whose lengths differ from
 * stretch to stretch (a struct of gathers: runs of 3 doubles, then runs of
 * 1) is cut into segments each of one unit, so that every entry moves
 * with one constant-size copy of its segment's unit (tsd_pack.c
 * seg_blocks), instead of a copy per unit common to all runs. */
#include "typeshim_config.h"

#include <stdlib.h>

#include "engine/tsd.h"

/* Units the pack loop has a constant-size move for (tsd_pack.c
 * seg_blocks), largest first. */
static const int64_t seg_units[] = {32, 24, 16, 12, 8, 4, 2, 1};

/* len / u for u one of seg_units (2^k or 3 * 2^k), -1 when u does not
 * divide len: a shift and a division by the constant 3, which compiles
 * to a multiplication (a hardware divide a run cost ddt_lammps' commit a
 * quarter more time). */
static TSU_ALWAYS_INLINE int64_t seg_div(int64_t len, int64_t u)
{
    int k = __builtin_ctzll((unsigned long long)u);
    int64_t q = len >> k;

    if (len & (((int64_t)1 << k) - 1))
        return -1;
    if (u >> k == 1)
        return q;
    return q % 3 ? -1 : q / 3;
}

/* The largest of seg_units dividing len (> 0). */
static int64_t seg_unit(int64_t len)
{
    for (size_t i = 0; i < sizeof(seg_units) / sizeof(seg_units[0]) - 1; i++)
        if (seg_div(len, seg_units[i]) >= 0)
            return seg_units[i];
    return 1;
}

/* A segment has at least this many runs before a run its unit does not
 * divide starts a new one; a shorter one takes a smaller unit instead. */
#define SEG_MIN_RUNS 16

static int64_t gcd64(int64_t a, int64_t b)
{
    while (b) {
        int64_t r = a % b;
        a = b;
        b = r;
    }
    return a;
}

/* Cuts the n runs in segments, greedily, writing their entries to ud and
 * the segments to seg; returns the entries.  A run joins the current
 * segment when the segment's unit divides it, or when the segment is
 * still short: the unit then shrinks to seg_unit(gcd of its runs), and
 * the segment is written again.  Every run length is a multiple of the
 * list's unit g (a power of two up to 16), so is that gcd, and so is a
 * unit at least g: ud needs at most the entries of the g-unit list. */
static int64_t seg_cut(const tsd_blk *blk, int64_t n, tsd_seg *seg, int64_t *ud, int64_t *nseg)
{
    int64_t segs = 0, entries = 0, j;

    for (int64_t i = 0; i < n; i = j) {
        int64_t gcd = blk[i].len, u = seg_unit(gcd), e0 = entries;
    again:
        entries = e0;
        for (j = i; j < n; j++) {
            int64_t q = seg_div(blk[j].len, u);
            if (q < 0) {
                if (j - i >= SEG_MIN_RUNS)
                    break;
                gcd = gcd64(gcd, blk[j].len);
                u = seg_unit(gcd);
                goto again;
            }
            for (int64_t off = blk[j].disp; q > 0; q--, off += u)
                ud[entries++] = off;
        }
        seg[segs].unit = u;
        seg[segs++].n = entries - e0;
    }
    *nseg = segs;
    return entries;
}

/* udisp for the runs blk[n] (lengths multiples of g; unit_moves = their
 * bytes / g): cut in segments of one unit each when that saves a tenth of
 * the moves, else a displacement per unit of g (t->blk_unit). */
static int list_units(tsd_type *t, const tsd_blk *blk, int64_t n, int64_t g, int64_t unit_moves)
{
    int64_t moves, nseg, cap = n / SEG_MIN_RUNS + 1; /* all but the last are that long */

    if (!(t->udisp = tsu_malloc((size_t)unit_moves * sizeof(int64_t)))) /* tsd_type_free */
        return TSD_ERR_NOMEM;
    if (!(t->seg = tsu_malloc((size_t)cap * sizeof(tsd_seg)))) { /* tsd_type_free */
        tsu_free(t->udisp);
        t->udisp = NULL;
        return TSD_ERR_NOMEM;
    }
    moves = seg_cut(blk, n, t->seg, t->udisp, &nseg);
    if (moves * 10 <= unit_moves * 9 && nseg * SEG_MIN_RUNS <= n) {
        t->nseg = nseg;
        t->nblk = moves;
        return TSD_OK;
    }
    tsu_free(t->seg);
    t->seg = NULL;
    moves = 0;
    for (int64_t i = 0; i < n; i++)
        for (int64_t off = 0; off < blk[i].len; off += g)
            t->udisp[moves++] = blk[i].disp + off;
    t->nblk = moves;
    t->blk_unit = g;
    return TSD_OK;
}

int tsd_list_take(tsd_type *t, tsd_blk *blk, int64_t n, uint64_t lens_or, int64_t bytes)
{
    int64_t g = tsd_list_unit(lens_or, bytes, n);
    int rc;

    if (!g) {
        t->blk = blk;
        t->nblk = n;
        return TSD_OK;
    }
    /* displacements only: half the memory traffic */
    rc = list_units(t, blk, n, g, bytes / g);
    tsu_free(blk);
    return rc;
}

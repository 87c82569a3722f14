/* SPDX-License-Identifier: BSD-3-Clause */
/* The runs form: a loop-free type made of runs of one basic type,
 * described by its pack list alone (tsd.h, struct tsd_type).
 *
 * Its records would be one elem {id, count = run bytes / size, blocklen 1,
 * extent = size, disp} a run and the final end_loop, the same for desc and
 * opt_desc (no two runs touch: the constructor merged those).  A million
 * blocks would cost 40 MB of them for what pack, commit and the signature
 * never read, so they are made only when a rare path asks (a dump,
 * external32, nesting the type in another, the debug checks), once, and
 * kept until the type is freed. */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "engine/tsd.h"

/* Serialises the making of records; readers that find them made take no
 * lock (the pointer is published with release, read with acquire). */
static pthread_mutex_t describe_lock = PTHREAD_MUTEX_INITIALIZER;

/* Appends the unit [disp, disp + len) to the runs out[*k], joining it to
 * the last when it continues it. */
static inline void join_unit(tsd_blk *out, int64_t *k, int64_t disp, int64_t len)
{
    if (*k > 0 && out[*k - 1].disp + out[*k - 1].len == disp) {
        out[*k - 1].len += len;
        return;
    }
    out[*k].disp = disp;
    out[(*k)++].len = len;
}

/* The runs of t as (disp, bytes), in order, into out (desc.used
 * entries): blk as it is, or udisp's units (of blk_unit bytes, or of each
 * segment's unit) joined where they touch. */
void tsd_runs_list(const tsd_type *t, tsd_blk *out)
{
    int64_t k = 0;

    if (t->blk) {
        memcpy(out, t->blk, (size_t)t->nblk * sizeof(tsd_blk));
        return;
    }
    if (t->seg) {
        const int64_t *d = t->udisp;
        for (const tsd_seg *s = t->seg; s < t->seg + t->nseg; d += s->n, s++)
            for (int64_t j = 0; j < s->n; j++)
                join_unit(out, &k, d[j], s->unit);
        return;
    }
    for (int64_t i = 0; i < t->nblk; i++)
        join_unit(out, &k, t->udisp[i], t->blk_unit);
}

static tsd_rec *describe(const tsd_type *t)
{
    int64_t n = t->desc.used, size = tsd_id_size(t->runs_id);
    tsd_rec *rec = tsu_calloc((size_t)n + 1, sizeof(tsd_rec)); /* the type's: tsd_type_free */
    tsd_blk *runs = tsu_malloc((size_t)n * sizeof(tsd_blk));   /* freed below */

    if (!rec || !runs) {
        tsu_free(runs);
        tsu_free(rec);
        return NULL;
    }
    tsd_runs_list(t, runs);
    for (int64_t i = 0; i < n; i++) {
        rec[i].elem.flags = TSD_FLAG_DATA;
        rec[i].elem.type = t->runs_id;
        rec[i].elem.count = runs[i].len / size;
        rec[i].elem.blocklen = 1;
        rec[i].elem.extent = size;
        rec[i].elem.disp = runs[i].disp;
    }
    rec[n].end_loop.type = TSD_END_LOOP;
    rec[n].end_loop.items = n;
    rec[n].end_loop.size = t->size;
    rec[n].end_loop.first_elem_disp = runs[0].disp;
    tsu_free(runs);
    return rec;
}

const tsd_desc *tsd_desc_of(const tsd_type *t)
{
    tsd_type *w = (tsd_type *)(uintptr_t)t; /* only the lazily made records change */
    tsd_rec *rec;

    if (!t->runs_id || __atomic_load_n(&w->desc.rec, __ATOMIC_ACQUIRE))
        return &t->desc;
    pthread_mutex_lock(&describe_lock);
    if (!(rec = __atomic_load_n(&w->desc.rec, __ATOMIC_ACQUIRE)) && (rec = describe(t))) {
        w->desc.cap = (size_t)t->desc.used + 1;
        __atomic_store_n(&w->desc.rec, rec, __ATOMIC_RELEASE);
    }
    pthread_mutex_unlock(&describe_lock);
    return rec ? &t->desc : NULL;
}

const tsd_desc *tsd_opt_of(const tsd_type *t)
{
    return t->runs_id ? tsd_desc_of(t) : &t->opt_desc;
}

int64_t tsd_runs_first(const tsd_type *t)
{
    return t->blk ? t->blk[0].disp : t->udisp[0];
}

/* The k units of g bytes of a run at disp, from u[n]: up to four are
 * written as four entries whatever k is (the extra ones are overwritten by
 * the next run, or fall into the three spare entries at the end), so
 * short runs of random length cost no branch. */
static TSU_ALWAYS_INLINE int64_t put_units(int64_t *u, int64_t n, int64_t disp, int64_t k,
                                           int64_t g)
{
    if (k <= 4) {
        /* unsigned: the entries past k may lie past the last byte of the
         * run, beyond INT64_MAX for a run ending there (they are
         * overwritten, never read) */
        uint64_t d = (uint64_t)disp, ug = (uint64_t)g;
        u[n] = disp;
        u[n + 1] = (int64_t)(d + ug);
        u[n + 2] = (int64_t)(d + 2 * ug);
        u[n + 3] = (int64_t)(d + 3 * ug);
        return n + k;
    }
    for (int64_t j = 0; j < k; j++)
        u[n + j] = disp + j * g;
    return n + k;
}

/* One displacement per unit of g bytes (a power of two dividing every
 * run, not every block: touching blocks are cut as one run). */
static TSU_ALWAYS_INLINE int64_t fill_units(const tsd_blocks *bk, int lk, int dk, int64_t size,
                                            int64_t g, int64_t *u)
{
    int shift = __builtin_ctzll((uint64_t)g);
    int64_t n = 0, len, disp, start = 0, end = 0;
    int open = 0;

    for (int64_t i = 0; i < bk->count; i++) {
        if ((len = tsd_blocks_len_k(bk, lk, i)) <= 0)
            continue;
        tsd_blocks_disp_k(bk, dk, i, &disp); /* checked by the first pass */
        if (open && disp == end) {
            end += len * size;
            continue;
        }
        if (open)
            n = put_units(u, n, start, (end - start) >> shift, g);
        start = disp;
        end = disp + len * size;
        open = 1;
    }
    return open ? put_units(u, n, start, (end - start) >> shift, g) : n;
}

/* One (disp, bytes) per run: touching blocks extend the previous run. */
static TSU_ALWAYS_INLINE int64_t fill_runs(const tsd_blocks *bk, int lk, int dk, int64_t size,
                                           tsd_blk *r)
{
    int64_t n = 0, len, disp;

    for (int64_t i = 0; i < bk->count; i++) {
        if ((len = tsd_blocks_len_k(bk, lk, i)) <= 0)
            continue;
        tsd_blocks_disp_k(bk, dk, i, &disp);
        if (n > 0 && r[n - 1].disp + r[n - 1].len == disp) {
            r[n - 1].len += len * size;
            continue;
        }
        r[n].disp = disp;
        r[n++].len = len * size;
    }
    return n;
}

/* The list in the form tsd_list_unit picks, decided before anything is
 * written: commit then has nothing left to do, and no list is written
 * twice. */
int tsd_runs_fill(tsd_type *t, const tsd_blocks *bk)
{
    int64_t runs = t->desc.used, size = tsd_id_size(t->runs_id);
    int64_t g = tsd_list_unit(t->runs_lens_or, t->size, runs);

    if (g) {
        int64_t units = t->size / g;
        /* + 3: fill_units' spare entries */
        if (!(t->udisp = tsu_malloc((size_t)(units + 3) * sizeof(int64_t)))) /* the type's */
            return TSD_ERR_NOMEM;
        TSD_BLOCKS_SPECIALISE(bk, t->nblk, fill_units, size, g, t->udisp);
        t->blk_unit = g;
        return TSD_OK;
    }
    if (!(t->blk = tsu_malloc((size_t)runs * sizeof(tsd_blk)))) /* the type's */
        return TSD_ERR_NOMEM;
    TSD_BLOCKS_SPECIALISE(bk, t->nblk, fill_runs, size, t->blk);
    return TSD_OK;
}

int tsd_runs_take(tsd_type *t, tsd_blk *blk, int64_t n)
{
    int64_t bytes = 0, hi = INT64_MIN;
    uint64_t lens_or = 0;
    int sorted = 1;

    for (int64_t i = 0; i < n; i++) {
        lens_or |= (uint64_t)blk[i].len;
        bytes += blk[i].len; /* at most t->size: checked by the caller */
        sorted &= blk[i].disp >= hi;
        hi = tsu_max(hi, blk[i].disp + blk[i].len);
    }
    t->desc.used = n;
    t->runs_sorted = (uint8_t)sorted;
    t->runs_lens_or = lens_or;
    return tsd_list_take(t, blk, n, lens_or, bytes);
}

int tsd_runs_commit(tsd_type *t)
{
    int64_t runs = t->desc.used;

    t->opt_desc.rec = NULL; /* desc's records, when made */
    t->opt_desc.used = runs;
    t->opt_desc.cap = 0;
    t->opt_depth = 0;
    t->flags &= (uint16_t) ~(TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_OVERLAP);
    /* runs out of order are sorted only when the flag is asked for */
    t->overlap_pending = !t->runs_sorted && runs > 1;
    if (runs == 1) {
        t->flags |= TSD_FLAG_CONTIGUOUS;
        if (tsd_extent(t) == t->size)
            t->flags |= TSD_FLAG_NO_GAPS;
    }
    t->flags |= TSD_FLAG_COMMITTED;
    return TSD_OK;
}

static int disp_cmp(const void *a, const void *b)
{
    const tsd_blk *x = a, *y = b;
    return x->disp < y->disp ? -1 : x->disp > y->disp;
}

int tsd_runs_overlap(const tsd_type *t)
{
    int64_t n = t->desc.used, hi;
    tsd_blk *runs = tsu_malloc((size_t)n * sizeof(tsd_blk)); /* freed below */
    int ov = 0;

    if (!runs)
        return -1;
    tsd_runs_list(t, runs);
    qsort(runs, (size_t)n, sizeof(tsd_blk), disp_cmp);
    hi = runs[0].disp + runs[0].len;
    for (int64_t i = 1; i < n && !ov; i++) {
        ov = runs[i].disp < hi;
        hi = tsu_max(hi, runs[i].disp + runs[i].len);
    }
    tsu_free(runs);
    return ov;
}

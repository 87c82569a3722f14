/* SPDX-License-Identifier: BSD-3-Clause */
/* Life cycle of engine type objects: allocation, clone, free, checks. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"

uint64_t tsd_ident_new(void)
{
    static _Atomic uint64_t last;

    return atomic_fetch_add_explicit(&last, 1, memory_order_relaxed) + 1;
}

tsd_type *tsd_type_new(void)
{
    tsd_type *t = tsu_calloc(1, sizeof(*t)); /* freed in tsd_type_free */

    if (t) {
        t->magic = TSD_MAGIC;
        t->ident = tsd_ident_new();
    }
    return t;
}

void tsd_type_free(tsd_type *t)
{
    if (!t || (t->flags & TSD_FLAG_PREDEFINED))
        return;
    /* shared when desc was final, or in the type itself */
    if (t->opt_desc.rec != t->desc.rec && t->opt_desc.rec != t->opt_small)
        tsu_free(t->opt_desc.rec);
    if (!t->desc.fixed)
        tsu_free(t->desc.rec);
    tsu_free(t->blk);
    tsu_free(t->udisp);
    tsu_free(t->seg);
    t->magic = 0; /* a stale pointer now fails tsd_check */
    tsu_free(t);
}

void tsd_type_uncommit(tsd_type *t)
{
    if (t->opt_desc.rec != t->desc.rec && t->opt_desc.rec != t->opt_small)
        tsu_free(t->opt_desc.rec);
    memset(&t->opt_desc, 0, sizeof(t->opt_desc));
    t->overlap_pending = 0;
    t->copies_overlap = 0; /* resized: the extent changes */
    t->flags &= (uint16_t) ~(TSD_FLAG_COMMITTED | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS |
                             TSD_FLAG_OVERLAP);
    if (t->runs_id) /* the block list is the description: it stays */
        return;
    tsu_free(t->blk);
    tsu_free(t->udisp);
    tsu_free(t->seg);
    t->blk = NULL;
    t->udisp = NULL;
    t->seg = NULL;
    t->nblk = 0;
    t->nseg = 0;
    t->blk_unit = 0;
}

int tsd_desc_grow(tsd_desc *d, int64_t extra)
{
    /* +1 keeps room for the end_loop that commit appends. */
    if (extra < 0 || d->used > INT64_MAX - extra - 1)
        return TSD_ERR_OVERFLOW;
    if (d->fixed) {
        /* out of the type's own storage, which stays where it is */
        tsd_desc heap = {NULL, d->used, 0, 0};
        if (tsu_grow((void **)&heap.rec, &heap.cap, 0, (size_t)(d->used + extra + 1),
                     sizeof(tsd_rec)))
            return TSD_ERR_NOMEM;
        memcpy(heap.rec, d->rec, (size_t)d->used * sizeof(tsd_rec));
        *d = heap;
        return TSD_OK;
    }
    return tsu_grow((void **)&d->rec, &d->cap, (size_t)d->used, (size_t)(d->used + extra + 1),
                    sizeof(tsd_rec))
               ? TSD_ERR_NOMEM
               : TSD_OK;
}

static int desc_copy(tsd_desc *dst, const tsd_desc *src, int with_final)
{
    int64_t n = src->used + (with_final ? 1 : 0);

    dst->rec = NULL;
    dst->used = 0;
    dst->cap = 0;
    dst->fixed = 0;
    if (n == 0)
        return TSD_OK;
    if (tsd_desc_reserve(dst, n))
        return TSD_ERR_NOMEM;
    memcpy(dst->rec, src->rec, (size_t)n * sizeof(tsd_rec));
    dst->used = src->used;
    return TSD_OK;
}

/* A copy of n elements of size bytes; NULL for a NULL src or no memory. */
static void *dup_array(const void *src, size_t n, size_t size)
{
    void *d = src ? tsu_malloc(n * size) : NULL;

    if (d)
        memcpy(d, src, n * size);
    return d;
}

/* OPAL's opal_datatype_clone: same id, PREDEFINED dropped, both
 * descriptions copied (a clone of a committed type stays committed). */
int tsd_type_clone(const tsd_type *src, tsd_type **out)
{
    tsd_type *t = tsd_type_new();
    int committed = (src->flags & TSD_FLAG_COMMITTED) != 0;

    if (!t)
        return TSD_ERR_NOMEM;
    *t = *src;
    t->magic = TSD_MAGIC;
    /* the same type map as src's (resizing makes another: its caller
     * gives it a fresh one); predefined types have none */
    if (!t->ident)
        t->ident = tsd_ident_new();
    t->flags &= (uint16_t)~TSD_FLAG_PREDEFINED;
    t->name[0] = '\0';
    if (src->runs_id) {
        /* the block list below is the description; records are made on
         * demand (and src's may be in the making: not read here) */
        t->desc.rec = t->opt_desc.rec = NULL;
        t->desc.cap = t->opt_desc.cap = 0;
        t->desc.fixed = 0;
    } else if (desc_copy(&t->desc, &src->desc, committed)) {
        goto out_with_type;
    } else if (committed && desc_copy(&t->opt_desc, &src->opt_desc, 1)) {
        goto out_with_desc;
    }
    if (!committed) {
        t->opt_desc.rec = NULL;
        t->opt_desc.used = 0;
        t->opt_desc.cap = 0;
    }
    /* the block list (one of the two forms, or none): freed in tsd_type_free */
    t->blk = dup_array(src->blk, (size_t)src->nblk, sizeof(tsd_blk));
    t->udisp = dup_array(src->udisp, (size_t)src->nblk, sizeof(int64_t));
    t->seg = dup_array(src->seg, (size_t)src->nseg, sizeof(tsd_seg));
    if ((src->blk && !t->blk) || (src->udisp && !t->udisp) || (src->seg && !t->seg))
        goto out_with_opt;
    *out = t;
    return TSD_OK;

out_with_opt:
    tsu_free(t->blk);
    tsu_free(t->udisp);
    tsu_free(t->seg);
    tsu_free(t->opt_desc.rec);
out_with_desc:
    tsu_free(t->desc.rec);
out_with_type:
    tsu_free(t);
    return TSD_ERR_NOMEM;
}

/* Structural invariants of a description: every loop is closed by the
 * end_loop `items` records later that names the same count, loops nest,
 * elems have sane counts; a committed one ends with the extra end_loop. */
static int desc_check(const tsd_desc *d, int committed)
{
    int64_t depth = 0;

    for (int64_t i = 0; i < d->used; i++) {
        const tsd_rec *r = &d->rec[i];
        if (r->common.type == TSD_LOOP) {
            const tsd_rec *end = r + r->loop.items;
            if (r->loop.items < 2 || i + r->loop.items >= d->used ||
                end->common.type != TSD_END_LOOP || end->end_loop.items != r->loop.items)
                return -1;
            depth++;
        } else if (r->common.type == TSD_END_LOOP) {
            if (--depth < 0)
                return -1;
        } else if (r->common.type >= TSD_ID_MAX || r->common.type < TSD_INT1 || r->elem.count < 1 ||
                   r->elem.blocklen < 1) {
            return -1;
        }
    }
    if (depth != 0)
        return -1;
    if (committed && d->rec && d->rec[d->used].common.type != TSD_END_LOOP)
        return -1;
    return 0;
}

int tsd_check(const tsd_type *t)
{
    const tsd_desc *desc, *opt;
    int committed;

    if (!t || t->magic != TSD_MAGIC)
        return -1;
    if (t->flags & TSD_FLAG_PREDEFINED)
        return 0;
    committed = (t->flags & TSD_FLAG_COMMITTED) != 0;
    if (t->runs_id && (!(t->blk || t->udisp) || t->nblk < t->desc.used))
        return -1;
    if (!(desc = tsd_desc_of(t)) || !(opt = tsd_opt_of(t)))
        return 0; /* out of memory: nothing to check against */
    if (t->size < 0 || desc_check(desc, committed))
        return -1;
    if (committed && desc_check(opt, 1))
        return -1;
    return 0;
}

int64_t tsd_first_disp(const tsd_rec *rec, int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if (rec[i].common.type >= TSD_INT1)
            return rec[i].elem.disp;
    return 0;
}

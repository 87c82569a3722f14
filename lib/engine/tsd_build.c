/* SPDX-License-Identifier: BSD-3-Clause */
/* Engine constructors: contiguous, hvector, hindexed (and block forms),
 * struct, resized, dup.  vector/indexed arrive here with byte strides; the
 * façade keeps the original arguments for decoding.  The runs form of
 * indexed and struct types is built in tsd_build_runs.c
 * (tsd_build_priv.h declares what the two share). */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"
#include "engine/tsd_build_priv.h"

/* MPICH returns its zero-length type for an empty type map built from an
 * empty old type; a marker-only old type still has a type map (markers). */
static int is_empty(const tsd_type *old)
{
    return old->size == 0 && !(old->flags & (TSD_FLAG_USER_LB | TSD_FLAG_USER_UB));
}

static int create_zerolen(tsd_type **out)
{
    tsd_type *t = tsd_type_new();

    if (!t)
        return TSD_ERR_NOMEM;
    t->align = 1;
    *out = t;
    return TSD_OK;
}

/* An empty block that still sits at old's lb (MPICH keeps the position of
 * zero-length blocks of vector and block-indexed types, not of indexed). */
static int empty_block(const tsd_type *old, tsd_type **out)
{
    int64_t true_ub;
    int rc;

    /* MPICH derives the true bounds from the bounds, so an empty block of
     * a type with a gap at its end has true_ub < true_lb.  lb + (true_ub
     * - ub), in the order that cannot overflow when the result fits: the
     * extent is known to fit, true_ub - ub need not near INT64_MIN. */
    if (tsu_sub(old->true_ub, tsd_extent(old), &true_ub))
        return TSD_ERR_OVERFLOW;
    if ((rc = create_zerolen(out)))
        return rc;
    (*out)->lb = (*out)->ub = old->lb;
    (*out)->true_lb = old->true_lb;
    (*out)->true_ub = true_ub;
    return TSD_OK;
}

static int empty_blocks(const tsd_blocks *bk, const tsd_type *old, tsd_type **out)
{
    tsd_builder b;
    tsd_type *unit;
    int64_t disp;
    int rc;

    if ((rc = empty_block(old, &unit)))
        return rc;
    if (!(rc = tsd_build_begin(&b, 0))) {
        for (int64_t i = 0; i < bk->count; i++) {
            if (tsd_blocks_disp(bk, i, &disp)) {
                tsd_build_abort(&b);
                tsd_type_free(unit);
                return TSD_ERR_OVERFLOW;
            }
            tsd_build_add(&b, unit, 1, disp, 0);
        }
        rc = tsd_build_finish(&b, 0, out);
    }
    tsd_type_free(unit);
    return rc;
}

/* Whether t is a predefined basic type (no marker) of positive extent. */
int tsd_build_is_basic(const tsd_type *t)
{
    return (t->flags & TSD_FLAG_PREDEFINED) && t->id >= TSD_INT1 && !tsd_is_marker(t) &&
           tsd_extent(t) > 0;
}

/* hvector(count, n, stride, old) of a basic old (count, n > 0): the type
 * tsd_build_add makes of count copies, stride apart, of contiguous(n, old)
 * (of old itself when n is 1), field for field and record for record
 * (check_engine tests both ways against each other), without a builder,
 * a block type or the builder's general passes.  Most small derived types
 * are this (halo columns, contiguous buffers), and a program may make
 * and free one per message. */
static int basic_hvector(int64_t count, int64_t n, int64_t stride, const tsd_type *old,
                         tsd_type **out)
{
    int64_t ext = tsd_extent(old), span, lo, hi, bub, btub, bsize, belems, v, tiled;
    int id = old->id;
    tsd_type *t;
    tsd_rec *r;

    /* the block (contiguous(n, old)), then count of them; every product
     * as the builder forms it, so that both overflow alike */
    if (tsu_mul(n - 1, ext, &span) || tsu_add(span, old->ub, &bub) ||
        tsu_add(span, old->true_ub, &btub) || tsu_mul(n, old->size, &bsize) ||
        tsu_mul(n, old->nbElems, &belems) || tsu_sub(bub, old->lb, &v) ||
        tsu_mul(count - 1, stride, &span))
        return TSD_ERR_OVERFLOW;
    lo = tsu_min(0, span);
    hi = tsu_max(0, span);
    if (!(t = tsd_type_new()))
        return TSD_ERR_NOMEM;
    if (tsu_add(lo, old->lb, &t->lb) || tsu_add(lo, old->true_lb, &t->true_lb) ||
        tsu_add(hi, bub, &t->ub) || tsu_add(hi, btub, &t->true_ub) ||
        tsu_mul(bsize, count, &t->size) || tsu_mul(belems, count, &t->nbElems) ||
        tsu_mul(old->btypes[id], n, &v) || tsu_mul(v, count, &t->btypes[id]) ||
        tsu_sub(t->ub, t->lb, &v) || tsu_sub(t->true_ub, t->true_lb, &v))
        goto overflow;
    t->bdt_used = old->bdt_used;
    t->align = tsu_max(1, old->align);
    t->flags = t->size > 0 ? TSD_FLAG_DATA : 0;
    t->desc.rec = t->desc_small;
    t->desc.cap = TSD_DESC_SMALL;
    t->desc.fixed = 1;
    r = t->desc_small;
    if (n == 1) {
        /* a basic member keeps the caller's spacing in its elem (OPAL) */
        tsd_elem_set(r, id, count, 1, stride, 0);
        t->desc.used = 1;
    } else if (count == 1 || (!tsu_mul(n, ext, &tiled) && tiled == stride)) {
        /* the blocks tile: one longer elem */
        if (tsu_mul(n, count, &v))
            goto overflow;
        tsd_elem_set(r, id, v, 1, ext, 0);
        t->desc.used = 1;
    } else {
        memset(r, 0, 3 * sizeof(*r));
        r[0].loop.type = TSD_LOOP;
        r[0].loop.loops = count;
        r[0].loop.items = 2;
        r[0].loop.extent = stride;
        tsd_elem_set(&r[1], id, n, 1, ext, 0);
        r[2].end_loop.type = TSD_END_LOOP;
        r[2].end_loop.items = 2;
        r[2].end_loop.size = bsize;
        t->desc.used = 3;
    }
    *out = t;
    return TSD_OK;

overflow:
    tsd_type_free(t);
    return TSD_ERR_OVERFLOW;
}

int tsd_create_contiguous(int64_t count, const tsd_type *old, tsd_type **out)
{
    tsd_builder b;
    int rc;

    if (count == 0 || is_empty(old))
        return create_zerolen(out);
    if (count > 0 && tsd_build_is_basic(old)) /* the same call to the builder */
        return basic_hvector(count, 1, tsd_extent(old), old, out);
    if ((rc = tsd_build_begin(&b, old->desc.used + 2)))
        return rc;
    tsd_build_add(&b, old, count, 0, tsd_extent(old));
    return tsd_build_finish(&b, 0, out);
}

int tsd_create_hvector(int64_t count, int64_t blocklen, int64_t stride, const tsd_type *old,
                       tsd_type **out)
{
    tsd_builder b;
    tsd_type *block = NULL;
    const tsd_type *unit = old;
    int rc;

    if (count == 0 || is_empty(old))
        return create_zerolen(out);
    if (count > 0 && blocklen > 0 && tsd_build_is_basic(old))
        return basic_hvector(count, blocklen, stride, old, out);
    if (blocklen == 0) {
        if ((rc = empty_block(old, &block)))
            return rc;
        unit = block;
    } else if (blocklen > 1) {
        if ((rc = tsd_create_contiguous(blocklen, old, &block)))
            return rc;
        unit = block;
    }
    if ((rc = tsd_build_begin(&b, unit->desc.used + 2)))
        goto out_with_block;
    tsd_build_add(&b, unit, count, 0, stride);
    rc = tsd_build_finish(&b, 0, out);
out_with_block:
    tsd_type_free(block);
    return rc;
}

/* len more elements of basic type old in t's size and element counts. */
int tsd_build_add_contents(tsd_type *t, const tsd_type *old, int64_t len)
{
    int64_t n;

    if (tsu_mul(old->size, len, &n) || tsu_add(t->size, n, &t->size) ||
        tsu_mul(old->nbElems, len, &n) || tsu_add(t->nbElems, n, &t->nbElems))
        return -1;
    for (uint64_t used = old->bdt_used; used; used &= used - 1) {
        int id = __builtin_ctzll(used);
        if (tsu_mul(old->btypes[id], len, &n) || tsu_add(t->btypes[id], n, &t->btypes[id]))
            return -1;
    }
    t->bdt_used |= old->bdt_used;
    if (old->align > t->align)
        t->align = old->align;
    return 0;
}

/* Ends a loop-free build: its bounds are its data's (lb, ub) and true
 * (tlb, tub), found by the caller's own pass, not by tsd_build_add. */
int tsd_build_finish_with_bounds(tsd_builder *b, int64_t lb, int64_t ub, int64_t tlb, int64_t tub,
                                 int epsilon, tsd_type **out)
{
    b->have_bounds = 1;
    b->data_lb = lb;
    b->data_ub = ub;
    b->t->true_lb = tlb;
    b->t->true_ub = tub;
    return tsd_build_finish(b, epsilon, out);
}

/* The blocks of an indexed, hindexed or struct type whose members are
 * predefined basic types of several ids (types[i], or `one` for all), in
 * one pass: what tsd_build_add does block by block (tsd_bounds_add and
 * one elem each, merged when a block continues the previous one of its
 * type) without its per-block calls, copies and budget, which basic
 * members never need (particle structs). */
static int basic_blocks(const tsd_blocks *bk, const tsd_type *one, const tsd_type *const *types,
                        int64_t nonzero, int epsilon, tsd_type **out)
{
    int64_t lb = 0, ub = 0, tlb = 0, tub = 0, total = 0;
    tsd_builder b;
    tsd_type *t;
    tsd_desc *d;
    tsd_rec *last = NULL;
    int rc, first = 1;

    /* the generic path's reservation (three records a block), though one
     * is used: glibc then serves it with mmap, whose untouched pages cost
     * nothing.  Measured: reserving one record a block put it on the heap
     * and doubled the time of commit and free (10^4 to 10^5 blocks) */
    if ((rc = tsd_build_begin(&b, 3 * nonzero)))
        return rc;
    t = b.t;
    d = &t->desc;
    for (int64_t i = 0; i < bk->count; i++) {
        const tsd_type *old = types ? types[i] : one;
        int64_t len = tsd_blocks_len(bk, i), disp, span, end, v;
        int64_t ext = tsd_extent(old);
        if (len <= 0)
            continue;
        /* bounds of len copies at disp, ext apart (ext > 0) */
        if (tsd_blocks_disp(bk, i, &disp) || tsu_mul(len - 1, ext, &span) ||
            tsu_add(disp, span, &end))
            goto overflow;
        if (tsu_add(disp, old->lb, &v))
            goto overflow;
        lb = first ? v : tsu_min(lb, v);
        if (tsu_add(disp, old->true_lb, &v))
            goto overflow;
        tlb = first ? v : tsu_min(tlb, v);
        if (tsu_add(end, old->ub, &v))
            goto overflow;
        ub = first ? v : tsu_max(ub, v);
        if (tsu_add(end, old->true_ub, &v))
            goto overflow;
        tub = first ? v : tsu_max(tub, v);
        first = 0;
        /* contents: one type, counted at the end; several, per block */
        if (!types) {
            if (tsu_add(total, len, &total))
                goto overflow;
        } else if (tsd_build_add_contents(t, old, len)) {
            goto overflow;
        }
        /* the elem, or the previous one longer (emit_elem's rule) */
        if (last && last->elem.type == old->id && last->elem.extent == ext &&
            !tsu_mul(last->elem.count, ext, &v) && !tsu_add(v, last->elem.disp, &v) && v == disp &&
            !tsu_add(last->elem.count, len, &v)) {
            last->elem.count = v;
            continue;
        }
        /* reserved above, up to tsd_build_begin's cap (TSD_DESC_BUDGET
         * records): more blocks than that grow the description here */
        if ((size_t)d->used + 2 > d->cap && (rc = tsd_desc_reserve(d, 1))) {
            tsd_build_abort(&b);
            return rc;
        }
        last = &d->rec[d->used++];
        memset(last, 0, sizeof(*last));
        last->elem.flags = TSD_FLAG_DATA;
        last->elem.type = (uint16_t)old->id;
        last->elem.count = len;
        last->elem.blocklen = 1;
        last->elem.extent = ext;
        last->elem.disp = disp;
    }
    if (!types && tsd_build_add_contents(t, one, total))
        goto overflow;
    return tsd_build_finish_with_bounds(&b, lb, ub, tlb, tub, epsilon, out);
overflow:
    tsd_build_abort(&b);
    return TSD_ERR_OVERFLOW;
}

int tsd_create_blocks(const tsd_blocks *bk, const tsd_type *old, tsd_type **out)
{
    tsd_builder b;
    int64_t i, nonzero = 0, disp;
    int rc;

    if (bk->count == 0 || is_empty(old))
        return create_zerolen(out);
    if (!bk->len32 && !bk->len64 && bk->len == 0)
        return empty_blocks(bk, old, out);
    for (i = 0; i < bk->count && tsd_blocks_len(bk, i) == 0; i++)
        ;
    if (i == bk->count)
        return create_zerolen(out);
    /* the runs form counts its blocks in its own pass */
    if (tsd_build_is_basic(old) && tsd_build_runs_member(old))
        return tsd_build_runs_blocks(bk, old, 0, out);
    for (; i < bk->count; i++)
        nonzero += tsd_blocks_len(bk, i) != 0;
    if (tsd_build_is_basic(old))
        return basic_blocks(bk, old, NULL, nonzero, 0, out);
    if ((rc = tsd_build_begin(&b, nonzero * (old->desc.used + 2))))
        return rc;
    for (i = 0; i < bk->count; i++) {
        if (tsd_blocks_disp(bk, i, &disp)) {
            tsd_build_abort(&b);
            return TSD_ERR_OVERFLOW;
        }
        tsd_build_add(&b, old, tsd_blocks_len(bk, i), disp, tsd_extent(old));
    }
    return tsd_build_finish(&b, 0, out);
}

int tsd_create_hindexed(int64_t count, const int64_t *blocklens, int64_t blocklen,
                        const int64_t *disps, const tsd_type *old, tsd_type **out)
{
    tsd_blocks bk = {
        .count = count, .len64 = blocklens, .len = blocklen, .disp64 = disps, .scale = 1};

    return tsd_create_blocks(&bk, old, out);
}

int tsd_create_struct_blocks(const tsd_blocks *bk, const tsd_type *const *types, int epsilon,
                             tsd_type **out)
{
    tsd_builder b;
    int64_t i, records = 0, nonzero = 0, disp, data = 0, count = bk->count;
    runs_plan plan;
    const tsd_type *one = NULL, *prev = NULL;
    int rc, basic = 1, uniform = 1, id;

    /* one pass: a large struct repeats a few member types, and a member
     * like the previous one needs no second look */
    for (i = 0; i < count; i++) {
        const tsd_type *m = types[i];
        if (tsd_blocks_len(bk, i) == 0)
            continue;
        data |= m->size;
        nonzero++;
        if (m == prev)
            continue;
        prev = m;
        if (!tsd_build_is_basic(m)) {
            basic = 0;
            continue;
        }
        /* one basic id throughout: the runs form */
        one = one ? one : m;
        uniform &= tsd_build_runs_member(m) && m->id == one->id;
    }
    if (data == 0) {
        /* no data: MPICH's zero-length type, unless markers give bounds */
        int markers = 0;
        for (i = 0; i < count; i++)
            markers |= tsd_blocks_len(bk, i) != 0 &&
                       (tsd_is_marker(types[i]) ||
                        (types[i]->flags & (TSD_FLAG_USER_LB | TSD_FLAG_USER_UB)));
        if (!markers)
            return create_zerolen(out);
    }
    if (basic && nonzero > 0)
        return uniform ? tsd_build_runs_blocks(bk, one, epsilon, out)
                       : basic_blocks(bk, NULL, types, nonzero, epsilon, out);
    if ((id = tsd_build_runs_struct_id(bk, types, &plan)) < 0)
        return -id;
    if (id)
        return tsd_build_runs_struct(bk, types, id, &plan, epsilon, out);
    for (i = 0; i < count; i++)
        if (tsd_blocks_len(bk, i))
            records += types[i]->desc.used + 2;
    if ((rc = tsd_build_begin(&b, records)))
        return rc;
    for (i = 0; i < count; i++) {
        if (tsd_blocks_disp(bk, i, &disp)) {
            tsd_build_abort(&b);
            return TSD_ERR_OVERFLOW;
        }
        tsd_build_add(&b, types[i], tsd_blocks_len(bk, i), disp, tsd_extent(types[i]));
    }
    return tsd_build_finish(&b, epsilon, out);
}

int tsd_create_struct(int64_t count, const int64_t *blocklens, const int64_t *disps,
                      const tsd_type *const *types, int epsilon, tsd_type **out)
{
    tsd_blocks bk = {.count = count, .len64 = blocklens, .disp64 = disps, .scale = 1};

    return tsd_create_struct_blocks(&bk, types, epsilon, out);
}

/* Resizing never makes bounds sticky (OPAL: USER_LB/USER_UB come only
 * from markers), and it erases the markers of the old type. */
int tsd_create_resized(const tsd_type *old, int64_t lb, int64_t extent, tsd_type **out)
{
    tsd_type *t;
    int64_t ub;
    int rc;

    if (tsu_add(lb, extent, &ub))
        return TSD_ERR_OVERFLOW;
    if ((rc = tsd_type_clone(old, &t)))
        return rc;
    tsd_type_uncommit(t);
    t->flags &= (uint16_t) ~(TSD_FLAG_USER_LB | TSD_FLAG_USER_UB);
    t->id = 0;
    t->ident = tsd_ident_new(); /* other bounds: another member */
    t->lb = lb;
    t->ub = ub;
    *out = t;
    return TSD_OK;
}

int tsd_create_dup(const tsd_type *old, tsd_type **out)
{
    return tsd_type_clone(old, out);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Engine constructors: contiguous, hvector, hindexed (and block forms),
 * struct, resized, dup.  vector/indexed arrive here with byte strides; the
 * façade keeps the original arguments for decoding. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"

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
static int is_basic(const tsd_type *t)
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
    if (count > 0 && is_basic(old)) /* the same call to the builder */
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
    if (count > 0 && blocklen > 0 && is_basic(old))
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
static int add_contents(tsd_type *t, const tsd_type *old, int64_t len)
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
static int finish_with_bounds(tsd_builder *b, int64_t lb, int64_t ub, int64_t tlb, int64_t tub,
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
        } else if (add_contents(t, old, len)) {
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
    if (!types && add_contents(t, one, total))
        goto overflow;
    return finish_with_bounds(&b, lb, ub, tlb, tub, epsilon, out);
overflow:
    tsd_build_abort(&b);
    return TSD_ERR_OVERFLOW;
}

/* Whether basic t's blocks can be runs: its bounds are its bytes. */
static int runs_member(const tsd_type *t)
{
    int64_t size = tsd_id_size(t->id);

    return t->size == size && t->lb == 0 && t->true_lb == 0 && t->ub == size && t->true_ub == size;
}

/* What the first pass over runs-form blocks finds. */
typedef struct runs_scan {
    int64_t lb, ub, total, runs;
    uint64_t lens_or;
    int sorted;
} runs_scan;

/* Bounds (a block of basic elements spans its bytes), elements, runs
 * (touching blocks make one), their lengths or-ed and whether they come in
 * order, over the blocks of elements `size` bytes long.  lk, dk: the
 * array kinds, constants once inlined. */
static TSU_ALWAYS_INLINE int scan_runs_body(const tsd_blocks *bk, int lk, int dk, int64_t size,
                                            runs_scan *s, int checked)
{
    int64_t lb = INT64_MAX, ub = INT64_MIN, total = 0, runs = 0, run_end = 0;
    /* unsigned: a run past 2^63 bytes is refused later (the size does not
     * fit), without an overflow here first */
    uint64_t lens_or = 0, run_len = 0;
    int sorted = 1;

    for (int64_t i = 0; i < bk->count; i++) {
        int64_t len = tsd_blocks_len_k(bk, lk, i), disp, bytes, end;
        if (len <= 0)
            continue;
        if (!checked) {
            disp = tsd_blocks_disp_units_k(bk, dk, i) * bk->scale;
            bytes = len * size;
            end = disp + bytes;
            total += len;
        } else if (tsd_blocks_disp_k(bk, dk, i, &disp) || tsu_mul(len, size, &bytes) ||
                   tsu_add(disp, bytes, &end) || tsu_add(total, len, &total)) {
            return TSD_ERR_OVERFLOW;
        }
        sorted &= disp >= ub;
        if (runs > 0 && disp == run_end) {
            run_len += (uint64_t)bytes;
        } else {
            lens_or |= run_len;
            runs++;
            run_len = (uint64_t)bytes;
        }
        run_end = end;
        lb = tsu_min(lb, disp);
        ub = tsu_max(ub, end);
    }
    s->lb = lb;
    s->ub = ub;
    s->total = total;
    s->runs = runs;
    s->lens_or = lens_or | run_len;
    s->sorted = sorted;
    return TSD_OK;
}

/* At most 2^31 blocks of 32-bit lengths (or one length below 2^31) and
 * displacements, with a scale and an element size below 2^31, cannot
 * overflow (every product is below 2^62, every sum of two below 2^63, the
 * element count below 2^62): the MPI-1 forms, nearly always, skip the
 * checks, a third of the pass. */
static TSU_ALWAYS_INLINE int scan_runs(const tsd_blocks *bk, int lk, int dk, int64_t size,
                                       runs_scan *s)
{
    if ((lk == TSD_LEN32 || (lk == TSD_LEN1 && bk->len < INT32_MAX)) && dk == TSD_DISP32 &&
        bk->count <= INT32_MAX && bk->scale > -INT32_MAX && bk->scale < INT32_MAX &&
        size < INT32_MAX)
        return scan_runs_body(bk, lk, dk, size, s, 0);
    return scan_runs_body(bk, lk, dk, size, s, 1);
}

/* Blocks of basic type `one` (of every nonzero block: a struct's members
 * share its id) in the runs form (tsd_runs.c): a first pass finds the
 * bounds and the runs, and tsd_runs_fill writes the list in a second, in
 * the form the run lengths call for; no record. */
static int runs_blocks(const tsd_blocks *bk, const tsd_type *one, int epsilon, tsd_type **out)
{
    int64_t size = one->size;
    tsd_builder b;
    runs_scan s;
    tsd_type *t;
    int rc;

    TSD_BLOCKS_SPECIALISE(bk, rc, scan_runs, size, &s);
    if (rc || (rc = tsd_build_begin(&b, 0)))
        return rc;
    t = b.t;
    if (add_contents(t, one, s.total)) {
        tsd_build_abort(&b);
        return TSD_ERR_OVERFLOW;
    }
    t->runs_id = one->id;
    t->runs_sorted = (uint8_t)s.sorted;
    t->runs_lens_or = s.lens_or;
    t->desc.used = s.runs; /* the records it would have */
    t->runs_src = s.runs;  /* the caller's blocks, no copies */
    if ((rc = tsd_runs_fill(t, bk))) {
        tsd_build_abort(&b);
        return rc;
    }
    return finish_with_bounds(&b, s.lb, s.ub, s.lb, s.ub, epsilon, out);
}

/* The basic id whose runs form member t of a struct can join: a basic
 * member's own, or a runs-form member's when its bounds are its data's
 * (no marker, resizing or padding: the struct's bounds are then its
 * runs'); 0 when none. */
static int runs_join_id(const tsd_type *t)
{
    if (is_basic(t))
        return runs_member(t) ? t->id : 0;
    if (!t->runs_id || t->lb != t->true_lb || t->ub != t->true_ub ||
        (t->flags & (TSD_FLAG_USER_LB | TSD_FLAG_USER_UB)))
        return 0;
    return t->runs_id;
}

/* How much longer than the blocks behind it (runs_src) a struct's list
 * may be.  The list copies a member's once per block and per element of
 * the blocklength, and nesting multiplies the copies: struct{T@0,
 * T@e + 8} over struct{T@0, T@e + 8} doubles them level after level (2^32
 * runs after 32 levels of a 2-byte type map), where the blocks behind
 * them grow by two a level.  Past this the struct keeps records, whose
 * repetition at a constant step is a loop (tsd_builder.c) and whose
 * copies at irregular places come out of TSD_DESC_BUDGET.  8: LAMMPS
 * gathers five fields with one index list, a list 3 times its blocks. */
#define RUNS_SPREAD 8

/* What runs_struct_id finds: the list's entries before touching runs
 * join, and the blocks behind them. */
typedef struct runs_plan {
    int64_t entries, src;
} runs_plan;

/* Whether a struct with a derived member is in the runs form: every
 * member joins it with one id, and its list stays within RUNS_SPREAD
 * times the blocks behind it and within TSD_DESC_BUDGET entries (past
 * them records keep loops, or refuse the type as they would anyway).
 * Returns the id (and *plan), 0 for records, or -TSD_ERR_NOMEM. */
static int runs_struct_id(const tsd_blocks *bk, const tsd_type *const *types, runs_plan *plan)
{
    int64_t src = 0, total = 0;
    const tsd_type *prev = NULL;
    tsd_seen members = {0};
    int id = 0, fresh;

    for (int64_t i = 0; i < bk->count; i++) {
        const tsd_type *m = types[i];
        int64_t len = tsd_blocks_len(bk, i), n;
        int mid;
        if (len == 0)
            continue;
        if (!(mid = runs_join_id(m)) || (id && mid != id))
            goto not_runs;
        id = mid;
        n = is_basic(m) ? 1 : m->desc.used;
        /* a member type's blocks count once, however often it repeats
         * (a set: repeats need not be neighbours) */
        fresh = 0;
        if (!is_basic(m) && (!prev || m->ident != prev->ident) &&
            (fresh = tsd_seen_insert(&members, m)) < 0) {
            tsd_seen_free(&members);
            return -TSD_ERR_NOMEM;
        }
        prev = m;
        if ((fresh && tsu_add(src, m->runs_src, &src)) || tsu_add(src, 1, &src) ||
            tsu_mul(len, n, &n) || tsu_add(total, n, &total) || total > TSD_DESC_BUDGET)
            goto not_runs;
    }
    tsd_seen_free(&members);
    if (total > RUNS_SPREAD * src + 64)
        return 0;
    plan->entries = total;
    plan->src = src;
    return id;
not_runs:
    tsd_seen_free(&members);
    return 0;
}

/* Joins the runs of blk[n] that continue the previous one; returns the
 * runs left. */
static int64_t join_touching(tsd_blk *blk, int64_t n)
{
    int64_t k = 0;

    for (int64_t i = 0; i < n; i++) {
        if (k > 0 && blk[k - 1].disp + blk[k - 1].len == blk[i].disp)
            blk[k - 1].len += blk[i].len;
        else
            blk[k++] = blk[i];
    }
    return k;
}

/* Member m, blocklength len, at disp: its runs (len copies of a derived
 * member's, one extent apart; one run for a basic member) appended to
 * blk[*n], the data bounds widened. */
static int runs_struct_member(const tsd_type *m, int64_t len, int64_t disp, tsd_blk *blk,
                              int64_t *n, int64_t *lb, int64_t *ub)
{
    int64_t ext = tsd_extent(m), off, lo, hi, k0;

    if (is_basic(m)) {
        if (tsu_mul(len, m->size, &hi) || tsu_add(disp, hi, &hi))
            return TSD_ERR_OVERFLOW;
        blk[*n].disp = disp;
        blk[(*n)++].len = hi - disp;
        *lb = tsu_min(*lb, disp);
        *ub = tsu_max(*ub, hi);
        return TSD_OK;
    }
    for (int64_t k = 0; k < len; k++) {
        if (tsu_mul(k, ext, &off) || tsu_add(disp, off, &off) || tsu_add(off, m->true_lb, &lo) ||
            tsu_add(off, m->true_ub, &hi))
            return TSD_ERR_OVERFLOW;
        *lb = tsu_min(*lb, lo);
        *ub = tsu_max(*ub, hi);
        k0 = *n;
        tsd_runs_list(m, blk + k0);
        *n += m->desc.used;
        for (int64_t j = k0; j < *n; j++)
            blk[j].disp += off;
    }
    return TSD_OK;
}

/* A struct of runs-form members of one basic id (LAMMPS: one gather of
 * triples and five of scalars, all doubles) in the runs form: its list is
 * the members' lists shifted, made in one pass over them, where records
 * cost a commit that expands every member (ten times the time). */
static int runs_struct(const tsd_blocks *bk, const tsd_type *const *types, int id,
                       const runs_plan *plan, int epsilon, tsd_type **out)
{
    int64_t n = 0, lb = INT64_MAX, ub = INT64_MIN, disp;
    tsd_blk *blk;
    tsd_builder b;
    tsd_type *t;
    int rc;

    if ((rc = tsd_build_begin(&b, 0)))
        return rc;
    t = b.t;
    /* the type's (tsd_runs_take), or freed below */
    if (!(blk = tsu_malloc((size_t)tsu_max(plan->entries, 1) * sizeof(tsd_blk)))) {
        rc = TSD_ERR_NOMEM;
        goto fn_fail;
    }
    for (int64_t i = 0; i < bk->count; i++) {
        int64_t len = tsd_blocks_len(bk, i);
        if (len == 0)
            continue;
        if (tsd_blocks_disp(bk, i, &disp) || add_contents(t, types[i], len)) {
            rc = TSD_ERR_OVERFLOW;
            goto fn_fail;
        }
        if ((rc = runs_struct_member(types[i], len, disp, blk, &n, &lb, &ub)))
            goto fn_fail;
    }
    t->runs_id = (uint16_t)id;
    t->runs_src = plan->src;
    rc = tsd_runs_take(t, blk, join_touching(blk, n));
    blk = NULL; /* t's now, or freed by tsd_runs_take */
    if (rc)
        goto fn_fail;
    return finish_with_bounds(&b, lb, ub, lb, ub, epsilon, out);
fn_fail:
    tsu_free(blk);
    tsd_build_abort(&b);
    return rc;
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
    if (is_basic(old) && runs_member(old))
        return runs_blocks(bk, old, 0, out);
    for (; i < bk->count; i++)
        nonzero += tsd_blocks_len(bk, i) != 0;
    if (is_basic(old))
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
        if (!is_basic(m)) {
            basic = 0;
            continue;
        }
        /* one basic id throughout: the runs form */
        one = one ? one : m;
        uniform &= runs_member(m) && m->id == one->id;
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
        return uniform ? runs_blocks(bk, one, epsilon, out)
                       : basic_blocks(bk, NULL, types, nonzero, epsilon, out);
    if ((id = runs_struct_id(bk, types, &plan)) < 0)
        return -id;
    if (id)
        return runs_struct(bk, types, id, &plan, epsilon, out);
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

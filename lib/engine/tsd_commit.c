/* SPDX-License-Identifier: BSD-3-Clause */
/* Commit: close desc with its final end_loop and build opt_desc.
 *
 * opt_desc (as OPAL's): pieces consecutive in the type signature and in
 * memory merge into one elem (UINT1 bytes when their types differ); a loop
 * whose body is one run becomes a single strided elem (blocklen = the run)
 * after its first iteration is merged into a preceding adjacent run, and
 * such a loop of at most two iterations is unrolled into byte runs. */
#include "typeshim_config.h"

#include <stdlib.h>
#include <string.h>

#include "engine/tsd.h"

/* Records being written.  `borrowed`: d.rec is the caller's (a loop body
 * on the stack: most are a few records, and a heap array for each cost a
 * small type's commit a third of its time), never freed here; growing
 * past it moves the records to the heap. */
typedef struct opt_out {
    tsd_desc d;
    int borrowed;
} opt_out;

#define BODY_INLINE 8

static int opt_reserve(opt_out *o, int64_t extra)
{
    tsd_rec *heap;
    size_t cap;

    if (!o->borrowed || (size_t)(o->d.used + extra + 1) <= o->d.cap)
        return tsd_desc_reserve(&o->d, extra);
    cap = 2 * ((size_t)(o->d.used + extra + 1));
    if (!(heap = tsu_malloc(cap * sizeof(tsd_rec)))) /* o's now: freed by its owner */
        return TSD_ERR_NOMEM;
    memcpy(heap, o->d.rec, (size_t)o->d.used * sizeof(tsd_rec));
    o->d.rec = heap;
    o->d.cap = cap;
    o->borrowed = 0;
    return TSD_OK;
}

static int64_t rec_bytes(const tsd_rec *r)
{
    return r->elem.count * r->elem.blocklen * tsd_id_size(r->elem.type);
}

/* A run: contiguous bytes, stored as elem {T, count=units, blocklen 1, extent=size(T)}. */
static int is_run(const tsd_rec *r)
{
    return r->common.type >= TSD_INT1 && r->elem.blocklen == 1 &&
           (r->elem.count == 1 || r->elem.extent == tsd_id_size(r->elem.type));
}

static tsd_rec *last_rec(opt_out *o)
{
    return o->d.used ? &o->d.rec[o->d.used - 1] : NULL;
}

static int append(opt_out *o, const tsd_rec *r)
{
    /* +2: room for this record and the final end_loop, as reserve keeps */
    if ((size_t)o->d.used + 2 > o->d.cap && opt_reserve(o, 1))
        return TSD_ERR_NOMEM;
    o->d.rec[o->d.used++] = *r;
    return TSD_OK;
}

static int push_run(opt_out *o, int type, int64_t units, int64_t disp)
{
    tsd_rec *last = last_rec(o);
    int64_t size = tsd_id_size(type);

    if (last && is_run(last) && last->elem.disp + rec_bytes(last) == disp) {
        if (last->elem.type == type) {
            last->elem.count += units;
        } else {
            last->elem.count = rec_bytes(last) + units * size;
            last->elem.type = TSD_UINT1;
        }
        last->elem.extent = tsd_id_size(last->elem.type);
        return TSD_OK;
    }
    tsd_rec r;
    tsd_elem_set(&r, type, units, 1, size, disp);
    return append(o, &r);
}

/* n blocks of `units` T, `extent` apart, the first at disp. */
static int push_strided(opt_out *o, int type, int64_t units, int64_t n, int64_t extent,
                        int64_t disp)
{
    int64_t bytes = units * tsd_id_size(type);
    tsd_rec *last = last_rec(o);
    int rc;

    if (extent == bytes || n == 1)
        return push_run(o, type, units * n, disp);
    if (last && is_run(last) && last->elem.disp + rec_bytes(last) == disp) {
        if ((rc = push_run(o, type, units, disp)))
            return rc;
        n--;
        disp += extent;
    }
    if (n <= 2) {
        for (int64_t i = 0; i < n; i++)
            if ((rc = push_run(o, TSD_UINT1, bytes, disp + i * extent)))
                return rc;
        return TSD_OK;
    }
    tsd_rec r;
    tsd_elem_set(&r, type, n, units, extent, disp);
    return append(o, &r);
}

static int64_t seq_size(const tsd_rec *rec, int64_t n)
{
    int64_t size = 0;

    for (int64_t i = 0; i < n; i++) {
        if (rec[i].common.type == TSD_LOOP) {
            size += rec[i].loop.loops * seq_size(rec + i + 1, rec[i].loop.items - 1);
            i += rec[i].loop.items;
        } else if (rec[i].common.type != TSD_END_LOOP) {
            size += rec_bytes(&rec[i]);
        }
    }
    return size;
}

static int opt_seq(opt_out *o, const tsd_rec *rec, int64_t n);

static int opt_loop(opt_out *o, const tsd_rec *loop)
{
    tsd_rec inline_rec[BODY_INLINE];
    opt_out body = {{inline_rec, 0, BODY_INLINE, 0}, 1};
    int64_t inner = loop->loop.items - 1; /* records between loop and end_loop */
    int rc;

    if ((rc = opt_seq(&body, loop + 1, inner)))
        goto out;
    if (body.d.used == 0)
        goto out;
    if (body.d.used == 1 && body.d.rec[0].common.type >= TSD_INT1) {
        tsd_rec *r = &body.d.rec[0];
        if (is_run(r)) {
            rc = push_strided(o, r->elem.type, r->elem.count, loop->loop.loops, loop->loop.extent,
                              r->elem.disp);
            goto out;
        }
    }
    if (loop->loop.loops == 1) {
        for (int64_t i = 0; i < body.d.used && !rc; i++) {
            tsd_rec *r = &body.d.rec[i];
            rc = is_run(r) ? push_run(o, r->elem.type, r->elem.count, r->elem.disp) : append(o, r);
        }
        goto out;
    }
    /* keep the loop around the optimized body */
    if (opt_reserve(o, body.d.used + 2)) {
        rc = TSD_ERR_NOMEM;
        goto out;
    }
    tsd_rec l = *loop, e;
    l.loop.items = body.d.used + 1;
    o->d.rec[o->d.used++] = l;
    memcpy(&o->d.rec[o->d.used], body.d.rec, (size_t)body.d.used * sizeof(tsd_rec));
    o->d.used += body.d.used;
    memset(&e, 0, sizeof(e));
    e.end_loop.type = TSD_END_LOOP;
    e.end_loop.items = l.loop.items;
    e.end_loop.size = seq_size(body.d.rec, body.d.used);
    e.end_loop.first_elem_disp = tsd_first_disp(body.d.rec, body.d.used);
    o->d.rec[o->d.used++] = e;
out:
    if (!body.borrowed)
        tsu_free(body.d.rec);
    return rc;
}

static int opt_seq(opt_out *o, const tsd_rec *rec, int64_t n)
{
    int rc = TSD_OK;

    for (int64_t i = 0; i < n && !rc; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP && r->loop.items == 2 && is_run(r + 1)) {
            /* a loop around one run (a vector's): what opt_loop would
             * make of it, without its body's passes */
            rc = push_strided(o, r[1].elem.type, r[1].elem.count, r->loop.loops, r->loop.extent,
                              r[1].elem.disp);
            i += r->loop.items;
        } else if (r->common.type == TSD_LOOP) {
            rc = opt_loop(o, r);
            i += r->loop.items;
        } else if (r->common.type == TSD_END_LOOP) {
            continue;
        } else if (r->elem.blocklen == 1 && r->elem.extent == tsd_id_size(r->elem.type)) {
            rc = push_run(o, r->elem.type, r->elem.count, r->elem.disp);
        } else {
            rc = push_strided(o, r->elem.type, r->elem.blocklen, r->elem.count, r->elem.extent,
                              r->elem.disp);
        }
    }
    return rc;
}

/* Deepest loop nesting: the pack walkers size their stacks by it. */
static int32_t loop_depth(const tsd_rec *rec, int64_t n)
{
    int32_t depth = 0, max = 0;

    for (int64_t i = 0; i < n; i++) {
        if (rec[i].common.type == TSD_LOOP && ++depth > max)
            max = depth;
        else if (rec[i].common.type == TSD_END_LOOP)
            depth--;
    }
    return max;
}

/* Runs a description enumerates, when its elems are runs and its loops
 * repeat bodies of several records (ddt_lammps: five fields gathered by
 * one indexed type make a loop of five around it); -1 for another elem,
 * a loop around one record (a strided run: the walkers do better), or
 * more than max runs. */
static int64_t flat_count(const tsd_rec *rec, int64_t n, int64_t max)
{
    int64_t total = 0, body, k;

    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            if (r->loop.items < 3 || (body = flat_count(r + 1, r->loop.items - 1, max)) < 0 ||
                tsu_mul(body, r->loop.loops, &k) || (total += k) > max)
                return -1;
            i += r->loop.items;
        } else if (r->common.type == TSD_END_LOOP) {
            continue;
        } else if (!is_run(r) || ++total > max) {
            return -1;
        }
    }
    return total;
}

/* The runs flat_count counted, as (disp, bytes), shifted by `shift`. */
static tsd_blk *flat_fill(const tsd_rec *rec, int64_t n, int64_t shift, tsd_blk *out)
{
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            for (int64_t k = 0; k < r->loop.loops; k++)
                out = flat_fill(r + 1, r->loop.items - 1, shift + k * r->loop.extent, out);
            i += r->loop.items;
        } else if (r->common.type != TSD_END_LOOP) {
            out->disp = r->elem.disp + shift;
            (out++)->len = rec_bytes(r);
        }
    }
    return out;
}

/* opt_desc made of runs only (indexed, struct, their arrays), or of loops
 * of such bodies not much longer flat, also gets a compact block list:
 * the pack loop over it is the tightest.  Its form is tsd_list_unit's, as
 * for the runs form (an entry per run, or a displacement per unit). */
static int build_blocks(tsd_type *t)
{
    const tsd_desc *d = &t->opt_desc;
    int64_t bytes = 0, n, max = INT64_MAX;
    uint64_t lens_or = 0;
    tsd_blk *blk;

    if (d->used < 2)
        return TSD_OK;
    if (loop_depth(d->rec, d->used) > 0) /* flat: at most 8 times longer */
        max = tsu_min(TSD_DESC_BUDGET, tsu_max(8 * d->used, 4096));
    if ((n = flat_count(d->rec, d->used, max)) < 2)
        return TSD_OK;
    if (!(blk = tsu_malloc((size_t)n * sizeof(tsd_blk)))) /* the type's, or freed below */
        return TSD_ERR_NOMEM;
    flat_fill(d->rec, d->used, 0, blk);
    for (int64_t i = 0; i < n; i++) {
        lens_or |= (uint64_t)blk[i].len;
        bytes += blk[i].len;
    }
    return tsd_list_take(t, blk, n, lens_or, bytes);
}

/* opt_desc of a description of runs only, in one pass: the records
 * opt_seq makes (push_run's merging, inlined), and the cheap overlap
 * answer tsd_desc_overlap would give them (disjoint when every run starts
 * at or after the end of those before it, else undecided).  Millions of
 * blocks come this way; the general walk costs four passes of calls. */
static int opt_runs(opt_out *o, const tsd_desc *d, int *overlap)
{
    tsd_rec *out = o->d.rec, *last = NULL;
    int64_t used = 0, maxhi = 0;
    int any = 0, sorted = 1;

    for (int64_t i = 0; i < d->used; i++) {
        const tsd_rec *r = &d->rec[i];
        int type = r->elem.type;
        int64_t size = tsd_id_size(type), bytes = r->elem.count * size, disp = r->elem.disp;
        if (bytes > 0) {
            sorted &= !any || disp >= maxhi;
            maxhi = any ? tsu_max(maxhi, disp + bytes) : disp + bytes;
            any = 1;
        }
        if (last && last->elem.disp + rec_bytes(last) == disp) {
            if (last->elem.type == type) {
                last->elem.count += r->elem.count;
            } else {
                last->elem.count = rec_bytes(last) + bytes;
                last->elem.type = TSD_UINT1;
            }
            last->elem.extent = tsd_id_size(last->elem.type);
            continue;
        }
        last = &out[used++]; /* reserved: at most one record per run */
        memset(last, 0, sizeof(*last));
        last->elem.flags = TSD_FLAG_DATA;
        last->elem.type = (uint16_t)type;
        last->elem.count = r->elem.count;
        last->elem.blocklen = 1;
        last->elem.extent = size;
        last->elem.disp = disp;
    }
    o->d.used = used;
    *overlap = sorted ? 0 : TSD_OVERLAP_UNDECIDED;
    return TSD_OK;
}

/* What a description is, in one pass: RUNS_NO (a loop, or an elem that is
 * not a run); RUNS (runs only, without loops: an indexed or hindexed type
 * of basic types, a struct of them), or RUNS_FINAL when opt_runs would
 * give back d itself, record for record (no two runs touch, each already
 * written as opt_desc writes runs: the indexed builder's output for
 * separate blocks), then with *overlap set as opt_runs sets it. */
enum { RUNS_NO, RUNS, RUNS_FINAL };
static int runs_kind(const tsd_desc *d, int *overlap)
{
    int64_t maxhi = 0, end = 0;
    int any = 0, sorted = 1, final = 1;

    for (int64_t i = 0; i < d->used; i++) {
        const tsd_rec *r = &d->rec[i];
        int64_t size, bytes;
        if (r->common.type < TSD_INT1 || !is_run(r))
            return RUNS_NO;
        if (!final)
            continue;
        size = tsd_id_size(r->elem.type);
        bytes = r->elem.count * size;
        if (r->elem.flags != TSD_FLAG_DATA || r->elem.extent != size ||
            (i > 0 && end == r->elem.disp)) {
            final = 0;
            continue;
        }
        end = r->elem.disp + bytes;
        if (bytes > 0) {
            sorted &= !any || r->elem.disp >= maxhi;
            maxhi = any ? tsu_max(maxhi, end) : end;
            any = 1;
        }
    }
    if (final)
        *overlap = sorted || d->used == 1 ? 0 : TSD_OVERLAP_UNDECIDED;
    return final ? RUNS_FINAL : RUNS;
}

int tsd_commit(tsd_type *t)
{
    opt_out o = {{NULL, 0, 0, 0}, 0};
    tsd_rec e;
    int overlap = 0, rc, shared, runs;

    if (t->flags & TSD_FLAG_COMMITTED)
        return TSD_OK;
    if (t->runs_id)
        return tsd_runs_commit(t);
    /* A description already in opt_desc's form is opt_desc too: one copy
     * of the records (tsd_type_free frees it once).  Indexed types of
     * basic types whose blocks do not touch come this way, and their
     * records are most of their memory. */
    runs = runs_kind(&t->desc, &overlap);
    shared = runs == RUNS_FINAL;
    if (shared) {
        o.d = t->desc;
        goto described;
    }
    if (!runs || t->desc.used + 1 <= TSD_OPT_SMALL) {
        /* in the type while it fits: opt_reserve moves it out when it
         * grows (opt_runs writes a record per run of desc unchecked) */
        o.d.rec = t->opt_small;
        o.d.cap = TSD_OPT_SMALL;
        o.borrowed = 1;
    } else if (tsd_desc_reserve(&o.d, t->desc.used)) {
        /* opt_desc rarely outgrows desc: one allocation, not doublings */
        rc = TSD_ERR_NOMEM;
        goto out_with_opt;
    }
    if (runs) {
        if ((rc = opt_runs(&o, &t->desc, &overlap)))
            goto out_with_opt;
        if (o.d.used == 1)
            overlap = 0; /* as below: one run cannot overlap */
    } else {
        if ((rc = opt_seq(&o, t->desc.rec, t->desc.used)))
            goto out_with_opt;
        /* the cheap structural test only: an unordered description
         * (indexed with shuffled displacements) is decided when the flag
         * is asked for */
        if (!(o.d.used == 1 && is_run(&o.d.rec[0])) && (overlap = tsd_desc_overlap(&o.d, 1)) < 0) {
            rc = TSD_ERR_NOMEM;
            goto out_with_opt;
        }
    }
    if (opt_reserve(&o, 0)) { /* room for the final end_loop */
        rc = TSD_ERR_NOMEM;
        goto out_with_opt;
    }
described:
    /* reserve always keeps room for the final end_loop: no reallocation
     * (which shared records could not survive) */
    if (tsd_desc_reserve(&t->desc, 0)) {
        rc = TSD_ERR_NOMEM;
        goto out_with_opt;
    }
    if (shared)
        o.d = t->desc;
    memset(&e, 0, sizeof(e));
    e.end_loop.type = TSD_END_LOOP;
    e.end_loop.size = t->size;
    e.end_loop.first_elem_disp = tsd_first_disp(o.d.rec, o.d.used);
    e.end_loop.items = o.d.used;
    o.d.rec[o.d.used] = e;
    t->opt_desc = o.d;
    if ((rc = build_blocks(t))) {
        memset(&t->opt_desc, 0, sizeof(t->opt_desc));
        goto out_with_opt;
    }
    e.end_loop.items = t->desc.used;
    e.end_loop.first_elem_disp = tsd_first_disp(t->desc.rec, t->desc.used);
    t->desc.rec[t->desc.used] = e;
    t->opt_depth = runs ? 0 : loop_depth(o.d.rec, o.d.used); /* runs: no loop */

    t->flags &= (uint16_t) ~(TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_OVERLAP);
    t->overlap_pending = overlap == TSD_OVERLAP_UNDECIDED;
    if (o.d.used == 0 || (o.d.used == 1 && is_run(&o.d.rec[0]))) {
        /* one run, or none: an empty type is trivially contiguous */
        t->flags |= TSD_FLAG_CONTIGUOUS;
        if (tsd_extent(t) == t->size)
            t->flags |= TSD_FLAG_NO_GAPS;
    } else if (overlap == 1) {
        t->flags |= TSD_FLAG_OVERLAP;
    }
    t->flags |= TSD_FLAG_COMMITTED;
    return TSD_OK;

out_with_opt:
    if (!shared && !o.borrowed)
        tsu_free(o.d.rec);
    return rc;
}

int tsd_overlap_settle(tsd_type *t)
{
    int ov;

    if (!atomic_load_explicit(&t->overlap_pending, memory_order_acquire))
        return (t->flags & TSD_FLAG_OVERLAP) != 0;
    if ((ov = t->runs_id ? tsd_runs_overlap(t) : tsd_desc_overlap(&t->opt_desc, 0)) < 0)
        return -1; /* not TSD_ERR_NOMEM, which is 1: "overlaps" */
    if (ov == 1)
        t->flags |= TSD_FLAG_OVERLAP;
    atomic_store_explicit(&t->overlap_pending, 0, memory_order_release);
    return ov;
}

unsigned tsd_flags(const tsd_type *t)
{
    if (t->overlap_pending &&
        (t->runs_id ? tsd_runs_overlap(t) : tsd_desc_overlap(&t->opt_desc, 0)) == 1)
        return t->flags | TSD_FLAG_OVERLAP;
    return t->flags;
}

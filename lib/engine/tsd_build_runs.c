/* SPDX-License-Identifier: BSD-3-Clause */
/* The constructors' runs form (tsd_runs.c): indexed, hindexed and struct
 * types whose blocks are runs of one basic type, built as their pack list
 * in one pass over the blocks, where records would cost a commit that
 * expands every member.  Separate from tsd_build.c, which decides when a
 * type takes this form and builds every other. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"
#include "engine/tsd_build_priv.h"

/* Whether basic t's blocks can be runs: its bounds are its bytes. */
int tsd_build_runs_member(const tsd_type *t)
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
int tsd_build_runs_blocks(const tsd_blocks *bk, const tsd_type *one, int epsilon, tsd_type **out)
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
    if (tsd_build_add_contents(t, one, s.total)) {
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
    return tsd_build_finish_with_bounds(&b, s.lb, s.ub, s.lb, s.ub, epsilon, out);
}

/* The basic id whose runs form member t of a struct can join: a basic
 * member's own, or a runs-form member's when its bounds are its data's
 * (no marker, resizing or padding: the struct's bounds are then its
 * runs'); 0 when none. */
static int runs_join_id(const tsd_type *t)
{
    if (tsd_build_is_basic(t))
        return tsd_build_runs_member(t) ? t->id : 0;
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

/* Whether a struct with a derived member is in the runs form: every
 * member joins it with one id, and its list stays within RUNS_SPREAD
 * times the blocks behind it and within TSD_DESC_BUDGET entries (past
 * them records keep loops, or refuse the type as they would anyway).
 * Returns the id (and *plan), 0 for records, or -TSD_ERR_NOMEM. */
int tsd_build_runs_struct_id(const tsd_blocks *bk, const tsd_type *const *types, runs_plan *plan)
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
        n = tsd_build_is_basic(m) ? 1 : m->desc.used;
        /* a member type's blocks count once, however often it repeats
         * (a set: repeats need not be neighbours) */
        fresh = 0;
        if (!tsd_build_is_basic(m) && (!prev || m->ident != prev->ident) &&
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

    if (tsd_build_is_basic(m)) {
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
int tsd_build_runs_struct(const tsd_blocks *bk, const tsd_type *const *types, int id,
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
        if (tsd_blocks_disp(bk, i, &disp) || tsd_build_add_contents(t, types[i], len)) {
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
    return tsd_build_finish_with_bounds(&b, lb, ub, lb, ub, epsilon, out);
fn_fail:
    tsu_free(blk);
    tsd_build_abort(&b);
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Bounds, sizes and element counts of a type under construction.
 *
 * Rules (MPI-1.1 §3.12.2-3.12.3, typeshim(7); MPICH 4.0.2 where the
 * standard is silent):
 * - a member is `count` copies of a child, `stride` bytes apart; its
 *   bounds are the child's replicated, its true bounds likewise;
 * - MPI_LB / MPI_UB markers, and markers inherited from children (USER_LB /
 *   USER_UB), are sticky: when present, lb is the lowest of them and ub the
 *   highest; otherwise lb/ub are the extremes of the members' bounds;
 * - members with an empty type map still contribute their bounds (MPICH);
 * - the struct padding epsilon rounds ub - lb up to the alignment unless an
 *   MPI_UB marker fixes ub. */
#include "typeshim_config.h"

#include "engine/tsd.h"

/* lo/hi offsets of `count` copies spaced by stride: min/max of k*stride. */
static int replicate(int64_t count, int64_t stride, int64_t *lo, int64_t *hi)
{
    int64_t span;

    if (tsu_mul(count - 1, stride, &span))
        return TSD_ERR_OVERFLOW;
    *lo = tsu_min(0, span);
    *hi = tsu_max(0, span);
    return TSD_OK;
}

int tsd_bounds_add(tsd_builder *b, const tsd_type *child, int64_t count, int64_t disp,
                   int64_t stride)
{
    tsd_type *t = b->t;
    int64_t lo, hi, v, w, n;

    if (replicate(count, stride, &lo, &hi))
        return TSD_ERR_OVERFLOW;
    if (tsd_is_marker(child)) {
        if (child->id == TSD_LB) {
            if (tsu_add(disp, lo, &v))
                return TSD_ERR_OVERFLOW;
            b->mlb = b->have_mlb ? tsu_min(b->mlb, v) : v;
            b->have_mlb = 1;
        } else {
            if (tsu_add(disp, hi, &v))
                return TSD_ERR_OVERFLOW;
            b->mub = b->have_mub ? tsu_max(b->mub, v) : v;
            b->have_mub = 1;
        }
        return TSD_OK;
    }

    /* lb side */
    if (tsu_add(disp, lo, &v) || tsu_add(v, child->lb, &w))
        return TSD_ERR_OVERFLOW;
    if (child->flags & TSD_FLAG_USER_LB) {
        b->mlb = b->have_mlb ? tsu_min(b->mlb, w) : w;
        b->have_mlb = 1;
    }
    b->data_lb = b->have_bounds ? tsu_min(b->data_lb, w) : w;
    if (tsu_add(v, child->true_lb, &w))
        return TSD_ERR_OVERFLOW;
    t->true_lb = b->have_bounds ? tsu_min(t->true_lb, w) : w;

    /* ub side */
    if (tsu_add(disp, hi, &v) || tsu_add(v, child->ub, &w))
        return TSD_ERR_OVERFLOW;
    if (child->flags & TSD_FLAG_USER_UB) {
        b->mub = b->have_mub ? tsu_max(b->mub, w) : w;
        b->have_mub = 1;
    }
    b->data_ub = b->have_bounds ? tsu_max(b->data_ub, w) : w;
    if (tsu_add(v, child->true_ub, &w))
        return TSD_ERR_OVERFLOW;
    t->true_ub = b->have_bounds ? tsu_max(t->true_ub, w) : w;
    b->have_bounds = 1;

    /* contents */
    if (tsu_mul(child->size, count, &n) || tsu_add(t->size, n, &t->size))
        return TSD_ERR_OVERFLOW;
    if (tsu_mul(child->nbElems, count, &n) || tsu_add(t->nbElems, n, &t->nbElems))
        return TSD_ERR_OVERFLOW;
    /* only the ids the child uses: this runs once per block of an indexed */
    for (uint64_t used = child->bdt_used; used; used &= used - 1) {
        int id = __builtin_ctzll(used);
        if (tsu_mul(child->btypes[id], count, &n) || tsu_add(t->btypes[id], n, &t->btypes[id]))
            return TSD_ERR_OVERFLOW;
    }
    t->bdt_used |= child->bdt_used;
    t->align = tsu_max(t->align, child->align);
    return TSD_OK;
}

int tsd_bounds_finish(tsd_builder *b, int epsilon)
{
    tsd_type *t = b->t;

    if (!b->have_bounds) {
        /* empty type map: MPICH's zero-length type has 0/0 true bounds */
        t->true_lb = t->true_ub = 0;
        b->data_lb = b->data_ub = 0;
    }
    /* no data and marker bounds: MPICH sees an empty type (true bounds
     * 0/0) where typeshim keeps the markers; the true bounds agree. */
    if (t->size == 0 && (b->have_mlb || b->have_mub))
        t->true_lb = t->true_ub = 0;
    t->lb = b->have_mlb ? b->mlb : b->data_lb;
    t->ub = b->have_mub ? b->mub : b->data_ub;
    /* TSD_EPS_MARKED: MPICH skips the padding of a struct whose members
     * are all of one type, but an MPI_LB marker without MPI_UB still gets
     * it (MPI-1.1 §3.12.2: ub = max end + epsilon). */
    if ((epsilon == TSD_EPS_ALWAYS || (epsilon == TSD_EPS_MARKED && b->have_mlb)) && !b->have_mub &&
        t->align > 1) {
        int64_t ext, eps;
        if (tsu_sub(t->ub, t->lb, &ext))
            return TSD_ERR_OVERFLOW;
        eps = ext % t->align; /* C remainder, as MPICH computes it */
        if (eps && tsu_add(t->ub, t->align - eps, &t->ub))
            return TSD_ERR_OVERFLOW;
    }
    if (b->have_mlb)
        t->flags |= TSD_FLAG_USER_LB;
    if (b->have_mub)
        t->flags |= TSD_FLAG_USER_UB;
    if (t->size > 0)
        t->flags |= TSD_FLAG_DATA;
    if (tsu_sub(t->ub, t->lb, &(int64_t){0}) || tsu_sub(t->true_ub, t->true_lb, &(int64_t){0}))
        return TSD_ERR_OVERFLOW;
    return TSD_OK;
}

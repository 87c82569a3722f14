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

static int empty_blocks(int64_t count, const int64_t *disps, const tsd_type *old, tsd_type **out)
{
    tsd_builder b;
    tsd_type *unit;
    int rc;

    if ((rc = empty_block(old, &unit)))
        return rc;
    if (!(rc = tsd_build_begin(&b, 0))) {
        for (int64_t i = 0; i < count; i++)
            tsd_build_add(&b, unit, 1, disps[i], 0);
        rc = tsd_build_finish(&b, 0, out);
    }
    tsd_type_free(unit);
    return rc;
}

int tsd_create_contiguous(int64_t count, const tsd_type *old, tsd_type **out)
{
    tsd_builder b;
    int rc;

    if (count == 0 || is_empty(old))
        return create_zerolen(out);
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

int tsd_create_hindexed(int64_t count, const int64_t *blocklens, int64_t blocklen,
                        const int64_t *disps, const tsd_type *old, tsd_type **out)
{
    tsd_builder b;
    int64_t i, nonzero = 0;
    int rc;

    if (count == 0 || is_empty(old))
        return create_zerolen(out);
    if (!blocklens && blocklen == 0)
        return empty_blocks(count, disps, old, out);
    for (i = 0; i < count; i++)
        nonzero += (blocklens ? blocklens[i] : blocklen) != 0;
    if (nonzero == 0)
        return create_zerolen(out);
    if ((rc = tsd_build_begin(&b, nonzero * (old->desc.used + 2))))
        return rc;
    for (i = 0; i < count; i++)
        tsd_build_add(&b, old, blocklens ? blocklens[i] : blocklen, disps[i], tsd_extent(old));
    return tsd_build_finish(&b, 0, out);
}

int tsd_create_struct(int64_t count, const int64_t *blocklens, const int64_t *disps,
                      const tsd_type *const *types, int epsilon, tsd_type **out)
{
    tsd_builder b;
    int64_t i, records = 0;
    int rc;

    int64_t data = 0;

    for (i = 0; i < count; i++)
        if (blocklens[i]) {
            records += types[i]->desc.used + 2;
            data |= types[i]->size;
        }
    if (data == 0) {
        /* no data: MPICH's zero-length type, unless markers give bounds */
        int markers = 0;
        for (i = 0; i < count; i++)
            markers |=
                blocklens[i] != 0 && (tsd_is_marker(types[i]) ||
                                      (types[i]->flags & (TSD_FLAG_USER_LB | TSD_FLAG_USER_UB)));
        if (!markers)
            return create_zerolen(out);
    }
    if ((rc = tsd_build_begin(&b, records)))
        return rc;
    for (i = 0; i < count; i++)
        tsd_build_add(&b, types[i], blocklens[i], disps[i], tsd_extent(types[i]));
    return tsd_build_finish(&b, epsilon, out);
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
    t->lb = lb;
    t->ub = ub;
    *out = t;
    return TSD_OK;
}

int tsd_create_dup(const tsd_type *old, tsd_type **out)
{
    return tsd_type_clone(old, out);
}

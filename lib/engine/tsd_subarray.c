/* SPDX-License-Identifier: BSD-3-Clause */
/* Subarray: nested hvectors over the fastest-varying dimension first,
 * moved to the corner at `starts`, resized to the whole array (as MPI
 * defines it and MPICH builds it). */
#include "typeshim_config.h"

#include "engine/tsd.h"

/* Replaces *t by `make(*t)`, freeing the old one. */
static int step(tsd_type **t, int rc, tsd_type *next)
{
    if (rc)
        return rc;
    tsd_type_free(*t);
    *t = next;
    return TSD_OK;
}

int tsd_create_subarray(int ndims, const int64_t *sizes, const int64_t *subsizes,
                        const int64_t *starts, int order, const tsd_type *old, tsd_type **out)
{
    int64_t ext = tsd_extent(old), stride, disp = 0, total, v;
    tsd_type *t = NULL, *next = NULL;
    int rc, k;

    /* dims in order of increasing stride */
#define DIM(j) (order == TSD_ORDER_C ? ndims - 1 - (j) : (j))
    if ((rc = tsd_create_contiguous(subsizes[DIM(0)], old, &t)))
        return rc;
    stride = ext;
    for (k = 0; k < ndims; k++) {
        int d = DIM(k);
        if (tsu_mul(starts[d], stride, &v) || tsu_add(disp, v, &disp)) {
            rc = TSD_ERR_OVERFLOW;
            goto out_with_t;
        }
        if (tsu_mul(stride, sizes[d], &stride)) {
            rc = TSD_ERR_OVERFLOW;
            goto out_with_t;
        }
        if (k + 1 < ndims) {
            rc = tsd_create_hvector(subsizes[DIM(k + 1)], 1, stride, t, &next);
            if ((rc = step(&t, rc, next)))
                goto out_with_t;
        }
    }
#undef DIM
    total = stride;
    rc = tsd_create_hindexed(1, NULL, 1, &disp, t, &next);
    if ((rc = step(&t, rc, next)))
        goto out_with_t;
    rc = tsd_create_resized(t, 0, total, &next);
    if ((rc = step(&t, rc, next)))
        goto out_with_t;
    *out = t;
    return TSD_OK;

out_with_t:
    tsd_type_free(t);
    return rc;
}

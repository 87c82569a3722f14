/* SPDX-License-Identifier: BSD-3-Clause */
/* Distributed array (HPF-style BLOCK / CYCLIC / NONE), built dimension by
 * dimension as the MPI standard's reference construction does (the one
 * ROMIO and MPICH follow), so that bounds and type maps agree with MPICH. */
#include "typeshim_config.h"

#include "engine/tsd.h"

typedef struct dctx {
    int ndims, order;
    const int64_t *gsizes;
    int64_t ext; /* extent of oldtype */
} dctx;

/* Byte stride of one step along dimension dim. */
static int dim_stride(const dctx *c, int dim, int64_t *stride)
{
    int64_t s = c->ext;

    if (c->order == TSD_ORDER_FORTRAN) {
        for (int i = 0; i < dim; i++)
            if (tsu_mul(s, c->gsizes[i], &s))
                return TSD_ERR_OVERFLOW;
    } else {
        for (int i = c->ndims - 1; i > dim; i--)
            if (tsu_mul(s, c->gsizes[i], &s))
                return TSD_ERR_OVERFLOW;
    }
    *stride = s;
    return TSD_OK;
}

static int is_first_dim(const dctx *c, int dim)
{
    return c->order == TSD_ORDER_FORTRAN ? dim == 0 : dim == c->ndims - 1;
}

/* Resizes *t (owned; replaced, or freed on failure) to [0, g * extent of
 * old): one dimension of g elements of old, whatever part of it *t holds,
 * so that the next dimension steps correctly. */
static int span_dim(int64_t g, const tsd_type *old, tsd_type **t)
{
    tsd_type *in = *t;
    int64_t span;
    int rc;

    *t = NULL;
    if (tsu_mul(g, tsd_extent(old), &span))
        rc = TSD_ERR_OVERFLOW;
    else
        rc = tsd_create_resized(in, 0, span, t);
    tsd_type_free(in);
    return rc;
}

static int block_dim(const dctx *c, int dim, int nprocs, int coord, int darg, const tsd_type *old,
                     tsd_type **out, int64_t *st_offset)
{
    int64_t g = c->gsizes[dim], blksize, mysize, stride;
    int rc;

    blksize = darg == TSD_DARG_DEFAULT ? (g + nprocs - 1) / nprocs : darg;
    mysize = tsu_max(0, tsu_min(blksize, g - blksize * coord));
    if (is_first_dim(c, dim)) {
        rc = tsd_create_contiguous(mysize, old, out);
    } else {
        if ((rc = dim_stride(c, dim, &stride)))
            return rc;
        rc = tsd_create_hvector(mysize, 1, stride, old, out);
    }
    *st_offset = mysize == 0 ? 0 : blksize * coord;
    if (rc)
        return rc;
    return span_dim(g, old, out);
}

static int cyclic_dim(const dctx *c, int dim, int nprocs, int coord, int darg, const tsd_type *old,
                      tsd_type **out, int64_t *st_offset)
{
    int64_t blksize = darg == TSD_DARG_DEFAULT ? 1 : darg;
    int64_t st_index = coord * blksize, end_index = c->gsizes[dim] - 1;
    int64_t local = 0, count, rem, stride;
    tsd_type *t = NULL, *u = NULL;
    int rc;

    if (end_index >= st_index) {
        int64_t span = end_index - st_index + 1, cycle = nprocs * blksize;
        local = (span / cycle) * blksize + tsu_min(span % cycle, blksize);
    }
    count = local / blksize;
    rem = local % blksize;
    if ((rc = dim_stride(c, dim, &stride)) || tsu_mul(stride, nprocs * blksize, &stride))
        return rc ? rc : TSD_ERR_OVERFLOW;
    if ((rc = tsd_create_hvector(count, blksize, stride, old, &t)))
        return rc;
    if (rem) {
        /* the last, shorter block */
        int64_t bl[2] = {1, rem}, disp[2] = {0, 0};
        if (tsu_mul(count, stride, &disp[1])) {
            tsd_type_free(t);
            return TSD_ERR_OVERFLOW;
        }
        const tsd_type *ty[2] = {t, old};
        rc = tsd_create_struct(2, bl, disp, ty, TSD_EPS_ALWAYS, &u);
        tsd_type_free(t);
        if (rc)
            return rc;
        t = u;
    }
    if (is_first_dim(c, dim)) {
        /* place this process's first block */
        int64_t one = 1, disp;
        /* coord * blksize is a product of two ints: no overflow */
        if (tsu_mul(coord * blksize, c->ext, &disp)) {
            tsd_type_free(t);
            return TSD_ERR_OVERFLOW;
        }
        rc = tsd_create_hindexed(1, &one, 1, &disp, t, &u);
        tsd_type_free(t);
        if (rc)
            return rc;
        t = u;
        *st_offset = 0;
    } else {
        *st_offset = coord * blksize;
    }
    /* the next (outer) dimension's blocks of darg elements step by this
     * type's extent: it must span the whole dimension */
    if ((rc = span_dim(c->gsizes[dim], old, &t)))
        return rc;
    if (local == 0)
        *st_offset = 0;
    *out = t;
    return TSD_OK;
}

int tsd_create_darray(int size, int rank, int ndims, const int64_t *gsizes, const int *distribs,
                      const int *dargs, const int *psizes, int order, const tsd_type *old,
                      tsd_type **out)
{
    dctx c = {ndims, order, gsizes, tsd_extent(old)};
    int64_t coords[64] = {0}, offsets[64] = {0}, disp = 0, total = c.ext, tmp = 1;
    tsd_type *t = NULL, *next = NULL;
    const tsd_type *cur = old;
    int rc = TSD_OK, r = rank, k;

    (void)size;
    if (ndims > 64)
        return TSD_ERR_ARG;
    /* process coordinates, row-major over psizes */
    for (k = ndims - 1; k >= 0; k--) {
        coords[k] = r % psizes[k];
        r /= psizes[k];
    }
    for (k = 0; k < ndims; k++) {
        int dim = order == TSD_ORDER_FORTRAN ? k : ndims - 1 - k;
        switch (distribs[dim]) {
        case TSD_DIST_BLOCK:
            rc = block_dim(&c, dim, psizes[dim], (int)coords[dim], dargs[dim], cur, &next,
                           &offsets[dim]);
            break;
        case TSD_DIST_CYCLIC:
            rc = cyclic_dim(&c, dim, psizes[dim], (int)coords[dim], dargs[dim], cur, &next,
                            &offsets[dim]);
            break;
        default: /* NONE: the whole dimension on every process */
            rc = block_dim(&c, dim, 1, 0, TSD_DARG_DEFAULT, cur, &next, &offsets[dim]);
            break;
        }
        if (rc)
            goto out_with_t;
        tsd_type_free(t);
        t = next;
        cur = t;
    }
    /* displacement of this process's corner, in elements, then bytes */
    disp = offsets[order == TSD_ORDER_FORTRAN ? 0 : ndims - 1];
    for (int i = 1; i < ndims; i++) {
        int prev = order == TSD_ORDER_FORTRAN ? i - 1 : ndims - i;
        int at = order == TSD_ORDER_FORTRAN ? i : ndims - 1 - i;
        int64_t step;
        if (tsu_mul(tmp, gsizes[prev], &tmp) || tsu_mul(tmp, offsets[at], &step) ||
            tsu_add(disp, step, &disp)) {
            rc = TSD_ERR_OVERFLOW;
            goto out_with_t;
        }
    }
    for (k = 0; k < ndims; k++)
        if (tsu_mul(total, gsizes[k], &total)) {
            rc = TSD_ERR_OVERFLOW;
            goto out_with_t;
        }
    if (tsu_mul(disp, c.ext, &disp)) {
        rc = TSD_ERR_OVERFLOW;
        goto out_with_t;
    }
    {
        int64_t one = 1;
        if ((rc = tsd_create_hindexed(1, &one, 1, &disp, t, &next)))
            goto out_with_t;
        tsd_type_free(t);
        t = next;
        if ((rc = tsd_create_resized(t, 0, total, &next)))
            goto out_with_t;
        tsd_type_free(t);
        *out = next;
    }
    return TSD_OK;

out_with_t:
    tsd_type_free(t);
    return rc;
}

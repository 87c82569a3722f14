/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_create_darray (+ _c). */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

static int darray(const char *fn, int size, int rank, int ndims, const int64_t *gsizes,
                  const int *distribs, const int *dargs, const int *psizes, int order,
                  MPI_Datatype oldtype, MPI_Datatype *newtype, tsf_record *r)
{
    int dist[64], darg[64];
    tsf_dtype *old;
    tsd_type *t;
    int64_t procs = 1;
    int rc;

    TSF_CHECK(size > 0, MPI_ERR_RANK, "argument size=%d must be positive", size);
    TSF_CHECK(rank >= 0 && rank < size, MPI_ERR_RANK, "argument rank=%d must be in [0, size=%d)",
              rank, size);
    TSF_CHECK(ndims <= 64, MPI_ERR_ARG, "argument ndims=%d exceeds 64 dimensions", ndims);
    for (int i = 0; i < ndims; i++) {
        TSF_CHECK(gsizes[i] > 0, MPI_ERR_ARG, "array_of_gsizes[%d]=%lld must be positive", i,
                  (long long)gsizes[i]);
        TSF_CHECK(psizes[i] > 0, MPI_ERR_ARG, "array_of_psizes[%d]=%d must be positive", i,
                  psizes[i]);
        procs *= psizes[i];
        TSF_CHECK(procs <= size, MPI_ERR_ARG, "the product of array_of_psizes exceeds size=%d",
                  size);
        switch (distribs[i]) {
        case MPI_DISTRIBUTE_BLOCK:
            dist[i] = TSD_DIST_BLOCK;
            break;
        case MPI_DISTRIBUTE_CYCLIC:
            dist[i] = TSD_DIST_CYCLIC;
            break;
        case MPI_DISTRIBUTE_NONE:
            dist[i] = TSD_DIST_NONE;
            TSF_CHECK(psizes[i] == 1, MPI_ERR_ARG,
                      "array_of_psizes[%d]=%d must be 1 with MPI_DISTRIBUTE_NONE", i, psizes[i]);
            break;
        default:
            TSF_FAIL(MPI_ERR_ARG, "array_of_distribs[%d]=%d is not an MPI_DISTRIBUTE_ value", i,
                     distribs[i]);
        }
        darg[i] = dargs[i] == MPI_DISTRIBUTE_DFLT_DARG ? TSD_DARG_DEFAULT : dargs[i];
        TSF_CHECK(darg[i] == TSD_DARG_DEFAULT || darg[i] > 0, MPI_ERR_ARG,
                  "array_of_dargs[%d]=%d must be positive or MPI_DISTRIBUTE_DFLT_DARG", i,
                  dargs[i]);
        TSF_CHECK(dist[i] != TSD_DIST_BLOCK || darg[i] == TSD_DARG_DEFAULT ||
                      (int64_t)darg[i] * psizes[i] >= gsizes[i],
                  MPI_ERR_ARG,
                  "array_of_dargs[%d]=%d times array_of_psizes[%d]=%d does not cover "
                  "array_of_gsizes[%d]=%lld",
                  i, dargs[i], i, psizes[i], i, (long long)gsizes[i]);
    }
    TSF_CHECK(procs == size, MPI_ERR_ARG,
              "the product of array_of_psizes (%lld) differs from size=%d", (long long)procs, size);
    TSF_CHECK(order == MPI_ORDER_C || order == MPI_ORDER_FORTRAN, MPI_ERR_ARG,
              "argument order=%d is neither MPI_ORDER_C nor MPI_ORDER_FORTRAN", order);
    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = &old;
    if ((rc = tsd_create_darray(size, rank, ndims, gsizes, dist, darg, psizes,
                                order == MPI_ORDER_C ? TSD_ORDER_C : TSD_ORDER_FORTRAN, old->eng,
                                &t))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    if ((rc = tsf_publish(fn, t, r, newtype)))
        goto fn_fail;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

#define CHECK_ARRAYS()                                                                             \
    do {                                                                                           \
        TSF_CHECK(ndims > 0, MPI_ERR_ARG, "argument ndims=%d must be positive", ndims);            \
        TSF_CHECK_PTR(array_of_gsizes, "array_of_gsizes");                                         \
        TSF_CHECK_PTR(array_of_distribs, "array_of_distribs");                                     \
        TSF_CHECK_PTR(array_of_dargs, "array_of_dargs");                                           \
        TSF_CHECK_PTR(array_of_psizes, "array_of_psizes");                                         \
    } while (0)

/* The integer part of the record: size, rank, ndims, [gsizes,] distribs,
 * dargs, psizes, order. */
static int *darray_ints(int size, int rank, int ndims, const int *gsizes, const int *distribs,
                        const int *dargs, const int *psizes, int order, int64_t *n)
{
    int k = gsizes ? 4 : 3;
    int *ints = tsu_malloc((size_t)(k * ndims + 4) * sizeof(int)); /* caller frees */
    int *p = ints;

    if (!ints)
        return NULL;
    *p++ = size;
    *p++ = rank;
    *p++ = ndims;
    if (gsizes) {
        memcpy(p, gsizes, (size_t)ndims * sizeof(int));
        p += ndims;
    }
    memcpy(p, distribs, (size_t)ndims * sizeof(int));
    p += ndims;
    memcpy(p, dargs, (size_t)ndims * sizeof(int));
    p += ndims;
    memcpy(p, psizes, (size_t)ndims * sizeof(int));
    p += ndims;
    *p = order;
    *n = k * ndims + 4;
    return ints;
}

int tsf_api_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[],
                               const int array_of_distribs[], const int array_of_dargs[],
                               const int array_of_psizes[], int order, MPI_Datatype oldtype,
                               MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_darray";
    int64_t *g = NULL, ni = 0;
    int *ints = NULL, rc;

    CHECK_ARRAYS();
    g = tsf_i64_from_int(array_of_gsizes, ndims);
    ints = darray_ints(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs,
                       array_of_psizes, order, &ni);
    if (!g || !ints)
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    {
        tsf_record r = {.combiner = MPI_COMBINER_DARRAY, .ni = ni, .nd = 1, .ints = ints};
        rc = darray(fn, size, rank, ndims, g, array_of_distribs, array_of_dargs, array_of_psizes,
                    order, oldtype, newtype, &r);
    }
fn_fail:
    tsu_free(ints);
    tsu_free(g);
    return rc;
}

int tsf_api_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[],
                                 const int array_of_distribs[], const int array_of_dargs[],
                                 const int array_of_psizes[], int order, MPI_Datatype oldtype,
                                 MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_darray_c";
    int64_t ni = 0;
    int *ints = NULL, rc;

    CHECK_ARRAYS();
    ints = darray_ints(size, rank, ndims, NULL, array_of_distribs, array_of_dargs, array_of_psizes,
                       order, &ni);
    if (!ints)
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    {
        tsf_record r = {.combiner = MPI_COMBINER_DARRAY,
                        .ni = ni,
                        .nc = ndims,
                        .nd = 1,
                        .ints = ints,
                        .counts = array_of_gsizes};
        rc = darray(fn, size, rank, ndims, (const int64_t *)array_of_gsizes, array_of_distribs,
                    array_of_dargs, array_of_psizes, order, oldtype, newtype, &r);
    }
    tsu_free(ints);
    return rc;
fn_fail:
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_create_subarray (+ _c). */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

static int subarray(const char *fn, int ndims, const int64_t *sizes, const int64_t *subsizes,
                    const int64_t *starts, int order, MPI_Datatype oldtype, MPI_Datatype *newtype,
                    tsf_record *r)
{
    tsf_dtype *old;
    tsd_type *t;
    int rc;

    for (int i = 0; i < ndims; i++) {
        TSF_CHECK(sizes[i] > 0, MPI_ERR_ARG, "array_of_sizes[%d]=%lld must be positive", i,
                  (long long)sizes[i]);
        TSF_CHECK(subsizes[i] >= 0, MPI_ERR_ARG, "array_of_subsizes[%d]=%lld must be non-negative",
                  i, (long long)subsizes[i]);
        TSF_CHECK(starts[i] >= 0, MPI_ERR_COUNT, "array_of_starts[%d]=%lld must be non-negative", i,
                  (long long)starts[i]);
        TSF_CHECK(subsizes[i] <= sizes[i], MPI_ERR_ARG,
                  "array_of_subsizes[%d]=%lld exceeds array_of_sizes[%d]=%lld", i,
                  (long long)subsizes[i], i, (long long)sizes[i]);
        TSF_CHECK(starts[i] <= sizes[i] - subsizes[i], MPI_ERR_ARG,
                  "array_of_starts[%d]=%lld + array_of_subsizes[%d]=%lld exceeds "
                  "array_of_sizes[%d]=%lld",
                  i, (long long)starts[i], i, (long long)subsizes[i], i, (long long)sizes[i]);
    }
    TSF_CHECK(order == MPI_ORDER_C || order == MPI_ORDER_FORTRAN, MPI_ERR_ARG,
              "argument order=%d is neither MPI_ORDER_C nor MPI_ORDER_FORTRAN", order);
    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = &old;
    if ((rc = tsd_create_subarray(ndims, sizes, subsizes, starts,
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
        TSF_CHECK_PTR(array_of_sizes, "array_of_sizes");                                           \
        TSF_CHECK_PTR(array_of_subsizes, "array_of_subsizes");                                     \
        TSF_CHECK_PTR(array_of_starts, "array_of_starts");                                         \
    } while (0)

int tsf_api_Type_create_subarray(int ndims, const int array_of_sizes[],
                                 const int array_of_subsizes[], const int array_of_starts[],
                                 int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_subarray";
    int64_t *w = NULL;
    int *ints = NULL, rc;

    CHECK_ARRAYS();
    w = tsu_malloc((size_t)ndims * 3 * sizeof(int64_t));
    ints = tsu_malloc((size_t)(3 * ndims + 2) * sizeof(int));
    if (!w || !ints)
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    ints[0] = ndims;
    for (int i = 0; i < ndims; i++) {
        ints[1 + i] = array_of_sizes[i];
        ints[1 + ndims + i] = array_of_subsizes[i];
        ints[1 + 2 * ndims + i] = array_of_starts[i];
        w[i] = array_of_sizes[i];
        w[ndims + i] = array_of_subsizes[i];
        w[2 * ndims + i] = array_of_starts[i];
    }
    ints[3 * ndims + 1] = order;
    {
        tsf_record r = {
            .combiner = MPI_COMBINER_SUBARRAY, .ni = 3 * ndims + 2, .nd = 1, .ints = ints};
        rc = subarray(fn, ndims, w, w + ndims, w + 2 * ndims, order, oldtype, newtype, &r);
    }
fn_fail:
    tsu_free(ints);
    tsu_free(w);
    return rc;
}

int tsf_api_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[],
                                   const MPI_Count array_of_subsizes[],
                                   const MPI_Count array_of_starts[], int order,
                                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_subarray_c";
    MPI_Count *c = NULL;
    int ints[2] = {ndims, order}, rc;

    CHECK_ARRAYS();
    if (!(c = tsu_malloc((size_t)ndims * 3 * sizeof(MPI_Count))))
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    memcpy(c, array_of_sizes, (size_t)ndims * sizeof(MPI_Count));
    memcpy(c + ndims, array_of_subsizes, (size_t)ndims * sizeof(MPI_Count));
    memcpy(c + 2 * ndims, array_of_starts, (size_t)ndims * sizeof(MPI_Count));
    {
        tsf_record r = {.combiner = MPI_COMBINER_SUBARRAY,
                        .ni = 2,
                        .nc = 3 * ndims,
                        .nd = 1,
                        .ints = ints,
                        .counts = c};
        rc = subarray(fn, ndims, (const int64_t *)c, (const int64_t *)c + ndims,
                      (const int64_t *)c + 2 * ndims, order, oldtype, newtype, &r);
    }
    tsu_free(c);
    return rc;
fn_fail:
    return rc;
}

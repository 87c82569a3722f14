/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_vector and MPI_Type_create_hvector (+ _c). */
#include "typeshim_config.h"

#include "facade/tsf.h"

/* stride_in_bytes: hvector; otherwise the stride counts old's extents. */
static int vector(const char *fn, MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                  int stride_in_bytes, MPI_Datatype oldtype, MPI_Datatype *newtype, tsf_record *r)
{
    tsf_dtype *old;
    tsd_type *t;
    int64_t bstride = stride;
    int rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",
              (long long)count);
    TSF_CHECK(blocklength >= 0, MPI_ERR_COUNT, "argument blocklength=%lld must be non-negative",
              (long long)blocklength);
    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = &old;
    if (!stride_in_bytes && tsu_mul(stride, tsd_extent(old->eng), &bstride))
        rc = TSD_ERR_OVERFLOW;
    else
        rc = tsd_create_hvector(count, blocklength, bstride, old->eng, &t);
    if (rc) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    if ((rc = tsf_publish(fn, t, r, newtype)))
        goto fn_fail;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype,
                        MPI_Datatype *newtype)
{
    int ints[3] = {count, blocklength, stride};
    tsf_record r = {.combiner = MPI_COMBINER_VECTOR, .ni = 3, .nd = 1, .ints = ints};
    return vector("MPI_Type_vector", count, blocklength, stride, 0, oldtype, newtype, &r);
}

int tsf_api_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                          MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Count c[3] = {count, blocklength, stride};
    tsf_record r = {.combiner = MPI_COMBINER_VECTOR, .nc = 3, .nd = 1, .counts = c};
    return vector("MPI_Type_vector_c", count, blocklength, stride, 0, oldtype, newtype, &r);
}

int tsf_api_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                                MPI_Datatype *newtype)
{
    int ints[2] = {count, blocklength};
    tsf_record r = {.combiner = MPI_COMBINER_HVECTOR,
                    .ni = 2,
                    .na = 1,
                    .nd = 1,
                    .ints = ints,
                    .addrs = &stride};
    return vector("MPI_Type_create_hvector", count, blocklength, stride, 1, oldtype, newtype, &r);
}

int tsf_api_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride,
                                  MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Count c[3] = {count, blocklength, stride};
    tsf_record r = {.combiner = MPI_COMBINER_HVECTOR, .nc = 3, .nd = 1, .counts = c};
    return vector("MPI_Type_create_hvector_c", count, blocklength, stride, 1, oldtype, newtype, &r);
}

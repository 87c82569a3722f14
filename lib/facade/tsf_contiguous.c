/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_contiguous (+ _c). */
#include "typeshim_config.h"

#include "facade/tsf.h"

static int contiguous(const char *fn, MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype,
                      tsf_record *r)
{
    tsf_dtype *old;
    tsd_type *t;
    int rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",
              (long long)count);
    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = &old;
    if ((rc = tsd_create_contiguous(count, old->eng, &t))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    if ((rc = tsf_publish(fn, t, r, newtype)))
        goto fn_fail;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    tsf_record r = {.combiner = MPI_COMBINER_CONTIGUOUS, .ni = 1, .nd = 1, .ints = &count};
    return contiguous("MPI_Type_contiguous", count, oldtype, newtype, &r);
}

int tsf_api_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    tsf_record r = {.combiner = MPI_COMBINER_CONTIGUOUS, .nc = 1, .nd = 1, .counts = &count};
    return contiguous("MPI_Type_contiguous_c", count, oldtype, newtype, &r);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_create_resized (+ _c). */
#include "typeshim_config.h"

#include "facade/tsf.h"

static int resized(const char *fn, MPI_Datatype oldtype, int64_t lb, int64_t extent,
                   MPI_Datatype *newtype, tsf_record *r)
{
    tsf_dtype *old;
    tsd_type *t;
    int rc;

    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = &old;
    /* the clone reads what commit builds and the cached signature hash:
     * their writers hold the object's lock (libtypeshim-serial copies a
     * type this way while other threads may match or commit it) */
    tsf_obj_lock(old);
    rc = tsd_create_resized(old->eng, lb, extent, &t);
    tsf_obj_unlock(old);
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

int tsf_api_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent,
                                MPI_Datatype *newtype)
{
    MPI_Aint a[2] = {lb, extent};
    tsf_record r = {.combiner = MPI_COMBINER_RESIZED, .na = 2, .nd = 1, .addrs = a};
    return resized("MPI_Type_create_resized", oldtype, lb, extent, newtype, &r);
}

int tsf_api_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent,
                                  MPI_Datatype *newtype)
{
    MPI_Count c[2] = {lb, extent};
    tsf_record r = {.combiner = MPI_COMBINER_RESIZED, .nc = 2, .nd = 1, .counts = c};
    return resized("MPI_Type_create_resized_c", oldtype, lb, extent, newtype, &r);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Size and extent queries (+ _x, _c).  No lock: a handle lookup and a few
 * loads.  int results that do not fit give MPI_UNDEFINED (MPI-3 §4.1.5). */
#include "typeshim_config.h"

#include "facade/tsf.h"

static int size64(const char *fn, MPI_Datatype datatype, void *out, int narrow)
{
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(out, "size");
    tsf_put_count(out, narrow, o->eng->size);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_size(MPI_Datatype datatype, int *size)
{
    return size64("MPI_Type_size", datatype, size, 1);
}

int tsf_api_Type_size_x(MPI_Datatype datatype, MPI_Count *size)
{
    return size64("MPI_Type_size_x", datatype, size, 0);
}

int tsf_api_Type_size_c(MPI_Datatype datatype, MPI_Count *size)
{
    return size64("MPI_Type_size_c", datatype, size, 0);
}

/* MPI_Aint and MPI_Count are both 64-bit here: one implementation. */
static int extent(const char *fn, MPI_Datatype datatype, int64_t *lb, int64_t *ext, int true_ext)
{
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(lb, true_ext ? "true_lb" : "lb");
    TSF_CHECK_PTR(ext, true_ext ? "true_extent" : "extent");
    if (true_ext) {
        *lb = o->eng->true_lb;
        *ext = o->eng->true_ub - o->eng->true_lb;
    } else {
        *lb = o->eng->lb;
        *ext = o->eng->ub - o->eng->lb;
    }
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent_)
{
    return extent("MPI_Type_get_extent", datatype, (int64_t *)lb, (int64_t *)extent_, 0);
}

int tsf_api_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent_)
{
    return extent("MPI_Type_get_extent_x", datatype, (int64_t *)lb, (int64_t *)extent_, 0);
}

int tsf_api_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent_)
{
    return extent("MPI_Type_get_extent_c", datatype, (int64_t *)lb, (int64_t *)extent_, 0);
}

int tsf_api_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
    return extent("MPI_Type_get_true_extent", datatype, (int64_t *)true_lb, (int64_t *)true_extent,
                  1);
}

int tsf_api_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb,
                                   MPI_Count *true_extent)
{
    return extent("MPI_Type_get_true_extent_x", datatype, (int64_t *)true_lb,
                  (int64_t *)true_extent, 1);
}

int tsf_api_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *true_lb,
                                   MPI_Count *true_extent)
{
    return extent("MPI_Type_get_true_extent_c", datatype, (int64_t *)true_lb,
                  (int64_t *)true_extent, 1);
}

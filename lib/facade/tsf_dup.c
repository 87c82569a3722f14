/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_dup: a new derived type with the same type map, the same
 * committed state, and the attributes that the copy callbacks pass on. */
#include "typeshim_config.h"

#include "facade/tsf.h"

int tsf_api_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_dup";
    tsf_dtype *old, *nobj;
    MPI_Datatype h = MPI_DATATYPE_NULL;
    tsd_type *t;
    int rc, refused;

    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    /* the clone reads the name and what commit builds: their writers
     * hold the object's lock */
    tsf_obj_lock(old);
    rc = tsd_create_dup(old->eng, &t);
    tsf_obj_unlock(old);
    if (rc) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    {
        tsf_record r = {.combiner = MPI_COMBINER_DUP, .nd = 1, .types = &old};
        if ((rc = tsf_publish(fn, t, &r, &h)))
            goto fn_fail;
    }
    nobj = tsf_lookup(h);
    if ((rc = tsf_attrs_copy(old, nobj, fn, &refused))) {
        /* nothing of the new type survives (the attributes already copied
         * get their delete callbacks); a copy callback's refusal hands the
         * program MPI_DATATYPE_NULL, as MPICH does */
        tsf_unref_user(nobj);
        if (refused)
            *newtype = MPI_DATATYPE_NULL;
        goto fn_fail;
    }
    *newtype = h;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

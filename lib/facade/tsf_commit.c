/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_commit and MPI_Type_free. */
#include "typeshim_config.h"

#include "facade/tsf.h"
#include "layer/tsl.h"

int tsf_api_Type_commit(MPI_Datatype *datatype)
{
    const char *fn = "MPI_Type_commit";
    tsf_dtype *o;
    int rc;

    TSF_CHECK_PTR(datatype, "datatype");
    TSF_GET(o, *datatype, "datatype");
    if (o->kind != TSF_DERIVED)
        return MPI_SUCCESS;
    /* two threads may commit one type: the second finds it done */
    tsf_obj_lock(o);
    if (o->eng->flags & TSD_FLAG_COMMITTED) {
        /* an adopted type may not be committed in MPICH yet */
        rc = o->adopted ? tsl_shadow_commit(o, fn) : MPI_SUCCESS;
        goto out;
    }
    /* MPICH first: a failure there leaves both sides uncommitted */
    if (tsl_mode() == TSL_LAYERED && (rc = tsl_shadow_commit(o, fn)))
        goto out;
    if ((rc = tsd_commit(o->eng))) {
        rc = tsf_err_engine(rc, fn);
        goto out;
    }
    tsf_debug_check(o->eng, fn);
    tsf_dump_on_commit(o);
out:
    tsf_obj_unlock(o);
    if (rc)
        goto fn_fail;
    return MPI_SUCCESS;
fn_fail:
    return tsf_raise(rc);
}

int tsf_api_Type_free(MPI_Datatype *datatype)
{
    const char *fn = "MPI_Type_free";
    tsf_dtype *o;
    int rc;

    TSF_CHECK_PTR(datatype, "datatype");
    TSF_GET(o, *datatype, "datatype");
    TSF_CHECK(o->kind == TSF_DERIVED, MPI_ERR_TYPE,
              "argument datatype=%s is predefined and cannot be freed",
              o->eng->name[0] ? o->eng->name : "(an unnamed predefined type)");
    if (o->adopted) {
        /* The program holds MPICH references (it got the handle from
         * MPICH) and typeshim ones (from get_contents).  Those of typeshim
         * go first, so MPICH's object outlives every handle the program
         * still holds.  A top-level adoption counts the program's MPICH
         * reference in uref; a child holds an MPICH reference of its own
         * and does not know how many the program has. */
        MPI_Datatype h = o->handle;
        int mine = atomic_load(&o->uref) > (o->owns_handle ? 0 : 1);
        *datatype = MPI_DATATYPE_NULL;
        if (mine) {
            tsf_unref_user(o);
        } else if (o->owns_handle) {
            tsl_next.Type_free(&h);
        } else {
            tsf_unref_user(o); /* the handle leaves the table first */
            tsl_next.Type_free(&h);
        }
        return MPI_SUCCESS;
    }
    *datatype = MPI_DATATYPE_NULL;
    tsf_unref_user(o);
    return MPI_SUCCESS;
fn_fail:
    return tsf_raise(rc);
}

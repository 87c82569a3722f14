/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_commit and MPI_Type_free. */
#include "typeshim_config.h"

#include "facade/tsf.h"

int tsf_commit_engine(tsf_dtype *o, const char *fn)
{
    int rc;

    if (o->eng->flags & TSD_FLAG_COMMITTED)
        return MPI_SUCCESS;
    if ((rc = tsd_commit(o->eng)))
        return tsf_err_engine(rc, fn);
    tsf_debug_check(o->eng, fn);
    return MPI_SUCCESS;
}

int tsf_api_Type_commit(MPI_Datatype *datatype)
{
    const char *fn = "MPI_Type_commit";
    const tsf_hooks *hooks = tsf_active_hooks();
    tsf_dtype *o;
    int rc, done;

    TSF_CHECK_PTR(datatype, "datatype");
    TSF_GET(o, *datatype, "datatype");
    if (o->kind != TSF_DERIVED)
        return MPI_SUCCESS;
    /* two threads may commit one type: the second finds it done */
    tsf_obj_lock(o);
    done = (o->eng->flags & TSD_FLAG_COMMITTED) != 0;
    if (hooks->commit && (rc = hooks->commit(o, done, fn)))
        goto out;
    if (done) {
        rc = MPI_SUCCESS;
        goto out;
    }
    if ((rc = tsf_commit_engine(o, fn)))
        goto out;
    tsf_dump_on_commit(o);
out:
    tsf_obj_unlock(o);
    if (rc)
        goto fn_fail;
    return MPI_SUCCESS;
fn_fail:
    return rc;
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
    /* not the program's reference: a runtime's, which it lets go itself */
    TSF_CHECK(!tsf_handle_is_hold(*datatype), MPI_ERR_TYPE,
              "argument datatype=" TSO_HFMT " is a runtime's hold (typeshim_type_hold), which "
              "typeshim_type_unhold releases",
              TSO_HARG(*datatype));
    *datatype = MPI_DATATYPE_NULL;
    if (o->foreign) /* the program's reference is counted by the next layer */
        tsf_active_hooks()->free_foreign(o);
    else
        tsf_unref_user(o);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

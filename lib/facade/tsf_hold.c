/* SPDX-License-Identifier: BSD-3-Clause */
/* typeshim_type_hold and typeshim_type_unhold: a runtime's reference to a
 * datatype that a pending operation uses, which MPI lets the program free
 * meanwhile (MPI-4.1 section 5.1.9: "Any communication that is currently
 * using this datatype will complete normally").  Not MPI_Type_dup: no
 * attribute is copied, no callback runs, no type is made; the program's
 * MPI_Type_free still runs the delete callbacks and stales its handle at
 * once (tsf.h, ownership). */
#include "typeshim_config.h"

#include "facade/tsf.h"

int tsf_api_type_hold(MPI_Datatype datatype, MPI_Datatype *held)
{
    const char *fn = "typeshim_type_hold";
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(held, "held");
    if (o->kind != TSF_DERIVED) { /* immortal: its own handle serves */
        *held = datatype;
        return MPI_SUCCESS;
    }
    /* layered, a handle of typeshim's own would reach MPICH through the
     * program's next call; a runtime over libtypeshim is standalone */
    TSF_CHECK(!tsf_active_hooks()->bound_handles, MPI_ERR_OTHER,
              "a derived datatype is held in standalone mode only (this process runs typeshim "
              "layered over MPICH, which keeps its own references)");
    tsf_hold(o); /* o is valid: the hold is not its last reference */
    if (tsf_handle_hold(o, held)) {
        tsf_unhold(o);
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory (or out of datatype handles)");
    }
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_type_unhold(MPI_Datatype held)
{
    const char *fn = "typeshim_type_unhold";
    tsf_dtype *o;
    int rc;

    if (!tsf_handle_is_hold(held)) {
        /* a predefined type's hold is the type itself */
        TSF_GET(o, held, "held");
        TSF_CHECK(o->kind != TSF_DERIVED, MPI_ERR_TYPE,
                  "argument held=" TSO_HFMT " is the program's datatype, not a hold "
                  "(typeshim_type_hold)",
                  TSO_HARG(held));
        return MPI_SUCCESS;
    }
    TSF_CHECK((o = tsf_handle_unhold(held)) != NULL, MPI_ERR_TYPE,
              "argument held=" TSO_HFMT " is no live hold (released already?)", TSO_HARG(held));
    tsf_unhold(o);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

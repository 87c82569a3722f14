/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_get_name / MPI_Type_set_name. */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

int tsf_api_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen)
{
    const char *fn = "MPI_Type_get_name";
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(type_name, "type_name");
    TSF_CHECK_PTR(resultlen, "resultlen");
    tsf_obj_lock(o);
    snprintf(type_name, MPI_MAX_OBJECT_NAME, "%.*s", MPI_MAX_OBJECT_NAME - 1, o->eng->name);
    tsf_obj_unlock(o);
    *resultlen = (int)strlen(type_name);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_set_name(MPI_Datatype datatype, const char *type_name)
{
    const char *fn = "MPI_Type_set_name";
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(type_name, "type_name");
    /* names of predefined types are settable in MPI; they are static
     * objects, so the engine name of the shared object changes */
    tsf_obj_lock(o);
    /* as long as the ABI's MPI_MAX_OBJECT_NAME allows (Open MPI: 64) */
    snprintf(o->eng->name,
             sizeof(o->eng->name) < MPI_MAX_OBJECT_NAME ? sizeof(o->eng->name)
                                                        : (size_t)MPI_MAX_OBJECT_NAME,
             "%s", type_name);
    tsf_obj_unlock(o);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Get_address, MPI_Aint_add, MPI_Aint_diff. */
#include "typeshim_config.h"

#include "facade/tsf.h"

int tsf_api_Get_address(const void *location, MPI_Aint *address)
{
    const char *fn = "MPI_Get_address";
    int rc;

    TSF_CHECK_PTR(address, "address");
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* Address arithmetic wraps like the machine's (MPI-3.1 §4.1.12). */
MPI_Aint tsf_api_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    return (MPI_Aint)((uintptr_t)base + (uintptr_t)disp);
}

MPI_Aint tsf_api_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    return (MPI_Aint)((uintptr_t)addr1 - (uintptr_t)addr2);
}

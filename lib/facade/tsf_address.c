/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Get_address, MPI_Aint_add, MPI_Aint_diff. */
#include "typeshim_config.h"

#include "facade/tsf.h"
#include "layer/tsl.h"

TSU_WEAK_ALIAS(MPI_Get_address, PMPI_Get_address)
TSU_WEAK_ALIAS(MPI_Aint_add, PMPI_Aint_add)
TSU_WEAK_ALIAS(MPI_Aint_diff, PMPI_Aint_diff)

int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    TSL_PASS(Get_address, (location, address));
    const char *fn = "MPI_Get_address";
    int rc;

    TSF_CHECK_PTR(address, "address");
    *address = (MPI_Aint)(uintptr_t)location;
    return MPI_SUCCESS;
fn_fail:
    return tsf_raise(rc);
}

/* Address arithmetic wraps like the machine's (MPI-3.1 §4.1.12). */
MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    TSL_PASS(Aint_add, (base, disp));
    return (MPI_Aint)((uintptr_t)base + (uintptr_t)disp);
}

MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    TSL_PASS(Aint_diff, (addr1, addr2));
    return (MPI_Aint)((uintptr_t)addr1 - (uintptr_t)addr2);
}

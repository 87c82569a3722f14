/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI-1 MPI_Type_extent, MPI_Type_lb, MPI_Type_ub and MPI_Address. */
#include "typeshim_config.h"

#include "tsc.h"

TSU_WEAK_ALIAS(MPI_Type_extent, PMPI_Type_extent)
TSU_WEAK_ALIAS(MPI_Type_lb, PMPI_Type_lb)
TSU_WEAK_ALIAS(MPI_Type_ub, PMPI_Type_ub)
TSU_WEAK_ALIAS(MPI_Address, PMPI_Address)

int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
    TSL_PASS(Type_extent, (datatype, extent));
    MPI_Aint lb;
    int rc;

    TSC_CALL_AS("MPI_Type_extent", PMPI_Type_get_extent(datatype, &lb, extent));
    return rc;
}

int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
    TSL_PASS(Type_lb, (datatype, displacement));
    MPI_Aint extent;
    int rc;

    TSC_CALL_AS("MPI_Type_lb", PMPI_Type_get_extent(datatype, displacement, &extent));
    return rc;
}

int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
    TSL_PASS(Type_ub, (datatype, displacement));
    MPI_Aint lb, extent;
    int rc;

    /* a NULL displacement must fail as get_extent's NULL would */
    TSC_CALL_AS("MPI_Type_ub", PMPI_Type_get_extent(datatype, displacement ? &lb : NULL, &extent));
    if (rc == MPI_SUCCESS)
        *displacement = lb + extent;
    return rc;
}

int PMPI_Address(void *location, MPI_Aint *address)
{
    TSL_PASS(Address, (location, address));
    int rc;

    TSC_CALL_AS("MPI_Address", PMPI_Get_address(location, address));
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI-1 MPI_Type_extent, MPI_Type_lb, MPI_Type_ub and MPI_Address. */
#include "typeshim_config.h"

#include "tsc.h"

int tsf_api_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
    MPI_Aint lb;
    int rc;

    TSC_CALL_AS("MPI_Type_extent", tsf_api_Type_get_extent(datatype, &lb, extent));
    return rc;
}

int tsf_api_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
    MPI_Aint extent;
    int rc;

    TSC_CALL_AS("MPI_Type_lb", tsf_api_Type_get_extent(datatype, displacement, &extent));
    return rc;
}

int tsf_api_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
    MPI_Aint lb, extent;
    int rc;

    /* a NULL displacement must fail as get_extent's NULL would */
    TSC_CALL_AS("MPI_Type_ub",
                tsf_api_Type_get_extent(datatype, displacement ? &lb : NULL, &extent));
    if (rc == MPI_SUCCESS)
        *displacement = lb + extent;
    return rc;
}

int tsf_api_Address(void *location, MPI_Aint *address)
{
    int rc;

    TSC_CALL_AS("MPI_Address", tsf_api_Get_address(location, address));
    return rc;
}

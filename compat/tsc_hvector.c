/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI-1 MPI_Type_hvector and MPI_Type_hindexed, removed in MPI-3. */
#include "typeshim_config.h"

#include "tsc.h"

int tsf_api_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                         MPI_Datatype *newtype)
{
    int rc;

    TSC_CALL_AS("MPI_Type_hvector",
                tsf_api_Type_create_hvector(count, blocklength, stride, oldtype, newtype));
    return rc;
}

int tsf_api_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                          MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    TSC_CALL_AS("MPI_Type_hindexed",
                tsf_api_Type_create_hindexed(count, array_of_blocklengths, array_of_displacements,
                                             oldtype, newtype));
    return rc;
}

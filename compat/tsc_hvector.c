/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI-1 MPI_Type_hvector and MPI_Type_hindexed, removed in MPI-3. */
#include "typeshim_config.h"

#include "tsc.h"

TSU_WEAK_ALIAS(MPI_Type_hvector, PMPI_Type_hvector)
TSU_WEAK_ALIAS(MPI_Type_hindexed, PMPI_Type_hindexed)

int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                      MPI_Datatype *newtype)
{
    TSL_PASS(Type_hvector, (count, blocklength, stride, oldtype, newtype));
    int rc;

    TSC_CALL_AS("MPI_Type_hvector",
                PMPI_Type_create_hvector(count, blocklength, stride, oldtype, newtype));
    return rc;
}

int PMPI_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    TSL_PASS(Type_hindexed,
             (count, array_of_blocklengths, array_of_displacements, oldtype, newtype));
    int rc;

    TSC_CALL_AS("MPI_Type_hindexed",
                PMPI_Type_create_hindexed(count, array_of_blocklengths, array_of_displacements,
                                          oldtype, newtype));
    return rc;
}

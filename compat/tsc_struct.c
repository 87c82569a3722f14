/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI-1 MPI_Type_struct, removed in MPI-3: MPI_Type_create_struct with the
 * MPI-1 prototype (MPI_LB/MPI_UB markers are honoured by the engine). */
#include "typeshim_config.h"

#include "tsc.h"

int tsf_api_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                        MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    int rc;

    TSC_CALL_AS("MPI_Type_struct",
                tsf_api_Type_create_struct(count, array_of_blocklengths, array_of_displacements,
                                           array_of_types, newtype));
    return rc;
}

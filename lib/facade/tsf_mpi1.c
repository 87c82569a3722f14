/* SPDX-License-Identifier: BSD-3-Clause */
/* The MPI-1 functions MPI-3 removed (MPI-3.0 §2.6.1: MPI_Type_struct,
 * MPI_Type_hvector, MPI_Type_hindexed, MPI_Type_extent, MPI_Type_lb,
 * MPI_Type_ub, MPI_Address), each a call of its modern replacement under
 * the MPI-1 name, so that "MPI_Type_struct: argument count=-1 ..." names
 * what the program called.  MPI_LB/MPI_UB markers need nothing here: the
 * engine honours them. */
#include "typeshim_config.h"

#include "facade/tsf.h"

/* Runs `call` (an int expression) with error messages naming `mpi1_name`. */
#define CALL_AS(mpi1_name, call)                                                                   \
    do {                                                                                           \
        const char *prev_ = tsf_call_as(mpi1_name);                                                \
        rc = (call);                                                                               \
        tsf_call_as(prev_);                                                                        \
    } while (0)

int tsf_api_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                        MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    int rc;

    CALL_AS("MPI_Type_struct",
            tsf_api_Type_create_struct(count, array_of_blocklengths, array_of_displacements,
                                       array_of_types, newtype));
    return rc;
}

int tsf_api_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype,
                         MPI_Datatype *newtype)
{
    int rc;

    CALL_AS("MPI_Type_hvector",
            tsf_api_Type_create_hvector(count, blocklength, stride, oldtype, newtype));
    return rc;
}

int tsf_api_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[],
                          MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    CALL_AS("MPI_Type_hindexed",
            tsf_api_Type_create_hindexed(count, array_of_blocklengths, array_of_displacements,
                                         oldtype, newtype));
    return rc;
}

int tsf_api_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
    MPI_Aint lb;
    int rc;

    CALL_AS("MPI_Type_extent", tsf_api_Type_get_extent(datatype, &lb, extent));
    return rc;
}

int tsf_api_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
    MPI_Aint extent;
    int rc;

    CALL_AS("MPI_Type_lb", tsf_api_Type_get_extent(datatype, displacement, &extent));
    return rc;
}

int tsf_api_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
    MPI_Aint lb, extent;
    int rc;

    /* a NULL displacement must fail as get_extent's NULL would */
    CALL_AS("MPI_Type_ub", tsf_api_Type_get_extent(datatype, displacement ? &lb : NULL, &extent));
    if (rc == MPI_SUCCESS)
        *displacement = lb + extent;
    return rc;
}

int tsf_api_Address(void *location, MPI_Aint *address)
{
    int rc;

    CALL_AS("MPI_Address", tsf_api_Get_address(location, address));
    return rc;
}

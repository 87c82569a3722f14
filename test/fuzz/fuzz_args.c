/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_args.c - placeholder for the argument fuzzer: it only sizes the
 * input as a contiguous type of MPI_BYTE, so that the build rules have
 * their third target.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>

#include <mpi.h>

#include "typeshim.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    long live = typeshim_live_types();
    MPI_Datatype t;
    MPI_Count s;

    (void)data;
    if (MPI_Type_contiguous_c((MPI_Count)size, MPI_BYTE, &t) != MPI_SUCCESS)
        abort();
    if (MPI_Type_size_c(t, &s) != MPI_SUCCESS || s != (MPI_Count)size)
        abort();
    if (MPI_Type_free(&t) != MPI_SUCCESS || typeshim_live_types() != live)
        abort();
    return 0;
}

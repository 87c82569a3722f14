/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsc: the MPI-1 functions MPI-3 removed, each a call of its modern
 * replacement.  The only façade hook used is the error-message alias, so
 * that "MPI_Type_struct: argument count=-1 ..." names what the program
 * called.
 */
#ifndef TSC_H
#define TSC_H

#include "facade/tsf.h"

/* Runs `call` (an int expression) with error messages naming `mpi1_name`. */
#define TSC_CALL_AS(mpi1_name, call)                                                               \
    do {                                                                                           \
        const char *prev_ = tsf_call_as(mpi1_name);                                                \
        rc = (call);                                                                               \
        tsf_call_as(prev_);                                                                        \
    } while (0)

#endif /* TSC_H */

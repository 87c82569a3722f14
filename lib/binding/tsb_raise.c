/* SPDX-License-Identifier: BSD-3-Clause */
/* The one way errors are raised (tsb.h). */
#include "typeshim_config.h"

#include <stdio.h>
#include <stdlib.h>

#include "binding/tsb.h"
#include "layer/tsl.h"

/* libtypeshim-serial's, when the program links it; a weak reference keeps
 * libtypeshim free of a hard dependency. */
extern int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode) __attribute__((weak));

static int raise_standalone(MPI_Comm comm, int code)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    if (PMPI_Comm_call_errhandler) {
        /* returns only when the handler does (MPI_ERRORS_RETURN, user) */
        PMPI_Comm_call_errhandler(comm == MPI_COMM_SELF ? MPI_COMM_SELF : MPI_COMM_WORLD, code);
        return code;
    }
    /* no MPI runtime at all: MPI_ERRORS_ARE_FATAL, in one process (rank
     * 0), with the prefix layered mode prints for rank R */
    typeshim_error_message(code, msg, &len);
    fflush(stdout);
    fprintf(stderr, "typeshim: rank 0: fatal error: %s\n", msg);
    abort();
}

int tsb_raise(int code)
{
    return tsb_raise_on(TSB_ON_WORLD, NULL, code);
}

int tsb_raise_on(enum tsb_on on, const void *obj, int code)
{
    if (tsl_mode() == TSL_STANDALONE)
        /* one process, no windows or files: the communicator's handler */
        return raise_standalone(on == TSB_ON_COMM ? *(const MPI_Comm *)obj : MPI_COMM_WORLD, code);
    switch (on) {
    case TSB_ON_COMM:
        return tsl_raise_on_comm(*(const MPI_Comm *)obj, code);
    case TSB_ON_WIN:
        return tsl_raise_on_win(*(const MPI_Win *)obj, code);
    case TSB_ON_FILE:
        return tsl_raise_on_file(*(const MPI_File *)obj, code);
    default:
        return tsl_raise_on_comm(MPI_COMM_WORLD, code);
    }
}

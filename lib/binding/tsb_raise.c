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

static int raise_standalone(int code)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    if (PMPI_Comm_call_errhandler) {
        /* returns only when the handler does (MPI_ERRORS_RETURN, user) */
        PMPI_Comm_call_errhandler(MPI_COMM_WORLD, code);
        return code;
    }
    /* no MPI runtime at all: MPI_ERRORS_ARE_FATAL */
    typeshim_error_message(code, msg, &len);
    fflush(stdout);
    fprintf(stderr, "typeshim: fatal error: %s\n", msg);
    abort();
}

int tsb_raise(int code)
{
    return tsl_mode() == TSL_STANDALONE ? raise_standalone(code) : tsl_raise(code);
}

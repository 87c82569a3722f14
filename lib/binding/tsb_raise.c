/* SPDX-License-Identifier: BSD-3-Clause */
/* The one way errors are raised (tsb.h). */
#include "typeshim_config.h"

#include <stdio.h>
#include <stdlib.h>

#include "binding/tsb.h"
#include "facade/tsf.h"
#include "layer/tsl.h"

/* Here, in the object of raise_standalone (which calls down through what
 * it stores), so that a static link that raises any error also has it:
 * libtypeshim-serial references it weakly. */
int typeshim_runtime_attach(int (*raise)(MPI_Comm comm, int errorcode))
{
    tsf_runtime_attach(raise);
    return MPI_SUCCESS;
}

static int raise_standalone(MPI_Comm comm, int code)
{
    tsf_raise_fn *runtime = tsf_runtime_raise();
    char msg[MPI_MAX_ERROR_STRING];
    int len;

    if (runtime) {
        /* returns only when the handler does (MPI_ERRORS_RETURN, user) */
        runtime(comm == MPI_COMM_SELF ? MPI_COMM_SELF : MPI_COMM_WORLD, code);
        return code;
    }
    /* no MPI runtime at all: MPI_ERRORS_ARE_FATAL, in one process (rank
     * 0), with the prefix layered mode prints for rank R */
    tsf_error_message(code, msg, &len);
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
    /* one process: the runtime defines every file call, so a file call
     * reaches libtypeshim's wrapper only through a misordered static link
     * (tsb_no_next); its error goes back as MPI_FILE_NULL's default
     * handler, MPI_ERRORS_RETURN (MPI-4.1 section 14.7), would have it,
     * the others to the communicator's handler */
    if (tsl_mode() == TSL_STANDALONE && on == TSB_ON_FILE && tsf_runtime_present())
        return code;
    if (tsl_mode() == TSL_STANDALONE)
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

int tsb_no_next(enum tsb_on on, const void *obj, const char *fn)
{
    /* the runtime defines every one-sided and file call: reaching this
     * stub means a static link put libtypeshim before it */
    if (tsf_runtime_present() && tsl_mode() == TSL_STANDALONE &&
        (on == TSB_ON_WIN || on == TSB_ON_FILE))
        return tsb_raise_on(on, obj,
                            tsf_err(on == TSB_ON_WIN ? MPI_ERR_WIN : MPI_ERR_FILE, fn,
                                    "libtypeshim's wrapper was linked instead of the "
                                    "single-process runtime's function: link "
                                    "-ltypeshim-serial before -ltypeshim"));
    return tsb_raise_on(on, obj, tsl_no_next(fn));
}

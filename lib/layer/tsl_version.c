/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Get_library_version over MPICH (tsl.h): the program learns that
 * typeshim answers its datatype calls and which MPI moves its messages,
 * "typeshim 0.2.0 (layered) over: MPICH Version: ...".  Disabled, or
 * standalone, the next layer's string is passed on unchanged (the
 * single-process runtime names itself and typeshim).  MPI-4.1 section
 * 9.1.1: the function may be called before MPI_Init and after
 * MPI_Finalize, as MPICH's may. */
#include "typeshim_config.h"

#include <stdio.h>
#include <string.h>

#include "layer/tsl.h"
#include "layer/tsl_api.h"

#define PREFIX "typeshim %s (layered) over: "

/* The next layer's string behind typeshim's prefix, cut to
 * MPI_MAX_LIBRARY_VERSION_STRING - 1 characters (MPICH's alone may fill
 * that much). */
static int prefixed(__typeof__(MPI_Get_library_version) *next_fn, char *version, int *resultlen)
{
    char next[MPI_MAX_LIBRARY_VERSION_STRING + 1] = "";
    int n = 0, rc = next_fn(next, &n);

    if (rc != MPI_SUCCESS)
        return rc;
    next[MPI_MAX_LIBRARY_VERSION_STRING] = '\0';
    n = snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING, PREFIX "%s", tsf_version(), next);
    *resultlen = n < MPI_MAX_LIBRARY_VERSION_STRING ? n : MPI_MAX_LIBRARY_VERSION_STRING - 1;
    return MPI_SUCCESS;
}

int tsl_api_Get_library_version(char *version, int *resultlen)
{
    __typeof__(MPI_Get_library_version) *next_fn = TSL_WRAP_NEXT(Get_library_version);

    if (!next_fn && version && resultlen) { /* no runtime: typeshim is all there is */
        *resultlen = snprintf(version, MPI_MAX_LIBRARY_VERSION_STRING,
                              "typeshim %s (libtypeshim alone, no MPI runtime)", tsf_version());
        return MPI_SUCCESS;
    }
    if (!next_fn)
        return tsl_no_next("MPI_Get_library_version");
    /* NULL arguments: the next layer's error, raised by it */
    if (tsl_mode() != TSL_LAYERED || !version || !resultlen)
        return next_fn(version, resultlen);
    return prefixed(next_fn, version, resultlen);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The leak report of a standalone process: with TYPESHIM_LEAKS (or
 * TYPESHIM_CHECK) set to anything but "" or "0", MPI_Finalize lists on
 * standard error the derived datatypes the program never freed, as
 * libtypeshim does over MPICH (it writes both: typeshim_leak_report). */
#include "typeshim_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

static int env_on(const char *name)
{
    const char *v = getenv(name);

    return v && *v && strcmp(v, "0") != 0;
}

void tss_leak_report(void)
{
    /* typeshim_leak_report is weak (tss.h): absent, nothing to list */
    if (!typeshim_leak_report || !(env_on("TYPESHIM_LEAKS") || env_on("TYPESHIM_CHECK")))
        return;
    fflush(stdout);
    typeshim_leak_report(stderr, 0);
}

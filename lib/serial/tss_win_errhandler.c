/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Error handlers of windows (MPI-4.1 section 9.3.2):
 * MPI_Win_create_errhandler, MPI_Win_set_errhandler,
 * MPI_Win_get_errhandler, MPI_Win_call_errhandler.  The handler objects
 * are tss_errhandler.c's, which keeps what kind each was made for: one
 * made for communicators is refused here, and the other way round.
 */
#include "typeshim_config.h"

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_win_priv.h"

TSS_WEAK_ALIAS(MPI_Win_create_errhandler, PMPI_Win_create_errhandler)
int PMPI_Win_create_errhandler(MPI_Win_errhandler_function *win_errhandler_fn,
                               MPI_Errhandler *errhandler)
{
    return tss_eh_create("MPI_Win_create_errhandler", TSS_EH_WIN, (tss_eh_fn *)win_errhandler_fn,
                         "win_errhandler_fn", errhandler);
}

TSS_WEAK_ALIAS(MPI_Win_set_errhandler, PMPI_Win_set_errhandler)
int PMPI_Win_set_errhandler(MPI_Win win, MPI_Errhandler errhandler)
{
    const char *fn = "MPI_Win_set_errhandler";
    tss_win_rec *w;
    tss_error e;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = tss_eh_set(fn, TSS_EH_WIN, &w->eh, errhandler, &e)) != MPI_SUCCESS)
        return tss_raise_win(win, rc, "%s", e.text);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_get_errhandler, PMPI_Win_get_errhandler)
int PMPI_Win_get_errhandler(MPI_Win win, MPI_Errhandler *errhandler)
{
    const char *fn = "MPI_Win_get_errhandler";
    tss_win_rec *w;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!errhandler)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(errhandler=NULL): Invalid argument", fn);
    *errhandler = tss_eh_get(&w->eh);
    return MPI_SUCCESS;
}

/* MPI_SUCCESS when the handler returns (MPI-4.1 section 9.3.6). */
TSS_WEAK_ALIAS(MPI_Win_call_errhandler, PMPI_Win_call_errhandler)
int PMPI_Win_call_errhandler(MPI_Win win, int errorcode)
{
    tss_win_rec *w;
    int rc = tss_win_check("MPI_Win_call_errhandler", win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    tss_win_call_errhandler(win, errorcode);
    return MPI_SUCCESS;
}

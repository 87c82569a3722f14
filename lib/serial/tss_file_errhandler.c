/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Error handlers of files (MPI-4.1 sections 9.3.3 and 14.7):
 * MPI_File_create_errhandler, MPI_File_set_errhandler,
 * MPI_File_get_errhandler, MPI_File_call_errhandler.  MPI_FILE_NULL has a
 * handler of its own, which MPI_File_open's errors and those of calls
 * given no file reach, and which a file gets when it is opened; it is
 * MPI_ERRORS_RETURN until the program sets another.
 */
#include "typeshim_config.h"

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_file_priv.h"

TSS_WEAK_ALIAS(MPI_File_create_errhandler, PMPI_File_create_errhandler)
int PMPI_File_create_errhandler(MPI_File_errhandler_function *file_errhandler_fn,
                                MPI_Errhandler *errhandler)
{
    return tss_eh_create("MPI_File_create_errhandler", TSS_EH_FILE, (tss_eh_fn *)file_errhandler_fn,
                         "file_errhandler_fn", errhandler);
}

/* MPI_SUCCESS with *f the open file fh names, or with *f NULL for
 * MPI_FILE_NULL; the error raised otherwise. */
static int file_or_null(const char *fn, MPI_File fh, tss_file_rec **f)
{
    int rc;

    *f = NULL;
    if (fh != MPI_FILE_NULL)
        return tss_file_check(fn, fh, f);
    rc = tss_check_init(fn);
    return rc;
}

TSS_WEAK_ALIAS(MPI_File_set_errhandler, PMPI_File_set_errhandler)
int PMPI_File_set_errhandler(MPI_File file, MPI_Errhandler errhandler)
{
    const char *fn = "MPI_File_set_errhandler";
    tss_file_rec *f;
    tss_error e;
    int rc = file_or_null(fn, file, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = tss_eh_set(fn, TSS_EH_FILE, tss_file_eh(file), errhandler, &e)) != MPI_SUCCESS)
        return tss_raise_file(file, rc, "%s", e.text);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_File_get_errhandler, PMPI_File_get_errhandler)
int PMPI_File_get_errhandler(MPI_File file, MPI_Errhandler *errhandler)
{
    const char *fn = "MPI_File_get_errhandler";
    tss_file_rec *f;
    int rc = file_or_null(fn, file, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!errhandler)
        return tss_raise_file(file, MPI_ERR_ARG, "%s(errhandler=NULL): Invalid argument", fn);
    *errhandler = tss_eh_get(tss_file_eh(file));
    return MPI_SUCCESS;
}

/* MPI_SUCCESS when the handler returns (MPI-4.1 section 9.3.6). */
TSS_WEAK_ALIAS(MPI_File_call_errhandler, PMPI_File_call_errhandler)
int PMPI_File_call_errhandler(MPI_File fh, int errorcode)
{
    tss_file_rec *f;
    int rc = file_or_null("MPI_File_call_errhandler", fh, &f);

    if (rc != MPI_SUCCESS)
        return rc;
    tss_file_call_errhandler(fh, errorcode);
    return MPI_SUCCESS;
}

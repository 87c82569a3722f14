/* SPDX-License-Identifier: BSD-3-Clause */
/* attach_prog CASE: a standalone program for check_attach.sh, linked with
 * libtypeshim-serial shared (attach_prog) and static (attach_prog_static).
 * libtypeshim raises its errors through the runtime that attached itself
 * (typeshim_runtime_attach), which libtypeshim-serial does when loaded.
 *   pre       a datatype error before MPI_Init: the runtime's fatal
 *             handler stops the program (exit status: the class)
 *   return    after MPI_Init, MPI_ERRORS_RETURN: the call returns the
 *             code, MPI_Error_string gives its message
 *   user      after MPI_Init, a user handler gets the code
 *   own       the program attaches a raise function of its own, which
 *             gets the error, then detaches it: the next error is
 *             typeshim's own, fatal (abort) */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "typeshim.h"

static int seen_code;
static MPI_Comm seen_comm = MPI_COMM_NULL;

static void on_error(MPI_Comm *comm, int *code, ...)
{
    seen_comm = *comm;
    seen_code = *code;
}

static int own_raise(MPI_Comm comm, int code)
{
    seen_comm = comm;
    seen_code = code;
    return MPI_SUCCESS;
}

/* MPI_ERR_COUNT: a negative count. */
static int bad_call(void)
{
    MPI_Datatype t = MPI_DATATYPE_NULL;

    return MPI_Type_contiguous(-1, MPI_INT, &t);
}

static int check_code(const char *what, int rc)
{
    char msg[MPI_MAX_ERROR_STRING];
    int cls = -1, len = 0;

    MPI_Error_class(rc, &cls);
    MPI_Error_string(rc, msg, &len);
    printf("%s: class %d: %s\n", what, cls, msg);
    return cls == MPI_ERR_COUNT && strstr(msg, "MPI_Type_contiguous") ? 0 : 1;
}

static int case_return(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    return check_code("return", bad_call());
}

static int case_user(void)
{
    MPI_Errhandler eh;
    int rc;

    MPI_Comm_create_errhandler(on_error, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Errhandler_free(&eh);
    rc = bad_call();
    if (seen_comm != MPI_COMM_WORLD || seen_code != rc)
        return 1;
    return check_code("user", rc);
}

static int case_own(void)
{
    int rc;

    if (typeshim_runtime_attach(own_raise) != MPI_SUCCESS)
        return 1;
    rc = bad_call();
    if (seen_comm != MPI_COMM_WORLD || seen_code != rc || check_code("own", rc))
        return 1;
    typeshim_runtime_attach(NULL);
    fflush(stdout);
    bad_call(); /* typeshim's message, then abort() */
    return 1;
}

int main(int argc, char **argv)
{
    const char *c = argc > 1 ? argv[1] : "";
    int rc = 2;

    if (!strcmp(c, "pre")) {
        bad_call(); /* fatal: the runtime's MPI_ERRORS_ARE_FATAL */
        printf("attach_prog pre: the error returned\n");
        return 1;
    }
    MPI_Init(&argc, &argv);
    if (!strcmp(c, "return"))
        rc = case_return();
    else if (!strcmp(c, "user"))
        rc = case_user();
    else if (!strcmp(c, "own"))
        rc = case_own();
    MPI_Finalize();
    if (rc == 0)
        printf("attach_prog %s: done\n", c);
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* leak_prog CASE: a standalone program for check_leaks.sh, which reads the
 * leak report its MPI_Finalize writes under TYPESHIM_LEAKS.
 *   two   leaks two vectors, one named "my_vector"; frees a third
 *   none  frees every type it makes, also one a pending receive held
 *         when it was freed, and one the program holds as a runtime would
 *         (typeshim_type_hold) until after MPI_Finalize */
#include <mpi.h>
#include <stdio.h>
#include <string.h>

#include "typeshim.h"

static int leak_two(void)
{
    MPI_Datatype a, b, c;

    MPI_Type_vector(2, 1, 2, MPI_INT, &a);
    MPI_Type_set_name(a, "my_vector");
    MPI_Type_vector(3, 1, 4, MPI_DOUBLE, &b);
    MPI_Type_contiguous(4, MPI_INT, &c);
    MPI_Type_free(&c);
    return 0;
}

/* A receive posted with t, t freed at once (MPI-4.1 section 5.1.9: the
 * receive completes normally), then the message that completes it. */
static int freed_while_pending(void)
{
    int in[3] = {1, 2, 3}, out[3] = {0, 0, 0};
    MPI_Datatype t;
    MPI_Request r;

    MPI_Type_vector(2, 1, 2, MPI_INT, &t);
    MPI_Type_commit(&t);
    MPI_Irecv(out, 1, t, 0, 7, MPI_COMM_WORLD, &r);
    MPI_Type_free(&t);
    MPI_Send(in, 2, MPI_INT, 0, 7, MPI_COMM_WORLD);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    return out[0] == 1 && out[2] == 2 ? 0 : 1;
}

static MPI_Datatype held = MPI_DATATYPE_NULL;

/* A runtime's hold (typeshim_type_hold) of a type the program freed: not
 * the program's, released after MPI_Finalize. */
static int hold_one(void)
{
    MPI_Datatype t;

    MPI_Type_contiguous(2, MPI_INT, &t);
    if (typeshim_type_hold(t, &held) != MPI_SUCCESS)
        return 1;
    MPI_Type_free(&t);
    return 0;
}

int main(int argc, char **argv)
{
    int rc = 2;

    MPI_Init(&argc, &argv);
    if (argc == 2 && strcmp(argv[1], "two") == 0)
        rc = leak_two();
    else if (argc == 2 && strcmp(argv[1], "none") == 0)
        rc = freed_while_pending() || hold_one();
    MPI_Finalize();
    if (held != MPI_DATATYPE_NULL)
        typeshim_type_unhold(held);
    printf("leak_prog %s: done\n", argc == 2 ? argv[1] : "?");
    return rc;
}

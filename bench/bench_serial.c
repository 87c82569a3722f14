/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bench_serial - what the point-to-point and collective calls of a
 * one-process MPI cost: one program built against libtypeshim-serial and
 * against MPICH, run by bench/serial.sh under callgrind, which counts the
 * instructions of the MPI calls of one operation only, deterministic
 * where a timer on this machine is not.
 *
 *   bench_serial OP ITERS
 *
 * OP is one of
 *   sendrecv_double  MPI_Sendrecv of one MPI_DOUBLE to itself
 *   sendrecv_vector  MPI_Sendrecv of a vector(8, 1, 2, MPI_DOUBLE)
 *   irecv_isend      MPI_Irecv + MPI_Isend + MPI_Waitall of that vector
 *   allreduce        MPI_Allreduce of 8 doubles (MPI_SUM) on MPI_COMM_SELF
 * on MPI_COMM_WORLD of one process.  Every iteration sends values of its
 * own and the received ones are checked, so a run that moved nothing, or
 * the wrong elements, fails (exit 1).
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Only the MPI calls are counted: run with --collect-atstart=no, each
 * call is bracketed by toggles (a few instructions outside valgrind). */
#if defined(__has_include)
#if __has_include(<valgrind/callgrind.h>)
#include <valgrind/callgrind.h>
#endif
#endif
#ifndef CALLGRIND_TOGGLE_COLLECT
#define CALLGRIND_TOGGLE_COLLECT
#endif
#define COUNTED(call)                                                                              \
    do {                                                                                           \
        CALLGRIND_TOGGLE_COLLECT;                                                                  \
        call;                                                                                      \
        CALLGRIND_TOGGLE_COLLECT;                                                                  \
    } while (0)

static void fail(const char *op, long i, const char *why)
{
    fprintf(stderr, "bench_serial %s: iteration %ld: %s\n", op, i, why);
    exit(1);
}

static void loop_sendrecv_double(long iters)
{
    for (long i = 0; i < iters; i++) {
        double out = (double)i, in = -1;
        COUNTED(MPI_Sendrecv(&out, 1, MPI_DOUBLE, 0, 1, &in, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD,
                             MPI_STATUS_IGNORE));
        if (in != out)
            fail("sendrecv_double", i, "wrong value received");
    }
}

/* the vector's 8 elements are a[0], a[2], ..., a[14]; the others stay */
static void vector_fill(double *a, long i)
{
    for (int k = 0; k < 16; k++)
        a[k] = (double)(i * 16 + k);
}

static int vector_moved(const double *out, const double *in)
{
    for (int k = 0; k < 16; k++)
        if (in[k] != (k % 2 ? -1.0 : out[k]))
            return 0;
    return 1;
}

static void loop_sendrecv_vector(long iters, MPI_Datatype vec)
{
    double out[16], in[16];

    for (long i = 0; i < iters; i++) {
        vector_fill(out, i);
        for (int k = 0; k < 16; k++)
            in[k] = -1;
        COUNTED(
            MPI_Sendrecv(out, 1, vec, 0, 2, in, 1, vec, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        if (!vector_moved(out, in))
            fail("sendrecv_vector", i, "wrong elements received");
    }
}

static void loop_irecv_isend(long iters, MPI_Datatype vec)
{
    double out[16], in[16];
    MPI_Request r[2];
    /* statuses written, not MPI_STATUSES_IGNORE, which gcc takes for an
     * array of size 0 in MPICH's prototype (-Wstringop-overflow) */
    MPI_Status st[2];

    for (long i = 0; i < iters; i++) {
        vector_fill(out, i);
        for (int k = 0; k < 16; k++)
            in[k] = -1;
        COUNTED({
            MPI_Irecv(in, 1, vec, 0, 3, MPI_COMM_WORLD, &r[0]);
            MPI_Isend(out, 1, vec, 0, 3, MPI_COMM_WORLD, &r[1]);
            MPI_Waitall(2, r, st);
        });
        if (!vector_moved(out, in))
            fail("irecv_isend", i, "wrong elements received");
    }
}

static void loop_allreduce(long iters)
{
    double out[8], in[8];

    for (long i = 0; i < iters; i++) {
        for (int k = 0; k < 8; k++) {
            out[k] = (double)(i + k);
            in[k] = -1;
        }
        COUNTED(MPI_Allreduce(out, in, 8, MPI_DOUBLE, MPI_SUM, MPI_COMM_SELF));
        if (memcmp(in, out, sizeof in) != 0)
            fail("allreduce", i, "wrong sum");
    }
}

int main(int argc, char **argv)
{
    MPI_Datatype vec;
    const char *op;
    long iters;

    if (argc != 3 || (iters = atol(argv[2])) < 0) {
        fprintf(stderr, "usage: bench_serial OP ITERS\n");
        return 2;
    }
    op = argv[1];
    MPI_Init(&argc, &argv);
    MPI_Type_vector(8, 1, 2, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    if (!strcmp(op, "sendrecv_double"))
        loop_sendrecv_double(iters);
    else if (!strcmp(op, "sendrecv_vector"))
        loop_sendrecv_vector(iters, vec);
    else if (!strcmp(op, "irecv_isend"))
        loop_irecv_isend(iters, vec);
    else if (!strcmp(op, "allreduce"))
        loop_allreduce(iters);
    else {
        fprintf(stderr, "bench_serial: unknown operation %s\n", op);
        return 2;
    }
    MPI_Type_free(&vec);
    MPI_Finalize();
    return 0;
}

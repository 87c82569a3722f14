/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * bench_comm - what the datatype checks of layered mode cost on a
 * communication call.  A plain MPICH program, run by bench/comm.sh on one
 * rank, alone and with libtypeshim preloaded: each case is
 * MPI_Sendrecv of 8 bytes to the process itself (two datatype arguments,
 * two checks), timed over ITERS calls, best of REPS; the received value is
 * verified.  Output: one line per case, "<case> <ns per call>".
 */
#include <mpi.h>
#include <stdio.h>
#include <stdlib.h>

#define ITERS 200000
#define REPS  7

static double run(MPI_Datatype t, int count)
{
    double best = 1e30, in = 0, out = 0;

    for (int r = 0; r < REPS; r++) {
        double t0 = MPI_Wtime();
        for (int i = 0; i < ITERS; i++) {
            out = i;
            MPI_Sendrecv(&out, count, t, 0, 0, &in, count, t, 0, 0, MPI_COMM_SELF,
                         MPI_STATUS_IGNORE);
        }
        double dt = (MPI_Wtime() - t0) / ITERS * 1e9;
        if (in != out) {
            fprintf(stderr, "bench_comm: received %g, sent %g\n", in, out);
            exit(1);
        }
        if (dt < best)
            best = dt;
    }
    return best;
}

int main(int argc, char **argv)
{
    MPI_Datatype derived;

    MPI_Init(&argc, &argv);
    MPI_Type_contiguous(1, MPI_DOUBLE, &derived);
    MPI_Type_commit(&derived);
    printf("sendrecv_double %.1f\n", run(MPI_DOUBLE, 1));
    printf("sendrecv_derived %.1f\n", run(derived, 1));
    printf("sendrecv_bytes %.1f\n", run(MPI_BYTE, 8));
    MPI_Type_free(&derived);
    MPI_Finalize();
    return 0;
}

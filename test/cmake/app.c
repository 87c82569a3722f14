/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * app.c - the program of the README's CMake example, an ordinary MPI
 * program (mpi.h only) that make installcheck builds against the installed
 * typeshim: with CMake (typeshim::serial, typeshim::typeshim, and
 * find_package(MPI) over typeshim-cc) and with pkg-config.
 *
 * Each rank builds the vector type "every other double of 8", checks its
 * size and extent, and sends one of it around the ring of MPI_COMM_WORLD
 * (to itself on one process), received as 4 contiguous doubles.  It prints
 * "app: rank R of N: ok (size 32, extent 56, received 0 3 6 9)" and exits
 * 0, or "app: rank R of N: FAILED (...)" and exits 1.
 */
#include <stdio.h>

#include <mpi.h>

int main(int argc, char **argv)
{
    double src[8], dst[4] = {-1, -1, -1, -1};
    MPI_Datatype every_other;
    MPI_Aint lb, extent;
    int rank, nprocs, size, ok;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    for (int i = 0; i < 8; i++)
        src[i] = 1.5 * i;
    MPI_Type_vector(4, 1, 2, MPI_DOUBLE, &every_other);
    MPI_Type_commit(&every_other);
    MPI_Type_size(every_other, &size);
    MPI_Type_get_extent(every_other, &lb, &extent);
    MPI_Sendrecv(src, 1, every_other, (rank + 1) % nprocs, 7, dst, 4, MPI_DOUBLE,
                 (rank + nprocs - 1) % nprocs, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Type_free(&every_other);
    ok = size == 4 * (int)sizeof(double) && lb == 0 && extent == 7 * (MPI_Aint)sizeof(double) &&
         dst[0] == 0 && dst[1] == 3 && dst[2] == 6 && dst[3] == 9;
    printf("app: rank %d of %d: %s (size %d, extent %ld, received %g %g %g %g)\n", rank, nprocs,
           ok ? "ok" : "FAILED", size, (long)extent, dst[0], dst[1], dst[2], dst[3]);
    MPI_Finalize();
    return ok ? 0 : 1;
}

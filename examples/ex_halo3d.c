/* SPDX-License-Identifier: BSD-3-Clause */
/* A 3-D halo exchange with subarray datatypes.  The periodic domain
 * (4 x nprocs) x 3 x 3 is cut along x; each rank holds its 4 x 3 x 3 cells
 * inside a 6 x 5 x 5 array with one ghost layer all around.  Each face is
 * an MPI_Type_create_subarray of that array; each direction is one
 * MPI_Sendrecv (send the last interior plane up, receive the low ghost
 * plane from below, and back).  Along x the partners are the neighbour
 * ranks; along y and z, and along x on one process, a rank is its own
 * neighbour.  Every cell holds a function of its global coordinates, so
 * every ghost cell can be checked against the cell it copies. */
#include <stdio.h>

#include "ex_common.h"

enum { NX = 4, NY = 3, NZ = 3 };
#define AT(a, x, y, z) a[((x) * (NY + 2) + (y)) * (NZ + 2) + (z)]

/* The value of global cell (gx, gy, gz); periodic in every direction. */
static double cell(int gx, int gy, int gz, int nprocs)
{
    gx = (gx + NX * nprocs) % (NX * nprocs);
    gy = (gy + NY) % NY;
    gz = (gz + NZ) % NZ;
    return 10000.0 * gx + 100.0 * gy + gz + 1;
}

/* The face of dimension dim at plane `at` (0 and n+1 are ghost planes). */
static MPI_Datatype face(int dim, int at)
{
    int sizes[3] = {NX + 2, NY + 2, NZ + 2}, sub[3] = {NX, NY, NZ}, start[3] = {1, 1, 1};
    MPI_Datatype t;

    sub[dim] = 1;
    start[dim] = at;
    MPI_Type_create_subarray(3, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    return t;
}

int main(int argc, char **argv)
{
    static const char axis[3] = {'x', 'y', 'z'};
    const int n[3] = {NX, NY, NZ};
    double a[(NX + 2) * (NY + 2) * (NZ + 2)];
    int rank, nprocs, checked = 0;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    ex_banner(rank, nprocs, "a 3-D halo exchange with subarray types",
              "each rank: 4 x 3 x 3 cells in a 6 x 5 x 5 array of doubles, "
              "faces = MPI_Type_create_subarray");

    for (int x = 0; x < NX + 2; x++)
        for (int y = 0; y < NY + 2; y++)
            for (int z = 0; z < NZ + 2; z++) {
                int inside = x >= 1 && x <= NX && y >= 1 && y <= NY && z >= 1 && z <= NZ;
                AT(a, x, y, z) = inside ? cell(rank * NX + x - 1, y - 1, z - 1, nprocs) : -1;
            }

    for (int d = 0; d < 3; d++) {
        MPI_Datatype send_lo = face(d, 1), send_hi = face(d, n[d]);
        MPI_Datatype ghost_lo = face(d, 0), ghost_hi = face(d, n[d] + 1);
        int up = d == 0 ? (rank + 1) % nprocs : rank;
        int down = d == 0 ? (rank + nprocs - 1) % nprocs : rank;

        MPI_Sendrecv(a, 1, send_hi, up, 2 * d, a, 1, ghost_lo, down, 2 * d, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        MPI_Sendrecv(a, 1, send_lo, down, 2 * d + 1, a, 1, ghost_hi, up, 2 * d + 1, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE);
        if (rank == nprocs - 1) {
            MPI_Aint tlb, text;
            int size;

            MPI_Type_size(send_hi, &size);
            MPI_Type_get_true_extent(send_hi, &tlb, &text);
            printf("    %c faces: %2d doubles spread over %3ld bytes; up to rank %d, "
                   "down to rank %d\n",
                   axis[d], size / 8, (long)text, up, down);
        }
        MPI_Type_free(&send_lo);
        MPI_Type_free(&send_hi);
        MPI_Type_free(&ghost_lo);
        MPI_Type_free(&ghost_hi);
    }

    /* Every ghost cell of a face holds its periodic source; edges and
     * corners (two or three ghost coordinates) are not exchanged. */
    for (int x = 0; x < NX + 2; x++)
        for (int y = 0; y < NY + 2; y++)
            for (int z = 0; z < NZ + 2; z++) {
                int ghosts =
                    (x == 0 || x == NX + 1) + (y == 0 || y == NY + 1) + (z == 0 || z == NZ + 1);
                double want = ghosts <= 1 ? cell(rank * NX + x - 1, y - 1, z - 1, nprocs) : -1;

                EX_CHECK(AT(a, x, y, z) == want, "rank %d cell (%d,%d,%d) = %g, want %g", rank, x,
                         y, z, AT(a, x, y, z), want);
                checked += ghosts == 1;
            }
    if (rank == nprocs - 1)
        printf("    rank %d: its %d face ghost cells hold their neighbours' values "
               "(low x ghost (0,1,1) = %.0f: global cell (%d,0,0))\n",
               rank, checked, AT(a, 0, 1, 1), (rank * NX + NX * nprocs - 1) % (NX * nprocs));
    MPI_Finalize();
    return ex_wrong;
}

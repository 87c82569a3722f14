/* SPDX-License-Identifier: BSD-3-Clause */
/* A 2-D periodic grid on any number of ranks, with what MPI-4.1 gives such
 * a code: MPI_Dims_create and a periodic MPI_Cart_create, neighbours from
 * MPI_Cart_shift, one ghost layer exchanged by persistent requests
 * (MPI_Send_init/MPI_Recv_init of subarray faces, MPI_Startall), three
 * Jacobi sweeps, the global minimum and maximum with their cells by
 * MPI_Allreduce with MPI_MINLOC/MPI_MAXLOC on the pair type
 * MPI_Type_get_value_index gives, and the whole field assembled on every
 * rank by MPI_Alltoallw from interior subarrays into the blocks of a
 * global subarray.  Every ghost cell is checked against the cell it
 * copies; the program exits 1 on a wrong value.
 *
 * On one process (standalone, libtypeshim-serial) every neighbour is the
 * process itself; over MPICH the same source runs on any number of ranks.
 * MPI_Type_get_value_index is MPI-4.1: typeshim.h declares it, and a
 * program using it over MPICH 4.0.2 links -ltypeshim ahead of -lmpich. */
#include <stdio.h>
#include <stdlib.h>

#include "ex_common.h"

#include "typeshim.h"

enum { NX = 6, NY = 4, SWEEPS = 3 };
#define AT(a, x, y) (a)[(x) * (NY + 2) + (y)]

static int dims[2], coords[2];

/* The start value of global cell (gx, gy), periodic. */
static double start_value(int gx, int gy)
{
    gx = (gx + NX * dims[0]) % (NX * dims[0]);
    gy = (gy + NY * dims[1]) % (NY * dims[1]);
    return (double)((gx * 7 + gy * 13) % 17) + 0.25 * gx - 0.5 * gy;
}

/* A subarray of the (NX+2) x (NY+2) local array: sub cells from start. */
static MPI_Datatype local_block(int sx, int sy, int x0, int y0)
{
    int sizes[2] = {NX + 2, NY + 2}, sub[2] = {sx, sy}, start[2] = {x0, y0};
    MPI_Datatype t;

    MPI_Type_create_subarray(2, sizes, sub, start, MPI_ORDER_C, MPI_DOUBLE, &t);
    MPI_Type_commit(&t);
    return t;
}

int main(int argc, char **argv)
{
    int rank, size, periods[2] = {1, 1}, lo[2], hi[2], bad = 0;
    double *a = calloc((NX + 2) * (NY + 2), sizeof(double));
    double *b = calloc((NX + 2) * (NY + 2), sizeof(double));
    MPI_Datatype send_lo[2], send_hi[2], recv_lo[2], recv_hi[2], pair;
    MPI_Request req[8];
    MPI_Comm grid;

    MPI_Init(&argc, &argv);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    MPI_Dims_create(size, 2, dims);
    MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, 0, &grid);
    MPI_Comm_rank(grid, &rank);
    MPI_Cart_coords(grid, rank, 2, coords);
    for (int d = 0; d < 2; d++)
        MPI_Cart_shift(grid, d, 1, &lo[d], &hi[d]);
    if (rank == 0)
        printf("grid %d x %d of %d x %d cells, periodic\n", dims[0], dims[1], NX, NY);

    /* faces: the first and last interior planes are sent, the ghost planes
     * received; dimension 0 planes are rows, dimension 1 planes columns */
    send_lo[0] = local_block(1, NY, 1, 1);
    send_hi[0] = local_block(1, NY, NX, 1);
    recv_lo[0] = local_block(1, NY, 0, 1);
    recv_hi[0] = local_block(1, NY, NX + 1, 1);
    send_lo[1] = local_block(NX, 1, 1, 1);
    send_hi[1] = local_block(NX, 1, 1, NY);
    recv_lo[1] = local_block(NX, 1, 1, 0);
    recv_hi[1] = local_block(NX, 1, 1, NY + 1);
    for (int d = 0; d < 2; d++) {
        /* up: my last plane to hi, my low ghosts from lo; down: back */
        MPI_Recv_init(a, 1, recv_lo[d], lo[d], 10 + d, grid, &req[4 * d]);
        MPI_Recv_init(a, 1, recv_hi[d], hi[d], 20 + d, grid, &req[4 * d + 1]);
        MPI_Send_init(a, 1, send_hi[d], hi[d], 10 + d, grid, &req[4 * d + 2]);
        MPI_Send_init(a, 1, send_lo[d], lo[d], 20 + d, grid, &req[4 * d + 3]);
    }

    if (rank == 0) {
        int bytes = 0, sz;
        for (int d = 0; d < 2; d++) {
            MPI_Type_size(recv_lo[d], &sz);
            bytes += 2 * sz;
        }
        printf("halo: %d bytes received per sweep\n", bytes);
    }
    for (int x = 1; x <= NX; x++)
        for (int y = 1; y <= NY; y++)
            AT(a, x, y) = start_value(coords[0] * NX + x - 1, coords[1] * NY + y - 1);
    for (int sweep = 0; sweep < SWEEPS; sweep++) {
        double local = 0, total = 0;
        /* the two dimensions one after the other: corners are not used */
        for (int d = 0; d < 2; d++) {
            MPI_Status st[4];
            int n0 = -1, n1 = -1;
            MPI_Startall(4, &req[4 * d]);
            MPI_Waitall(4, &req[4 * d], st);
            /* each receive got one face */
            MPI_Get_count(&st[0], recv_lo[d], &n0);
            MPI_Get_count(&st[1], recv_hi[d], &n1);
            bad += n0 != 1 || n1 != 1;
        }
        for (int x = 1; x <= NX; x++)
            for (int y = 1; y <= NY; y++)
                AT(b, x, y) =
                    0.25 * (AT(a, x - 1, y) + AT(a, x + 1, y) + AT(a, x, y - 1) + AT(a, x, y + 1));
        if (sweep == 0) /* the first ghosts are start values of the neighbours' cells */
            for (int x = 1; x <= NX; x++)
                for (int y = 1; y <= NY; y++) {
                    int gx = coords[0] * NX + x - 1, gy = coords[1] * NY + y - 1;
                    bad += (x == 1 && AT(a, 0, y) != start_value(gx - 1, gy)) ||
                           (x == NX && AT(a, NX + 1, y) != start_value(gx + 1, gy)) ||
                           (y == 1 && AT(a, x, 0) != start_value(gx, gy - 1)) ||
                           (y == NY && AT(a, x, NY + 1) != start_value(gx, gy + 1));
                }
        for (int x = 1; x <= NX; x++)
            for (int y = 1; y <= NY; y++) {
                AT(a, x, y) = AT(b, x, y);
                local += AT(a, x, y);
            }
        MPI_Allreduce(&local, &total, 1, MPI_DOUBLE, MPI_SUM, grid);
        if (rank == 0)
            printf("sweep %d: sum %.6f\n", sweep + 1, total);
    }

    /* the extremes and their global cells: (value, index) pairs */
    {
        struct {
            double v;
            int i;
        } mine[2], all[2];
        mine[0].v = mine[1].v = AT(a, 1, 1);
        mine[0].i = mine[1].i = -1;
        for (int x = 1; x <= NX; x++)
            for (int y = 1; y <= NY; y++) {
                int g = (coords[0] * NX + x - 1) * NY * dims[1] + coords[1] * NY + y - 1;
                if (mine[0].i < 0 || AT(a, x, y) < mine[0].v)
                    mine[0].v = AT(a, x, y), mine[0].i = g;
                if (mine[1].i < 0 || AT(a, x, y) > mine[1].v)
                    mine[1].v = AT(a, x, y), mine[1].i = g;
            }
        MPI_Type_get_value_index(MPI_DOUBLE, MPI_INT, &pair);
        EX_CHECK(pair == MPI_DOUBLE_INT, "the pair of (MPI_DOUBLE, MPI_INT) is MPI_DOUBLE_INT");
        MPI_Allreduce(&mine[0], &all[0], 1, pair, MPI_MINLOC, grid);
        MPI_Allreduce(&mine[1], &all[1], 1, pair, MPI_MAXLOC, grid);
        if (rank == 0)
            printf("min %.6f at cell %d, max %.6f at cell %d\n", all[0].v, all[0].i, all[1].v,
                   all[1].i);
    }

    /* every rank's interior into its block of the global field */
    {
        int gsize[2] = {NX * dims[0], NY * dims[1]}, sub[2] = {NX, NY}, one = 1;
        double *field = calloc((size_t)gsize[0] * gsize[1], sizeof(double)), sum = 0;
        int *counts = malloc(size * sizeof(int)), *displs = calloc(size, sizeof(int));
        MPI_Datatype *stypes = malloc(size * sizeof(MPI_Datatype));
        MPI_Datatype *rtypes = malloc(size * sizeof(MPI_Datatype));
        MPI_Datatype interior = local_block(NX, NY, 1, 1);
        for (int r = 0; r < size; r++) {
            int c[2], start[2];
            MPI_Cart_coords(grid, r, 2, c);
            start[0] = c[0] * NX;
            start[1] = c[1] * NY;
            MPI_Type_create_subarray(2, gsize, sub, start, MPI_ORDER_C, MPI_DOUBLE, &rtypes[r]);
            MPI_Type_commit(&rtypes[r]);
            stypes[r] = interior;
            counts[r] = one;
        }
        MPI_Alltoallw(a, counts, displs, stypes, field, counts, displs, rtypes, grid);
        for (int i = 0; i < gsize[0] * gsize[1]; i++)
            sum += field[i] * (1 + i % 5);
        if (rank == 0)
            printf("assembled field: weighted sum %.6f, corner cells %.6f %.6f\n", sum, field[0],
                   field[gsize[0] * gsize[1] - 1]);
        for (int r = 0; r < size; r++)
            MPI_Type_free(&rtypes[r]);
        MPI_Type_free(&interior);
        free(stypes);
        free(rtypes);
        free(counts);
        free(displs);
        free(field);
    }

    for (int i = 0; i < 8; i++)
        MPI_Request_free(&req[i]);
    for (int d = 0; d < 2; d++) {
        MPI_Type_free(&send_lo[d]);
        MPI_Type_free(&send_hi[d]);
        MPI_Type_free(&recv_lo[d]);
        MPI_Type_free(&recv_hi[d]);
    }
    MPI_Allreduce(MPI_IN_PLACE, &bad, 1, MPI_INT, MPI_SUM, grid);
    if (rank == 0)
        printf("%s\n", bad ? "WRONG ghost values" : "ghosts ok");
    MPI_Comm_free(&grid);
    MPI_Finalize();
    free(a);
    free(b);
    return bad != 0 || ex_wrong;
}

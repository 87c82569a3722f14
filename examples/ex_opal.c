/* SPDX-License-Identifier: BSD-3-Clause */
/* The worked example of Open MPI's OPAL datatype notes:
 *   dt1 = struct{UINT32@0, UINT16@4, UINT16@6}
 *   dt2 = resized(UINT16, lb 0, extent 4)
 *   dt  = struct{UINT64@0, dt1 x2 @8, dt2 x3 @24}
 * size 30, lb 0, extent 40.  The dump shows the description typeshim's
 * engine holds, as OPAL's notes write it: desc (the construction, with loops
 * for the replicated children) and opt_desc (the same bytes merged into the
 * fewest contiguous runs), then the type map. */
#include <stdio.h>

#include "ex_common.h"

int main(int argc, char **argv)
{
    int bl1[3] = {1, 1, 1}, bl3[3] = {1, 2, 3}, size, rank, nprocs;
    MPI_Aint d1[3] = {0, 4, 6}, d3[3] = {0, 8, 24}, lb, extent;
    MPI_Datatype t1[3] = {MPI_UINT32_T, MPI_UINT16_T, MPI_UINT16_T}, t3[3], dt1, dt2, dt;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nprocs);
    ex_banner(rank, nprocs, "Open MPI's OPAL example, desc and opt_desc",
              "dt = struct{UINT64@0, dt1 x2 @8, resized(UINT16, 0, 4) x3 @24}, "
              "dt1 = struct{UINT32@0, UINT16@4, UINT16@6}");
    MPI_Type_create_struct(3, bl1, d1, t1, &dt1);
    MPI_Type_create_resized(MPI_UINT16_T, 0, 4, &dt2);
    t3[0] = MPI_UINT64_T;
    t3[1] = dt1;
    t3[2] = dt2;
    MPI_Type_create_struct(3, bl3, d3, t3, &dt);
    MPI_Type_commit(&dt);
    MPI_Type_size(dt, &size);
    MPI_Type_get_extent(dt, &lb, &extent);
    if (rank == nprocs - 1) {
        printf("    size %d, lb %ld, extent %ld (OPAL's notes: 30, 0, 40)\n", size, (long)lb,
               (long)extent);
        EX_CHECK(size == 30 && lb == 0 && extent == 40, "bounds");
        printf("    typeshim_type_dump(dt):\n");
        ex_dump(dt);
    }
    MPI_Type_free(&dt);
    MPI_Type_free(&dt2);
    MPI_Type_free(&dt1);
    MPI_Finalize();
    return ex_wrong;
}

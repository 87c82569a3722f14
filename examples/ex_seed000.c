/* Seed 000's OPAL example: build the type, commit it, print its bounds and
 * its desc / opt_desc as the engine holds them. */
#include <stdio.h>

#include <mpi.h>
#include <typeshim.h>

int main(int argc, char **argv)
{
    int bl1[3] = {1, 1, 1}, bl3[3] = {1, 2, 3}, size;
    MPI_Aint d1[3] = {0, 4, 6}, d3[3] = {0, 8, 24}, lb, extent;
    MPI_Datatype t1[3] = {MPI_UINT32_T, MPI_UINT16_T, MPI_UINT16_T}, t3[3], dt1, dt2, dt;

    MPI_Init(&argc, &argv);
    MPI_Type_create_struct(3, bl1, d1, t1, &dt1);
    MPI_Type_create_resized(MPI_UINT16_T, 0, 4, &dt2);
    t3[0] = MPI_UINT64_T;
    t3[1] = dt1;
    t3[2] = dt2;
    MPI_Type_create_struct(3, bl3, d3, t3, &dt);
    MPI_Type_commit(&dt);
    MPI_Type_size(dt, &size);
    MPI_Type_get_extent(dt, &lb, &extent);
    printf("seed 000: struct{UINT64@0, dt1 x2 @8, resized(UINT16,0,4) x3 @24}\n");
    printf("size %d, lb %ld, extent %ld (the seed: 30, 0, 40)\n\n", size, (long)lb, (long)extent);
    typeshim_type_dump(dt, stdout);
    MPI_Type_free(&dt);
    MPI_Type_free(&dt2);
    MPI_Type_free(&dt1);
    MPI_Finalize();
    return 0;
}

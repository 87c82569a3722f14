/* Two ranks, an ordinary MPICH program (built with MPICH only), run by
 * `make demo` under `typeshim-run --check -n 2 --`: typeshim answers the
 * datatype calls, MPICH moves the message, and the cross-check asks MPICH
 * the same questions.
 *
 * Seed 003's type: struct{MPI_LB@-3, MPI_INT@0, MPI_UB@6} has extent 9;
 * contiguous(2) of it holds ints at 0 and 9.  Rank 0 sends that layout out
 * of a byte buffer, rank 1 receives two plain ints.  A second type nests
 * the first at displacement 100 in a struct: its lower bound comes from the
 * child's marker, sticky in typeshim (lb 97, seed 003's type-map rule) and
 * forgotten by MPICH (lb 0), which the cross-check reports as intended. */
#include <stdio.h>
#include <string.h>

#include <mpi.h>

int main(int argc, char **argv)
{
    int bl[3] = {1, 1, 1}, rank, x = 1234, y = 5678, got[2] = {0, 0};
    MPI_Aint d[3] = {-3, 0, 6}, lb, extent;
    MPI_Datatype t[3] = {MPI_LB, MPI_INT, MPI_UB}, type1, type2, outer;
    unsigned char buf[32];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Type_create_struct(3, bl, d, t, &type1);
    MPI_Type_contiguous(2, type1, &type2);
    MPI_Type_commit(&type2);
    {
        int obl[2] = {1, 1};
        MPI_Aint od[2] = {0, 100};
        MPI_Datatype ot[2] = {MPI_INT, type1};
        MPI_Type_create_struct(2, obl, od, ot, &outer);
    }

    if (rank == 0) {
        MPI_Type_get_extent(type1, &lb, &extent);
        printf("type1 = struct{LB@-3, INT@0, UB@6}: lb %ld, extent %ld (seed 003: -3, 9)\n",
               (long)lb, (long)extent);
        MPI_Type_get_extent(type2, &lb, &extent);
        printf("type2 = contiguous(2, type1): lb %ld, extent %ld (seed 003: -3, 18)\n", (long)lb,
               (long)extent);
        MPI_Type_get_extent(outer, &lb, &extent);
        printf("outer = struct{INT@0, type1@100}: lb %ld (typeshim keeps the child's LB: 97)\n",
               (long)lb);
        memset(buf, 0, sizeof(buf));
        memcpy(buf + 3, &x, sizeof(x));     /* type2's first int, at 0 from buf+3 */
        memcpy(buf + 3 + 9, &y, sizeof(y)); /* its second, at 9 */
        MPI_Send(buf + 3, 1, type2, 1, 0, MPI_COMM_WORLD);
    } else if (rank == 1) {
        MPI_Recv(got, 2, MPI_INT, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        printf("rank 1 received %d and %d through MPICH (sent: %d and %d)\n", got[0], got[1], x, y);
    }
    MPI_Type_free(&outer);
    MPI_Type_free(&type2);
    MPI_Type_free(&type1);
    MPI_Finalize();
    return rank == 1 && (got[0] != x || got[1] != y);
}

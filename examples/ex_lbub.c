/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI-1.1 §3.12.3's example: the MPI-1 markers MPI_LB and MPI_UB.
 * type1 = MPI_Type_struct(3, {1,1,1}, {-3,0,6}, {MPI_LB, MPI_INT, MPI_UB})
 * has one int at 0 and extent 9; replicating it places the ints 9 bytes
 * apart.  Rank 0 sends 3 x type1 out of a byte buffer; the last rank
 * receives 3 plain ints.
 * Then a marker inherited from a child: outer = struct{INT@0, type1@100}.
 * In the type map of outer, type1's LB marker sits at 97, and MPI-1.1 §3.12.3's
 * rule (lb = the lowest LB marker) gives lb 97 although an int lies at 0.
 * typeshim keeps that marker; MPICH forgets it (lb 0): one of typeshim(7)'s documented differences
 * intended differences, which typeshim-run --check reports as intended. */
#include <stdio.h>
#include <string.h>

#include "ex_common.h"

int main(int argc, char **argv)
{
    int bl[3] = {1, 1, 1}, rank, size, to, from, sent[3] = {111, 222, 333}, got[3] = {0, 0, 0};
    MPI_Aint d[3] = {-3, 0, 6}, lb, ub, extent;
    MPI_Datatype t[3] = {MPI_LB, MPI_INT, MPI_UB}, type1, type2, outer;
    unsigned char buf[64];

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ex_banner(rank, size, "MPI-1.1 §3.12.3: MPI_LB / MPI_UB markers and replication",
              "type1 = struct{MPI_LB@-3, MPI_INT@0, MPI_UB@6}, type2 = contiguous(2, type1)");

    MPI_Type_struct(3, bl, d, t, &type1);
    MPI_Type_contiguous(2, type1, &type2);
    MPI_Type_commit(&type1);
    {
        int obl[2] = {1, 1};
        MPI_Aint od[2] = {0, 100};
        MPI_Datatype ot[2] = {MPI_INT, type1};
        MPI_Type_struct(2, obl, od, ot, &outer);
    }

    /* 3 x type1 from buf + 3: the ints at 0, 9 and 18 from there. */
    memset(buf, 0, sizeof buf);
    for (int i = 0; i < 3; i++)
        memcpy(buf + 3 + 9 * i, &sent[i], sizeof(int));
    ex_first_to_last(rank, size, &to, &from);
    MPI_Sendrecv(buf + 3, 3, type1, to, 0, got, 3, MPI_INT, from, 0, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);

    if (rank == size - 1) {
        MPI_Type_lb(type1, &lb);
        MPI_Type_ub(type1, &ub);
        MPI_Type_extent(type1, &extent);
        printf("    type1: lb %ld, ub %ld, extent %ld (MPI-1.1 §3.12.3: -3, 6, 9)\n", (long)lb,
               (long)ub, (long)extent);
        EX_CHECK(lb == -3 && ub == 6 && extent == 9, "type1 bounds");
        MPI_Type_lb(type2, &lb);
        MPI_Type_ub(type2, &ub);
        MPI_Type_extent(type2, &extent);
        printf(
            "    type2: lb %ld, ub %ld, extent %ld (MPI-1.1 §3.12.3: {(lb,-3), (int,0), (int,9), "
            "(ub,15)})\n",
            (long)lb, (long)ub, (long)extent);
        EX_CHECK(lb == -3 && ub == 15 && extent == 18, "type2 bounds");
        printf("    3 x type1 sent from ints at 0, 9, 18; rank %d received %d %d %d\n", rank,
               got[0], got[1], got[2]);
        EX_CHECK(got[0] == sent[0] && got[1] == sent[1] && got[2] == sent[2], "received");
        MPI_Type_get_extent(outer, &lb, &extent);
        printf("    outer = struct{INT@0, type1@100}: lb %ld, extent %ld", (long)lb, (long)extent);
        if (ex_typeshim_answers()) {
            printf(" (the child's LB at 97 is kept)\n");
            EX_CHECK(lb == 97 && extent == 9, "outer bounds");
        } else {
            printf(" (MPICH forgets the child's LB)\n");
            EX_CHECK(lb == 0, "outer lb");
        }
    }
    MPI_Type_free(&outer);
    MPI_Type_free(&type2);
    MPI_Type_free(&type1);
    MPI_Finalize();
    return ex_wrong;
}

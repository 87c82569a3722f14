/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI-1.1 §3.12.7's example: the upper-triangular part of a matrix, sent as one
 * derived datatype.  Row i of an N x N row-major matrix contributes its
 * N - i elements from the diagonal on: MPI_Type_indexed with block i of
 * length N - i at displacement i * N + i.  Rank 0 sends its matrix with that
 * type; the last rank receives into a zeroed matrix with the same type, so
 * only the upper triangle arrives and the lower one stays 0. */
#include <stdio.h>
#include <string.h>

#include "ex_common.h"

#define N 6

int main(int argc, char **argv)
{
    double a[N][N], b[N][N];
    int len[N], disp[N], rank, size, to, from, tsize;
    MPI_Aint lb, extent;
    MPI_Datatype upper;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    ex_banner(rank, size, "MPI-1.1 §3.12.7: the upper triangle of a 6 x 6 matrix, sent as one type",
              "upper = MPI_Type_indexed(6, len {6,5,4,3,2,1}, disp {0,7,14,21,28,35}, MPI_DOUBLE)");

    for (int i = 0; i < N; i++) {
        len[i] = N - i;
        disp[i] = i * N + i;
        for (int j = 0; j < N; j++)
            a[i][j] = 10 * (i + 1) + (j + 1); /* 11 12 ... 66: row, column */
    }
    memset(b, 0, sizeof b);
    MPI_Type_indexed(N, len, disp, MPI_DOUBLE, &upper);
    MPI_Type_commit(&upper);
    MPI_Type_size(upper, &tsize);
    MPI_Type_get_extent(upper, &lb, &extent);

    ex_first_to_last(rank, size, &to, &from);
    MPI_Sendrecv(a, 1, upper, to, 0, b, 1, upper, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);

    if (rank == size - 1) {
        printf("    size %d bytes (21 doubles), lb %ld, extent %ld (the whole matrix)\n", tsize,
               (long)lb, (long)extent);
        printf("    rank %d received from rank 0 (lower triangle untouched, shown as .):\n", rank);
        for (int i = 0; i < N; i++) {
            printf("     ");
            for (int j = 0; j < N; j++) {
                if (b[i][j] == 0)
                    printf("  .");
                else
                    printf(" %2.0f", b[i][j]);
                EX_CHECK(b[i][j] == (j >= i ? a[i][j] : 0), "b[%d][%d] = %g", i, j, b[i][j]);
            }
            printf("\n");
        }
        EX_CHECK(tsize == 21 * 8, "size %d", tsize);
        EX_CHECK(lb == 0 && extent == N * N * 8, "lb %ld extent %ld", (long)lb, (long)extent);
    }
    MPI_Type_free(&upper);
    MPI_Finalize();
    return ex_wrong;
}

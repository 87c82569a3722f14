/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_subarray: MPI_Type_create_subarray (C and Fortran order, 1-3 dims,
 * several base types, full and empty subarrays) and its _c form. */
#include "xc_common.h"

static void fmt_arr(char *b, size_t len, int n, const int *a)
{
    size_t off = 0;
    for (int i = 0; i < n && off < len; i++)
        off += (size_t)snprintf(b + off, len - off, "%s%d", i ? "x" : "", a[i]);
}

int main(int argc, char **argv)
{
    char p[XC_KEYLEN], s1[64], s2[64], s3[64];
    MPI_Datatype t;
    int rc;
    struct {
        int nd;
        int sizes[3], subs[3], starts[3];
    } cases[] = {
        {1, {10}, {4}, {3}},
        {1, {10}, {10}, {0}},
        {1, {10}, {1}, {9}},
        {1, {5}, {0}, {2}},
        {2, {6, 8}, {2, 3}, {1, 4}},
        {2, {6, 8}, {6, 8}, {0, 0}},
        {2, {6, 8}, {6, 2}, {0, 6}},
        {2, {6, 8}, {1, 8}, {5, 0}},
        {2, {4, 4}, {0, 2}, {1, 1}},
        {2, {1, 7}, {1, 3}, {0, 2}},
        {3, {4, 5, 6}, {2, 3, 4}, {1, 2, 1}},
        {3, {4, 5, 6}, {4, 5, 6}, {0, 0, 0}},
        {3, {4, 5, 6}, {1, 5, 6}, {3, 0, 0}},
        {3, {4, 5, 6}, {4, 1, 1}, {0, 4, 5}},
        {3, {3, 3, 3}, {1, 1, 1}, {1, 1, 1}},
        {3, {2, 3, 4}, {2, 0, 4}, {0, 1, 0}},
    };
    static const MPI_Datatype olds[] = {MPI_INT, MPI_DOUBLE, MPI_CHAR, MPI_FLOAT_INT};
    static const int orders[] = {MPI_ORDER_C, MPI_ORDER_FORTRAN};
    xc_init(&argc, &argv);

    for (int i = 0; i < XC_NELEM(cases); i++)
        for (int o = 0; o < 2; o++)
            for (int j = 0; j < XC_NELEM(olds); j++) {
                /* the base types beyond MPI_INT only for a few cases */
                if (j > 0 && i % 3 != 0)
                    continue;
                fmt_arr(s1, sizeof s1, cases[i].nd, cases[i].sizes);
                fmt_arr(s2, sizeof s2, cases[i].nd, cases[i].subs);
                fmt_arr(s3, sizeof s3, cases[i].nd, cases[i].starts);
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_create_subarray(cases[i].nd, cases[i].sizes, cases[i].subs,
                                              cases[i].starts, orders[o], olds[j], &t);
                snprintf(p, sizeof p, "subarray(%s,%s,%s,%s,%s)", s1, s2, s3, o ? "F" : "C",
                         xc_tname(olds[j]));
                xc_done(p, rc, &t);
            }

    /* subarray of a derived type (a resized vector), and a subarray of a
     * subarray */
    {
        MPI_Datatype v, r, inner;
        int sz[2] = {5, 4}, sub[2] = {2, 2}, st[2] = {3, 1};
        MPI_Type_vector(2, 1, 3, MPI_SHORT, &v);
        MPI_Type_create_resized(v, -2, 16, &r);
        rc = MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, r, &t);
        xc_done("subarray(5x4,2x2,3x1,C,resized(vector(2,1,3,SHORT),-2,16))", rc, &t);
        rc = MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_FORTRAN, r, &inner);
        xc_rc_kv("inner", ".rc", rc);
        {
            int sz2[1] = {3}, sub2[1] = {2}, st2[1] = {1};
            rc = MPI_Type_create_subarray(1, sz2, sub2, st2, MPI_ORDER_C, inner, &t);
            xc_done("subarray(3,2,1,C,subarray(5x4,2x2,3x1,F,resized))", rc, &t);
        }
        MPI_Type_free(&inner);
        MPI_Type_free(&r);
        MPI_Type_free(&v);
    }

#if XC_MPI4
    /* the _c form */
    {
        MPI_Count sz[3] = {4, 5, 6}, sub[3] = {2, 3, 4}, st[3] = {1, 2, 1};
        rc = MPI_Type_create_subarray_c(3, sz, sub, st, MPI_ORDER_C, MPI_INT, &t);
        xc_done("subarray_c(4x5x6,2x3x4,1x2x1,C,MPI_INT)", rc, &t);
        rc = MPI_Type_create_subarray_c(3, sz, sub, st, MPI_ORDER_FORTRAN, MPI_DOUBLE, &t);
        xc_done("subarray_c(4x5x6,2x3x4,1x2x1,F,MPI_DOUBLE)", rc, &t);
    }
    {
        MPI_Count sz[2] = {100000, 100000}, sub[2] = {50000, 60000}, st[2] = {10, 20};
        rc = MPI_Type_create_subarray_c(2, sz, sub, st, MPI_ORDER_C, MPI_DOUBLE, &t);
        xc_done("subarray_c(100000x100000,50000x60000,10x20,C,MPI_DOUBLE)", rc, &t);
    }
#endif
    return xc_finalize();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_darray: MPI_Type_create_darray, every rank of several process grids,
 * BLOCK / CYCLIC / NONE distributions with default and explicit dargs, C and
 * Fortran order, and the _c form. */
#include "xc_common.h"

#define B  MPI_DISTRIBUTE_BLOCK
#define CY MPI_DISTRIBUTE_CYCLIC
#define NO MPI_DISTRIBUTE_NONE
#define DF MPI_DISTRIBUTE_DFLT_DARG

static const char *dname(int d)
{
    return d == B ? "B" : d == CY ? "C" : d == NO ? "N" : "?";
}

static void fmt_case(char *b, size_t len, int nd, const int *g, const int *dist, const int *darg,
                     const int *ps)
{
    size_t off = 0;
    for (int i = 0; i < nd && off < len; i++) {
        if (darg[i] == DF)
            off += (size_t)snprintf(b + off, len - off, "%s%d:%s:dflt:%d", i ? "," : "", g[i],
                                    dname(dist[i]), ps[i]);
        else
            off += (size_t)snprintf(b + off, len - off, "%s%d:%s:%d:%d", i ? "," : "", g[i],
                                    dname(dist[i]), darg[i], ps[i]);
    }
}

int main(int argc, char **argv)
{
    char p[XC_KEYLEN], desc[256];
    MPI_Datatype t;
    int rc;
    struct {
        int nd;
        int g[3], dist[3], darg[3], ps[3];
    } cases[] = {
        {1, {10}, {B}, {DF}, {3}},
        {1, {10}, {B}, {4}, {3}},
        {1, {10}, {CY}, {DF}, {3}},
        {1, {10}, {CY}, {2}, {3}},
        {1, {10}, {NO}, {DF}, {1}},
        {1, {7}, {B}, {DF}, {4}},
        {1, {9}, {CY}, {4}, {2}},
        {2, {8, 6}, {B, B}, {DF, DF}, {2, 3}},
        {2, {8, 6}, {B, CY}, {DF, 2}, {2, 2}},
        {2, {8, 6}, {CY, NO}, {3, DF}, {3, 1}},
        {2, {5, 7}, {CY, CY}, {DF, DF}, {2, 2}},
        {2, {5, 7}, {NO, B}, {DF, 4}, {1, 2}},
        {3, {4, 6, 5}, {B, CY, NO}, {DF, 2, DF}, {2, 2, 1}},
        {3, {4, 4, 4}, {B, B, B}, {DF, DF, DF}, {2, 1, 2}},
        {3, {6, 5, 4}, {CY, B, CY}, {1, 3, 3}, {3, 2, 1}},
    };
    static const int orders[] = {MPI_ORDER_C, MPI_ORDER_FORTRAN};
    xc_init(&argc, &argv);

    for (int i = 0; i < XC_NELEM(cases); i++) {
        int np = 1;
        for (int d = 0; d < cases[i].nd; d++)
            np *= cases[i].ps[d];
        fmt_case(desc, sizeof desc, cases[i].nd, cases[i].g, cases[i].dist, cases[i].darg,
                 cases[i].ps);
        for (int o = 0; o < 2; o++)
            for (int r = 0; r < np; r++) {
                MPI_Datatype old = (i % 4 == 3) ? MPI_DOUBLE : MPI_INT;
                t = MPI_DATATYPE_NULL;
                rc = MPI_Type_create_darray(np, r, cases[i].nd, cases[i].g, cases[i].dist,
                                            cases[i].darg, cases[i].ps, orders[o], old, &t);
                snprintf(p, sizeof p, "darray(np=%d,rank=%d,[%s],%s,%s)", np, r, desc,
                         o ? "F" : "C", xc_tname(old));
                /* full decode for rank 0 and the last rank, bounds for all */
                if (r == 0 || r == np - 1) {
                    xc_done(p, rc, &t);
                } else {
                    xc_rc_kv(p, ".rc", rc);
                    if (rc == MPI_SUCCESS) {
                        xc_bounds(p, t);
                        MPI_Type_free(&t);
                    }
                }
            }
    }

    /* a sweep of small 3-D cases, every rank packed: an outer CYCLIC(k>1)
     * over an inner CYCLIC once placed the wrong elements (the pack hash
     * and bounds show it) */
    {
        static const int dists[3] = {B, CY, NO};
        int g[3] = {3, 2, 3}, ps[3], dist[3], darg[3];
        for (int mask = 0; mask < 27; mask++) {
            for (int d = 0; d < 3; d++) {
                dist[d] = dists[(mask / (d == 0 ? 1 : d == 1 ? 3 : 9)) % 3];
                ps[d] = dist[d] == NO ? 1 : 2;
                darg[d] = dist[d] == CY && d != 1 ? 2 : DF; /* outer dims CYCLIC(2) */
            }
            fmt_case(desc, sizeof desc, 3, g, dist, darg, ps);
            for (int o = 0; o < 2; o++)
                for (int r = 0; r < ps[0] * ps[1] * ps[2]; r++) {
                    t = MPI_DATATYPE_NULL;
                    rc = MPI_Type_create_darray(ps[0] * ps[1] * ps[2], r, 3, g, dist, darg, ps,
                                                orders[o], MPI_INT, &t);
                    snprintf(p, sizeof p, "sweep3d(rank=%d,[%s],%s)", r, desc, o ? "F" : "C");
                    xc_done(p, rc, &t);
                }
        }
    }

    /* darray of a derived old type */
    {
        MPI_Datatype c;
        int g[2] = {6, 4}, dist[2] = {B, CY}, darg[2] = {DF, 1}, ps[2] = {2, 2};
        MPI_Type_contiguous(3, MPI_SHORT, &c);
        for (int r = 0; r < 4; r++) {
            rc = MPI_Type_create_darray(4, r, 2, g, dist, darg, ps, MPI_ORDER_C, c, &t);
            snprintf(p, sizeof p, "darray(np=4,rank=%d,[6:B:dflt:2,4:C:1:2],C,contig(3,SHORT))", r);
            xc_done(p, rc, &t);
        }
        MPI_Type_free(&c);
    }

#if XC_MPI4
    /* the _c form */
    {
        MPI_Count g[2] = {8, 6};
        int dist[2] = {B, CY}, darg[2] = {DF, 2}, ps[2] = {2, 2};
        for (int r = 0; r < 4; r++) {
            rc = MPI_Type_create_darray_c(4, r, 2, g, dist, darg, ps, MPI_ORDER_FORTRAN, MPI_FLOAT,
                                          &t);
            snprintf(p, sizeof p, "darray_c(np=4,rank=%d,[8:B:dflt:2,6:C:2:2],F,MPI_FLOAT)", r);
            xc_done(p, rc, &t);
        }
    }
#endif
    return xc_finalize();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_topo: process topologies and neighbourhood collectives of
 * libtypeshim-serial (black box): literal answers of every inquiry, every
 * refusal with its class and the outputs left alone (including those that
 * crash MPICH 4.0.2, which test/xcheck/xc_topo.c cannot compare), the
 * topology kept by the duplicates and dropped by MPI_Comm_free, every
 * MPI_Dims_create answer up to 512 nodes checked against a brute-force
 * search, the place of every block of the neighbourhood collectives, the
 * fatal messages, and topologies read while other threads free theirs.
 */
#include "serialtest.h"

#include <limits.h>
#include <pthread.h>

#include "typeshim.h" /* typeshim_live_types */

/* through a volatile: gcc's -Wstringop-overflow takes the constant for an
 * empty array */
static MPI_Status *volatile statuses_ignore = MPI_STATUSES_IGNORE;

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
}

/* The class of rc, which must not be MPI_SUCCESS. */
static int fails(int rc)
{
    ck_assert_int_ne(rc, MPI_SUCCESS);
    return class_of(rc);
}

static MPI_Comm grid(int ndims, const int *periods)
{
    int dims[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    MPI_Comm c = MPI_COMM_NULL;

    ck_assert_int_eq(MPI_Cart_create(MPI_COMM_WORLD, ndims, dims, periods, 0, &c), MPI_SUCCESS);
    ck_assert_int_ne(c, MPI_COMM_NULL);
    MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
    return c;
}

static MPI_Comm loops(int n)
{
    int zero[8] = {0};
    MPI_Comm c = MPI_COMM_NULL;

    ck_assert_int_eq(MPI_Graph_create(MPI_COMM_WORLD, 1, &n, zero, 0, &c), MPI_SUCCESS);
    MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
    return c;
}

static int all(const int *v, int n, int x)
{
    for (int i = 0; i < n; i++)
        if (v[i] != x)
            return 0;
    return 1;
}

/* ------------------------------------------------------------ Cartesian */

START_TEST(test_cart_inquiries)
{
    MPI_Comm c = grid(3, (int[]){1, 0, 7}), sub;
    int dims[4] = {-7, -7, -7, -7}, per[4] = {-7, -7, -7, -7}, co[4] = {-7, -7, -7, -7};
    int kind = -7, nd = -7, r = -7, s, d;

    returning();
    ck_assert_int_eq(MPI_Topo_test(c, &kind), MPI_SUCCESS);
    ck_assert_int_eq(kind, MPI_CART);
    ck_assert_int_eq(MPI_Cartdim_get(c, &nd), MPI_SUCCESS);
    ck_assert_int_eq(nd, 3);
    ck_assert_int_eq(MPI_Cart_get(c, 4, dims, per, co), MPI_SUCCESS);
    ck_assert(all(dims, 3, 1) && dims[3] == -7);
    ck_assert(per[0] == 1 && per[1] == 0 && per[2] == 1 && per[3] == -7);
    ck_assert(all(co, 3, 0) && co[3] == -7);
    /* periodic coordinates wrap round to the process */
    ck_assert_int_eq(MPI_Cart_rank(c, (int[]){-5, 0, 9}, &r), MPI_SUCCESS);
    ck_assert_int_eq(r, 0);
    ck_assert_int_eq(MPI_Cart_coords(c, 0, 3, co), MPI_SUCCESS);
    ck_assert(all(co, 3, 0));
    /* a shift: the process itself along a periodic dimension, whatever
     * the displacement; MPI_PROC_NULL along the other unless it is 0 */
    for (int disp = -3; disp <= 3; disp++) {
        s = d = -7;
        ck_assert_int_eq(MPI_Cart_shift(c, 0, disp, &s, &d), MPI_SUCCESS);
        ck_assert(s == 0 && d == 0);
        ck_assert_int_eq(MPI_Cart_shift(c, 1, disp, &s, &d), MPI_SUCCESS);
        ck_assert_int_eq(s, disp ? MPI_PROC_NULL : 0);
        ck_assert_int_eq(d, disp ? MPI_PROC_NULL : 0);
    }
    /* the kept dimensions, with their periods */
    ck_assert_int_eq(MPI_Cart_sub(c, (int[]){0, 1, 1}, &sub), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Cart_get(sub, 2, dims, per, co), MPI_SUCCESS);
    ck_assert(per[0] == 0 && per[1] == 1);
    MPI_Comm_free(&sub);
    ck_assert_int_eq(MPI_Cart_sub(c, (int[]){0, 0, 0}, &sub), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Cartdim_get(sub, &nd), MPI_SUCCESS);
    ck_assert_int_eq(nd, 0);
    /* a grid of no dimension: rank 0, nothing to shift along */
    ck_assert_int_eq(MPI_Cart_rank(sub, NULL, &r), MPI_SUCCESS);
    ck_assert_int_eq(fails(MPI_Cart_shift(sub, 0, 1, &s, &d)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(MPI_Cart_get(sub, 0, NULL, NULL, NULL), MPI_SUCCESS);
    MPI_Comm_free(&sub);
    r = -7;
    ck_assert_int_eq(MPI_Cart_map(MPI_COMM_WORLD, 2, (int[]){1, 1}, (int[]){0, 1}, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(r, 0);
    ck_assert_int_eq(MPI_Cart_map(c, 0, NULL, NULL, &r), MPI_SUCCESS);
    ck_assert_int_eq(r, 0);
    MPI_Comm_free(&c);
}
END_TEST

START_TEST(test_cart_refusals)
{
    MPI_Comm c, g = loops(1), out = MPI_COMM_SELF, c0;
    int one[2] = {1, 1}, p[2] = {1, 0}, v[4] = {-7, -7, -7, -7}, r = -7, s = -7, d = -7;

    returning();
    c = grid(2, p);
    c0 = grid(0, NULL);
    /* the grid itself */
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_NULL, 2, one, p, 0, &out)), MPI_ERR_COMM);
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_WORLD, -1, one, p, 0, &out)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_WORLD, 2, NULL, p, 0, &out)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_WORLD, 2, one, NULL, 0, &out)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_WORLD, 2, one, p, 0, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){1, 0}, p, 0, &out)),
                     MPI_ERR_DIMS);
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_WORLD, 1, (int[]){-2}, p, 0, &out)),
                     MPI_ERR_DIMS);
    ck_assert_int_eq(fails(MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){1, 2}, p, 0, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(out, MPI_COMM_SELF); /* nothing written */
    ck_assert_int_eq(fails(MPI_Cart_map(MPI_COMM_WORLD, 1, (int[]){2}, p, &r)), MPI_ERR_DIMS);
    ck_assert_int_eq(fails(MPI_Cart_map(MPI_COMM_WORLD, 1, (int[]){0}, p, &r)), MPI_ERR_DIMS);
    ck_assert_int_eq(fails(MPI_Cart_map(MPI_COMM_WORLD, -1, one, p, &r)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_map(MPI_COMM_WORLD, 1, one, NULL, &r)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_map(MPI_COMM_WORLD, 1, one, p, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(r, -7);
    /* no topology, or another kind (MPICH 4.0.2 crashes on MPI_Cart_get) */
    ck_assert_int_eq(fails(MPI_Cart_get(MPI_COMM_WORLD, 2, v, v, v)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Cart_get(g, 2, v, v, v)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Cartdim_get(g, v)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Cart_rank(MPI_COMM_SELF, one, &r)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Cart_coords(g, 0, 2, v)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &s, &d)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Cart_sub(g, one, &out)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Cart_get(MPI_COMM_NULL, 2, v, v, v)), MPI_ERR_COMM);
    /* arrays too short or missing: nothing written */
    ck_assert_int_eq(fails(MPI_Cart_get(c, 1, v, v, v)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_get(c, -1, v, v, v)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_get(c, 2, v, NULL, v)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_get(c, 2, v, v, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_coords(c, 0, 1, v)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_coords(c, 0, -1, v)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_coords(c, 0, 2, NULL)), MPI_ERR_ARG);
    ck_assert(all(v, 4, -7));
    ck_assert_int_eq(fails(MPI_Cartdim_get(c, NULL)), MPI_ERR_ARG);
    /* ranks, coordinates, directions */
    ck_assert_int_eq(fails(MPI_Cart_coords(c, 1, 2, v)), MPI_ERR_RANK);
    ck_assert_int_eq(fails(MPI_Cart_coords(c, MPI_PROC_NULL, 2, v)), MPI_ERR_RANK);
    ck_assert_int_eq(fails(MPI_Cart_coords(c0, -1, 0, NULL)), MPI_ERR_RANK);
    ck_assert_int_eq(fails(MPI_Cart_rank(c, (int[]){3, 1}, &r)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_rank(c, (int[]){0, -1}, &r)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_rank(c, NULL, &r)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_rank(c, one, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(r, -7);
    ck_assert_int_eq(fails(MPI_Cart_shift(c, 2, 1, &s, &d)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_shift(c, -1, 1, &s, &d)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_shift(c, 0, 1, NULL, &d)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_shift(c, 0, 1, &s, NULL)), MPI_ERR_ARG);
    ck_assert(s == -7 && d == -7);
    ck_assert_int_eq(fails(MPI_Cart_sub(c, NULL, &out)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Cart_sub(c, one, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(out, MPI_COMM_SELF);
    /* a freed grid is no communicator */
    MPI_Comm_free(&c0);
    c0 = c;
    MPI_Comm_free(&c);
    ck_assert_int_eq(fails(MPI_Cartdim_get(c0, v)), MPI_ERR_COMM);
    MPI_Comm_free(&g);
}
END_TEST

/* -------------------------------------------------------- MPI_Dims_create */

static int best_spread, best[16], cur[16];

/* Brute force: every non-increasing factorization of n into k factors,
 * keeping the smallest spread, then the largest factors compared from
 * the smallest up. */
static void factorize(int n, int k, int i, int hi)
{
    if (i == k - 1) {
        if (n > hi)
            return;
        cur[i] = n;
        int spread = cur[0] - cur[k - 1], better = spread < best_spread;
        if (spread == best_spread)
            for (int j = k - 1; j >= 0; j--)
                if (cur[j] != best[j]) {
                    better = cur[j] > best[j];
                    break;
                }
        if (better) {
            best_spread = spread;
            memcpy(best, cur, sizeof cur);
        }
        return;
    }
    for (int f = 1; f <= n && f <= hi; f++)
        if (n % f == 0) {
            cur[i] = f;
            factorize(n / f, k, i + 1, f);
        }
}

START_TEST(test_dims_create)
{
    int d[8];

    returning();
    for (int n = 1; n <= 512; n++)
        for (int k = 1; k <= 5; k++) {
            memset(d, 0, sizeof d);
            ck_assert_int_eq(MPI_Dims_create(n, k, d), MPI_SUCCESS);
            best_spread = n + 1;
            factorize(n, k, 0, n);
            for (int i = 0; i < k; i++)
                ck_assert_msg(d[i] == best[i], "MPI_Dims_create(%d, %d): dims[%d] = %d, not %d", n,
                              k, i, d[i], best[i]);
        }
    /* literal values: large primes, many dimensions, given ones */
    memset(d, 0, sizeof d);
    ck_assert_int_eq(MPI_Dims_create(2147483647, 2, d), MPI_SUCCESS);
    ck_assert(d[0] == 2147483647 && d[1] == 1);
    memset(d, 0, sizeof d);
    ck_assert_int_eq(MPI_Dims_create(2147483646, 3, d), MPI_SUCCESS);
    ck_assert(d[0] == 1661 && d[1] == 1302 && d[2] == 993);
    {
        int many[40] = {0};
        ck_assert_int_eq(MPI_Dims_create(1 << 30, 40, many), MPI_SUCCESS);
        ck_assert(all(many, 30, 2) && all(many + 30, 10, 1));
    }
    memcpy(d, (int[]){0, 3, 0, 0}, 4 * sizeof(int));
    ck_assert_int_eq(MPI_Dims_create(360, 4, d), MPI_SUCCESS);
    ck_assert(d[0] == 6 && d[1] == 3 && d[2] == 5 && d[3] == 4);
    ck_assert_int_eq(MPI_Dims_create(5, 0, NULL), MPI_SUCCESS);
    /* refusals, dims untouched */
    memcpy(d, (int[]){0, 5, 0}, 3 * sizeof(int));
    ck_assert_int_eq(fails(MPI_Dims_create(12, 3, d)), MPI_ERR_DIMS);
    ck_assert(d[0] == 0 && d[1] == 5 && d[2] == 0);
    memcpy(d, (int[]){0, 0, -1}, 3 * sizeof(int));
    ck_assert_int_eq(fails(MPI_Dims_create(12, 3, d)), MPI_ERR_DIMS);
    ck_assert(d[0] == 0 && d[2] == -1);
    /* a product of given dimensions too large to hold */
    memcpy(d, (int[]){65536, 65536, 65536, 0}, 4 * sizeof(int));
    ck_assert_int_eq(fails(MPI_Dims_create(1 << 30, 4, d)), MPI_ERR_DIMS);
    ck_assert_int_eq(fails(MPI_Dims_create(0, 2, d)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dims_create(-4, 2, d)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dims_create(4, -2, d)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dims_create(4, 2, NULL)), MPI_ERR_ARG);
}
END_TEST

/* ---------------------------------------------------------------- graphs */

START_TEST(test_graphs)
{
    MPI_Comm g = MPI_COMM_SELF, c = grid(1, (int[]){0});
    int nn = -7, ne = -7, ix[2] = {-7, -7}, ed[4] = {-7, -7, -7, -7}, r = -7, kind;

    returning();
    ck_assert_int_eq(MPI_Graph_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &g), MPI_SUCCESS);
    ck_assert_int_eq(g, MPI_COMM_NULL); /* the process is no node of it */
    /* a node without edges needs no edges array */
    ck_assert_int_eq(MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){0}, NULL, 0, &g), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Graph_neighbors(g, 0, 0, NULL), MPI_SUCCESS);
    MPI_Comm_free(&g);
    g = loops(3);
    ck_assert_int_eq(MPI_Topo_test(g, &kind), MPI_SUCCESS);
    ck_assert_int_eq(kind, MPI_GRAPH);
    ck_assert_int_eq(MPI_Graphdims_get(g, &nn, &ne), MPI_SUCCESS);
    ck_assert(nn == 1 && ne == 3);
    ck_assert_int_eq(MPI_Graph_get(g, 2, 4, ix, ed), MPI_SUCCESS);
    ck_assert(ix[0] == 3 && ix[1] == -7 && all(ed, 3, 0) && ed[3] == -7);
    ck_assert_int_eq(MPI_Graph_neighbors_count(g, 0, &nn), MPI_SUCCESS);
    ck_assert_int_eq(nn, 3);
    memset(ed, 0xff, sizeof ed);
    ck_assert_int_eq(MPI_Graph_neighbors(g, 0, 3, ed), MPI_SUCCESS);
    ck_assert(all(ed, 3, 0) && ed[3] == -1);
    ck_assert_int_eq(MPI_Graph_map(MPI_COMM_WORLD, 1, (int[]){2}, (int[]){0, 0}, &r), MPI_SUCCESS);
    ck_assert_int_eq(r, 0);
    ck_assert_int_eq(MPI_Graph_map(MPI_COMM_WORLD, 0, NULL, NULL, &r), MPI_SUCCESS);
    ck_assert_int_eq(r, MPI_UNDEFINED);

    /* refusals */
    memset(ed, 0xff, sizeof ed);
    r = nn = ne = -7;
    ix[0] = -7;
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_WORLD, -1, ix, ed, 0, &g)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_WORLD, 2, (int[]){0, 0}, ed, 0, &g)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){-1}, ed, 0, &g)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){2}, (int[]){0, 1}, 0, &g)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_WORLD, 1, NULL, ed, 0, &g)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){1}, NULL, 0, &g)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){0}, ed, 0, NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_create(MPI_COMM_NULL, 1, (int[]){0}, ed, 0, &g)),
                     MPI_ERR_COMM);
    ck_assert_int_eq(fails(MPI_Graph_map(MPI_COMM_WORLD, 1, (int[]){1}, (int[]){3}, &r)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_map(MPI_COMM_WORLD, 3, (int[]){0, 0, 0}, ed, &r)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_map(MPI_COMM_WORLD, 1, (int[]){0}, ed, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(r, -7);
    ck_assert_int_eq(fails(MPI_Graphdims_get(c, &nn, &ne)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Graphdims_get(g, &nn, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_get(MPI_COMM_WORLD, 1, 3, ix, ed)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Graph_get(g, 1, 2, ix, ed)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_get(g, 0, 3, ix, ed)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_get(g, 1, -3, ix, ed)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_get(g, 1, 3, ix, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_neighbors_count(g, 1, &nn)), MPI_ERR_RANK);
    ck_assert_int_eq(fails(MPI_Graph_neighbors_count(g, 0, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_neighbors_count(c, 0, &nn)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Graph_neighbors(g, MPI_PROC_NULL, 3, ed)), MPI_ERR_RANK);
    ck_assert_int_eq(fails(MPI_Graph_neighbors(g, 0, 2, ed)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_neighbors(g, 0, -1, ed)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Graph_neighbors(g, 0, 3, NULL)), MPI_ERR_ARG);
    ck_assert(nn == -7 && ne == -7 && ix[0] == -7 && all(ed, 4, -1));
    MPI_Comm_free(&g);
    MPI_Comm_free(&c);
}
END_TEST

/* --------------------------------------------------- distributed graphs */

START_TEST(test_dist_graphs)
{
    MPI_Comm d = MPI_COMM_SELF;
    int z[4] = {0, 0, 0, 0}, in = -7, out = -7, w = -7, s[4], sw[4], t[4], tw[4];
    int w12[2] = {1, 2}, w22[2] = {2, 2}, huge[2] = {INT_MAX, 1};

    returning();
    ck_assert_int_eq(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 3, z, (int[]){5, 0, 5}, 3, z,
                                                    (int[]){0, 5, 5}, MPI_INFO_NULL, 1, &d),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Topo_test(d, &w), MPI_SUCCESS);
    ck_assert_int_eq(w, MPI_DIST_GRAPH);
    ck_assert_int_eq(MPI_Dist_graph_neighbors_count(d, &in, &out, &w), MPI_SUCCESS);
    ck_assert(in == 3 && out == 3 && w == 1);
    memset(s, 0xff, sizeof s), memset(sw, 0xff, sizeof sw);
    memset(t, 0xff, sizeof t), memset(tw, 0xff, sizeof tw);
    ck_assert_int_eq(MPI_Dist_graph_neighbors(d, 4, s, sw, 3, t, tw), MPI_SUCCESS);
    ck_assert(all(s, 3, 0) && s[3] == -1 && all(t, 3, 0) && t[3] == -1);
    ck_assert(sw[0] == 5 && sw[1] == 0 && sw[2] == 5 && sw[3] == -1); /* as given */
    ck_assert(tw[0] == 0 && tw[1] == 5 && tw[2] == 5);
    /* MPI_UNWEIGHTED asks for no weights */
    memset(sw, 0xff, sizeof sw);
    ck_assert_int_eq(MPI_Dist_graph_neighbors(d, 3, s, MPI_UNWEIGHTED, 3, t, sw), MPI_SUCCESS);
    ck_assert(sw[0] == 0 && sw[1] == 5);
    /* refusals of the inquiries, nothing written */
    memset(s, 0xff, sizeof s), memset(sw, 0xff, sizeof sw);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors(d, 2, s, sw, 3, t, tw)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors(d, 3, s, sw, -1, t, tw)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors(d, 3, NULL, sw, 3, t, tw)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors(d, 3, s, sw, 3, NULL, tw)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors(d, 3, s, NULL, 3, t, tw)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors(d, 3, s, sw, 3, t, MPI_WEIGHTS_EMPTY)),
                     MPI_ERR_ARG);
    ck_assert(all(s, 4, -1) && all(sw, 4, -1));
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors_count(d, &in, NULL, &w)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors_count(MPI_COMM_WORLD, &in, &out, &w)),
                     MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Dist_graph_neighbors(MPI_COMM_SELF, 3, s, sw, 3, t, tw)),
                     MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Graph_neighbors_count(d, 0, &in)), MPI_ERR_TOPOLOGY);
    MPI_Comm_free(&d);

    /* MPI_Dist_graph_create: the edges in the order given, unweighted */
    ck_assert_int_eq(MPI_Dist_graph_create(MPI_COMM_WORLD, 3, z, (int[]){2, 0, 1}, z,
                                           MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Dist_graph_neighbors_count(d, &in, &out, &w), MPI_SUCCESS);
    ck_assert(in == 3 && out == 3 && w == 0);
    memset(sw, 0xff, sizeof sw);
    ck_assert_int_eq(MPI_Dist_graph_neighbors(d, 3, s, sw, 3, t, NULL), MPI_SUCCESS);
    ck_assert(all(sw, 4, -1)); /* an unweighted graph writes no weights */
    MPI_Comm_free(&d);
    ck_assert_int_eq(MPI_Dist_graph_create(MPI_COMM_WORLD, 2, z, (int[]){1, 2}, z, (int[]){9, 8, 7},
                                           MPI_INFO_NULL, 0, &d),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Dist_graph_neighbors(d, 3, s, sw, 3, t, tw), MPI_SUCCESS);
    ck_assert(sw[0] == 9 && sw[1] == 8 && sw[2] == 7 && tw[0] == 9 && tw[2] == 7);
    MPI_Comm_free(&d);
    /* no edge: any weights array, weighted unless MPI_UNWEIGHTED */
    ck_assert_int_eq(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, NULL, MPI_WEIGHTS_EMPTY, 0,
                                                    NULL, NULL, MPI_INFO_NULL, 0, &d),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Dist_graph_neighbors_count(d, &in, &out, &w), MPI_SUCCESS);
    ck_assert(in == 0 && out == 0 && w == 1);
    ck_assert_int_eq(MPI_Dist_graph_neighbors(d, 0, NULL, NULL, 0, NULL, NULL), MPI_SUCCESS);
    MPI_Comm_free(&d);
    ck_assert_int_eq(MPI_Dist_graph_create(MPI_COMM_WORLD, 0, NULL, NULL, NULL, MPI_UNWEIGHTED,
                                           MPI_INFO_NULL, 0, &d),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Dist_graph_neighbors_count(d, &in, &out, &w), MPI_SUCCESS);
    ck_assert(in == 0 && w == 0);
    MPI_Comm_free(&d);

    /* refusals of the constructors, nothing made */
    d = MPI_COMM_SELF;
#define ADJ(in, src, sw, out, dst, dw, info)                                                       \
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, in, src, sw, out, dst, dw, info, 0, &d)
    ck_assert_int_eq(fails(ADJ(1, z, MPI_UNWEIGHTED, 1, z, (int[]){1}, MPI_INFO_NULL)),
                     MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(ADJ(2, z, MPI_UNWEIGHTED, 1, z, MPI_UNWEIGHTED, MPI_INFO_NULL)),
                     MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(ADJ(2, z, w12, 2, z, w22, MPI_INFO_NULL)), MPI_ERR_TOPOLOGY);
    /* one self loop, weighted 1 in and 2 out: MPICH makes it, MPI-4.1
     * section 8.5.4 does not let the two ends of an edge disagree */
    ck_assert_int_eq(fails(ADJ(1, z, w12, 1, z, w22, MPI_INFO_NULL)), MPI_ERR_TOPOLOGY);
    ck_assert(d == MPI_COMM_SELF);
    ck_assert_int_eq(fails(ADJ(1, (int[]){1}, MPI_UNWEIGHTED, 1, z, MPI_UNWEIGHTED, MPI_INFO_NULL)),
                     MPI_ERR_RANK);
    ck_assert_int_eq(
        fails(ADJ(1, z, MPI_UNWEIGHTED, 1, (int[]){MPI_PROC_NULL}, MPI_UNWEIGHTED, MPI_INFO_NULL)),
        MPI_ERR_RANK);
    ck_assert_int_eq(fails(ADJ(-1, z, MPI_UNWEIGHTED, 1, z, MPI_UNWEIGHTED, MPI_INFO_NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(ADJ(1, z, MPI_UNWEIGHTED, -1, z, MPI_UNWEIGHTED, MPI_INFO_NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(ADJ(1, NULL, MPI_UNWEIGHTED, 1, z, MPI_UNWEIGHTED, MPI_INFO_NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(ADJ(1, z, (int[]){-1}, 1, z, (int[]){-1}, MPI_INFO_NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(ADJ(1, z, MPI_WEIGHTS_EMPTY, 1, z, MPI_WEIGHTS_EMPTY, MPI_INFO_NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(ADJ(1, z, NULL, 1, z, NULL, MPI_INFO_NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(ADJ(0, z, MPI_UNWEIGHTED, 0, z, MPI_UNWEIGHTED, (MPI_Info)0x9c000001)),
                     MPI_ERR_INFO);
    ck_assert_int_eq(
        fails(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, z, MPI_UNWEIGHTED, 0, z,
                                             MPI_UNWEIGHTED, MPI_INFO_NULL, 0, NULL)),
        MPI_ERR_ARG);
#undef ADJ
#define CREATE(n, src, deg, dst, w)                                                                \
    MPI_Dist_graph_create(MPI_COMM_WORLD, n, src, deg, dst, w, MPI_INFO_NULL, 0, &d)
    ck_assert_int_eq(fails(CREATE(-1, z, z, z, MPI_UNWEIGHTED)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(1, (int[]){2}, (int[]){1}, z, MPI_UNWEIGHTED)), MPI_ERR_RANK);
    ck_assert_int_eq(fails(CREATE(1, z, (int[]){1}, (int[]){1}, MPI_UNWEIGHTED)), MPI_ERR_RANK);
    ck_assert_int_eq(fails(CREATE(1, z, (int[]){-1}, z, MPI_UNWEIGHTED)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(2, z, huge, z, MPI_UNWEIGHTED)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(1, NULL, (int[]){1}, z, MPI_UNWEIGHTED)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(1, z, NULL, z, MPI_UNWEIGHTED)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(1, z, (int[]){1}, NULL, MPI_UNWEIGHTED)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(1, z, (int[]){1}, z, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(1, z, (int[]){1}, z, MPI_WEIGHTS_EMPTY)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(CREATE(1, z, (int[]){1}, z, (int[]){-2})), MPI_ERR_ARG);
#undef CREATE
    ck_assert_int_eq(d, MPI_COMM_SELF);
}
END_TEST

/* ------------------------------------------------ duplicates and frees */

START_TEST(test_topology_kept_and_dropped)
{
    MPI_Comm c = grid(2, (int[]){0, 1}), dup, dup2, idup, split, made, sub;
    MPI_Request r;
    MPI_Group g;
    int kind, per[2] = {-7, -7}, v[2], flag = 0;

    returning();
    MPI_Comm_dup(c, &dup);
    MPI_Comm_dup_with_info(dup, MPI_INFO_NULL, &dup2);
    MPI_Comm_idup(c, &idup, &r);
    ck_assert_int_eq(MPI_Test(&r, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    MPI_Comm_split(c, 3, 0, &split);
    MPI_Comm_group(c, &g);
    MPI_Comm_create(c, g, &made);
    MPI_Group_free(&g);
    /* the original freed: its duplicates keep the topology */
    MPI_Comm_free(&c);
    ck_assert_int_eq(fails(MPI_Topo_test(c, &kind)), MPI_ERR_COMM);
    ck_assert_int_eq(MPI_Topo_test(dup, &kind), MPI_SUCCESS);
    ck_assert_int_eq(kind, MPI_CART);
    ck_assert_int_eq(MPI_Cart_get(dup2, 2, v, per, v), MPI_SUCCESS);
    ck_assert(per[0] == 0 && per[1] == 1);
    ck_assert_int_eq(MPI_Topo_test(idup, &kind), MPI_SUCCESS);
    ck_assert_int_eq(kind, MPI_CART);
    ck_assert_int_eq(MPI_Topo_test(split, &kind), MPI_SUCCESS);
    ck_assert_int_eq(kind, MPI_UNDEFINED);
    ck_assert_int_eq(MPI_Topo_test(made, &kind), MPI_SUCCESS);
    ck_assert_int_eq(kind, MPI_UNDEFINED);
    ck_assert_int_eq(fails(MPI_Cart_shift(split, 0, 1, v, v + 1)), MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(MPI_Cart_sub(dup, (int[]){1, 0}, &sub), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Cart_get(sub, 1, v, per, v), MPI_SUCCESS);
    ck_assert_int_eq(per[0], 0);
    /* a duplicate of a distributed graph has its weights */
    MPI_Comm_free(&dup);
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, (int[]){0}, (int[]){6}, 1, (int[]){0},
                                   (int[]){6}, MPI_INFO_NULL, 0, &c);
    MPI_Comm_dup(c, &dup);
    MPI_Comm_free(&c);
    ck_assert_int_eq(MPI_Dist_graph_neighbors(dup, 1, v, per, 1, v + 1, per + 1), MPI_SUCCESS);
    ck_assert(per[0] == 6 && per[1] == 6);
    ck_assert_int_eq(MPI_Topo_test(MPI_COMM_WORLD, &kind), MPI_SUCCESS);
    ck_assert_int_eq(kind, MPI_UNDEFINED);
    ck_assert_int_eq(fails(MPI_Topo_test(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Topo_test(MPI_COMM_NULL, &kind)), MPI_ERR_COMM);
    /* dup, dup2, idup, split, made, sub live on: MPI_Finalize frees them
     * (the leak checkers of make check watch) */
    (void)dup2;
}
END_TEST

/* --------------------------------------------- neighbourhood collectives */

#define NB 24
static int sbuf[NB], rbuf[NB];

static void fill(void)
{
    for (int i = 0; i < NB; i++) {
        sbuf[i] = 100 + i;
        rbuf[i] = -1;
    }
}

static void expect(const int *want, int n)
{
    for (int i = 0; i < NB; i++)
        ck_assert_msg(rbuf[i] == (i < n ? want[i] : -1), "rbuf[%d] = %d, not %d", i, rbuf[i],
                      i < n ? want[i] : -1);
}

/* A grid's periodic dimension of one process: the block sent in the
 * negative direction comes back from the positive neighbour; a
 * dimension that is not periodic has MPI_PROC_NULL neighbours, whose
 * blocks stay as they are. */
START_TEST(test_neighbor_grid)
{
    MPI_Comm c1 = grid(1, (int[]){1}), c3 = grid(3, (int[]){1, 0, 1}), cn = grid(1, (int[]){0});
    MPI_Datatype vec, idx;
    MPI_Request r;
    int flag = 0;

    returning();
    MPI_Type_vector(2, 1, 3, MPI_INT, &vec); /* 2 ints, 3 apart: extent 4 */
    MPI_Type_commit(&vec);
    MPI_Type_create_indexed_block(2, 1, (int[]){1, 0}, MPI_INT, &idx); /* a swapped pair */
    MPI_Type_commit(&idx);
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, c1), MPI_SUCCESS);
    expect((int[]){101, 100}, 2);
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoall(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, c3), MPI_SUCCESS);
    expect((int[]){102, 103, 100, 101, -1, -1, -1, -1, 110, 111, 108, 109}, 12);
    /* derived types on both sides: block j of vec at 4j ints */
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoall(sbuf, 1, vec, rbuf, 1, idx, c3), MPI_SUCCESS);
    expect((int[]){107, 104, 103, 100, -1, -1, -1, -1, 123, 120, 119, 116}, 12);
    fill();
    ck_assert_int_eq(MPI_Neighbor_allgather(sbuf, 1, vec, rbuf, 2, MPI_INT, c3), MPI_SUCCESS);
    expect((int[]){100, 103, 100, 103, -1, -1, -1, -1, 100, 103, 100, 103}, 12);
    fill();
    ck_assert_int_eq(MPI_Ineighbor_allgatherv_c(sbuf, 2, MPI_INT, rbuf, (MPI_Count[]){1, 1},
                                                (MPI_Aint[]){5, 0}, idx, c1, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Test(&r, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1); /* complete when it returns */
    expect((int[]){101, 100, -1, -1, -1, -1, -1, -1, -1, -1, 101, 100}, 12);
    /* v: block 0 (two ints at 4) and block 1 (two ints at 0) change places */
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoallv(sbuf, (int[]){2, 2}, (int[]){4, 0}, MPI_INT, rbuf,
                                            (int[]){2, 2}, (int[]){6, 1}, MPI_INT, c1),
                     MPI_SUCCESS);
    expect((int[]){-1, 104, 105, -1, -1, -1, 100, 101}, 8);
    /* w: bytes and a type per block */
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoallw_c(
                         sbuf, (MPI_Count[]){1, 2}, (MPI_Aint[]){0, 8 * sizeof(int)},
                         (MPI_Datatype[]){vec, MPI_INT}, rbuf, (MPI_Count[]){1, 2},
                         (MPI_Aint[]){0, 4 * sizeof(int)}, (MPI_Datatype[]){idx, MPI_INT}, c1),
                     MPI_SUCCESS);
    expect((int[]){109, 108, -1, -1, 100, 103}, 6);
    /* no neighbour: nothing read, nothing written */
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, cn), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Ineighbor_alltoallw(NULL, (int[]){1, 1}, (MPI_Aint[]){0, 0},
                                             (MPI_Datatype[]){MPI_INT, MPI_INT}, rbuf,
                                             (int[]){1, 1}, (MPI_Aint[]){0, 0},
                                             (MPI_Datatype[]){MPI_INT, MPI_INT}, cn, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    expect(NULL, 0);
    MPI_Type_free(&vec);
    MPI_Type_free(&idx);
    MPI_Comm_free(&c1);
    MPI_Comm_free(&c3);
    MPI_Comm_free(&cn);
}
END_TEST

/* Loops of a graph: receive block i gets send block i (messages to
 * oneself keep their order). */
/* Persistent neighbourhood collectives: checked when made, each start
 * moves the data of the moment, the derived types the program freed stay
 * in use, nothing is left after MPI_Request_free. */
START_TEST(test_neighbor_persistent)
{
    MPI_Comm c3 = grid(3, (int[]){1, 0, 1});
    MPI_Datatype vec, idx, w[6];
    MPI_Request r[2];
    int ones[6] = {1, 1, 1, 1, 1, 1};
    MPI_Aint byte_displs[6] = {0, 4, 8, 12, 16, 20};
    long live0;

    returning();
    live0 = typeshim_live_types();
    MPI_Type_vector(2, 1, 3, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_create_indexed_block(2, 1, (int[]){1, 0}, MPI_INT, &idx);
    MPI_Type_commit(&idx);
    ck_assert_int_eq(
        MPI_Neighbor_alltoall_init(sbuf, 1, vec, rbuf, 1, idx, c3, MPI_INFO_NULL, &r[0]),
        MPI_SUCCESS);
    MPI_Type_free(&vec);
    MPI_Type_free(&idx);
    for (int round = 0; round < 2; round++) {
        fill();
        for (int i = 0; i < 24; i++)
            sbuf[i] += 1000 * round;
        ck_assert_int_eq(MPI_Start(&r[0]), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Wait(&r[0], MPI_STATUS_IGNORE), MPI_SUCCESS);
        if (round == 0)
            expect((int[]){107, 104, 103, 100, -1, -1, -1, -1, 123, 120, 119, 116}, 12);
        else
            expect((int[]){1107, 1104, 1103, 1100, -1, -1, -1, -1, 1123, 1120, 1119, 1116}, 12);
    }
    /* the w form with a datatype per block, all freed after the call */
    for (int k = 0; k < 6; k++) {
        MPI_Type_contiguous(1, MPI_INT, &w[k]);
        MPI_Type_commit(&w[k]);
    }
    /* the arrays stay in use until the request is freed (MPI-4.1 section
     * 6.13): named, not literals scoped to the assertion */
    ck_assert_int_eq(MPI_Neighbor_alltoallw_init(sbuf, ones, byte_displs, w, rbuf, ones,
                                                 byte_displs, w, c3, MPI_INFO_NULL, &r[1]),
                     MPI_SUCCESS);
    for (int k = 0; k < 6; k++)
        MPI_Type_free(&w[k]);
    fill();
    ck_assert_int_eq(MPI_Startall(2, r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Waitall(2, r, statuses_ignore), MPI_SUCCESS);
    /* in order: the alltoall writes 0..3, then the w form 0, 1, 4, 5 (its
     * non-periodic dimension's blocks 2 and 3 have MPI_PROC_NULL) */
    expect((int[]){101, 100, 103, 100, 105, 104, -1, -1, 123, 120, 119, 116}, 12);
    ck_assert_int_eq(MPI_Request_free(&r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Request_free(&r[1]), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_live_types(), live0);
    /* refused when made: no topology, a bad info, sizes that differ */
    ck_assert_int_eq(fails(MPI_Neighbor_allgather_init(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT,
                                                       MPI_COMM_WORLD, MPI_INFO_NULL, &r[0])),
                     MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Neighbor_allgather_init(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, c3,
                                                       (MPI_Info)0x9c000005, &r[0])),
                     MPI_ERR_INFO);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall_init_c(sbuf, 2, MPI_INT, rbuf, 1, MPI_INT, c3,
                                                        MPI_INFO_NULL, &r[0])),
                     MPI_ERR_TRUNCATE);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall_init(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, c3,
                                                      MPI_INFO_NULL, NULL)),
                     MPI_ERR_ARG);
    MPI_Comm_free(&c3);
}
END_TEST

START_TEST(test_neighbor_graphs)
{
    MPI_Comm g = loops(3), d, none = loops(0);
    int z[3] = {0, 0, 0};

    returning();
    MPI_Dist_graph_create(MPI_COMM_WORLD, 1, z, (int[]){3}, z, (int[]){1, 2, 3}, MPI_INFO_NULL, 0,
                          &d);
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoall(sbuf, 2, MPI_INT, rbuf, 2, MPI_INT, g), MPI_SUCCESS);
    expect((int[]){100, 101, 102, 103, 104, 105}, 6);
    fill();
    ck_assert_int_eq(MPI_Neighbor_alltoallv_c(sbuf, (MPI_Count[]){1, 2, 1}, (MPI_Aint[]){0, 4, 9},
                                              MPI_INT, rbuf, (MPI_Count[]){1, 2, 1},
                                              (MPI_Aint[]){5, 0, 3}, MPI_INT, d),
                     MPI_SUCCESS);
    expect((int[]){104, 105, -1, 109, -1, 100}, 6);
    fill();
    ck_assert_int_eq(MPI_Neighbor_allgather_c(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, d), MPI_SUCCESS);
    expect((int[]){100, 100, 100}, 3);
    /* no edge: no block, the arrays need not be there */
    fill();
    ck_assert_int_eq(
        MPI_Neighbor_alltoallv(sbuf, NULL, NULL, MPI_INT, rbuf, NULL, NULL, MPI_INT, none),
        MPI_SUCCESS);
    expect(NULL, 0);
    MPI_Comm_free(&g);
    MPI_Comm_free(&d);
    MPI_Comm_free(&none);
}
END_TEST

START_TEST(test_neighbor_refusals)
{
    MPI_Comm c = grid(2, (int[]){1, 1}), split, gone;
    MPI_Datatype raw;
    MPI_Request r = MPI_REQUEST_NULL;
    int two[4] = {2, 2, 2, 2}, d4[4] = {0, 2, 4, 6};

    returning();
    MPI_Comm_split(c, 0, 0, &split);
    MPI_Comm_dup(c, &gone);
    MPI_Comm_free(&gone);
    MPI_Type_contiguous(2, MPI_INT, &raw);
    fill();
    ck_assert_int_eq(
        fails(MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_WORLD)),
        MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(fails(MPI_Ineighbor_allgather(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, split, &r)),
                     MPI_ERR_TOPOLOGY);
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, gone)),
                     MPI_ERR_COMM);
    ck_assert_int_eq(
        fails(MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, MPI_COMM_NULL)),
        MPI_ERR_COMM);
    ck_assert_int_eq(fails(MPI_Ineighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 1, MPI_INT, c, NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall(sbuf, -1, MPI_INT, rbuf, 1, MPI_INT, c)),
                     MPI_ERR_COUNT);
    ck_assert_int_eq(fails(MPI_Neighbor_allgather(sbuf, 1, raw, rbuf, 2, MPI_INT, c)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(fails(MPI_Neighbor_allgather(sbuf, 1, MPI_INT, rbuf, 1, MPI_DATATYPE_NULL, c)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall(MPI_IN_PLACE, 1, MPI_INT, rbuf, 1, MPI_INT, c)),
                     MPI_ERR_BUFFER);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, c)),
                     MPI_ERR_BUFFER);
    /* sizes that disagree: longer (truncate), shorter (type) */
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall(sbuf, 2, MPI_INT, rbuf, 1, MPI_INT, c)),
                     MPI_ERR_TRUNCATE);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoall(sbuf, 1, MPI_INT, rbuf, 2, MPI_INT, c)),
                     MPI_ERR_TYPE);
    /* only the last block is wrong: nothing at all is written */
    ck_assert_int_eq(fails(MPI_Neighbor_alltoallv(sbuf, two, d4, MPI_INT, rbuf, (int[]){2, 2, 2, 3},
                                                  d4, MPI_INT, c)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoallv(sbuf, (int[]){2, 2, 2, -2}, d4, MPI_INT, rbuf,
                                                  two, d4, MPI_INT, c)),
                     MPI_ERR_COUNT);
    ck_assert_int_eq(
        fails(MPI_Neighbor_alltoallw(sbuf, two, (MPI_Aint[]){0, 0, 0, 0},
                                     (MPI_Datatype[]){MPI_INT, MPI_INT, MPI_INT, raw}, rbuf, two,
                                     (MPI_Aint[]){0, 0, 0, 0},
                                     (MPI_Datatype[]){MPI_INT, MPI_INT, MPI_INT, MPI_INT}, c)),
        MPI_ERR_TYPE);
    /* arrays the blocks need */
    ck_assert_int_eq(
        fails(MPI_Neighbor_alltoallv(sbuf, NULL, d4, MPI_INT, rbuf, two, d4, MPI_INT, c)),
        MPI_ERR_ARG);
    ck_assert_int_eq(
        fails(MPI_Neighbor_alltoallv(sbuf, two, d4, MPI_INT, rbuf, two, NULL, MPI_INT, c)),
        MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Neighbor_allgatherv(sbuf, 2, MPI_INT, rbuf, NULL, d4, MPI_INT, c)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(fails(MPI_Neighbor_alltoallw(sbuf, two, (MPI_Aint[]){0, 0, 0, 0}, NULL, rbuf,
                                                  two, (MPI_Aint[]){0, 0, 0, 0}, NULL, c)),
                     MPI_ERR_ARG);
    expect(NULL, 0);
    MPI_Type_free(&raw);
    MPI_Comm_free(&c);
    MPI_Comm_free(&split);
}
END_TEST

/* ---------------------------------------------------------- fatal paths */

static void body_shift(void)
{
    MPI_Comm c;

    MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){1, 1}, (int[]){0, 0}, 0, &c);
    MPI_Comm_set_name(c, "grid");
    MPI_Cart_shift(c, 5, 1, (int[1]){0}, (int[1]){0});
}

static void body_neighbor(void)
{
    int v = 0;

    MPI_Neighbor_allgather(&v, 1, MPI_INT, &v, 1, MPI_INT, MPI_COMM_SELF);
}

static void body_weights(void)
{
    MPI_Comm d;

    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, (int[]){0}, (int[]){1}, 1, (int[]){0},
                                   (int[]){2}, MPI_INFO_NULL, 0, &d);
}

START_TEST(test_fatal_messages)
{
    struct child c;

    run_child(body_shift, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_ARG);
    ck_assert_msg(strstr(c.err,
                         "typeshim: rank 0: fatal error on grid: MPI_Cart_shift(direction=5): "
                         "Invalid direction (0 to 1)") == c.err,
                  "stderr: %s", c.err);
    run_child(body_neighbor, &c);
    ck_assert_int_eq(c.status, MPI_ERR_TOPOLOGY);
    ck_assert_msg(strstr(c.err,
                         "typeshim: rank 0: fatal error on MPI_COMM_SELF: "
                         "MPI_Neighbor_allgather: the communicator has no topology") == c.err,
                  "stderr: %s", c.err);
    run_child(body_weights, &c);
    ck_assert_int_eq(c.status, MPI_ERR_TOPOLOGY);
    ck_assert_msg(strstr(c.err, "MPI_Dist_graph_create_adjacent(sourceweights, destweights): the "
                                "weights of the edges in differ from those of the same edges out "
                                "(MPI-4.1 section 8.5.4)") != NULL,
                  "stderr: %s", c.err);
}
END_TEST

/* ---------------------------------------------------------------- threads */

#define ROUNDS 300

/* Duplicates of one grid, each thread reading its own while the others
 * free theirs: the shared topology lives while one of them does. */
static void *reader(void *arg)
{
    MPI_Comm base = *(MPI_Comm *)arg, c;
    int per[2], v[2], s, d, ok = 1;

    for (int i = 0; i < ROUNDS && ok; i++) {
        MPI_Comm_dup(base, &c);
        ok = MPI_Cart_get(c, 2, v, per, v) == MPI_SUCCESS && per[0] == 1 && per[1] == 0 &&
             MPI_Cart_shift(c, 1, 1, &s, &d) == MPI_SUCCESS && s == MPI_PROC_NULL;
        int sb[4] = {1, 2, 3, 4}, rb[4] = {0};
        ok = ok && MPI_Neighbor_alltoall(sb, 1, MPI_INT, rb, 1, MPI_INT, c) == MPI_SUCCESS &&
             rb[0] == 2 && rb[1] == 1 && rb[2] == 0;
        MPI_Comm_free(&c);
    }
    return (void *)(long)ok;
}

START_TEST(test_threads)
{
    pthread_t th[4];
    MPI_Comm base;
    int provided;
    void *ok;

    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    ck_assert_int_eq(provided, MPI_THREAD_MULTIPLE);
    MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){1, 1}, (int[]){1, 0}, 0, &base);
    for (int t = 0; t < 4; t++)
        pthread_create(&th[t], NULL, reader, &base);
    for (int t = 0; t < 4; t++) {
        pthread_join(th[t], &ok);
        ck_assert_msg(ok != NULL, "thread %d read a wrong topology", t);
    }
    MPI_Comm_free(&base);
    MPI_Finalize();
}
END_TEST

static Suite *topo_suite(void)
{
    Suite *s = suite_create("topo");
    TCase *tc = tcase_create("one process"), *mt = tcase_create("threads");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, test_cart_inquiries);
    tcase_add_test(tc, test_cart_refusals);
    tcase_add_test(tc, test_dims_create);
    tcase_add_test(tc, test_graphs);
    tcase_add_test(tc, test_dist_graphs);
    tcase_add_test(tc, test_topology_kept_and_dropped);
    tcase_add_test(tc, test_neighbor_grid);
    tcase_add_test(tc, test_neighbor_graphs);
    tcase_add_test(tc, test_neighbor_refusals);
    tcase_add_test(tc, test_neighbor_persistent);
    tcase_add_test(tc, test_fatal_messages);
    suite_add_tcase(s, tc);
    tcase_set_timeout(mt, 60);
    tcase_add_test(mt, test_threads);
    suite_add_tcase(s, mt);
    return s;
}

int main(void)
{
    return st_run(topo_suite());
}

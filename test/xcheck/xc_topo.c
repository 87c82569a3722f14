/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_topo: process topologies and neighbourhood collectives on one
 * process, compared with MPICH run as a singleton: Cartesian grids
 * (create, get, rank, coords, shift in every mode, sub, map), many
 * MPI_Dims_create cases, graphs and distributed graphs (weights,
 * MPI_UNWEIGHTED, MPI_WEIGHTS_EMPTY, edges to the process itself), the
 * topology kept by MPI_Comm_dup and dropped by split, and the data of
 * every neighbourhood collective moved between derived datatypes, with
 * distinct values per block so that each block's place is compared.
 * (Calls that crash MPICH 4.0.2, such as MPI_Cart_get on a communicator
 * without topology, are left to test/serial/check_topo.c.) */
#include "xc_common.h"

#define N 24

/* The kind MPI_Topo_test gives, by name: MPI_CART, MPI_GRAPH... are the
 * ABI's values (MPICH's MPI_CART is 2, Open MPI's 1). */
static const char *topo_kind(int kind)
{
    return kind == MPI_CART         ? "CART"
           : kind == MPI_GRAPH      ? "GRAPH"
           : kind == MPI_DIST_GRAPH ? "DIST_GRAPH"
           : kind == MPI_UNDEFINED  ? "UNDEFINED"
           : kind == -7             ? "-7"
                                    : "?";
}

static int sb[N], rb[N];
static MPI_Datatype pair_vec, pair_idx; /* 2 ints: at 0 and 2; at 1 and 0 */

static void reset(void)
{
    for (int i = 0; i < N; i++) {
        sb[i] = 100 + i;
        rb[i] = -1;
    }
}

/* The receive buffer after a call. */
static void show(const char *key, int rc)
{
    char s[N * 8] = "";

    for (int i = 0; i < N; i++)
        sprintf(s + strlen(s), "%d ", rb[i]);
    xc_kv(key, "%s %s", xc_rc(rc), s);
}

static void wait_show(const char *key, int rc, MPI_Request *r)
{
    if (rc == MPI_SUCCESS)
        rc = MPI_Wait(r, MPI_STATUS_IGNORE);
    show(key, rc);
}

static void list(char *buf, const int *v, int n)
{
    buf[0] = '\0';
    for (int i = 0; i < n; i++)
        sprintf(buf + strlen(buf), "%d ", v[i]);
}

static MPI_Comm cart(int ndims, const int *periods)
{
    int dims[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    MPI_Comm c = MPI_COMM_NULL;

    MPI_Cart_create(MPI_COMM_WORLD, ndims, dims, periods, 0, &c);
    return c;
}

static void free_comm(MPI_Comm *c)
{
    if (*c != MPI_COMM_NULL)
        MPI_Comm_free(c);
}

/* Creation: the class, whether a communicator came out, its kind. */
static void made(const char *key, int rc, MPI_Comm *c)
{
    int kind = -7;

    if (rc == MPI_SUCCESS && *c != MPI_COMM_NULL)
        MPI_Topo_test(*c, &kind);
    xc_kv(key, "%s null=%d kind=%s", xc_rc(rc), *c == MPI_COMM_NULL, topo_kind(kind));
    free_comm(c);
}

static void cart_create(void)
{
    MPI_Comm c = MPI_COMM_NULL;
    int one[3] = {1, 1, 1}, per[3] = {1, 0, 1};

    made("cart.create.0d", MPI_Cart_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &c), &c);
    made("cart.create.3d", MPI_Cart_create(MPI_COMM_WORLD, 3, one, per, 1, &c), &c);
    made("cart.create.self", MPI_Cart_create(MPI_COMM_SELF, 1, one, per, 0, &c), &c);
    made("cart.create.ndims_neg", MPI_Cart_create(MPI_COMM_WORLD, -1, one, per, 0, &c), &c);
    made("cart.create.too_big", MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){1, 2}, per, 0, &c), &c);
#if XC_ROBUST
    made("cart.create.dims_null", MPI_Cart_create(MPI_COMM_WORLD, 1, NULL, per, 0, &c), &c);
    made("cart.create.periods_null", MPI_Cart_create(MPI_COMM_WORLD, 1, one, NULL, 0, &c), &c);
    xc_kv("cart.create.out_null", "%s",
          xc_rc(MPI_Cart_create(MPI_COMM_WORLD, 1, one, per, 0, NULL)));
#endif
    made("cart.create.comm_null", MPI_Cart_create(MPI_COMM_NULL, 1, one, per, 0, &c), &c);
    /* a dimension of no process, or fewer (MPICH: MPI_COMM_NULL) */
    made("cart.create.dim0", MPI_Cart_create(MPI_COMM_WORLD, 2, (int[]){1, 0}, per, 0, &c), &c);
    made("cart.create.dimneg", MPI_Cart_create(MPI_COMM_WORLD, 1, (int[]){-1}, per, 0, &c), &c);
}

static void cart_get(MPI_Comm c3)
{
    int d[5], p[5], k[5], nd = -7, rc;
    char a[64], b[64], e[64];

    for (int i = 0; i < 5; i++)
        d[i] = p[i] = k[i] = -7;
    rc = MPI_Cartdim_get(c3, &nd);
    xc_kv("cart.dim", "%s %d", xc_rc(rc), nd);
    rc = MPI_Cart_get(c3, 5, d, p, k);
    for (int i = 0; i < 3; i++)
        p[i] = p[i] != 0; /* a logical */
    list(a, d, 5), list(b, p, 5), list(e, k, 5);
    xc_kv("cart.get", "%s dims=%s periods=%s coords=%s", xc_rc(rc), a, b, e);
    for (int i = 0; i < 5; i++)
        d[i] = -7;
    rc = MPI_Cart_get(c3, 2, d, p, k); /* MPICH writes the third too */
    list(a, d, 5);
    xc_kv("cart.get.maxdims_short", "%s %s", xc_rc(rc), a);
    xc_kv("cart.get.maxdims_neg", "%s", xc_rc(MPI_Cart_get(c3, -1, d, p, k)));
#if XC_ROBUST
    xc_kv("cart.get.dims_null", "%s", xc_rc(MPI_Cart_get(c3, 3, NULL, p, k)));
    xc_kv("cart.dim.null", "%s", xc_rc(MPI_Cartdim_get(c3, NULL)));
#endif
    xc_kv("cart.dim.world", "%s", xc_rc(MPI_Cartdim_get(MPI_COMM_WORLD, &nd)));
}

static void cart_rank_coords(MPI_Comm c3)
{
    static const int coords[][3] = {{0, 0, 0}, {5, 0, -7}, {0, 1, 0}, {0, -1, 0}, {-1, 0, 1}};
    int r, k[4], rc;
    char key[64], a[64];

    for (int i = 0; i < XC_NELEM(coords); i++) {
        r = -7;
        rc = MPI_Cart_rank(c3, coords[i], &r);
        sprintf(key, "cart.rank.%d.%d.%d", coords[i][0], coords[i][1], coords[i][2]);
        xc_kv(key, "%s %d", xc_rc(rc), r);
    }
#if XC_ROBUST
    xc_kv("cart.rank.coords_null", "%s", xc_rc(MPI_Cart_rank(c3, NULL, &r)));
    xc_kv("cart.rank.rank_null", "%s", xc_rc(MPI_Cart_rank(c3, coords[0], NULL)));
#endif
    xc_kv("cart.rank.world", "%s", xc_rc(MPI_Cart_rank(MPI_COMM_WORLD, coords[0], &r)));
    for (int rank = -2; rank <= 1; rank++) {
        k[0] = k[1] = k[2] = k[3] = -7;
        rc = MPI_Cart_coords(c3, rank, 4, k);
        list(a, k, 4);
        sprintf(key, "cart.coords.rank%d", rank);
        xc_kv(key, "%s %s", xc_rc(rc), a);
    }
    xc_kv("cart.coords.maxdims_short", "%s", xc_rc(MPI_Cart_coords(c3, 0, 2, k)));
    xc_kv("cart.coords.maxdims_neg", "%s", xc_rc(MPI_Cart_coords(c3, 0, -1, k)));
#if XC_ROBUST
    xc_kv("cart.coords.null", "%s", xc_rc(MPI_Cart_coords(c3, 0, 3, NULL)));
#endif
    xc_kv("cart.coords.world", "%s", xc_rc(MPI_Cart_coords(MPI_COMM_WORLD, 0, 3, k)));
}

/* Every direction (and two outside), displacement and periodicity. */
static void cart_shift(void)
{
    static const int per[2][3] = {{1, 0, 1}, {0, 1, 0}};
    char key[64];

    for (int p = 0; p < 2; p++) {
        MPI_Comm c = cart(3, per[p]);
        for (int dir = -1; dir <= 3; dir++)
            for (int disp = -3; disp <= 3; disp++) {
                int s = -7, d = -7, rc = MPI_Cart_shift(c, dir, disp, &s, &d);
                sprintf(key, "cart.shift.p%d%d%d.dir%d.disp%d", per[p][0], per[p][1], per[p][2],
                        dir, disp);
                xc_kv(key, "%s %s %s", xc_rc(rc), xc_rank(s), xc_rank(d));
            }
        free_comm(&c);
    }
    {
        MPI_Comm c0 = cart(0, NULL), c1 = cart(1, (int[]){0});
        int s, d;
        xc_kv("cart.shift.0d", "%s", xc_rc(MPI_Cart_shift(c0, 0, 1, &s, &d)));
#if XC_ROBUST
        xc_kv("cart.shift.src_null", "%s", xc_rc(MPI_Cart_shift(c1, 0, 1, NULL, &d)));
        xc_kv("cart.shift.dst_null", "%s", xc_rc(MPI_Cart_shift(c1, 0, 1, &s, NULL)));
#endif
        xc_kv("cart.shift.world", "%s", xc_rc(MPI_Cart_shift(MPI_COMM_WORLD, 0, 1, &s, &d)));
        free_comm(&c0);
        free_comm(&c1);
    }
}

static void sub_show(const char *key, int rc, MPI_Comm *sub)
{
    int nd = -7, kind = -7, p[3] = {-7, -7, -7}, d[3], k[3];
    char a[32];

    if (rc == MPI_SUCCESS) {
        MPI_Topo_test(*sub, &kind);
        MPI_Cartdim_get(*sub, &nd);
        MPI_Cart_get(*sub, 3, d, p, k);
        for (int i = 0; i < nd; i++)
            p[i] = p[i] != 0;
        free_comm(sub);
    }
    list(a, p, 3);
    xc_kv(key, "%s kind=%s ndims=%d periods=%s", xc_rc(rc), topo_kind(kind), nd, a);
}

static void cart_sub_map(MPI_Comm c3)
{
    MPI_Comm sub = MPI_COMM_NULL, c0 = cart(0, NULL);
    int r, rc;

    sub_show("cart.sub.101", MPI_Cart_sub(c3, (int[]){1, 0, 1}, &sub), &sub);
    sub_show("cart.sub.011", MPI_Cart_sub(c3, (int[]){0, 1, 1}, &sub), &sub);
    sub_show("cart.sub.none", MPI_Cart_sub(c3, (int[]){0, 0, 0}, &sub), &sub);
    sub_show("cart.sub.seven", MPI_Cart_sub(c3, (int[]){7, 0, 0}, &sub), &sub);
    sub_show("cart.sub.of_0d", MPI_Cart_sub(c0, NULL, &sub), &sub);
#if XC_ROBUST
    xc_kv("cart.sub.remain_null", "%s", xc_rc(MPI_Cart_sub(c3, NULL, &sub)));
    xc_kv("cart.sub.out_null", "%s", xc_rc(MPI_Cart_sub(c3, (int[]){1, 1, 1}, NULL)));
#endif
    xc_kv("cart.sub.world", "%s", xc_rc(MPI_Cart_sub(MPI_COMM_WORLD, (int[]){1}, &sub)));
    free_comm(&c0);
    r = -7;
    rc = MPI_Cart_map(MPI_COMM_WORLD, 2, (int[]){1, 1}, (int[]){1, 0}, &r);
    xc_kv("cart.map.ones", "%s %d", xc_rc(rc), r);
    r = -7;
    rc = MPI_Cart_map(c3, 0, NULL, NULL, &r);
    xc_kv("cart.map.0d", "%s %d", xc_rc(rc), r);
    r = -7;
    rc = MPI_Cart_map(MPI_COMM_WORLD, 1, (int[]){2}, (int[]){0}, &r);
    xc_kv("cart.map.too_big", "%s %d", xc_rc(rc), r);
    xc_kv("cart.map.ndims_neg", "%s",
          xc_rc(MPI_Cart_map(MPI_COMM_WORLD, -1, (int[]){1}, (int[]){0}, &r)));
#if XC_ROBUST
    xc_kv("cart.map.dims_null", "%s", xc_rc(MPI_Cart_map(MPI_COMM_WORLD, 1, NULL, (int[]){0}, &r)));
    xc_kv("cart.map.out_null", "%s",
          xc_rc(MPI_Cart_map(MPI_COMM_WORLD, 1, (int[]){1}, (int[]){0}, NULL)));
#endif
    r = -7;
    rc = MPI_Cart_map(MPI_COMM_WORLD, 1, (int[]){0}, (int[]){0}, &r);
    xc_kv("cart.map.dim0", "%s %d", xc_rc(rc), r);
}

/* ----------------------------------------------------- MPI_Dims_create */

static void dims_case(int nnodes, int ndims, const int *given)
{
    int d[32];
    char a[256], key[sizeof a + 32]; /* room for a whole list */

    for (int i = 0; i < ndims; i++)
        d[i] = given ? given[i] : 0;
    list(a, d, ndims);
    snprintf(key, sizeof key, "dims(%d,%d,[%s])", nnodes, ndims, a);
    int rc = MPI_Dims_create(nnodes, ndims, d); /* (MPICH refuses NULL even for no dims) */
    list(a, d, ndims);
    xc_kv(key, "%s %s", xc_rc(rc), a);
}

static void dims_create(void)
{
    /* numbers with many ways to split them, and some that have few */
    static const int big[] = {360,       720,       1000,       1024,       2310,       4096,
                              5040,      7560,      27720,      30030,      65536,      83160,
                              100000,    362880,    510510,     720720,     1000000,    2162160,
                              9699690,   14414400,  30030000,   73513440,   200560490,  223092870,
                              735134400, 963761198, 1102701600, 1396755360, 2095133040, 2147483646};

    for (int n = 1; n <= 96; n++)
        for (int nd = 1; nd <= 6; nd++)
            dims_case(n, nd, NULL);
    for (int i = 0; i < XC_NELEM(big); i++)
        for (int nd = 2; nd <= 12; nd += (nd < 6 ? 1 : 3))
            dims_case(big[i], nd, NULL);
    /* given dimensions stay; the others split what they leave */
    dims_case(12, 3, (int[]){0, 3, 0});
    dims_case(24, 4, (int[]){0, 2, 0, 0});
    dims_case(360, 4, (int[]){0, 0, 5, 0});
    dims_case(720, 5, (int[]){4, 0, 0, 3, 0});
    dims_case(6, 3, (int[]){0, 1, 0});
    dims_case(6, 2, (int[]){3, 2});
    dims_case(2, 3, (int[]){1, 1, 1}); /* every one given: no check of the product */
    dims_case(7, 0, NULL);
    dims_case(1, 0, NULL);
    /* errors */
    dims_case(12, 3, (int[]){5, 0, 0});
    dims_case(12, 2, (int[]){3, 3});
    dims_case(12, 3, (int[]){-1, 0, 0});
    dims_case(4, 2, (int[]){0, -2});
    dims_case(-3, 2, NULL);
    xc_kv("dims.ndims_neg", "%s", xc_rc(MPI_Dims_create(6, -1, (int[]){0})));
#if XC_ROBUST
    xc_kv("dims.null", "%s", xc_rc(MPI_Dims_create(6, 2, NULL)));
#endif
    /* differences: no node; more than 20 dimensions to choose */
    dims_case(0, 1, NULL);
    dims_case(1 << 21, 21, NULL);
    dims_case(6, 24, NULL);
}

/* --------------------------------------------------------------- graphs */

static void graphs(void)
{
    MPI_Comm g = MPI_COMM_NULL;
    int nn = -7, ne = -7, ix[3], ed[5], r, rc;
    char a[64], b[64];

    made("graph.create.none", MPI_Graph_create(MPI_COMM_WORLD, 0, NULL, NULL, 0, &g), &g);
    made("graph.create.no_edge", MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){0}, ed, 0, &g), &g);
    made("graph.create.nnodes2", MPI_Graph_create(MPI_COMM_WORLD, 2, (int[]){0, 0}, ed, 0, &g), &g);
    made("graph.create.edge_neg",
         MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){1}, (int[]){-1}, 0, &g), &g);
    made("graph.create.index_neg", MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){-1}, ed, 0, &g), &g);
#if XC_ROBUST
    made("graph.create.index_null", MPI_Graph_create(MPI_COMM_WORLD, 1, NULL, ed, 0, &g), &g);
    made("graph.create.edges_null", MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){2}, NULL, 0, &g),
         &g);
    xc_kv("graph.create.out_null", "%s",
          xc_rc(MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){0}, ed, 0, NULL)));
#endif
    /* differences: a negative number of nodes, an edge to no node */
    made("graph.create.nnodes_neg", MPI_Graph_create(MPI_COMM_WORLD, -1, ix, ed, 0, &g), &g);
    made("graph.create.edge_out",
         MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){1}, (int[]){1}, 0, &g), &g);

    /* three loops */
    rc = MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){3}, (int[]){0, 0, 0}, 1, &g);
    xc_kv("graph.create.loops", "%s", xc_rc(rc));
    rc = MPI_Graphdims_get(g, &nn, &ne);
    xc_kv("graph.dims", "%s %d %d", xc_rc(rc), nn, ne);
#if XC_ROBUST
    xc_kv("graph.dims.null", "%s", xc_rc(MPI_Graphdims_get(g, NULL, &ne)));
#endif
    ix[0] = ix[1] = ix[2] = -7;
    for (int i = 0; i < 5; i++)
        ed[i] = -7;
    rc = MPI_Graph_get(g, 3, 5, ix, ed);
    list(a, ix, 3), list(b, ed, 5);
    xc_kv("graph.get", "%s index=%s edges=%s", xc_rc(rc), a, b);
    xc_kv("graph.get.maxedges_short", "%s", xc_rc(MPI_Graph_get(g, 1, 2, ix, ed)));
    xc_kv("graph.get.maxindex0", "%s", xc_rc(MPI_Graph_get(g, 0, 3, ix, ed)));
    xc_kv("graph.get.maxindex_neg", "%s", xc_rc(MPI_Graph_get(g, -1, 3, ix, ed)));
#if XC_ROBUST
    xc_kv("graph.get.index_null", "%s", xc_rc(MPI_Graph_get(g, 1, 3, NULL, ed)));
#endif
    nn = -7;
    rc = MPI_Graph_neighbors_count(g, 0, &nn);
    xc_kv("graph.neighbors_count", "%s %d", xc_rc(rc), nn);
    xc_kv("graph.neighbors_count.rank1", "%s", xc_rc(MPI_Graph_neighbors_count(g, 1, &nn)));
#if XC_ROBUST
    xc_kv("graph.neighbors_count.null", "%s", xc_rc(MPI_Graph_neighbors_count(g, 0, NULL)));
#endif
    for (int i = 0; i < 5; i++)
        ed[i] = -7;
    rc = MPI_Graph_neighbors(g, 0, 5, ed);
    list(a, ed, 5);
    xc_kv("graph.neighbors", "%s %s", xc_rc(rc), a);
    for (int i = 0; i < 5; i++)
        ed[i] = -7;
    rc = MPI_Graph_neighbors(g, 0, 2, ed); /* MPICH writes the third too */
    list(a, ed, 5);
    xc_kv("graph.neighbors.max_short", "%s %s", xc_rc(rc), a);
    xc_kv("graph.neighbors.rank_neg", "%s", xc_rc(MPI_Graph_neighbors(g, -1, 5, ed)));
    xc_kv("graph.neighbors.max_neg", "%s", xc_rc(MPI_Graph_neighbors(g, 0, -1, ed)));
    xc_kv("graph.neighbors.cart", "%s", xc_rc(MPI_Graph_neighbors_count(MPI_COMM_WORLD, 0, &nn)));
    xc_kv("graph.dims.world", "%s", xc_rc(MPI_Graphdims_get(MPI_COMM_WORLD, &nn, &ne)));
    MPI_Comm_free(&g);

    r = -7;
    rc = MPI_Graph_map(MPI_COMM_WORLD, 1, (int[]){2}, (int[]){0, 0}, &r);
    xc_kv("graph.map", "%s %d", xc_rc(rc), r);
    r = -7;
    rc = MPI_Graph_map(MPI_COMM_WORLD, 0, ix, ed, &r);
    xc_kv("graph.map.none", "%s undefined=%d", xc_rc(rc), r == MPI_UNDEFINED);
    xc_kv("graph.map.nnodes2", "%s",
          xc_rc(MPI_Graph_map(MPI_COMM_WORLD, 2, (int[]){0, 0}, ed, &r)));
#if XC_ROBUST
    xc_kv("graph.map.out_null", "%s",
          xc_rc(MPI_Graph_map(MPI_COMM_WORLD, 1, (int[]){0}, ed, NULL)));
#endif
}

/* ---------------------------------------------------- distributed graphs */

static void dist_show(const char *key, int rc, MPI_Comm *d)
{
    int in = -7, out = -7, w = -7, s[4], sw[4], t[4], tw[4];
    char a[32], b[32], c[32], e[32];

    for (int i = 0; i < 4; i++)
        s[i] = sw[i] = t[i] = tw[i] = -7;
    if (rc == MPI_SUCCESS && *d != MPI_COMM_NULL) {
        MPI_Dist_graph_neighbors_count(*d, &in, &out, &w);
        /* (exactly the degrees: MPICH 4.0.2 copies max entries) */
        if (in > 0)
            MPI_Dist_graph_neighbors(*d, in, s, sw, out, t, tw);
    }
    free_comm(d);
    list(a, s, 4), list(b, sw, 4), list(c, t, 4), list(e, tw, 4);
    xc_kv(key, "%s in=%d out=%d weighted=%d sources=%s sw=%s dests=%s dw=%s", xc_rc(rc), in, out, w,
          a, b, c, e);
}

static void dist_graphs(void)
{
    MPI_Comm d = MPI_COMM_NULL, e;
    int zero[3] = {0, 0, 0}, s[3], w[3], rc;

    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, zero, (int[]){3, 4}, 2, zero,
                                        (int[]){4, 3}, MPI_INFO_NULL, 0, &d);
    /* the duplicate has the same graph */
    MPI_Comm_dup(d, &e);
    dist_show("dist.adjacent.weighted", rc, &d);
    dist_show("dist.adjacent.dup", MPI_SUCCESS, &e);
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, zero, MPI_UNWEIGHTED, 1, zero,
                                        MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.unweighted", rc, &d);
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, zero, MPI_WEIGHTS_EMPTY, 0, zero,
                                        MPI_WEIGHTS_EMPTY, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.empty", rc, &d);
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, NULL, MPI_UNWEIGHTED, 0, NULL,
                                        MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.empty_unweighted", rc, &d);
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, zero, MPI_UNWEIGHTED, 1, zero,
                                        (int[]){2}, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.mixed", rc, &d);
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, -1, zero, MPI_UNWEIGHTED, 1, zero,
                                        MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.indegree_neg", rc, &d);
#if XC_ROBUST
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, NULL, MPI_UNWEIGHTED, 1, zero,
                                        MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.sources_null", rc, &d);
    xc_kv("dist.adjacent.out_null", "%s",
          xc_rc(MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 0, zero, MPI_UNWEIGHTED, 0, zero,
                                               MPI_UNWEIGHTED, MPI_INFO_NULL, 0, NULL)));
#endif
    /* differences: MPICH 4.0.2 accepts these graphs */
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, zero, MPI_UNWEIGHTED, 2, zero,
                                        MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.inconsistent", rc, &d);
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, (int[]){1}, MPI_UNWEIGHTED, 1, zero,
                                        MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.source_rank1", rc, &d);
    rc = MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 1, zero, (int[]){-3}, 1, zero, (int[]){-3},
                                        MPI_INFO_NULL, 0, &d);
    dist_show("dist.adjacent.weight_neg", rc, &d);

    /* MPI_Dist_graph_create: the edges in the order given */
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 2, zero, (int[]){2, 1}, zero, (int[]){7, 8, 9},
                               MPI_INFO_NULL, 0, &d);
    dist_show("dist.create.weighted", rc, &d);
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 3, zero, (int[]){1, 0, 2}, zero, MPI_UNWEIGHTED,
                               MPI_INFO_NULL, 0, &d);
    dist_show("dist.create.unweighted", rc, &d);
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 0, NULL, NULL, NULL, MPI_WEIGHTS_EMPTY,
                               MPI_INFO_NULL, 0, &d);
    dist_show("dist.create.none", rc, &d);
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, -1, zero, zero, zero, MPI_UNWEIGHTED, MPI_INFO_NULL,
                               0, &d);
    dist_show("dist.create.n_neg", rc, &d);
#if XC_ROBUST
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 1, NULL, (int[]){1}, zero, MPI_UNWEIGHTED,
                               MPI_INFO_NULL, 0, &d);
    dist_show("dist.create.sources_null", rc, &d);
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 1, zero, NULL, zero, MPI_UNWEIGHTED, MPI_INFO_NULL,
                               0, &d);
    dist_show("dist.create.degrees_null", rc, &d);
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 1, zero, (int[]){1}, NULL, MPI_UNWEIGHTED,
                               MPI_INFO_NULL, 0, &d);
    dist_show("dist.create.destinations_null", rc, &d);
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 1, zero, (int[]){1}, zero, NULL, MPI_INFO_NULL, 0,
                               &d);
    dist_show("dist.create.weights_null", rc, &d);
#endif
    /* difference: a negative degree */
    rc = MPI_Dist_graph_create(MPI_COMM_WORLD, 1, zero, (int[]){-1}, zero, MPI_UNWEIGHTED,
                               MPI_INFO_NULL, 0, &d);
    dist_show("dist.create.degree_neg", rc, &d);

    /* the neighbour lists' own checks */
    MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 2, zero, (int[]){3, 4}, 2, zero, (int[]){4, 3},
                                   MPI_INFO_NULL, 0, &d);
    MPI_Comm_set_errhandler(d, MPI_ERRORS_RETURN);
    xc_kv("dist.neighbors.maxin_short", "%s", xc_rc(MPI_Dist_graph_neighbors(d, 1, s, w, 2, s, w)));
    xc_kv("dist.neighbors.maxout_neg", "%s", xc_rc(MPI_Dist_graph_neighbors(d, 2, s, w, -1, s, w)));
#if XC_ROBUST
    xc_kv("dist.neighbors.sources_null", "%s",
          xc_rc(MPI_Dist_graph_neighbors(d, 2, NULL, w, 2, s, w)));
#endif
    w[0] = w[1] = -7;
    rc = MPI_Dist_graph_neighbors(d, 2, s, MPI_UNWEIGHTED, 2, s, MPI_UNWEIGHTED);
    xc_kv("dist.neighbors.no_weights", "%s %d %d", xc_rc(rc), w[0], w[1]);
#if XC_ROBUST
    xc_kv("dist.count.null", "%s", xc_rc(MPI_Dist_graph_neighbors_count(d, NULL, s, w)));
#endif
    xc_kv("dist.count.world", "%s", xc_rc(MPI_Dist_graph_neighbors_count(MPI_COMM_WORLD, s, s, s)));
    xc_kv("dist.neighbors.graph", "%s",
          xc_rc(MPI_Graph_neighbors_count(d, 0, s))); /* not a graph topology */
    MPI_Comm_free(&d);
}

/* ------------------------------------------------------- MPI_Topo_test */

static void kinds(MPI_Comm c3)
{
    MPI_Comm c;
    MPI_Group g;
    MPI_Request r;
    int kind;

    xc_kv("topo.constants", "graph=%d cart=%d dist=%d", MPI_GRAPH, MPI_CART, MPI_DIST_GRAPH);
    kind = -7;
    xc_kv("topo.world", "%s undefined=%d", xc_rc(MPI_Topo_test(MPI_COMM_WORLD, &kind)),
          kind == MPI_UNDEFINED);
    MPI_Comm_dup(c3, &c);
    MPI_Topo_test(c, &kind);
    xc_kv("topo.dup", "%s", topo_kind(kind));
    MPI_Comm_free(&c);
    MPI_Comm_dup_with_info(c3, MPI_INFO_NULL, &c);
    MPI_Topo_test(c, &kind);
    xc_kv("topo.dup_with_info", "%s", topo_kind(kind));
    MPI_Comm_free(&c);
    MPI_Comm_idup(c3, &c, &r);
    MPI_Wait(&r, MPI_STATUS_IGNORE);
    MPI_Topo_test(c, &kind);
    xc_kv("topo.idup", "%s", topo_kind(kind));
    MPI_Comm_free(&c);
    MPI_Comm_split(c3, 0, 0, &c);
    MPI_Topo_test(c, &kind);
    xc_kv("topo.split", "undefined=%d", kind == MPI_UNDEFINED);
    MPI_Comm_free(&c);
    MPI_Comm_group(c3, &g);
    MPI_Comm_create(c3, g, &c);
    MPI_Group_free(&g);
    MPI_Topo_test(c, &kind);
    xc_kv("topo.create", "undefined=%d", kind == MPI_UNDEFINED);
    MPI_Comm_free(&c);
#if XC_ROBUST
    xc_kv("topo.null", "%s", xc_rc(MPI_Topo_test(c3, NULL)));
#endif
    xc_kv("topo.comm_null", "%s", xc_rc(MPI_Topo_test(MPI_COMM_NULL, &kind)));
}

/* ------------------------------------------- neighbourhood collectives */

/* A communicator of each topology: 1-, 2- and 3-dimensional grids,
 * periodic or not, and graphs of three loops. */
static MPI_Comm topo(int which)
{
    MPI_Comm c = MPI_COMM_NULL;
    int zero[3] = {0, 0, 0};

    switch (which) {
    case 0:
        return cart(1, (int[]){1});
    case 1:
        return cart(1, (int[]){0});
    case 2:
        return cart(2, (int[]){1, 1});
    case 3:
        return cart(3, (int[]){1, 0, 1});
    case 4:
        return cart(3, (int[]){0, 1, 0});
    case 5:
        MPI_Graph_create(MPI_COMM_WORLD, 1, (int[]){3}, zero, 0, &c);
        return c;
    case 6:
        MPI_Dist_graph_create_adjacent(MPI_COMM_WORLD, 3, zero, MPI_UNWEIGHTED, 3, zero,
                                       MPI_UNWEIGHTED, MPI_INFO_NULL, 0, &c);
        return c;
    default:
        return cart(0, NULL);
    }
}

static const char *const topo_names[] = {"cart1p",   "cart1n", "cart2pp", "cart3pnp",
                                         "cart3npn", "graph3", "dist3",   "cart0"};
#define NTOPO 8

/* Each collective on each topology, derived types on both sides: a vector
 * of two ints sent, an indexed pair (swapped) received.  The blocks of the
 * v and w forms are of the same size in pairs (0 and 1, 2 and 3...), so
 * that they fit a grid's exchange and a graph's alike. */
static void neighbor_data(void)
{
    int cnt[6] = {1, 1, 2, 2, 1, 1}, sd[6] = {0, 2, 4, 7, 10, 12}, rd[6] = {9, 0, 4, 2, 6, 11};
    int one[6] = {1, 1, 1, 1, 1, 1}, gd[6] = {9, 0, 4, 2, 6, 11}, swc[6], rwc[6];
    MPI_Count ccnt[6] = {1, 1, 2, 2, 1, 1};
    MPI_Aint csd[6] = {0, 2, 4, 7, 10, 12}, crd[6] = {9, 0, 4, 2, 6, 11}, wsd[6], wrd[6];
    MPI_Datatype sts[6], rts[6];
    char key[XC_KEYLEN], p[32];

    (void)ccnt, (void)csd, (void)crd; /* (used by the MPI-4.0 calls) */

    /* the w forms: bytes, a type per block, each block two ints */
    for (int i = 0; i < 6; i++) {
        wsd[i] = (MPI_Aint)(4 * i) * (MPI_Aint)sizeof(int);
        wrd[i] = (MPI_Aint)(20 - 4 * i) * (MPI_Aint)sizeof(int);
        sts[i] = i % 2 ? MPI_INT : pair_vec;
        swc[i] = i % 2 ? 2 : 1;
        rts[i] = i % 2 ? pair_idx : MPI_INT;
        rwc[i] = i % 2 ? 1 : 2;
    }
    for (int t = 0; t < NTOPO; t++) {
        MPI_Comm c = topo(t);
        MPI_Request r;
        int rc;

        snprintf(p, sizeof p, "nbr.%s", topo_names[t]);
        MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
        reset();
        rc = MPI_Neighbor_allgather(sb, 1, pair_vec, rb, 1, pair_idx, c);
        show(xc_key(key, p, ".allgather"), rc);
        reset();
        rc = MPI_Ineighbor_allgather(sb, 2, MPI_INT, rb, 2, MPI_INT, c, &r);
        wait_show(xc_key(key, p, ".iallgather"), rc, &r);
        reset();
        rc = MPI_Neighbor_allgatherv(sb, 2, MPI_INT, rb, one, gd, pair_idx, c);
        show(xc_key(key, p, ".allgatherv"), rc);
        reset();
        rc = MPI_Neighbor_alltoall(sb, 1, pair_vec, rb, 2, MPI_INT, c);
        show(xc_key(key, p, ".alltoall"), rc);
        reset();
#if XC_MPI4
        rc = MPI_Neighbor_alltoall_c(sb, 2, MPI_INT, rb, 1, pair_idx, c);
        show(xc_key(key, p, ".alltoall_c"), rc);
        reset();
#endif
        rc = MPI_Ineighbor_alltoall(sb, 1, MPI_INT, rb, 1, MPI_INT, c, &r);
        wait_show(xc_key(key, p, ".ialltoall"), rc, &r);
        reset();
        rc = MPI_Neighbor_alltoallv(sb, cnt, sd, MPI_INT, rb, cnt, rd, MPI_INT, c);
        show(xc_key(key, p, ".alltoallv"), rc);
        reset();
#if XC_MPI4
        rc = MPI_Ineighbor_alltoallv_c(sb, ccnt, csd, MPI_INT, rb, ccnt, crd, MPI_INT, c, &r);
        wait_show(xc_key(key, p, ".ialltoallv_c"), rc, &r);
        reset();
#endif
        rc = MPI_Neighbor_alltoallw(sb, swc, wsd, sts, rb, rwc, wrd, rts, c);
        show(xc_key(key, p, ".alltoallw"), rc);
        free_comm(&c);
    }
}

static void neighbor_errors(void)
{
    MPI_Comm c = topo(0);
    MPI_Datatype raw;
    int rc;

    MPI_Comm_set_errhandler(c, MPI_ERRORS_RETURN);
    MPI_Type_contiguous(2, MPI_INT, &raw);
    reset();
    rc = MPI_Neighbor_alltoall(sb, -1, MPI_INT, rb, 1, MPI_INT, c);
    xc_kv("nbr.err.count_neg", "%s", xc_rc(rc));
    rc = MPI_Neighbor_allgather(sb, 1, MPI_DATATYPE_NULL, rb, 1, MPI_INT, c);
    xc_kv("nbr.err.type_null", "%s", xc_rc(rc));
    rc = MPI_Neighbor_alltoall(sb, 1, raw, rb, 2, MPI_INT, c);
    xc_kv("nbr.err.uncommitted", "%s", xc_rc(rc));
    rc = MPI_Neighbor_alltoall(sb, 1, MPI_INT, rb, 1, MPI_INT, MPI_COMM_NULL);
    xc_kv("nbr.err.comm_null", "%s", xc_rc(rc));
#if XC_ROBUST
    rc = MPI_Ineighbor_alltoall(sb, 1, MPI_INT, rb, 1, MPI_INT, c, NULL);
    xc_kv("nbr.err.request_null", "%s", xc_rc(rc));
#endif
    rc = MPI_Neighbor_alltoallv(sb, (int[]){-1, 1}, (int[]){0, 1}, MPI_INT, rb, (int[]){1, 1},
                                (int[]){0, 1}, MPI_INT, c);
    xc_kv("nbr.err.counts_neg", "%s", xc_rc(rc));
    /* difference: a block longer than where it goes (MPICH: no error) */
    rc = MPI_Neighbor_alltoall(sb, 2, MPI_INT, rb, 1, MPI_INT, c);
    xc_kv("nbr.err.truncate", "%s", xc_rc(rc));
    MPI_Type_free(&raw);
    free_comm(&c);
}

int main(int argc, char **argv)
{
    MPI_Comm c3;

    xc_init(&argc, &argv);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    MPI_Type_vector(2, 1, 2, MPI_INT, &pair_vec);
    MPI_Type_commit(&pair_vec);
    MPI_Type_indexed(2, (int[]){1, 1}, (int[]){1, 0}, MPI_INT, &pair_idx);
    MPI_Type_commit(&pair_idx);
    cart_create();
    c3 = cart(3, (int[]){1, 0, 1});
    MPI_Comm_set_errhandler(c3, MPI_ERRORS_RETURN);
    cart_get(c3);
    cart_rank_coords(c3);
    cart_shift();
    cart_sub_map(c3);
    dims_create();
    graphs();
    dist_graphs();
    kinds(c3);
    MPI_Comm_free(&c3);
    neighbor_data();
    neighbor_errors();
    MPI_Type_free(&pair_vec);
    MPI_Type_free(&pair_idx);
    return xc_finalize();
}

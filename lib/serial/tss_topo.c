/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Process topologies on a communicator of one process (MPI-4.1 chapter 8):
 * Cartesian grids, graphs and distributed graphs, MPI_Dims_create and
 * MPI_Topo_test.
 *
 * With one process a grid has one process in each dimension (a larger one
 * does not fit), a graph one node or none, and every edge of a distributed
 * graph goes from the process to itself.  So a Cartesian topology is its
 * periods, a graph its number of edges (all of them loops), a distributed
 * graph its number of edges and their weights.  What the program passes is
 * still checked as MPI says it must be, the grids, nodes, edges, ranks and
 * weights it describes; MPI_Dims_create works for any number of nodes.
 *
 * A topology record is never changed once made: MPI_Comm_dup shares it
 * (tss_comm.c keeps a reference per communicator), and a call holds a
 * reference while it reads it, so that MPI_Comm_free in another thread
 * cannot take it away.
 */
#include "typeshim_config.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* mpi.h's special weight arrays (MPI-4.1 section 8.5.4): addresses no
 * array of the program can have. */
static int unweighted_mark, weights_empty_mark;
int *const MPI_UNWEIGHTED = &unweighted_mark;
int *const MPI_WEIGHTS_EMPTY = &weights_empty_mark;

struct tss_topo {
    int refs;     /* atomic */
    int kind;     /* MPI_CART, MPI_GRAPH, MPI_DIST_GRAPH */
    int n;        /* Cartesian: dimensions; graphs: edges, each a loop */
    int weighted; /* distributed graph */
    /* Cartesian: n periods (0 or 1); weighted distributed graph: the n
     * weights of the edges in, then the n weights of the edges out */
    int v[];
};

/* A record of nv values, one reference; NULL without memory. */
static tss_topo *topo_new(int kind, int n, size_t nv)
{
    tss_topo *t = tss_malloc(sizeof(*t) + nv * sizeof(int));

    if (t) {
        t->refs = 1;
        t->kind = kind;
        t->n = n;
        t->weighted = 0;
    }
    return t;
}

void tss_topo_ref(tss_topo *t)
{
    __atomic_add_fetch(&t->refs, 1, __ATOMIC_RELAXED);
}

void tss_topo_unref(tss_topo *t)
{
    if (t && __atomic_sub_fetch(&t->refs, 1, __ATOMIC_ACQ_REL) == 0)
        tss_free(t);
}

int tss_topo_kind(const tss_topo *t)
{
    return t->kind;
}

void tss_topo_degrees(const tss_topo *t, int *indegree, int *outdegree)
{
    /* a grid: both neighbours of each dimension (MPI-4.1 section 8.6) */
    *indegree = *outdegree = t->kind == MPI_CART ? 2 * t->n : t->n;
}

int tss_topo_from(const tss_topo *t, int i)
{
    if (t->kind != MPI_CART)
        return i; /* the i-th message from the process to itself */
    /* Block 2d comes from the neighbour in dimension d's negative
     * direction, which sent it in its positive direction: its block
     * 2d + 1.  In a periodic dimension of one process that neighbour is
     * the process itself; otherwise there is none (MPI_PROC_NULL). */
    return t->v[i / 2] ? i ^ 1 : -1;
}

/* ------------------------------------------------------------ checks */

static int arg_null(const char *fn, MPI_Comm comm, const char *arg)
{
    return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
}

static int negative(const char *fn, MPI_Comm comm, const char *arg, int v)
{
    return tss_raise(comm, MPI_ERR_ARG, "%s(%s=%d): Invalid value (must be non-negative)", fn, arg,
                     v);
}

/* An output array of n values must hold them (max of them) and be there. */
static int room(const char *fn, MPI_Comm comm, const char *maxarg, int max, const char *arg,
                const void *a, int n)
{
    if (max < n)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=%d): Invalid argument (the topology has %d)", fn,
                         maxarg, max, n);
    return n > 0 && !a ? arg_null(fn, comm, arg) : MPI_SUCCESS;
}

/* qsort's order of ints. */
static int by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* comm's topology, referenced, when it is of kind; else NULL with *rc the
 * error raised (MPI_ERR_TOPOLOGY for none or another kind). */
static tss_topo *topo_of(const char *fn, MPI_Comm comm, int kind, int *rc)
{
    static const char *const names[] = {"", "graph", "Cartesian", "distributed graph"};
    tss_topo *t;

    if ((*rc = tss_check_comm(fn, comm)) != MPI_SUCCESS)
        return NULL;
    if ((t = tss_comm_topo(comm)) && t->kind == kind)
        return t;
    tss_topo_unref(t);
    *rc = tss_raise(comm, MPI_ERR_TOPOLOGY, "%s: the communicator has no %s topology", fn,
                    names[kind]);
    return NULL;
}

/* The constructors' end: a new communicator of comm with topology t (its
 * reference taken; NULL: out of memory). */
static int attach(const char *fn, MPI_Comm comm, tss_topo *t, MPI_Comm *newcomm)
{
    int rc;

    if (!t)
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for the topology", fn);
    if ((rc = tss_comm_make(comm, t, newcomm)) != MPI_SUCCESS) {
        tss_topo_unref(t);
        return tss_raise(comm, rc, "%s: %s", fn, tss_comm_lack(rc));
    }
    return MPI_SUCCESS;
}

/* ---------------------------------------------------------- Cartesian */

/* A grid of ndims dimensions (dims, periods) on comm's one process: each
 * dimension positive (MPI_ERR_DIMS), one process in all (too_big, the
 * class MPICH gives a larger grid, otherwise). */
static int grid_check(const char *fn, MPI_Comm comm, int ndims, const int dims[],
                      const int periods[], int too_big)
{
    if (ndims < 0 || ndims > INT_MAX / 2) /* a neighbourhood counts 2 * ndims */
        return tss_raise(comm, MPI_ERR_ARG, "%s(ndims=%d): Invalid number of dimensions", fn,
                         ndims);
    if (ndims > 0 && !dims)
        return arg_null(fn, comm, "dims");
    if (ndims > 0 && !periods)
        return arg_null(fn, comm, "periods");
    for (int i = 0; i < ndims; i++)
        if (dims[i] <= 0)
            return tss_raise(comm, MPI_ERR_DIMS,
                             "%s(dims[%d]=%d): Invalid dimension (a grid has at least one "
                             "process in each)",
                             fn, i, dims[i]);
    for (int i = 0; i < ndims; i++)
        if (dims[i] > 1)
            return tss_raise(comm, too_big,
                             "%s(dims[%d]=%d): the grid has more processes than the "
                             "communicator (1)",
                             fn, i, dims[i]);
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Cart_create, PMPI_Cart_create)
int PMPI_Cart_create(MPI_Comm comm_old, int ndims, const int dims[], const int periods[],
                     int reorder, MPI_Comm *comm_cart)
{
    const char *fn = "MPI_Cart_create";
    tss_topo *t;
    int rc = tss_check_comm(fn, comm_old);

    (void)reorder; /* one process: its rank is 0 */
    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_cart)
        return arg_null(fn, comm_old, "comm_cart");
    if ((rc = grid_check(fn, comm_old, ndims, dims, periods, MPI_ERR_ARG)))
        return rc;
    if ((t = topo_new(MPI_CART, ndims, (size_t)ndims)))
        for (int i = 0; i < ndims; i++)
            t->v[i] = periods[i] != 0;
    return attach(fn, comm_old, t, comm_cart);
}

TSU_WEAK_ALIAS(MPI_Cart_map, PMPI_Cart_map)
int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank)
{
    const char *fn = "MPI_Cart_map";
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!newrank)
        return arg_null(fn, comm, "newrank");
    if ((rc = grid_check(fn, comm, ndims, dims, periods, MPI_ERR_DIMS)))
        return rc;
    *newrank = 0; /* the grid holds the process */
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Cartdim_get, PMPI_Cartdim_get)
int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    const char *fn = "MPI_Cartdim_get";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!ndims)
        rc = arg_null(fn, comm, "ndims");
    else
        *ndims = t->n;
    tss_topo_unref(t);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Cart_get, PMPI_Cart_get)
int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    const char *fn = "MPI_Cart_get";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (maxdims < 0)
        rc = negative(fn, comm, "maxdims", maxdims);
    else if (!(rc = room(fn, comm, "maxdims", maxdims, "dims", dims, t->n)) &&
             !(rc = room(fn, comm, "maxdims", maxdims, "periods", periods, t->n)) &&
             !(rc = room(fn, comm, "maxdims", maxdims, "coords", coords, t->n)))
        for (int i = 0; i < t->n; i++) {
            dims[i] = 1;
            periods[i] = t->v[i];
            coords[i] = 0;
        }
    tss_topo_unref(t);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Cart_rank, PMPI_Cart_rank)
int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    const char *fn = "MPI_Cart_rank";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!rank)
        rc = arg_null(fn, comm, "rank");
    else if (t->n > 0 && !coords)
        rc = arg_null(fn, comm, "coords");
    /* a periodic dimension wraps any coordinate round to 0 */
    for (int i = 0; rc == MPI_SUCCESS && i < t->n; i++)
        if (coords[i] != 0 && !t->v[i])
            rc = tss_raise(comm, MPI_ERR_ARG,
                           "%s(coords[%d]=%d): Invalid coordinate (0 to 0 in a dimension that "
                           "is not periodic)",
                           fn, i, coords[i]);
    if (rc == MPI_SUCCESS)
        *rank = 0;
    tss_topo_unref(t);
    return rc;
}

static int bad_rank(const char *fn, MPI_Comm comm, int rank)
{
    return tss_raise(comm, MPI_ERR_RANK, "%s(rank=%d): Invalid rank (the communicator has size 1)",
                     fn, rank);
}

/* MPI_Cart_coords and MPI_Graph_neighbors: for rank 0, the only one, n
 * zeros (its coordinates; the other ends of its loops) into a, of max. */
static int zeros_of_rank(const char *fn, MPI_Comm comm, int kind, int rank, const char *maxarg,
                         int max, const char *arg, int a[])
{
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, kind, &rc)))
        return rc;
    if (rank != 0)
        rc = bad_rank(fn, comm, rank);
    else if (max < 0)
        rc = negative(fn, comm, maxarg, max);
    else if (!(rc = room(fn, comm, maxarg, max, arg, a, t->n)))
        for (int i = 0; i < t->n; i++)
            a[i] = 0;
    tss_topo_unref(t);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Cart_coords, PMPI_Cart_coords)
int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    return zeros_of_rank("MPI_Cart_coords", comm, MPI_CART, rank, "maxdims", maxdims, "coords",
                         coords);
}

TSU_WEAK_ALIAS(MPI_Cart_shift, PMPI_Cart_shift)
int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    const char *fn = "MPI_Cart_shift";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!rank_source || !rank_dest)
        rc = arg_null(fn, comm, rank_source ? "rank_dest" : "rank_source");
    else if (t->n == 0) /* MPICH's class */
        rc = tss_raise(comm, MPI_ERR_TOPOLOGY, "%s: the grid has no dimension to shift along", fn);
    else if (direction < 0 || direction >= t->n)
        rc = tss_raise(comm, MPI_ERR_ARG, "%s(direction=%d): Invalid direction (0 to %d)", fn,
                       direction, t->n - 1);
    else /* one process along the dimension: itself, periodic or not, unless it moves off it */
        *rank_source = *rank_dest = t->v[direction] || disp == 0 ? 0 : MPI_PROC_NULL;
    tss_topo_unref(t);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Cart_sub, PMPI_Cart_sub)
int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    const char *fn = "MPI_Cart_sub";
    tss_topo *t, *sub = NULL;
    int rc, kept = 0;

    if (!(t = topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!newcomm)
        rc = arg_null(fn, comm, "newcomm");
    else if (t->n > 0 && !remain_dims)
        rc = arg_null(fn, comm, "remain_dims");
    for (int i = 0; rc == MPI_SUCCESS && i < t->n; i++)
        kept += remain_dims[i] != 0;
    /* no dimension kept: a grid of none (MPI-4.1 section 8.5.7) */
    if (rc == MPI_SUCCESS && (sub = topo_new(MPI_CART, kept, (size_t)kept))) {
        kept = 0;
        for (int i = 0; i < t->n; i++)
            if (remain_dims[i])
                sub->v[kept++] = t->v[i];
    }
    tss_topo_unref(t);
    return rc == MPI_SUCCESS ? attach(fn, comm, sub, newcomm) : rc;
}

/* ------------------------------------------------------ MPI_Dims_create
 * The free dimensions split the nodes the given ones leave "as close to
 * each other as possible" (MPI-4.1 section 8.5.2).  Of the ways to write
 * n as a product of k factors d[0] >= ... >= d[k-1], the one chosen has
 * the smallest spread d[0] - d[k-1]; of those, the one whose factors are
 * largest compared from the smallest up (d[k-1] first, then d[k-2]...).
 * That is MPICH 4.0.2's choice in every case compared (all n up to 5000
 * in up to 8 dimensions, and 35000 larger ones in up to 20).  A search
 * through the divisors of n in increasing order finds it: a branch stops
 * as soon as it cannot beat the best so far. */

typedef struct dims_search {
    const int *div; /* the divisors of n, ascending */
    int ndiv;
    int k;    /* factors placed: at most the prime factors of n, 30 */
    int ones; /* more dimensions than prime factors: 1s follow the k */
    int found;
    int spread, low; /* the best's largest minus smallest factor, smallest */
    int cur[32], best[32];
} dims_search;

/* Whether f^j >= n (n a positive int). */
static int power_reaches(long long f, int j, long long n)
{
    long long p = 1;

    while (j-- > 0 && p < n)
        p *= f; /* below 2^62: p < n <= 2^31 before it */
    return p >= n;
}

/* The largest r with r^j <= x (x >= 1). */
static int root(int x, int j)
{
    int lo = 1, hi = x;

    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (power_reaches(mid, j, (long long)x + 1))
            hi = mid - 1;
        else
            lo = mid;
    }
    return lo;
}

/* cur[0..k-1] replaces the best if it is better. */
static void offer(dims_search *s)
{
    int low = s->ones ? 1 : s->cur[s->k - 1], spread = s->cur[0] - low;
    int better = !s->found || spread < s->spread;

    if (s->found && spread == s->spread) {
        int i = s->k - 1;
        while (i > 0 && s->cur[i] == s->best[i])
            i--;
        better = s->cur[i] > s->best[i];
    }
    if (better) {
        s->found = 1;
        s->spread = spread;
        s->low = low;
        memcpy(s->best, s->cur, (size_t)s->k * sizeof(int));
    }
}

/* Places the factors cur[i..k-1] of n, none above hi, non-increasing. */
static void place(dims_search *s, int i, int n, int hi)
{
    int left = s->k - i;

    if (left == 1) {
        if (n <= hi) {
            s->cur[i] = n;
            offer(s);
        }
        return;
    }
    for (int j = 0; j < s->ndiv && s->div[j] <= hi && s->div[j] <= n; j++) {
        int f = s->div[j], top, low;
        if (n % f != 0 || !power_reaches(f, left, n))
            continue; /* not a factor, or too small to be the largest left */
        top = i > 0 ? s->cur[0] : f;
        low = s->ones ? 1 : root(n / f, left - 1); /* the smallest factor is at most this */
        /* a larger f makes top - low larger or low smaller: nothing better follows */
        if (s->found && (top - low > s->spread || (top - low == s->spread && low < s->low)))
            break;
        s->cur[i] = f;
        place(s, i + 1, n / f, f);
    }
}

/* The k free entries (zero) of dims[0..ndims-1] get the split of n. */
static int spread_into(int n, int k, int ndims, int dims[])
{
    int p[10], e[10], np = 0, omega = 0, ndiv = 1, m = n, *div;
    dims_search s = {0};

    for (int q = 2; q <= m / q; q++)
        if (m % q == 0) {
            for (p[np] = q, e[np] = 0; m % q == 0; m /= q)
                e[np]++;
            omega += e[np];
            ndiv *= e[np++] + 1;
        }
    if (m > 1) {
        p[np] = m;
        e[np++] = 1;
        omega++;
        ndiv *= 2;
    }
    if (!(div = tss_malloc((size_t)ndiv * sizeof(int))))
        return MPI_ERR_NO_MEM;
    div[0] = 1;
    ndiv = 1;
    for (int i = 0; i < np; i++)
        for (int base = ndiv, x = 1, j = 0; j < e[i]; j++) {
            x *= p[i];
            for (int d = 0; d < base; d++)
                div[ndiv++] = div[d] * x;
        }
    qsort(div, (size_t)ndiv, sizeof(int), by_value);
    s.div = div;
    s.ndiv = ndiv;
    s.k = k < omega ? k : omega;
    s.ones = k > omega;
    if (s.k > 0)
        place(&s, 0, n, n);
    tss_free(div);
    for (int i = 0, j = 0; i < ndims; i++)
        if (dims[i] == 0)
            dims[i] = j < s.k ? s.best[j++] : 1;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Dims_create, PMPI_Dims_create)
int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    const char *fn = "MPI_Dims_create";
    long long fixed = 1;
    int free_dims = 0, rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (nnodes <= 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "%s(nnodes=%d): Invalid number of nodes (must be positive)", fn, nnodes);
    if (ndims < 0)
        return negative(fn, MPI_COMM_WORLD, "ndims", ndims);
    if (ndims > 0 && !dims)
        return arg_null(fn, MPI_COMM_WORLD, "dims");
    for (int i = 0; i < ndims; i++)
        if (dims[i] < 0)
            return tss_raise(MPI_COMM_WORLD, MPI_ERR_DIMS,
                             "%s(dims[%d]=%d): Invalid dimension (0, to be chosen, or positive)",
                             fn, i, dims[i]);
    /* a product above nnodes cannot divide it: stop there, before it overflows */
    for (int i = 0; i < ndims && fixed <= nnodes; i++)
        if (dims[i] > 0)
            fixed *= dims[i];
        else
            free_dims++;
    if (fixed > nnodes || nnodes % fixed != 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_DIMS,
                         "%s(nnodes=%d): not a multiple of the product of the given dimensions "
                         "(MPI-4.1 section 8.5.2)",
                         fn, nnodes);
    if (free_dims > 0 && spread_into(nnodes / (int)fixed, free_dims, ndims, dims) != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    return MPI_SUCCESS;
}

/* ------------------------------------------------------------ graphs */

/* A graph of nnodes nodes (index, edges) on comm's one process: none or
 * one node, of a degree that is not negative, whose edges all go to it.
 * *nedges gets its degree. */
static int graph_check(const char *fn, MPI_Comm comm, int nnodes, const int index[],
                       const int edges[], int *nedges)
{
    *nedges = 0;
    if (nnodes < 0)
        return negative(fn, comm, "nnodes", nnodes);
    if (nnodes > 1)
        return tss_raise(comm, MPI_ERR_ARG,
                         "%s(nnodes=%d): the graph has more nodes than the communicator has "
                         "processes (1)",
                         fn, nnodes);
    if (nnodes == 0)
        return MPI_SUCCESS;
    if (!index)
        return arg_null(fn, comm, "index");
    if (index[0] < 0)
        return tss_raise(comm, MPI_ERR_ARG,
                         "%s(index[0]=%d): Invalid degree (must be "
                         "non-negative)",
                         fn, index[0]);
    if (index[0] > 0 && !edges)
        return arg_null(fn, comm, "edges");
    for (int i = 0; i < index[0]; i++)
        if (edges[i] != 0)
            return tss_raise(comm, MPI_ERR_ARG,
                             "%s(edges[%d]=%d): Invalid node (the graph has node 0 only)", fn, i,
                             edges[i]);
    *nedges = index[0];
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Graph_create, PMPI_Graph_create)
int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int indx[], const int edges[],
                      int reorder, MPI_Comm *comm_graph)
{
    const char *fn = "MPI_Graph_create";
    int nedges, rc = tss_check_comm(fn, comm_old);

    (void)reorder;
    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_graph)
        return arg_null(fn, comm_old, "comm_graph");
    if ((rc = graph_check(fn, comm_old, nnodes, indx, edges, &nedges)))
        return rc;
    if (nnodes == 0) { /* the process is no node of it */
        *comm_graph = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    return attach(fn, comm_old, topo_new(MPI_GRAPH, nedges, 0), comm_graph);
}

TSU_WEAK_ALIAS(MPI_Graph_map, PMPI_Graph_map)
int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int indx[], const int edges[], int *newrank)
{
    const char *fn = "MPI_Graph_map";
    int nedges, rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!newrank)
        return arg_null(fn, comm, "newrank");
    if ((rc = graph_check(fn, comm, nnodes, indx, edges, &nedges)))
        return rc;
    *newrank = nnodes ? 0 : MPI_UNDEFINED;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Graphdims_get, PMPI_Graphdims_get)
int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    const char *fn = "MPI_Graphdims_get";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_GRAPH, &rc)))
        return rc;
    if (!nnodes || !nedges) {
        rc = arg_null(fn, comm, nnodes ? "nedges" : "nnodes");
    } else {
        *nnodes = 1;
        *nedges = t->n;
    }
    tss_topo_unref(t);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Graph_get, PMPI_Graph_get)
int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int indx[], int edges[])
{
    const char *fn = "MPI_Graph_get";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_GRAPH, &rc)))
        return rc;
    if (maxindex < 0 || maxedges < 0) {
        rc = maxindex < 0 ? negative(fn, comm, "maxindex", maxindex)
                          : negative(fn, comm, "maxedges", maxedges);
    } else if (!(rc = room(fn, comm, "maxindex", maxindex, "index", indx, 1)) &&
               !(rc = room(fn, comm, "maxedges", maxedges, "edges", edges, t->n))) {
        indx[0] = t->n;
        for (int i = 0; i < t->n; i++)
            edges[i] = 0;
    }
    tss_topo_unref(t);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Graph_neighbors_count, PMPI_Graph_neighbors_count)
int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    const char *fn = "MPI_Graph_neighbors_count";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_GRAPH, &rc)))
        return rc;
    if (rank != 0)
        rc = bad_rank(fn, comm, rank);
    else if (!nneighbors)
        rc = arg_null(fn, comm, "nneighbors");
    else
        *nneighbors = t->n;
    tss_topo_unref(t);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Graph_neighbors, PMPI_Graph_neighbors)
int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
    return zeros_of_rank("MPI_Graph_neighbors", comm, MPI_GRAPH, rank, "maxneighbors", maxneighbors,
                         "neighbors", neighbors);
}

/* ------------------------------------------------ distributed graphs */

/* n ranks of comm_old (the process, 0). */
static int ranks_check(const char *fn, MPI_Comm comm, const char *arg, const int r[], int n)
{
    if (n > 0 && !r)
        return arg_null(fn, comm, arg);
    for (int i = 0; i < n; i++)
        if (r[i] != 0)
            return tss_raise(comm, MPI_ERR_RANK,
                             "%s(%s[%d]=%d): Invalid rank (the communicator has size 1)", fn, arg,
                             i, r[i]);
    return MPI_SUCCESS;
}

/* The weights of n edges: MPI_UNWEIGHTED, or n weights that are not
 * negative (MPI_WEIGHTS_EMPTY, or any array, for no edge). */
static int weights_check(const char *fn, MPI_Comm comm, const char *arg, const int w[], int n)
{
    if (w == MPI_UNWEIGHTED || n == 0)
        return MPI_SUCCESS;
    if (!w || w == MPI_WEIGHTS_EMPTY)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=%s): Invalid argument (%d weights needed)", fn,
                         arg, w ? "MPI_WEIGHTS_EMPTY" : "NULL", n);
    for (int i = 0; i < n; i++)
        if (w[i] < 0)
            return tss_raise(comm, MPI_ERR_ARG,
                             "%s(%s[%d]=%d): Invalid weight (must be non-negative)", fn, arg, i,
                             w[i]);
    return MPI_SUCCESS;
}

/* Whether the n weights of a and of b are the same, in any order. */
static int same_weights(const int a[], const int b[], int n, int *same)
{
    int *sa = tss_malloc(2 * (size_t)n * sizeof(int) + 1);

    if (!sa)
        return MPI_ERR_NO_MEM;
    memcpy(sa, a, (size_t)n * sizeof(int));
    memcpy(sa + n, b, (size_t)n * sizeof(int));
    qsort(sa, (size_t)n, sizeof(int), by_value);
    qsort(sa + n, (size_t)n, sizeof(int), by_value);
    *same = memcmp(sa, sa + n, (size_t)n * sizeof(int)) == 0;
    tss_free(sa);
    return MPI_SUCCESS;
}

/* A distributed graph of n loops, weighted by in and out (MPI_UNWEIGHTED:
 * not weighted); NULL without memory. */
static tss_topo *dist_new(int n, const int in[], const int out[])
{
    int weighted = in != MPI_UNWEIGHTED;
    tss_topo *t = topo_new(MPI_DIST_GRAPH, n, weighted ? 2 * (size_t)n : 0);

    if (t && (t->weighted = weighted) && n > 0) {
        memcpy(t->v, in, (size_t)n * sizeof(int));
        memcpy(t->v + n, out, (size_t)n * sizeof(int));
    }
    return t;
}

/* The edges the process gives as its own (MPI-4.1 section 8.5.4) must be
 * the graph's: each of its loops is an edge in and an edge out, of the
 * same weight. */
static int consistent(const char *fn, MPI_Comm comm, int indegree, const int sourceweights[],
                      int outdegree, const int destweights[])
{
    int same = 1;

    if (indegree != outdegree)
        return tss_raise(comm, MPI_ERR_TOPOLOGY,
                         "%s(indegree=%d, outdegree=%d): every edge of a graph of one process "
                         "goes in and out of it: the two lists must name the same edges "
                         "(MPI-4.1 section 8.5.4)",
                         fn, indegree, outdegree);
    if (sourceweights != MPI_UNWEIGHTED && indegree > 0 &&
        same_weights(sourceweights, destweights, indegree, &same) != MPI_SUCCESS)
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    if (!same)
        return tss_raise(comm, MPI_ERR_TOPOLOGY,
                         "%s(sourceweights, destweights): the weights of the edges in differ from "
                         "those of the same edges out (MPI-4.1 section 8.5.4)",
                         fn);
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Dist_graph_create_adjacent, PMPI_Dist_graph_create_adjacent)
int PMPI_Dist_graph_create_adjacent(MPI_Comm comm_old, int indegree, const int sources[],
                                    const int sourceweights[], int outdegree,
                                    const int destinations[], const int destweights[],
                                    MPI_Info info, int reorder, MPI_Comm *comm_dist_graph)
{
    const char *fn = "MPI_Dist_graph_create_adjacent";
    int rc = tss_check_comm(fn, comm_old);

    (void)reorder;
    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_dist_graph)
        return arg_null(fn, comm_old, "comm_dist_graph");
    if (indegree < 0 || outdegree < 0)
        return indegree < 0 ? negative(fn, comm_old, "indegree", indegree)
                            : negative(fn, comm_old, "outdegree", outdegree);
    if ((rc = ranks_check(fn, comm_old, "sources", sources, indegree)) ||
        (rc = ranks_check(fn, comm_old, "destinations", destinations, outdegree)) ||
        (rc = tss_info_check(fn, comm_old, info)))
        return rc;
    if ((sourceweights == MPI_UNWEIGHTED) != (destweights == MPI_UNWEIGHTED)) /* MPICH's class */
        return tss_raise(comm_old, MPI_ERR_TOPOLOGY,
                         "%s(%s=MPI_UNWEIGHTED): the graph is weighted or not: both weight "
                         "arguments are MPI_UNWEIGHTED, or neither",
                         fn, sourceweights == MPI_UNWEIGHTED ? "sourceweights" : "destweights");
    if ((rc = weights_check(fn, comm_old, "sourceweights", sourceweights, indegree)) ||
        (rc = weights_check(fn, comm_old, "destweights", destweights, outdegree)) ||
        (rc = consistent(fn, comm_old, indegree, sourceweights, outdegree, destweights)))
        return rc;
    return attach(fn, comm_old, dist_new(indegree, sourceweights, destweights), comm_dist_graph);
}

TSU_WEAK_ALIAS(MPI_Dist_graph_create, PMPI_Dist_graph_create)
int PMPI_Dist_graph_create(MPI_Comm comm_old, int n, const int sources[], const int degrees[],
                           const int destinations[], const int weights[], MPI_Info info,
                           int reorder, MPI_Comm *comm_dist_graph)
{
    const char *fn = "MPI_Dist_graph_create";
    int rc = tss_check_comm(fn, comm_old), nedges = 0;

    (void)reorder;
    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_dist_graph)
        return arg_null(fn, comm_old, "comm_dist_graph");
    if (n < 0)
        return negative(fn, comm_old, "n", n);
    if (n > 0 && !degrees)
        return arg_null(fn, comm_old, "degrees");
    if ((rc = ranks_check(fn, comm_old, "sources", sources, n)) ||
        (rc = tss_info_check(fn, comm_old, info)))
        return rc;
    for (int i = 0; i < n; i++) {
        if (degrees[i] < 0)
            return tss_raise(comm_old, MPI_ERR_ARG,
                             "%s(degrees[%d]=%d): Invalid degree (must be non-negative)", fn, i,
                             degrees[i]);
        if (degrees[i] > INT_MAX - nedges)
            return tss_raise(comm_old, MPI_ERR_ARG, "%s(degrees[%d]=%d): more than %d edges", fn, i,
                             degrees[i], INT_MAX);
        nedges += degrees[i];
    }
    if ((rc = ranks_check(fn, comm_old, "destinations", destinations, nedges)) ||
        (rc = weights_check(fn, comm_old, "weights", weights, nedges)))
        return rc;
    /* every edge is a loop of the process, so its edges in and out are
     * these, in this order */
    return attach(fn, comm_old, dist_new(nedges, weights, weights), comm_dist_graph);
}

TSU_WEAK_ALIAS(MPI_Dist_graph_neighbors_count, PMPI_Dist_graph_neighbors_count)
int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
    const char *fn = "MPI_Dist_graph_neighbors_count";
    tss_topo *t;
    int rc;

    if (!(t = topo_of(fn, comm, MPI_DIST_GRAPH, &rc)))
        return rc;
    if (!indegree || !outdegree || !weighted) {
        rc = arg_null(fn, comm, !indegree ? "indegree" : !outdegree ? "outdegree" : "weighted");
    } else {
        *indegree = *outdegree = t->n;
        *weighted = t->weighted;
    }
    tss_topo_unref(t);
    return rc;
}

/* Whether w can take the weights of t's edges of one direction: needed
 * only when the graph is weighted, has edges, and the program asks for
 * them (not MPI_UNWEIGHTED). */
static int weights_wanted(const char *fn, MPI_Comm comm, const char *arg, const int w[],
                          const tss_topo *t, int *wanted)
{
    *wanted = t->weighted && w != MPI_UNWEIGHTED && t->n > 0;
    if (*wanted && (!w || w == MPI_WEIGHTS_EMPTY))
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=%s): Invalid argument (the graph is weighted)",
                         fn, arg, w ? "MPI_WEIGHTS_EMPTY" : "NULL");
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Dist_graph_neighbors, PMPI_Dist_graph_neighbors)
int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[],
                              int maxoutdegree, int destinations[], int destweights[])
{
    const char *fn = "MPI_Dist_graph_neighbors";
    tss_topo *t;
    int rc, win = 0, wout = 0;

    if (!(t = topo_of(fn, comm, MPI_DIST_GRAPH, &rc)))
        return rc;
    if (maxindegree < 0 || maxoutdegree < 0)
        rc = maxindegree < 0 ? negative(fn, comm, "maxindegree", maxindegree)
                             : negative(fn, comm, "maxoutdegree", maxoutdegree);
    else if (!(rc = room(fn, comm, "maxindegree", maxindegree, "sources", sources, t->n)) &&
             !(rc = room(fn, comm, "maxoutdegree", maxoutdegree, "destinations", destinations,
                         t->n)) &&
             !(rc = weights_wanted(fn, comm, "sourceweights", sourceweights, t, &win)))
        rc = weights_wanted(fn, comm, "destweights", destweights, t, &wout);
    if (rc == MPI_SUCCESS) {
        for (int i = 0; i < t->n; i++)
            sources[i] = destinations[i] = 0;
        if (win)
            memcpy(sourceweights, t->v, (size_t)t->n * sizeof(int));
        if (wout)
            memcpy(destweights, t->v + t->n, (size_t)t->n * sizeof(int));
    }
    tss_topo_unref(t);
    return rc;
}

/* --------------------------------------------------------- inquiries */

TSU_WEAK_ALIAS(MPI_Topo_test, PMPI_Topo_test)
int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    tss_topo *t;
    int rc = tss_check_comm("MPI_Topo_test", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!status)
        return arg_null("MPI_Topo_test", comm, "status");
    t = tss_comm_topo(comm);
    *status = t ? t->kind : MPI_UNDEFINED;
    tss_topo_unref(t);
    return MPI_SUCCESS;
}

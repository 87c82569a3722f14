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
 *
 * This file holds the record, the checks every kind shares and
 * MPI_Topo_test; each kind has its own file (tss_topo_cart.c,
 * tss_topo_graph.c, tss_topo_dist_graph.c), and so has MPI_Dims_create
 * (tss_topo_dims.c), which needs no topology.
 */
#include "typeshim_config.h"

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_topo_priv.h"

/* A record of nv values, one reference; NULL without memory. */
tss_topo *tss_topo_new(int kind, int n, size_t nv)
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

int tss_topo_arg_null(const char *fn, MPI_Comm comm, const char *arg)
{
    return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
}

int tss_topo_negative(const char *fn, MPI_Comm comm, const char *arg, int v)
{
    return tss_raise(comm, MPI_ERR_ARG, "%s(%s=%d): Invalid value (must be non-negative)", fn, arg,
                     v);
}

/* An output array of n values must hold them (max of them) and be there. */
int tss_topo_room(const char *fn, MPI_Comm comm, const char *maxarg, int max, const char *arg,
                  const void *a, int n)
{
    if (max < n)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=%d): Invalid argument (the topology has %d)", fn,
                         maxarg, max, n);
    return n > 0 && !a ? tss_topo_arg_null(fn, comm, arg) : MPI_SUCCESS;
}

/* qsort's order of ints. */
int tss_topo_by_value(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;

    return (x > y) - (x < y);
}

/* comm's topology, referenced, when it is of kind; else NULL with *rc the
 * error raised (MPI_ERR_TOPOLOGY for none or another kind). */
tss_topo *tss_topo_of(const char *fn, MPI_Comm comm, int kind, int *rc)
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
int tss_topo_attach(const char *fn, MPI_Comm comm, tss_topo *t, MPI_Comm *newcomm)
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

int tss_topo_bad_rank(const char *fn, MPI_Comm comm, int rank)
{
    return tss_raise(comm, MPI_ERR_RANK, "%s(rank=%d): Invalid rank (the communicator has size 1)",
                     fn, rank);
}

/* MPI_Cart_coords and MPI_Graph_neighbors: for rank 0, the only one, n
 * zeros (its coordinates; the other ends of its loops) into a, of max. */
int tss_topo_zeros_of_rank(const char *fn, MPI_Comm comm, int kind, int rank, const char *maxarg,
                           int max, const char *arg, int a[])
{
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, kind, &rc)))
        return rc;
    if (rank != 0)
        rc = tss_topo_bad_rank(fn, comm, rank);
    else if (max < 0)
        rc = tss_topo_negative(fn, comm, maxarg, max);
    else if (!(rc = tss_topo_room(fn, comm, maxarg, max, arg, a, t->n)))
        for (int i = 0; i < t->n; i++)
            a[i] = 0;
    tss_topo_unref(t);
    return rc;
}

/* --------------------------------------------------------- inquiries */

TSS_WEAK_ALIAS(MPI_Topo_test, PMPI_Topo_test)
int PMPI_Topo_test(MPI_Comm comm, int *status)
{
    tss_topo *t;
    int rc = tss_check_comm("MPI_Topo_test", comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!status)
        return tss_topo_arg_null("MPI_Topo_test", comm, "status");
    t = tss_comm_topo(comm);
    *status = t ? t->kind : MPI_UNDEFINED;
    tss_topo_unref(t);
    return MPI_SUCCESS;
}

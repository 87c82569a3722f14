/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Distributed graph topologies on one process (MPI-4.1 sections 8.5.4 and
 * 8.5.5): every edge goes from the process to itself, so a graph is its
 * number of edges and their weights; mpi.h's MPI_UNWEIGHTED and
 * MPI_WEIGHTS_EMPTY are defined here (MPICH's ABI).  Separate from the
 * other kinds: they share only the record and the checks of tss_topo.c.
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
#include "tss_topo_priv.h"

/* mpi.h's special weight arrays (MPI-4.1 section 8.5.4): addresses no
 * array of the program can have.  MPICH's mpi.h declares them as objects
 * the library defines; Open MPI's defines them as the constant addresses
 * 2 and 3, which need nothing here. */
#ifndef MPI_UNWEIGHTED
static int unweighted_mark, weights_empty_mark;
int *const MPI_UNWEIGHTED = &unweighted_mark;
int *const MPI_WEIGHTS_EMPTY = &weights_empty_mark;
#endif

/* ------------------------------------------------ distributed graphs */

/* n ranks of comm_old (the process, 0). */
static int ranks_check(const char *fn, MPI_Comm comm, const char *arg, const int r[], int n)
{
    if (n > 0 && !r)
        return tss_topo_arg_null(fn, comm, arg);
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
    qsort(sa, (size_t)n, sizeof(int), tss_topo_by_value);
    qsort(sa + n, (size_t)n, sizeof(int), tss_topo_by_value);
    *same = memcmp(sa, sa + n, (size_t)n * sizeof(int)) == 0;
    tss_free(sa);
    return MPI_SUCCESS;
}

/* A distributed graph of n loops, weighted by in and out (MPI_UNWEIGHTED:
 * not weighted); NULL without memory. */
static tss_topo *dist_new(int n, const int in[], const int out[])
{
    int weighted = in != MPI_UNWEIGHTED;
    tss_topo *t = tss_topo_new(MPI_DIST_GRAPH, n, weighted ? 2 * (size_t)n : 0);

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

TSS_WEAK_ALIAS(MPI_Dist_graph_create_adjacent, PMPI_Dist_graph_create_adjacent)
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
        return tss_topo_arg_null(fn, comm_old, "comm_dist_graph");
    if (indegree < 0 || outdegree < 0)
        return indegree < 0 ? tss_topo_negative(fn, comm_old, "indegree", indegree)
                            : tss_topo_negative(fn, comm_old, "outdegree", outdegree);
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
    return tss_topo_attach(fn, comm_old, dist_new(indegree, sourceweights, destweights),
                           comm_dist_graph);
}

TSS_WEAK_ALIAS(MPI_Dist_graph_create, PMPI_Dist_graph_create)
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
        return tss_topo_arg_null(fn, comm_old, "comm_dist_graph");
    if (n < 0)
        return tss_topo_negative(fn, comm_old, "n", n);
    if (n > 0 && !degrees)
        return tss_topo_arg_null(fn, comm_old, "degrees");
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
    return tss_topo_attach(fn, comm_old, dist_new(nedges, weights, weights), comm_dist_graph);
}

TSS_WEAK_ALIAS(MPI_Dist_graph_neighbors_count, PMPI_Dist_graph_neighbors_count)
int PMPI_Dist_graph_neighbors_count(MPI_Comm comm, int *indegree, int *outdegree, int *weighted)
{
    const char *fn = "MPI_Dist_graph_neighbors_count";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_DIST_GRAPH, &rc)))
        return rc;
    if (!indegree || !outdegree || !weighted) {
        rc = tss_topo_arg_null(fn, comm,
                               !indegree    ? "indegree"
                               : !outdegree ? "outdegree"
                                            : "weighted");
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

TSS_WEAK_ALIAS(MPI_Dist_graph_neighbors, PMPI_Dist_graph_neighbors)
int PMPI_Dist_graph_neighbors(MPI_Comm comm, int maxindegree, int sources[], int sourceweights[],
                              int maxoutdegree, int destinations[], int destweights[])
{
    const char *fn = "MPI_Dist_graph_neighbors";
    tss_topo *t;
    int rc, win = 0, wout = 0;

    if (!(t = tss_topo_of(fn, comm, MPI_DIST_GRAPH, &rc)))
        return rc;
    if (maxindegree < 0 || maxoutdegree < 0)
        rc = maxindegree < 0 ? tss_topo_negative(fn, comm, "maxindegree", maxindegree)
                             : tss_topo_negative(fn, comm, "maxoutdegree", maxoutdegree);
    else if (!(rc =
                   tss_topo_room(fn, comm, "maxindegree", maxindegree, "sources", sources, t->n)) &&
             !(rc = tss_topo_room(fn, comm, "maxoutdegree", maxoutdegree, "destinations",
                                  destinations, t->n)) &&
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

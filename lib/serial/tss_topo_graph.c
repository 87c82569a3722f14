/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Graph topologies on one process (MPI-4.1 sections 8.5.3 and 8.5.5): one
 * node or none, whose edges are all loops, so a graph is its number of
 * edges.  Separate from the other kinds: they share only the record and
 * the checks of tss_topo.c.
 */
#include "typeshim_config.h"

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_topo_priv.h"

/* ------------------------------------------------------------ graphs */

/* A graph of nnodes nodes (index, edges) on comm's one process: none or
 * one node, of a degree that is not negative, whose edges all go to it.
 * *nedges gets its degree. */
static int graph_check(const char *fn, MPI_Comm comm, int nnodes, const int index[],
                       const int edges[], int *nedges)
{
    *nedges = 0;
    if (nnodes < 0)
        return tss_topo_negative(fn, comm, "nnodes", nnodes);
    if (nnodes > 1)
        return tss_raise(comm, MPI_ERR_ARG,
                         "%s(nnodes=%d): the graph has more nodes than the communicator has "
                         "processes (1)",
                         fn, nnodes);
    if (nnodes == 0)
        return MPI_SUCCESS;
    if (!index)
        return tss_topo_arg_null(fn, comm, "index");
    if (index[0] < 0)
        return tss_raise(comm, MPI_ERR_ARG,
                         "%s(index[0]=%d): Invalid degree (must be "
                         "non-negative)",
                         fn, index[0]);
    if (index[0] > 0 && !edges)
        return tss_topo_arg_null(fn, comm, "edges");
    for (int i = 0; i < index[0]; i++)
        if (edges[i] != 0)
            return tss_raise(comm, MPI_ERR_ARG,
                             "%s(edges[%d]=%d): Invalid node (the graph has node 0 only)", fn, i,
                             edges[i]);
    *nedges = index[0];
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Graph_create, PMPI_Graph_create)
int PMPI_Graph_create(MPI_Comm comm_old, int nnodes, const int indx[], const int edges[],
                      int reorder, MPI_Comm *comm_graph)
{
    const char *fn = "MPI_Graph_create";
    int nedges, rc = tss_check_comm(fn, comm_old);

    (void)reorder;
    if (rc != MPI_SUCCESS)
        return rc;
    if (!comm_graph)
        return tss_topo_arg_null(fn, comm_old, "comm_graph");
    if ((rc = graph_check(fn, comm_old, nnodes, indx, edges, &nedges)))
        return rc;
    if (nnodes == 0) { /* the process is no node of it */
        *comm_graph = MPI_COMM_NULL;
        return MPI_SUCCESS;
    }
    return tss_topo_attach(fn, comm_old, tss_topo_new(MPI_GRAPH, nedges, 0), comm_graph);
}

TSS_WEAK_ALIAS(MPI_Graph_map, PMPI_Graph_map)
int PMPI_Graph_map(MPI_Comm comm, int nnodes, const int indx[], const int edges[], int *newrank)
{
    const char *fn = "MPI_Graph_map";
    int nedges, rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!newrank)
        return tss_topo_arg_null(fn, comm, "newrank");
    if ((rc = graph_check(fn, comm, nnodes, indx, edges, &nedges)))
        return rc;
    *newrank = nnodes ? 0 : MPI_UNDEFINED;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Graphdims_get, PMPI_Graphdims_get)
int PMPI_Graphdims_get(MPI_Comm comm, int *nnodes, int *nedges)
{
    const char *fn = "MPI_Graphdims_get";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_GRAPH, &rc)))
        return rc;
    if (!nnodes || !nedges) {
        rc = tss_topo_arg_null(fn, comm, nnodes ? "nedges" : "nnodes");
    } else {
        *nnodes = 1;
        *nedges = t->n;
    }
    tss_topo_unref(t);
    return rc;
}

TSS_WEAK_ALIAS(MPI_Graph_get, PMPI_Graph_get)
int PMPI_Graph_get(MPI_Comm comm, int maxindex, int maxedges, int indx[], int edges[])
{
    const char *fn = "MPI_Graph_get";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_GRAPH, &rc)))
        return rc;
    if (maxindex < 0 || maxedges < 0) {
        rc = maxindex < 0 ? tss_topo_negative(fn, comm, "maxindex", maxindex)
                          : tss_topo_negative(fn, comm, "maxedges", maxedges);
    } else if (!(rc = tss_topo_room(fn, comm, "maxindex", maxindex, "index", indx, 1)) &&
               !(rc = tss_topo_room(fn, comm, "maxedges", maxedges, "edges", edges, t->n))) {
        indx[0] = t->n;
        for (int i = 0; i < t->n; i++)
            edges[i] = 0;
    }
    tss_topo_unref(t);
    return rc;
}

TSS_WEAK_ALIAS(MPI_Graph_neighbors_count, PMPI_Graph_neighbors_count)
int PMPI_Graph_neighbors_count(MPI_Comm comm, int rank, int *nneighbors)
{
    const char *fn = "MPI_Graph_neighbors_count";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_GRAPH, &rc)))
        return rc;
    if (rank != 0)
        rc = tss_topo_bad_rank(fn, comm, rank);
    else if (!nneighbors)
        rc = tss_topo_arg_null(fn, comm, "nneighbors");
    else
        *nneighbors = t->n;
    tss_topo_unref(t);
    return rc;
}

TSS_WEAK_ALIAS(MPI_Graph_neighbors, PMPI_Graph_neighbors)
int PMPI_Graph_neighbors(MPI_Comm comm, int rank, int maxneighbors, int neighbors[])
{
    return tss_topo_zeros_of_rank("MPI_Graph_neighbors", comm, MPI_GRAPH, rank, "maxneighbors",
                                  maxneighbors, "neighbors", neighbors);
}

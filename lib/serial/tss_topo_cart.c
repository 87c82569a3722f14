/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Cartesian topologies on one process (MPI-4.1 section 8.5.1, 8.5.5 to
 * 8.5.7): every dimension holds one process, so a grid is its periods.
 * Separate from the other kinds: they share only the record and the
 * checks of tss_topo.c.
 */
#include "typeshim_config.h"

#include <limits.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_topo_priv.h"

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
        return tss_topo_arg_null(fn, comm, "dims");
    if (ndims > 0 && !periods)
        return tss_topo_arg_null(fn, comm, "periods");
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

TSS_WEAK_ALIAS(MPI_Cart_create, PMPI_Cart_create)
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
        return tss_topo_arg_null(fn, comm_old, "comm_cart");
    if ((rc = grid_check(fn, comm_old, ndims, dims, periods, MPI_ERR_ARG)))
        return rc;
    if ((t = tss_topo_new(MPI_CART, ndims, (size_t)ndims)))
        for (int i = 0; i < ndims; i++)
            t->v[i] = periods[i] != 0;
    return tss_topo_attach(fn, comm_old, t, comm_cart);
}

TSS_WEAK_ALIAS(MPI_Cart_map, PMPI_Cart_map)
int PMPI_Cart_map(MPI_Comm comm, int ndims, const int dims[], const int periods[], int *newrank)
{
    const char *fn = "MPI_Cart_map";
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!newrank)
        return tss_topo_arg_null(fn, comm, "newrank");
    if ((rc = grid_check(fn, comm, ndims, dims, periods, MPI_ERR_DIMS)))
        return rc;
    *newrank = 0; /* the grid holds the process */
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Cartdim_get, PMPI_Cartdim_get)
int PMPI_Cartdim_get(MPI_Comm comm, int *ndims)
{
    const char *fn = "MPI_Cartdim_get";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!ndims)
        rc = tss_topo_arg_null(fn, comm, "ndims");
    else
        *ndims = t->n;
    tss_topo_unref(t);
    return rc;
}

TSS_WEAK_ALIAS(MPI_Cart_get, PMPI_Cart_get)
int PMPI_Cart_get(MPI_Comm comm, int maxdims, int dims[], int periods[], int coords[])
{
    const char *fn = "MPI_Cart_get";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (maxdims < 0)
        rc = tss_topo_negative(fn, comm, "maxdims", maxdims);
    else if (!(rc = tss_topo_room(fn, comm, "maxdims", maxdims, "dims", dims, t->n)) &&
             !(rc = tss_topo_room(fn, comm, "maxdims", maxdims, "periods", periods, t->n)) &&
             !(rc = tss_topo_room(fn, comm, "maxdims", maxdims, "coords", coords, t->n)))
        for (int i = 0; i < t->n; i++) {
            dims[i] = 1;
            periods[i] = t->v[i];
            coords[i] = 0;
        }
    tss_topo_unref(t);
    return rc;
}

TSS_WEAK_ALIAS(MPI_Cart_rank, PMPI_Cart_rank)
int PMPI_Cart_rank(MPI_Comm comm, const int coords[], int *rank)
{
    const char *fn = "MPI_Cart_rank";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!rank)
        rc = tss_topo_arg_null(fn, comm, "rank");
    else if (t->n > 0 && !coords)
        rc = tss_topo_arg_null(fn, comm, "coords");
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

TSS_WEAK_ALIAS(MPI_Cart_coords, PMPI_Cart_coords)
int PMPI_Cart_coords(MPI_Comm comm, int rank, int maxdims, int coords[])
{
    return tss_topo_zeros_of_rank("MPI_Cart_coords", comm, MPI_CART, rank, "maxdims", maxdims,
                                  "coords", coords);
}

TSS_WEAK_ALIAS(MPI_Cart_shift, PMPI_Cart_shift)
int PMPI_Cart_shift(MPI_Comm comm, int direction, int disp, int *rank_source, int *rank_dest)
{
    const char *fn = "MPI_Cart_shift";
    tss_topo *t;
    int rc;

    if (!(t = tss_topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!rank_source || !rank_dest)
        rc = tss_topo_arg_null(fn, comm, rank_source ? "rank_dest" : "rank_source");
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

TSS_WEAK_ALIAS(MPI_Cart_sub, PMPI_Cart_sub)
int PMPI_Cart_sub(MPI_Comm comm, const int remain_dims[], MPI_Comm *newcomm)
{
    const char *fn = "MPI_Cart_sub";
    tss_topo *t, *sub = NULL;
    int rc, kept = 0;

    if (!(t = tss_topo_of(fn, comm, MPI_CART, &rc)))
        return rc;
    if (!newcomm)
        rc = tss_topo_arg_null(fn, comm, "newcomm");
    else if (t->n > 0 && !remain_dims)
        rc = tss_topo_arg_null(fn, comm, "remain_dims");
    for (int i = 0; rc == MPI_SUCCESS && i < t->n; i++)
        kept += remain_dims[i] != 0;
    /* no dimension kept: a grid of none (MPI-4.1 section 8.5.7) */
    if (rc == MPI_SUCCESS && (sub = tss_topo_new(MPI_CART, kept, (size_t)kept))) {
        kept = 0;
        for (int i = 0; i < t->n; i++)
            if (remain_dims[i])
                sub->v[kept++] = t->v[i];
    }
    tss_topo_unref(t);
    return rc == MPI_SUCCESS ? tss_topo_attach(fn, comm, sub, newcomm) : rc;
}

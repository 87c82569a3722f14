/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_topo_priv.h: what the topology files (tss_topo*.c) share and no
 * other file needs: the record's layout and the checks of tss_topo.c.
 */
#ifndef TSS_TOPO_PRIV_H
#define TSS_TOPO_PRIV_H

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
TSS_HIDDEN tss_topo *tss_topo_new(int kind, int n, size_t nv);

/* Raise MPI_ERR_ARG on comm: arg is NULL; v, arg's value, is negative. */
TSS_HIDDEN int tss_topo_arg_null(const char *fn, MPI_Comm comm, const char *arg);
TSS_HIDDEN int tss_topo_negative(const char *fn, MPI_Comm comm, const char *arg, int v);
/* An output array a of n values must hold them (max of them) and be
 * there. */
TSS_HIDDEN int tss_topo_room(const char *fn, MPI_Comm comm, const char *maxarg, int max,
                             const char *arg, const void *a, int n);
/* qsort's order of ints. */
TSS_HIDDEN int tss_topo_by_value(const void *a, const void *b);
/* comm's topology, referenced, when it is of kind; else NULL with *rc the
 * error raised. */
TSS_HIDDEN tss_topo *tss_topo_of(const char *fn, MPI_Comm comm, int kind, int *rc);
/* The constructors' end: a new communicator of comm with topology t. */
TSS_HIDDEN int tss_topo_attach(const char *fn, MPI_Comm comm, tss_topo *t, MPI_Comm *newcomm);
/* MPI_ERR_RANK raised on comm: rank is not 0. */
TSS_HIDDEN int tss_topo_bad_rank(const char *fn, MPI_Comm comm, int rank);
/* MPI_Cart_coords and MPI_Graph_neighbors: rank 0's n zeros into a. */
TSS_HIDDEN int tss_topo_zeros_of_rank(const char *fn, MPI_Comm comm, int kind, int rank,
                                      const char *maxarg, int max, const char *arg, int a[]);

#endif /* TSS_TOPO_PRIV_H */

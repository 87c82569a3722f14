/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_comm_priv.h: what the communicator files (tss_comm.c,
 * tss_comm_create.c, tss_group.c) share and no other file needs.
 */
#ifndef TSS_COMM_PRIV_H
#define TSS_COMM_PRIV_H

#include <pthread.h>

/* The lock of the communicator table (tss_comm.c) and of the group
 * handles (tss_group.c). */
TSS_HIDDEN extern pthread_mutex_t tss_comm_mutex;

/* A new communicator made from parent (tss_comm.c): its context,
 * parent's error handler (referenced), no name; with parent's topology
 * when dup.  MPI_ERR_NO_MEM, or MPI_ERR_OTHER when every handle is live. */
TSS_HIDDEN int tss_comm_make_rec(MPI_Comm parent, int dup, tss_topo *topo, MPI_Comm *out);
/* Ends a made communicator whose attributes are gone. */
TSS_HIDDEN void tss_comm_unmake(MPI_Comm comm);

/* The checks the constructors from groups share (tss_comm_create.c):
 * the init window, errhandler (a predefined handler or one made for
 * communicators, else MPI_ERR_ARG on MPI_COMM_WORLD's handler), then
 * stringtag and info, whose errors go to errhandler (tss_raise_given). */
TSS_HIDDEN int tss_from_group_args(const char *fn, MPI_Errhandler errhandler, const char *stringtag,
                                   MPI_Info info);

/* MPI_ERR_GROUP raised on comm: g (argument arg) is no group. */
TSS_HIDDEN int tss_group_bad(const char *fn, MPI_Comm comm, const char *arg, MPI_Group g);
/* tss_comm_mutex held.  Forgets every group (MPI_Finalize). */
TSS_HIDDEN void tss_group_finalize(void);

#endif /* TSS_COMM_PRIV_H */

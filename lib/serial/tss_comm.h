/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: communicators and what each carries: its error handler's
 * reference, hints (tss_info.c), attributes (tss_attr.c) and topology
 * (tss_topo.c).
 * Included by tss.h, after its common part; include tss.h, not this.
 */
#ifndef TSS_COMM_H
#define TSS_COMM_H

/* ---- communicators (tss_comm.c, tss_comm_create.c, tss_group.c) ---- */
/* 1 for a live communicator: MPI_COMM_WORLD, MPI_COMM_SELF, or one made
 * from them. */
TSS_HIDDEN int tss_comm_valid(MPI_Comm comm);
/* tss_check_comm and tss_comm_ctx in one lookup, for the communication
 * calls: *ctx gets comm's context, or the error is raised as
 * tss_check_comm raises it. */
TSS_HIDDEN int tss_check_comm_ctx(const char *fn, MPI_Comm comm, int *ctx);
/* 1 when the World model is initialized and comm is a live communicator
 * (the fast paths' question, raising nothing; 0 says nothing more): the
 * predefined ones inline, the others by tss_comm_made_plain. */
TSS_HIDDEN int tss_comm_made_plain(MPI_Comm comm);
static inline int tss_comm_plain(MPI_Comm comm)
{
    if (comm == MPI_COMM_WORLD || comm == MPI_COMM_SELF)
        return tss_state_get() == TSS_INITIALIZED;
    return tss_comm_made_plain(comm);
}
/* Whether g is MPI_GROUP_EMPTY or a live group (tss_group.c). */
TSS_HIDDEN int tss_group_valid(MPI_Group g);
/* A new group of the process into *out: MPI_SUCCESS, MPI_ERR_NO_MEM, or
 * MPI_ERR_OTHER when every group handle is live (tss_group_lack says
 * which, for messages). */
TSS_HIDDEN int tss_group_make(MPI_Group *out);
TSS_HIDDEN const char *tss_group_lack(int rc);
/* Why comm is no communicator: "freed" or "never made", for messages. */
TSS_HIDDEN const char *tss_comm_why(MPI_Comm comm);
/* Where comm's error handler is kept (MPI_COMM_WORLD's for an invalid
 * comm); read and written under tss_lock. */
TSS_HIDDEN MPI_Errhandler *tss_comm_eh(MPI_Comm comm);
/* comm's name for messages ("MPI_COMM_WORLD", a name the program set). */
TSS_HIDDEN const char *tss_comm_label(MPI_Comm comm);
/* Lock (tss_lock) held.  Frees the made communicators and puts
 * MPI_ERRORS_ARE_FATAL back on the predefined ones (MPI_Finalize). */
TSS_HIDDEN void tss_comm_finalize(void);
/* Lock held.  One more (one less) reference to a user error handler; the
 * predefined ones are not counted. */
TSS_HIDDEN void tss_errhandler_ref(MPI_Errhandler eh);
TSS_HIDDEN void tss_errhandler_unref(MPI_Errhandler eh);

/* ---- info objects and hints (tss_info.c, tss_info_env.c, tss_info_hints.c) ---- */
typedef struct tss_info tss_info;
/* MPI_SUCCESS when info is MPI_INFO_NULL or an info object, else
 * MPI_ERR_INFO raised on comm (fn names the call). */
TSS_HIDDEN int tss_info_check(const char *fn, MPI_Comm comm, MPI_Info info);
/* Whether info is MPI_INFO_NULL or an info object; raises nothing.
 * tss_info_why: why it is not ("freed"...), for messages. */
TSS_HIDDEN int tss_info_valid(MPI_Info info);
TSS_HIDDEN const char *tss_info_why(MPI_Info info);
/* MPI_INFO_ENV's contents, from MPI_Init's arguments (argc 0: none).
 * MPI_ERR_NO_MEM when a key could not be kept. */
TSS_HIDDEN int tss_info_env_init(int argc, char **argv);
/* Where comm's hints are kept (NULL: comm is no communicator).  The
 * field belongs to the info files and is used under their lock only. */
TSS_HIDDEN tss_info **tss_comm_hints(MPI_Comm comm);
/* newcomm takes comm's hints (MPI_Comm_dup).  MPI_ERR_NO_MEM. */
TSS_HIDDEN int tss_hints_inherit(MPI_Comm comm, MPI_Comm newcomm);
/* The hints of info join comm's (MPI_INFO_NULL: none); MPI_Comm_set_info,
 * MPI_Comm_dup_with_info.  MPI_ERR_NO_MEM, comm's hints then unchanged. */
TSS_HIDDEN int tss_hints_set(MPI_Comm comm, MPI_Info info);
/* Frees the hints *hints points at and sets it to NULL.  May be called
 * with tss_comm.c's lock held (never the other way round). */
TSS_HIDDEN void tss_hints_drop(tss_info **hints);
/* The hints of info (MPI_INFO_NULL: none) join *hints, the hints an
 * object other than a communicator keeps (a window, a file): MPI_SUCCESS,
 * MPI_ERR_INFO when info is no info object, MPI_ERR_NO_MEM (*hints then
 * unchanged). */
TSS_HIDDEN int tss_hints_join(tss_info **hints, MPI_Info info);
/* A new info object of keys[nkeys] (key, value in use) then *hints'
 * other keys in the order first set (a key of both: the hint's value),
 * or MPI_INFO_NULL without memory. */
TSS_HIDDEN MPI_Info tss_hints_report(const char *const (*keys)[2], size_t nkeys,
                                     tss_info *const *hints);

/* ---- attributes (tss_attr.c) ---- */
typedef struct tso_attr tss_attr; /* lib/object/tso_attr.h */
/* Where comm's attributes are kept (NULL: comm is no communicator); the
 * list belongs to tss_attr.c and is used under its lock only. */
TSS_HIDDEN tss_attr **tss_comm_attrs(MPI_Comm comm);
/* The copy callbacks of comm's attributes give newcomm its own (fn
 * makes it and has not returned it yet).  No lock may be held: the
 * callbacks may make MPI calls.  On failure (e filled) the copies made
 * so far are deleted again, their delete callbacks run. */
TSS_HIDDEN int tss_attr_copy(const char *fn, MPI_Comm comm, MPI_Comm newcomm, tss_error *e);
/* Deletes comm's attributes, newest first, running their delete
 * callbacks without a lock.  stop: a failing callback ends it there (its
 * attribute and the older ones stay: MPI_Comm_free fails); otherwise every
 * attribute goes and the first failure is reported (MPI_Finalize). */
TSS_HIDDEN int tss_attr_clear(const char *fn, MPI_Comm comm, int stop, tss_error *e);
/* Frees a list without callbacks (communicators left at MPI_Finalize).
 * May be called with tss_comm.c's lock held. */
TSS_HIDDEN void tss_attr_discard(tss_attr **list);
/* MPI_Finalize, after the lists: frees every keyval. */
TSS_HIDDEN void tss_attr_finalize(void);
/* The predefined attributes (tss_env.c): 1 when keyval is one, *value
 * then the address of its value (NULL: not set, as MPI_APPNUM); else 0. */
TSS_HIDDEN int tss_env_attr(int keyval, int **value);

/* ---- process topologies (tss_topo*.c, tss_comm.c) ---- */

/* A communicator's topology (MPI-4.1 chapter 8): made once, never
 * changed, shared by the duplicates of its communicator and counted. */
typedef struct tss_topo tss_topo;

TSS_HIDDEN void tss_topo_ref(tss_topo *t);
/* One reference less (t may be NULL); the last frees t. */
TSS_HIDDEN void tss_topo_unref(tss_topo *t);
/* MPI_CART, MPI_GRAPH or MPI_DIST_GRAPH. */
TSS_HIDDEN int tss_topo_kind(const tss_topo *t);
/* The process's neighbourhood (MPI-4.1 section 8.6): the blocks of a
 * neighbourhood collective's receive side (*indegree) and send side
 * (*outdegree). */
TSS_HIDDEN void tss_topo_degrees(const tss_topo *t, int *indegree, int *outdegree);
/* The send block whose data receive block i gets, or -1 when its
 * neighbour is MPI_PROC_NULL (the block is left alone). */
TSS_HIDDEN int tss_topo_from(const tss_topo *t, int i);

/* comm's topology, referenced (tss_topo_unref when done), or NULL when
 * it has none or is not a communicator. */
TSS_HIDDEN tss_topo *tss_comm_topo(MPI_Comm comm);
/* A new communicator made from parent (its error handler, a context of
 * its own) with topology t, whose reference it takes.  MPI_ERR_NO_MEM
 * when out of memory, MPI_ERR_OTHER when every communicator handle is
 * live (t still the caller's then). */
TSS_HIDDEN int tss_comm_make(MPI_Comm parent, tss_topo *t, MPI_Comm *newcomm);
/* What a failed tss_comm_make lacked, for messages. */
TSS_HIDDEN const char *tss_comm_lack(int rc);

#endif /* TSS_COMM_H */

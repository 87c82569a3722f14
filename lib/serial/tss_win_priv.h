/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss_win_priv.h: what the window files (tss_win*.c, tss_rma.c) share:
 * the record of a window, the lock of every window, and the steps each
 * call begins with.
 */
#ifndef TSS_WIN_PRIV_H
#define TSS_WIN_PRIV_H

#include <pthread.h>

/* Memory attached to a dynamic window (MPI_Win_attach). */
typedef struct tss_region {
    uintptr_t base;
    MPI_Aint size;
} tss_region;

/* A window of the one process.  Records are allocated once per slot of
 * the handle table and reused, never freed before MPI_Finalize, so a
 * pointer to one stays usable after the lock is released (a call racing
 * with MPI_Win_free on the same window is erroneous). */
typedef struct tss_win_rec {
    MPI_Win handle;
    int flavor;         /* MPI_WIN_FLAVOR_CREATE, _ALLOCATE, _DYNAMIC, _SHARED */
    char *base;         /* the exposed memory; NULL (MPI_BOTTOM) when dynamic */
    MPI_Aint size;      /* bytes; 0 when dynamic */
    MPI_Aint disp_unit; /* bytes per target displacement; 1 when dynamic */
    int disp_unit_attr; /* MPI_WIN_DISP_UNIT's value (an int) */
    void *mem;          /* what MPI_Win_allocate(_shared) allocated, owned */
    MPI_Errhandler eh;  /* under tss_lock; a user handler holds one ref */
    char name[MPI_MAX_OBJECT_NAME];
    tss_attr *attrs;     /* tss_win_attr.c's, under its lock */
    tss_info *hints;     /* tss_info_hints.c's, under its lock */
    tss_region *regions; /* attached memory, dynamic windows (owned) */
    int nregions, cap;
    /* epochs (tss_win_sync.c) */
    int fence;      /* a fence opened an epoch (no MPI_MODE_NOSUCCEED) */
    long fence_ops; /* operations since that fence */
    int access;     /* MPI_Win_start: TSS_EPOCH_NONE, _SELF or _EMPTY */
    int exposure;   /* MPI_Win_post: likewise */
    int completes;  /* MPI_Win_complete calls the exposure to self saw */
    int lock;       /* 0, MPI_LOCK_EXCLUSIVE or MPI_LOCK_SHARED on rank 0 */
    int lock_all;   /* MPI_Win_lock_all */
} tss_win_rec;

/* A post-start-complete-wait epoch's group: none, the process, or the
 * empty group. */
enum { TSS_EPOCH_NONE, TSS_EPOCH_SELF, TSS_EPOCH_EMPTY };

/* The lock of the window table, every record's fields but eh, attrs and
 * hints, and of the memory one-sided operations move (held while they
 * move it: element-wise atomicity, MPI-4.1 section 12.7.1, between
 * threads).  Never held while an error is raised or a callback runs. */
TSS_HIDDEN extern pthread_mutex_t tss_win_mutex;

/* The checks every call on a window begins with: the runtime
 * initialised, win a live window (MPI_ERR_WIN raised on MPI_COMM_WORLD
 * otherwise).  *w: its record, used under tss_win_mutex. */
TSS_HIDDEN int tss_win_check(const char *fn, MPI_Win win, tss_win_rec **w);

/* ---- epochs (tss_win_sync.c), tss_win_mutex held ---- */
/* Whether an operation of fn may access rank 0 now: in a fence epoch, in
 * an access epoch of MPI_Win_start whose group holds the process and
 * whose exposure was posted, or under a lock (only there when
 * request_based, MPI-4.1 section 12.3.5).  MPI_ERR_RMA_SYNC with e filled
 * otherwise.  The caller reports the operation through tss_win_accessed
 * once done. */
TSS_HIDDEN int tss_win_access(const char *fn, tss_win_rec *w, int request_based, tss_error *e);
/* An operation tss_win_access allowed was done: the fence that closes
 * its epoch must not assert MPI_MODE_NOSUCCEED over it. */
TSS_HIDDEN void tss_win_accessed(tss_win_rec *w);
/* rank, argument arg of fn, is a target of a window on one process: 0,
 * or MPI_PROC_NULL; MPI_ERR_RANK with e filled otherwise. */
TSS_HIDDEN int tss_win_rank(const char *fn, const char *arg, int rank, tss_error *e);
/* Whether w may be freed: no epoch open but a fence's (MPI_ERR_RMA_SYNC). */
TSS_HIDDEN int tss_win_idle(const char *fn, const tss_win_rec *w, tss_error *e);

/* ---- memory (tss_win_memory.c), tss_win_mutex held ---- */
/* The address of the target buffer of (count, type) at displacement disp
 * of w, into *at: the memory its type map touches must lie inside the
 * window (inside one attached region of a dynamic window), else
 * MPI_ERR_RMA_RANGE with e filled.  type is valid. */
TSS_HIDDEN int tss_win_target(const char *fn, const tss_win_rec *w, MPI_Aint disp, MPI_Count count,
                              MPI_Datatype type, char **at, tss_error *e);
/* Lock held.  Frees what a window's record owns but the record. */
TSS_HIDDEN void tss_win_memory_free(tss_win_rec *w);

/* ---- attributes (tss_win_attr.c) ---- */
/* Deletes w's attributes, newest first, through their delete callbacks,
 * run without a lock: MPI_Win_free (a failing callback stops it there). */
TSS_HIDDEN int tss_win_attr_clear(const char *fn, tss_win_rec *w, tss_error *e);
/* Frees w's attributes without callbacks (MPI_Finalize). */
TSS_HIDDEN void tss_win_attr_discard(tss_win_rec *w);

/* ---- hints (tss_info_hints.c) ---- */
/* A new info object of the hints MPI_Win_get_info reports (the keys of
 * MPI-4.1 section 12.2.7 with their values, then the others), or
 * MPI_INFO_NULL without memory. */
TSS_HIDDEN MPI_Info tss_win_hints_get(tss_info *const *hints, int shared);
/* (tss_hints_join sets them, tss_hints_drop frees them: tss_comm.h.) */

#endif /* TSS_WIN_PRIV_H */

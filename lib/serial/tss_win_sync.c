/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Epochs of one-sided communication (MPI-4.1 section 12.5) on one
 * process: MPI_Win_fence; MPI_Win_post, MPI_Win_start, MPI_Win_complete,
 * MPI_Win_wait, MPI_Win_test; MPI_Win_lock, MPI_Win_unlock and their _all
 * forms, the flushes and MPI_Win_sync; and the check every operation
 * makes that it lies in an epoch.
 *
 * An operation moves its data when it is called (tss_rma.c), so every
 * synchronisation has only its rules to check, and checks them all: an
 * access outside an epoch, an epoch opened inside another, a close
 * without an open are MPI_ERR_RMA_SYNC, not undefined behaviour.  A call
 * that would wait forever on one process (MPI_Win_wait for an access
 * epoch never completed, MPI_Win_complete towards an exposure never
 * posted) is MPI_ERR_RMA_SYNC too, saying why, rather than a hang.
 *
 * A fence opens an epoch that the next fence closes; a fence epoch in
 * which no operation was made ends without one when a lock or a
 * post-start epoch begins (programs end a fence phase with
 * MPI_Win_fence(0) and go on with locks; MPICH accepts it too).
 */
#include "typeshim_config.h"

#include <pthread.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_win_priv.h"

#define MODES                                                                                      \
    (MPI_MODE_NOCHECK | MPI_MODE_NOSTORE | MPI_MODE_NOPUT | MPI_MODE_NOPRECEDE | MPI_MODE_NOSUCCEED)

static const char *const epoch_names[] = {"", "to the process itself", "to the empty group"};

/* Signalled when an exposure epoch is posted or an access epoch
 * completes (waited on with tss_win_mutex). */
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;

/* tss_win_mutex held.  Whether another thread may still change the
 * epochs (MPI_THREAD_MULTIPLE): then waits once for a change and
 * returns 1. */
static int wait_for_other_thread(void)
{
    if (tss_thread_level() != MPI_THREAD_MULTIPLE)
        return 0;
    pthread_cond_wait(&changed, &tss_win_mutex);
    return 1;
}

int tss_win_access(const char *fn, tss_win_rec *w, int request_based, tss_error *e)
{
    if (w->lock || w->lock_all)
        return MPI_SUCCESS;
    if (request_based)
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: a request-based operation needs a passive target epoch "
                        "(MPI_Win_lock or MPI_Win_lock_all; MPI-4.1 section 12.3.5)",
                        fn);
    while (w->access == TSS_EPOCH_SELF && w->exposure != TSS_EPOCH_SELF && wait_for_other_thread())
        ;
    if (w->access == TSS_EPOCH_SELF && w->exposure == TSS_EPOCH_SELF)
        return MPI_SUCCESS;
    if (w->access == TSS_EPOCH_SELF)
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: the target (rank 0) has not posted an exposure epoch for this "
                        "access epoch (MPI_Win_post): on one process it never would",
                        fn);
    if (w->access == TSS_EPOCH_EMPTY)
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: the target (rank 0) is not in the group of the access epoch "
                        "(MPI_Win_start was given the empty group)",
                        fn);
    if (w->fence)
        return MPI_SUCCESS;
    return tss_fail(e, MPI_ERR_RMA_SYNC,
                    "%s: no access epoch is open on the window (MPI_Win_fence, MPI_Win_start, "
                    "MPI_Win_lock or MPI_Win_lock_all first; MPI-4.1 section 12.5)",
                    fn);
}

void tss_win_accessed(tss_win_rec *w)
{
    w->fence_ops++;
}

int tss_win_idle(const char *fn, const tss_win_rec *w, tss_error *e)
{
    const char *open = w->lock       ? "a lock (MPI_Win_unlock)"
                       : w->lock_all ? "a lock of every process (MPI_Win_unlock_all)"
                       : w->access   ? "an access epoch (MPI_Win_complete)"
                       : w->exposure ? "an exposure epoch (MPI_Win_wait)"
                                     : NULL;

    if (!open)
        return MPI_SUCCESS;
    return tss_fail(e, MPI_ERR_RMA_SYNC, "%s: %s is still open on the window", fn, open);
}

/* A new lock or post-start epoch needs no other of its kind open; an
 * idle fence epoch ends there. */
static int may_open(const char *fn, tss_win_rec *w, int lock, tss_error *e)
{
    if (w->fence && w->fence_ops > 0)
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: a fence epoch with %ld operation%s is open (close it with "
                        "MPI_Win_fence first)",
                        fn, w->fence_ops, w->fence_ops == 1 ? "" : "s");
    if (lock && (w->access || w->exposure))
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: a post-start-complete-wait epoch is open on the window", fn);
    if (w->lock || w->lock_all)
        return tss_fail(e, MPI_ERR_RMA_SYNC, "%s: the window is locked already%s", fn,
                        w->lock_all ? " (MPI_Win_lock_all)" : "");
    w->fence = 0;
    return MPI_SUCCESS;
}

/* Every synchronisation's frame: the window's checks, then step under
 * the lock; its failure raised on the window. */
static int sync_call(const char *fn, MPI_Win win, int assert,
                     int (*step)(const char *fn, tss_win_rec *w, const void *arg, tss_error *e),
                     const void *arg)
{
    tss_win_rec *w;
    tss_error e;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (assert & ~MODES)
        return tss_raise_win(win, MPI_ERR_ASSERT,
                             "%s(assert=%#x): Invalid assert (only MPI_MODE_* constants may be "
                             "or-ed; MPI-4.1 section 12.5.5)",
                             fn, (unsigned)assert);
    pthread_mutex_lock(&tss_win_mutex);
    rc = step(fn, w, arg, &e);
    pthread_mutex_unlock(&tss_win_mutex);
    return rc == MPI_SUCCESS ? MPI_SUCCESS : tss_raise_win(win, rc, "%s", e.text);
}

/* -------------------------------------------------------------- fence */

static int fence(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    int assert = *(const int *)arg;

    if (w->lock || w->lock_all || w->access || w->exposure)
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: a lock or post-start-complete-wait epoch is open on the window", fn);
    w->fence = !(assert &MPI_MODE_NOSUCCEED);
    w->fence_ops = 0;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_fence, PMPI_Win_fence)
int PMPI_Win_fence(int assert, MPI_Win win)
{
    return sync_call("MPI_Win_fence", win, assert, fence, &assert);
}

/* ------------------------------------------- post, start, complete, wait */

/* The epoch of a group argument: TSS_EPOCH_SELF or _EMPTY, or 0 (e
 * filled) when group is none. */
static int group_epoch(const char *fn, MPI_Group group, tss_error *e)
{
    int size = -1;

    if (group == MPI_GROUP_EMPTY)
        return TSS_EPOCH_EMPTY;
    if (tss_group_valid(group)) {
        tss_quiet_begin();
        PMPI_Group_size(group, &size);
        tss_quiet_end();
    }
    if (size < 0) {
        tss_fail(e, MPI_ERR_GROUP, "%s(group=" TSS_HFMT "): Invalid group", fn, TSS_HARG(group));
        return 0;
    }
    return size ? TSS_EPOCH_SELF : TSS_EPOCH_EMPTY;
}

struct group_arg {
    MPI_Group group;
};

static int post(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    int epoch = group_epoch(fn, ((const struct group_arg *)arg)->group, e), rc;

    if (!epoch)
        return e->cls;
    if (w->exposure)
        return tss_fail(e, MPI_ERR_RMA_SYNC, "%s: an exposure epoch is open already (%s)", fn,
                        epoch_names[w->exposure]);
    if ((rc = may_open(fn, w, 0, e)) != MPI_SUCCESS)
        return rc;
    w->exposure = epoch;
    w->completes = 0;
    pthread_cond_broadcast(&changed);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_post, PMPI_Win_post)
int PMPI_Win_post(MPI_Group group, int assert, MPI_Win win)
{
    struct group_arg a = {group};

    return sync_call("MPI_Win_post", win, assert, post, &a);
}

static int start(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    int epoch = group_epoch(fn, ((const struct group_arg *)arg)->group, e), rc;

    if (!epoch)
        return e->cls;
    if (w->access)
        return tss_fail(e, MPI_ERR_RMA_SYNC, "%s: an access epoch is open already (%s)", fn,
                        epoch_names[w->access]);
    if ((rc = may_open(fn, w, 0, e)) != MPI_SUCCESS)
        return rc;
    w->access = epoch;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_start, PMPI_Win_start)
int PMPI_Win_start(MPI_Group group, int assert, MPI_Win win)
{
    struct group_arg a = {group};

    return sync_call("MPI_Win_start", win, assert, start, &a);
}

static int complete(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    (void)arg;
    if (!w->access)
        return tss_fail(e, MPI_ERR_RMA_SYNC, "%s: no access epoch is open (MPI_Win_start)", fn);
    if (w->access == TSS_EPOCH_SELF) {
        while (w->exposure != TSS_EPOCH_SELF && wait_for_other_thread())
            ;
        if (w->exposure != TSS_EPOCH_SELF)
            return tss_fail(e, MPI_ERR_RMA_SYNC,
                            "%s: the target (rank 0) never posted an exposure epoch "
                            "(MPI_Win_post): the call would wait forever",
                            fn);
        w->completes++;
        pthread_cond_broadcast(&changed);
    }
    w->access = TSS_EPOCH_NONE;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_complete, PMPI_Win_complete)
int PMPI_Win_complete(MPI_Win win)
{
    return sync_call("MPI_Win_complete", win, 0, complete, NULL);
}

/* How an exposure epoch ends: MPI_Win_wait (flag NULL), which fails
 * rather than wait forever, or MPI_Win_test, which says in *flag. */
struct end_arg {
    int test;
    int *flag;
};

static int wait_or_test(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    const struct end_arg *a = arg;
    int ended;

    if (a->test && !a->flag)
        return tss_fail(e, MPI_ERR_ARG, "%s(flag=NULL): Invalid argument", fn);
    if (!w->exposure)
        return tss_fail(e, MPI_ERR_RMA_SYNC, "%s: no exposure epoch is open (MPI_Win_post)", fn);
    while (!(ended = w->exposure == TSS_EPOCH_EMPTY || w->completes > 0) && !a->test &&
           wait_for_other_thread())
        ;
    if (!ended && !a->test)
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: the exposure epoch waits for MPI_Win_complete from rank 0, which "
                        "%s: the call would wait forever",
                        fn,
                        w->access ? "has not called it yet" : "has not started an access epoch");
    if (ended)
        w->exposure = TSS_EPOCH_NONE;
    if (a->test)
        *a->flag = ended;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_wait, PMPI_Win_wait)
int PMPI_Win_wait(MPI_Win win)
{
    struct end_arg a = {0, NULL};

    return sync_call("MPI_Win_wait", win, 0, wait_or_test, &a);
}

TSS_WEAK_ALIAS(MPI_Win_test, PMPI_Win_test)
int PMPI_Win_test(MPI_Win win, int *flag)
{
    struct end_arg a = {1, flag};

    return sync_call("MPI_Win_test", win, 0, wait_or_test, &a);
}

/* ---------------------------------------------------------------- locks */

struct lock_arg {
    int type, rank;
};

int tss_win_rank(const char *fn, const char *arg, int rank, tss_error *e)
{
    if (rank == 0 || rank == MPI_PROC_NULL)
        return MPI_SUCCESS;
    return tss_fail(e, MPI_ERR_RANK, "%s(%s=%d): Invalid rank (the window's group has size 1)", fn,
                    arg, rank);
}

static int lock(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    const struct lock_arg *a = arg;
    int rc;

    if (a->type != MPI_LOCK_EXCLUSIVE && a->type != MPI_LOCK_SHARED)
        return tss_fail(e, MPI_ERR_LOCKTYPE,
                        "%s(lock_type=%d): Invalid lock type (MPI_LOCK_EXCLUSIVE or "
                        "MPI_LOCK_SHARED)",
                        fn, a->type);
    if ((rc = tss_win_rank(fn, "rank", a->rank, e)) != MPI_SUCCESS || a->rank == MPI_PROC_NULL)
        return rc;
    if ((rc = may_open(fn, w, 1, e)) != MPI_SUCCESS)
        return rc;
    w->lock = a->type;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_lock, PMPI_Win_lock)
int PMPI_Win_lock(int lock_type, int rank, int assert, MPI_Win win)
{
    struct lock_arg a = {lock_type, rank};

    return sync_call("MPI_Win_lock", win, assert, lock, &a);
}

static int unlock(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    const struct lock_arg *a = arg;
    int rc;

    if ((rc = tss_win_rank(fn, "rank", a->rank, e)) != MPI_SUCCESS || a->rank == MPI_PROC_NULL)
        return rc;
    if (!w->lock)
        return tss_fail(e, MPI_ERR_RMA_SYNC, "%s(rank=0): the window is not locked%s", fn,
                        w->lock_all ? " by MPI_Win_lock (MPI_Win_lock_all: MPI_Win_unlock_all)"
                                    : " (MPI_Win_lock)");
    w->lock = 0;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_unlock, PMPI_Win_unlock)
int PMPI_Win_unlock(int rank, MPI_Win win)
{
    struct lock_arg a = {0, rank};

    return sync_call("MPI_Win_unlock", win, 0, unlock, &a);
}

static int lock_all(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    int rc = may_open(fn, w, 1, e);

    (void)arg;
    if (rc == MPI_SUCCESS)
        w->lock_all = 1;
    return rc;
}

TSS_WEAK_ALIAS(MPI_Win_lock_all, PMPI_Win_lock_all)
int PMPI_Win_lock_all(int assert, MPI_Win win)
{
    return sync_call("MPI_Win_lock_all", win, assert, lock_all, NULL);
}

static int unlock_all(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    (void)arg;
    if (!w->lock_all)
        return tss_fail(e, MPI_ERR_RMA_SYNC, "%s: the window is not locked by MPI_Win_lock_all",
                        fn);
    w->lock_all = 0;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_unlock_all, PMPI_Win_unlock_all)
int PMPI_Win_unlock_all(MPI_Win win)
{
    return sync_call("MPI_Win_unlock_all", win, 0, unlock_all, NULL);
}

/* A flush completes what was done (everything, at once): it needs a
 * passive target epoch (MPI-4.1 section 12.5.4). */
static int flush(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    int rc;

    if (arg && ((rc = tss_win_rank(fn, "rank", *(const int *)arg, e)) != MPI_SUCCESS ||
                *(const int *)arg == MPI_PROC_NULL))
        return rc;
    if (!w->lock && !w->lock_all)
        return tss_fail(e, MPI_ERR_RMA_SYNC,
                        "%s: no passive target epoch is open (MPI_Win_lock or MPI_Win_lock_all)",
                        fn);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_flush, PMPI_Win_flush)
int PMPI_Win_flush(int rank, MPI_Win win)
{
    return sync_call("MPI_Win_flush", win, 0, flush, &rank);
}

TSS_WEAK_ALIAS(MPI_Win_flush_local, PMPI_Win_flush_local)
int PMPI_Win_flush_local(int rank, MPI_Win win)
{
    return sync_call("MPI_Win_flush_local", win, 0, flush, &rank);
}

TSS_WEAK_ALIAS(MPI_Win_flush_all, PMPI_Win_flush_all)
int PMPI_Win_flush_all(MPI_Win win)
{
    return sync_call("MPI_Win_flush_all", win, 0, flush, NULL);
}

TSS_WEAK_ALIAS(MPI_Win_flush_local_all, PMPI_Win_flush_local_all)
int PMPI_Win_flush_local_all(MPI_Win win)
{
    return sync_call("MPI_Win_flush_local_all", win, 0, flush, NULL);
}

static int sync_memory(const char *fn, tss_win_rec *w, const void *arg, tss_error *e)
{
    (void)fn, (void)w, (void)arg, (void)e;
    /* the public and private copies are one (MPI_WIN_UNIFIED): a fence
     * of the compiler and the processor is all there is to do */
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_sync, PMPI_Win_sync)
int PMPI_Win_sync(MPI_Win win)
{
    return sync_call("MPI_Win_sync", win, 0, sync_memory, NULL);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Windows of one-sided communication on one process (MPI-4.1 section
 * 12.2): the four flavours (MPI_Win_create, MPI_Win_allocate,
 * MPI_Win_allocate_shared, MPI_Win_create_dynamic) and their large-count
 * forms, MPI_Win_free, MPI_Win_get_group and the names.  The memory a
 * window exposes and its checks are in tss_win_memory.c, the epochs in
 * tss_win_sync.c, the operations in tss_rma.c (tss_win_priv.h declares
 * what they share).
 *
 * Handles (object/tso_abi.h): MPICH's kind bits of a direct window
 * (0xa0000000), a 10-bit generation and the slot in bits 0..15, so a
 * freed window's handle is refused for a million windows made after it.
 * A window of the one process's communicator holds that process, rank 0:
 * its group is the communicator's, and every target is rank 0 (or
 * MPI_PROC_NULL).
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_win_priv.h"

pthread_mutex_t tss_win_mutex = PTHREAD_MUTEX_INITIALIZER;
static tso_table wins = TSO_TABLE(TSO_WIN, &tss_tso_alloc); /* tss_win_mutex */

/* tss_win_mutex held.  The record of a live window, or NULL. */
static tss_win_rec *lookup(MPI_Win win)
{
    uint32_t idx;

    return tso_find(&wins, TSO_WORD(win), &idx) == TSO_LIVE ? *tso_obj(&wins, idx) : NULL;
}

static tss_win_rec *find(MPI_Win win)
{
    tss_win_rec *w;

    pthread_mutex_lock(&tss_win_mutex);
    w = lookup(win);
    pthread_mutex_unlock(&tss_win_mutex);
    return w;
}

int tss_win_check(const char *fn, MPI_Win win, tss_win_rec **w)
{
    const char *why;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&tss_win_mutex);
    *w = lookup(win);
    why = *w ? NULL : win == MPI_WIN_NULL ? "MPI_WIN_NULL" : tso_why(&wins, TSO_WORD(win));
    pthread_mutex_unlock(&tss_win_mutex);
    if (!*w)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_WIN, "%s(win=" TSS_HFMT "): Invalid window (%s)",
                         fn, TSS_HARG(win), why);
    return MPI_SUCCESS;
}

MPI_Errhandler *tss_win_eh(MPI_Win win)
{
    tss_win_rec *w = find(win);

    return w ? &w->eh : NULL;
}

void tss_win_label(MPI_Win win, char *buf, size_t len)
{
    tss_win_rec *w = find(win);

    if (w && w->name[0])
        snprintf(buf, len, "window %s", w->name);
    else
        snprintf(buf, len, "window " TSS_HFMT, TSS_HARG(win));
}

/* ------------------------------------------------------------ creation */

/* What each creation call was given. */
typedef struct win_args {
    const char *fn;
    int flavor;
    MPI_Aint size, disp_unit;
    void *base;    /* MPI_Win_create's */
    void *baseptr; /* MPI_Win_allocate(_shared)'s: where the address goes */
    MPI_Info info;
    MPI_Comm comm;
    MPI_Win *win;
} win_args;

/* The arguments' checks, errors raised on comm (no window exists yet). */
static int creation_checks(const win_args *a)
{
    int rc = tss_check_comm(a->fn, a->comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (a->size < 0)
        return tss_raise(a->comm, MPI_ERR_SIZE, "%s(size=%lld): Negative size", a->fn,
                         (long long)a->size);
    if (a->disp_unit <= 0)
        return tss_raise(a->comm, MPI_ERR_DISP,
                         "%s(disp_unit=%lld): the displacement unit must be positive", a->fn,
                         (long long)a->disp_unit);
    if (a->info != MPI_INFO_NULL && (rc = tss_info_check(a->fn, a->comm, a->info)) != MPI_SUCCESS)
        return rc;
    if (a->flavor == MPI_WIN_FLAVOR_CREATE && a->size > 0 && !a->base)
        return tss_raise(a->comm, MPI_ERR_ARG,
                         "%s(base=NULL, size=%lld): Invalid argument (no memory to expose)", a->fn,
                         (long long)a->size);
    if (a->flavor != MPI_WIN_FLAVOR_CREATE && a->flavor != MPI_WIN_FLAVOR_DYNAMIC && !a->baseptr)
        return tss_raise(a->comm, MPI_ERR_ARG, "%s(baseptr=NULL): Invalid argument", a->fn);
    if (!a->win)
        return tss_raise(a->comm, MPI_ERR_ARG, "%s(win=NULL): Invalid argument", a->fn);
    return MPI_SUCCESS;
}

/* A window record of a's flavour into a new slot, its handle in
 * *a->win: every creation call's body once its arguments passed.  Nothing
 * is left behind on failure. */
static int win_make(const win_args *a)
{
    tss_win_rec *w;
    tss_info *hints = NULL;
    void *mem = NULL;
    uint32_t idx;
    int rc;

    if (a->flavor == MPI_WIN_FLAVOR_ALLOCATE || a->flavor == MPI_WIN_FLAVOR_SHARED) {
        /* one byte at least: every allocation has an address of its own */
        if (!(mem = tss_calloc(1, a->size ? (size_t)a->size : 1)))
            return tss_raise(a->comm, MPI_ERR_NO_MEM, "%s(size=%lld): out of memory", a->fn,
                             (long long)a->size);
    }
    if ((rc = tss_hints_join(&hints, a->info)) != MPI_SUCCESS) {
        tss_free(mem);
        return tss_raise(a->comm, rc, "%s: out of memory for the hints", a->fn);
    }
    pthread_mutex_lock(&tss_win_mutex);
    rc = tso_take_rec(&wins, sizeof *w, &idx, (void **)&w);
    pthread_mutex_unlock(&tss_win_mutex);
    if (rc != MPI_SUCCESS) {
        tss_free(mem);
        tss_hints_drop(&hints);
        return tss_raise(a->comm, rc, "%s: %s", a->fn,
                         rc == MPI_ERR_NO_MEM ? "out of memory for a window"
                                              : "every window handle is live");
    }
    memset(w, 0, sizeof *w);
    w->handle = TSO_HANDLE(MPI_Win, tso_handle(&wins, idx));
    w->flavor = a->flavor;
    w->mem = mem;
    w->base = a->flavor == MPI_WIN_FLAVOR_CREATE ? a->base : mem;
    w->size = a->flavor == MPI_WIN_FLAVOR_DYNAMIC ? 0 : a->size;
    w->disp_unit = a->flavor == MPI_WIN_FLAVOR_DYNAMIC ? 1 : a->disp_unit;
    w->disp_unit_attr = w->disp_unit > INT_MAX ? INT_MAX : (int)w->disp_unit;
    w->hints = hints;
    /* MPI-4.1 section 12.6.1: windows start with MPI_ERRORS_ARE_FATAL */
    w->eh = MPI_ERRORS_ARE_FATAL;
    if (a->baseptr)
        memcpy(a->baseptr, &w->base, sizeof w->base);
    *a->win = w->handle;
    return MPI_SUCCESS;
}

static int win_create(win_args a)
{
    int rc = creation_checks(&a);

    return rc != MPI_SUCCESS ? rc : win_make(&a);
}

TSS_WEAK_ALIAS(MPI_Win_create, PMPI_Win_create)
int PMPI_Win_create(void *base, MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                    MPI_Win *win)
{
    return win_create((win_args){"MPI_Win_create", MPI_WIN_FLAVOR_CREATE, size, disp_unit, base,
                                 NULL, info, comm, win});
}

TSS_WEAK_ALIAS(MPI_Win_create_c, PMPI_Win_create_c)
int PMPI_Win_create_c(void *base, MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                      MPI_Win *win)
{
    return win_create((win_args){"MPI_Win_create_c", MPI_WIN_FLAVOR_CREATE, size, disp_unit, base,
                                 NULL, info, comm, win});
}

TSS_WEAK_ALIAS(MPI_Win_allocate, PMPI_Win_allocate)
int PMPI_Win_allocate(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm, void *baseptr,
                      MPI_Win *win)
{
    return win_create((win_args){"MPI_Win_allocate", MPI_WIN_FLAVOR_ALLOCATE, size, disp_unit, NULL,
                                 baseptr, info, comm, win});
}

TSS_WEAK_ALIAS(MPI_Win_allocate_c, PMPI_Win_allocate_c)
int PMPI_Win_allocate_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                        void *baseptr, MPI_Win *win)
{
    return win_create((win_args){"MPI_Win_allocate_c", MPI_WIN_FLAVOR_ALLOCATE, size, disp_unit,
                                 NULL, baseptr, info, comm, win});
}

TSS_WEAK_ALIAS(MPI_Win_allocate_shared, PMPI_Win_allocate_shared)
int PMPI_Win_allocate_shared(MPI_Aint size, int disp_unit, MPI_Info info, MPI_Comm comm,
                             void *baseptr, MPI_Win *win)
{
    return win_create((win_args){"MPI_Win_allocate_shared", MPI_WIN_FLAVOR_SHARED, size, disp_unit,
                                 NULL, baseptr, info, comm, win});
}

TSS_WEAK_ALIAS(MPI_Win_allocate_shared_c, PMPI_Win_allocate_shared_c)
int PMPI_Win_allocate_shared_c(MPI_Aint size, MPI_Aint disp_unit, MPI_Info info, MPI_Comm comm,
                               void *baseptr, MPI_Win *win)
{
    return win_create((win_args){"MPI_Win_allocate_shared_c", MPI_WIN_FLAVOR_SHARED, size,
                                 disp_unit, NULL, baseptr, info, comm, win});
}

TSS_WEAK_ALIAS(MPI_Win_create_dynamic, PMPI_Win_create_dynamic)
int PMPI_Win_create_dynamic(MPI_Info info, MPI_Comm comm, MPI_Win *win)
{
    return win_create((win_args){"MPI_Win_create_dynamic", MPI_WIN_FLAVOR_DYNAMIC, 0, 1, NULL, NULL,
                                 info, comm, win});
}

/* ---------------------------------------------------------------- free */

/* tss_win_mutex held.  w's slot goes back to the table, with what it
 * owns; the record stays with the slot, for the next window. */
static void release(tss_win_rec *w)
{
    uint32_t idx;

    if (tso_find(&wins, TSO_WORD(w->handle), &idx) == TSO_LIVE)
        tso_put(&wins, idx);
    tss_win_memory_free(w);
}

TSS_WEAK_ALIAS(MPI_Win_free, PMPI_Win_free)
int PMPI_Win_free(MPI_Win *win)
{
    const char *fn = "MPI_Win_free";
    MPI_Errhandler eh;
    tss_win_rec *w;
    tss_error e;
    int rc;

    if ((rc = tss_check_init(fn)) != MPI_SUCCESS)
        return rc;
    if (!win)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(win=NULL): Invalid argument", fn);
    if ((rc = tss_win_check(fn, *win, &w)) != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&tss_win_mutex);
    rc = tss_win_idle(fn, w, &e);
    pthread_mutex_unlock(&tss_win_mutex);
    /* the attributes go first (MPI-4.1 section 12.2.5 frees the window as
     * MPI_Comm_free frees a communicator): a failing callback leaves the
     * window as it was, but for the attributes deleted before */
    if (rc != MPI_SUCCESS || (rc = tss_win_attr_clear(fn, w, &e)) != MPI_SUCCESS)
        return tss_raise_win(*win, rc, "%s", e.text);
    tss_lock();
    eh = w->eh;
    w->eh = MPI_ERRORS_ARE_FATAL;
    tss_errhandler_unref(eh);
    tss_unlock();
    tss_hints_drop(&w->hints);
    pthread_mutex_lock(&tss_win_mutex);
    release(w);
    pthread_mutex_unlock(&tss_win_mutex);
    *win = MPI_WIN_NULL;
    return MPI_SUCCESS;
}

void tss_win_finalize(void)
{
    pthread_mutex_lock(&tss_win_mutex);
    for (uint32_t i = 0; i < wins.fresh; i++) {
        tss_win_rec *w = *tso_obj(&wins, i);
        if (!w)
            continue;
        if (tso_find(&wins, TSO_WORD(w->handle), &(uint32_t){0}) == TSO_LIVE) {
            tss_win_attr_discard(w);
            tss_errhandler_unref(w->eh);
            tss_hints_drop(&w->hints);
            release(w);
        }
        tss_free(w);
    }
    tso_reset(&wins);
    pthread_mutex_unlock(&tss_win_mutex);
}

/* ------------------------------------------------------ group and names */

TSS_WEAK_ALIAS(MPI_Win_get_group, PMPI_Win_get_group)
int PMPI_Win_get_group(MPI_Win win, MPI_Group *group)
{
    const char *fn = "MPI_Win_get_group";
    tss_win_rec *w;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!group)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(group=NULL): Invalid argument", fn);
    /* every window's communicator holds the one process: its group (made
     * here, not through MPI_COMM_SELF, which sessions alone do not have) */
    if ((rc = tss_group_make(group)) != MPI_SUCCESS)
        return tss_raise_win(win, rc, "%s: %s", fn, tss_group_lack(rc));
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_set_name, PMPI_Win_set_name)
int PMPI_Win_set_name(MPI_Win win, const char *win_name)
{
    const char *fn = "MPI_Win_set_name";
    tss_win_rec *w;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!win_name)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(win_name=NULL): Invalid argument", fn);
    /* a longer name is cut (MPI-4.1 section 7.8 lets it be) */
    pthread_mutex_lock(&tss_win_mutex);
    snprintf(w->name, sizeof w->name, "%s", win_name);
    pthread_mutex_unlock(&tss_win_mutex);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_get_name, PMPI_Win_get_name)
int PMPI_Win_get_name(MPI_Win win, char *win_name, int *resultlen)
{
    const char *fn = "MPI_Win_get_name";
    tss_win_rec *w;
    int rc = tss_win_check(fn, win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!win_name || !resultlen)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                             win_name ? "resultlen" : "win_name");
    pthread_mutex_lock(&tss_win_mutex);
    memcpy(win_name, w->name, sizeof w->name);
    pthread_mutex_unlock(&tss_win_mutex);
    *resultlen = (int)strlen(win_name);
    return MPI_SUCCESS;
}

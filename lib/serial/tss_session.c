/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Sessions on one process (MPI-4.1 section 11.3): the table,
 * MPI_Session_init, MPI_Session_finalize, MPI_Session_get_info and the
 * error handlers of sessions (MPI-4.1 section 9.3.4).  Process sets, and
 * the groups made from them, are in tss_session_pset.c.
 *
 * A session is a handle of its own kind (object/tso_abi.h: MPICH's direct
 * session bits, 0xb8000000, a 10-bit generation, the slot) naming a
 * record of its handler and hints, under tss_lock.  While one is open,
 * MPI calls are valid without MPI_Init (tss_check_init), but those that
 * name MPI_COMM_WORLD or MPI_COMM_SELF, which belong to the World model;
 * MPI_Initialized stays false.  MPI_Session_finalize frees the session
 * only: what the program made in it, it frees itself (MPI-4.1 section
 * 11.3.1).  When MPI_Finalize came first, the last session's end frees
 * the runtime's objects as MPI_Finalize would have.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <strings.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_info_priv.h"

typedef struct session_rec {
    MPI_Errhandler eh; /* a user handler holds one reference */
    tss_info *hints;   /* the hints given, "thread_level" the level granted */
} session_rec;

static tso_table sessions = TSO_TABLE(TSO_SESSION, &tss_tso_alloc); /* tss_lock */

/* tss_lock held.  The record of an open session, or NULL. */
static session_rec *lookup(MPI_Session s)
{
    uint32_t idx, w = TSO_WORD(s);

    if (!w || TSO_HANDLE(MPI_Session, w) != s || tso_find(&sessions, w, &idx) != TSO_LIVE)
        return NULL;
    return *tso_obj(&sessions, idx);
}

/* Why s names no open session, for messages (tss_lock held). */
static const char *why(MPI_Session s)
{
    if (s == MPI_SESSION_NULL)
        return "MPI_SESSION_NULL";
    return TSO_WORD(s) ? tso_why(&sessions, TSO_WORD(s)) : "never made";
}

int tss_session_check(const char *fn, MPI_Session s)
{
    const char *bad = NULL;

    tss_lock();
    if (!lookup(s))
        bad = why(s);
    tss_unlock();
    /* no session to raise on: the initial error handler's */
    if (bad)
        return tss_raise(MPI_COMM_WORLD, TSS_ERR_SESSION,
                         "%s(session=" TSS_HFMT "): Invalid session (%s)", fn, TSS_HARG(s), bad);
    return MPI_SUCCESS;
}

/* code on s's handler (MPI_COMM_WORLD's when s names no session); detail
 * for the fatal path (NULL: the code's message). */
static void invoke(MPI_Session s, int code, const char *detail)
{
    char label[64];
    MPI_Comm world = MPI_COMM_WORLD;
    session_rec *r;

    tss_lock();
    r = lookup(s);
    tss_unlock();
    if (!r) {
        tss_eh_invoke(tss_comm_eh(world), &world, sizeof world, tss_comm_label(world), code,
                      detail);
        return;
    }
    snprintf(label, sizeof label, "session " TSS_HFMT, TSS_HARG(s));
    /* the record stays in its slot when the session ends (tso_take_rec) */
    tss_eh_invoke(&r->eh, &s, sizeof s, label, code, detail);
}

int tss_raise_session(MPI_Session s, int code, const char *fmt, ...)
{
    char detail[MPI_MAX_ERROR_STRING];
    va_list ap;

    va_start(ap, fmt);
    code = tss_coded(code, detail, fmt, ap);
    va_end(ap);
    invoke(s, code, detail);
    return code;
}

/* ------------------------------------------------------------ life */

static const char *const level_names[] = {"MPI_THREAD_SINGLE", "MPI_THREAD_FUNNELED",
                                          "MPI_THREAD_SERIALIZED", "MPI_THREAD_MULTIPLE"};

/* The "thread_level" hint made the level granted (MPI-4.1 section
 * 11.3.1): every level is supported, so the level asked (MPI_THREAD_SINGLE
 * when none or an unknown one was asked, as MPI_Init); 0 and *hints
 * unchanged without memory. */
static int grant_level(tss_info **hints, int *level)
{
    tss_info *h;
    int ok;

    pthread_mutex_lock(&tss_info_mutex);
    h = *hints ? *hints : tss_calloc(1, sizeof *h);
    *level = MPI_THREAD_SINGLE;
    for (int i = 0; h && i < h->n; i++)
        if (!strcmp(h->e[i].key, "thread_level"))
            for (int l = 0; l < 4; l++)
                if (!strcasecmp(h->e[i].val, level_names[l]))
                    *level = MPI_THREAD_SINGLE + l;
    ok = h && tss_info_obj_set(h, "thread_level", level_names[*level - MPI_THREAD_SINGLE]) == 0;
    if (h && !*hints) {
        if (ok)
            *hints = h;
        else
            tss_info_obj_free(h);
    }
    pthread_mutex_unlock(&tss_info_mutex);
    return ok;
}

/* Callable before MPI_Init (MPI-4.1 section 11.4.1); errors before the
 * session exists go to errhandler when it can take them. */
TSS_WEAK_ALIAS(MPI_Session_init, PMPI_Session_init)
int PMPI_Session_init(MPI_Info info, MPI_Errhandler errhandler, MPI_Session *session)
{
    const char *fn = "MPI_Session_init";
    tss_info *hints = NULL;
    session_rec *r;
    tss_error e;
    uint32_t idx;
    int rc, level;

    if ((rc = tss_eh_usable(fn, "errhandler", TSS_EH_SESSION, errhandler, &e)) != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, rc, "%s", e.text);
    if (!session)
        return tss_raise_given(errhandler, TSS_EH_SESSION, MPI_ERR_ARG,
                               "%s(session=NULL): Invalid argument", fn);
    if ((rc = tss_hints_join(&hints, info)) != MPI_SUCCESS)
        return tss_raise_given(errhandler, TSS_EH_SESSION, rc, "%s(info): %s", fn,
                               rc == MPI_ERR_INFO ? "Invalid info object" : "out of memory");
    if (!grant_level(&hints, &level)) {
        rc = tss_fail(&e, MPI_ERR_NO_MEM, "%s: out of memory", fn);
        goto fail;
    }
    /* decided here, as MPI_Init decides it (tss_init.c); the thread of
     * a session's start is the main one until MPI_Init (MPI_Is_thread_main) */
    (void)typeshim_mode();
    if (tss_state_get() != TSS_INITIALIZED && !tss_sessions_open())
        tss_env_init();
    tss_lock();
    if ((rc = tso_take_rec(&sessions, sizeof *r, &idx, (void **)&r)) != MPI_SUCCESS) {
        tss_unlock();
        tss_fail(&e, rc, "%s: %s", fn,
                 rc == MPI_ERR_NO_MEM ? "out of memory" : "every session handle is live");
        goto fail;
    }
    r->eh = errhandler;
    tss_errhandler_ref(errhandler);
    r->hints = hints;
    tss_session_open(level);
    *session = TSO_HANDLE(MPI_Session, tso_handle(&sessions, idx));
    tss_unlock();
    return MPI_SUCCESS;
fail:
    tss_hints_drop(&hints);
    return tss_raise_given(errhandler, TSS_EH_SESSION, e.cls, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_Session_finalize, PMPI_Session_finalize)
int PMPI_Session_finalize(MPI_Session *session)
{
    const char *fn = "MPI_Session_finalize";
    MPI_Errhandler eh = MPI_ERRORS_RETURN;
    tss_info *hints = NULL;
    session_rec *r;
    uint32_t idx;
    int rc, end;

    if (!session)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(session=NULL): Invalid argument", fn);
    if ((rc = tss_session_check(fn, *session)) != MPI_SUCCESS)
        return rc;
    /* before the runtime's end, without the lock, as in MPI_Finalize:
     * closing a file can run the program's callbacks */
    tss_lock();
    end = tss_session_last();
    tss_unlock();
    if (end)
        tss_file_finalize();
    tss_lock();
    if (!(r = lookup(*session))) { /* another thread finalized it meanwhile */
        tss_unlock();
        return tss_session_check(fn, *session);
    }
    eh = r->eh;
    hints = r->hints;
    r->hints = NULL;
    (void)tso_find(&sessions, TSO_WORD(*session), &idx);
    tso_put(&sessions, idx);
    tss_errhandler_unref(eh);
    if ((end = tss_session_close()))
        tss_runtime_end();
    tss_unlock();
    tss_hints_drop(&hints);
    if (end)
        tss_leak_report();
    *session = MPI_SESSION_NULL;
    return MPI_SUCCESS;
}

/* The hints in use: those given to MPI_Session_init in the order given,
 * "thread_level" (last when not given) the level granted. */
TSS_WEAK_ALIAS(MPI_Session_get_info, PMPI_Session_get_info)
int PMPI_Session_get_info(MPI_Session session, MPI_Info *info_used)
{
    const char *fn = "MPI_Session_get_info";
    tss_info *hints;
    session_rec *r;
    int rc = tss_session_check(fn, session);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!info_used)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(info_used=NULL): Invalid argument", fn);
    /* the hints never change while the session lives */
    tss_lock();
    r = lookup(session);
    hints = r ? r->hints : NULL;
    tss_unlock();
    if (!r)
        return tss_session_check(fn, session);
    if ((*info_used = tss_hints_report(NULL, 0, &hints)) == MPI_INFO_NULL)
        return tss_raise_session(session, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    return MPI_SUCCESS;
}

/* ------------------------------------------------------ error handlers */

TSS_WEAK_ALIAS(MPI_Session_create_errhandler, PMPI_Session_create_errhandler)
int PMPI_Session_create_errhandler(MPI_Session_errhandler_function *session_errhandler_fn,
                                   MPI_Errhandler *errhandler)
{
    return tss_eh_create("MPI_Session_create_errhandler", TSS_EH_SESSION,
                         (tss_eh_fn *)session_errhandler_fn, "session_errhandler_fn", errhandler);
}

/* tss_lock held: where s's handler is kept, or NULL. */
static MPI_Errhandler *eh_slot(MPI_Session s)
{
    session_rec *r = lookup(s);

    return r ? &r->eh : NULL;
}

TSS_WEAK_ALIAS(MPI_Session_set_errhandler, PMPI_Session_set_errhandler)
int PMPI_Session_set_errhandler(MPI_Session session, MPI_Errhandler errhandler)
{
    const char *fn = "MPI_Session_set_errhandler";
    MPI_Errhandler *slot;
    tss_error e;
    int rc = tss_session_check(fn, session);

    if (rc != MPI_SUCCESS)
        return rc;
    tss_lock();
    slot = eh_slot(session);
    tss_unlock();
    if (!slot)
        return tss_session_check(fn, session);
    if ((rc = tss_eh_set(fn, TSS_EH_SESSION, slot, errhandler, &e)) != MPI_SUCCESS)
        return tss_raise_session(session, rc, "%s", e.text);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Session_get_errhandler, PMPI_Session_get_errhandler)
int PMPI_Session_get_errhandler(MPI_Session session, MPI_Errhandler *errhandler)
{
    const char *fn = "MPI_Session_get_errhandler";
    MPI_Errhandler *slot;
    int rc = tss_session_check(fn, session);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!errhandler)
        return tss_raise_session(session, MPI_ERR_ARG, "%s(errhandler=NULL): Invalid argument", fn);
    tss_lock();
    slot = eh_slot(session);
    tss_unlock();
    if (!slot)
        return tss_session_check(fn, session);
    *errhandler = tss_eh_get(slot);
    return MPI_SUCCESS;
}

/* MPI_SUCCESS when the handler returns (MPI-4.1 section 9.3.6). */
TSS_WEAK_ALIAS(MPI_Session_call_errhandler, PMPI_Session_call_errhandler)
int PMPI_Session_call_errhandler(MPI_Session session, int errorcode)
{
    int rc = tss_session_check("MPI_Session_call_errhandler", session);

    if (rc != MPI_SUCCESS)
        return rc;
    invoke(session, errorcode, NULL);
    return MPI_SUCCESS;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Error handlers of MPI_COMM_WORLD and MPI_COMM_SELF, user error handler
 * objects, raising errors, and the fatal path.
 *
 * libtypeshim raises its datatype errors through the raise function this
 * file attaches (typeshim_runtime_attach) when the library is loaded,
 * before main: errors of datatype calls made before MPI_Init reach the
 * handlers too.  tss_init.c (which defines PMPI_Init) references tss_raise
 * and tss_errhandler_finalize from this file, so a static link that pulls
 * MPI_Init in also pulls this object, and its constructor, in.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_req_priv.h"

/* Weak, as tss.h's references to libtypeshim: a static link that pulled in
 * no object of libtypeshim raising errors has nothing to attach to (the
 * object that raises them defines it). */
#pragma weak typeshim_runtime_attach

/* User handlers: records of their own handle table (lib/object), so a
 * freed handle is refused for at least 2^20 later frees instead of
 * naming the next handler made in the same slot. */
struct tss_eh {
    tss_eh_fn *fn; /* of the type of its kind's create call */
    int kind;      /* enum tss_eh_kind: the objects it may be set on */
    int refs;      /* user handles + objects using it */
};

static pthread_mutex_t tss_mutex = PTHREAD_MUTEX_INITIALIZER;
/* Under tss_mutex; a record stays with its slot, for the next handler. */
static tso_table ehs = TSO_TABLE(TSO_ERRHANDLER, &tss_tso_alloc);

void tss_lock(void)
{
    pthread_mutex_lock(&tss_mutex);
}
void tss_unlock(void)
{
    pthread_mutex_unlock(&tss_mutex);
}

static int tss_eh_builtin(MPI_Errhandler eh)
{
    return eh == MPI_ERRORS_ARE_FATAL || eh == MPI_ERRORS_RETURN || eh == MPI_ERRORS_ABORT;
}

/* Lock held.  The live slot named by a user handle, or NULL: the handle is
 * decoded and checked against the table, never trusted. */
static struct tss_eh *tss_eh_slot(MPI_Errhandler eh)
{
    uint32_t idx;

    return tso_find(&ehs, TSO_WORD(eh), &idx) == TSO_LIVE ? *tso_obj(&ehs, idx) : NULL;
}

/* Lock held.  eh is valid (builtins are immortal and not counted). */
static void tss_eh_ref(MPI_Errhandler eh)
{
    struct tss_eh *e = tss_eh_slot(eh);

    if (e)
        e->refs++;
}

static void tss_eh_unref(MPI_Errhandler eh)
{
    uint32_t idx;

    /* the record stays with the slot, for the next handler made */
    if (tso_find(&ehs, TSO_WORD(eh), &idx) == TSO_LIVE &&
        --((struct tss_eh *)*tso_obj(&ehs, idx))->refs == 0)
        tso_put(&ehs, idx);
}

void tss_errhandler_ref(MPI_Errhandler eh)
{
    tss_eh_ref(eh);
}

void tss_errhandler_unref(MPI_Errhandler eh)
{
    tss_eh_unref(eh);
}

void tss_terminate(int status)
{
    /* Like MPI_Abort in MPICH: no atexit handlers, but what the program
     * printed is not lost. */
    fflush(NULL);
    status &= 255;
    _exit(status ? status : 1);
}

/* The fatal path of MPI_ERRORS_ARE_FATAL and MPI_ERRORS_ABORT.  Exit status:
 * the error class of code (so scripts can tell MPI_ERR_COUNT from
 * MPI_ERR_TYPE), 1 if the class is MPI_SUCCESS or the code is unknown.
 * label names the object whose handler it is ("MPI_COMM_WORLD"). */
static void tss_die(const char *label, int code, const char *detail) __attribute__((noreturn));
static void tss_die(const char *label, int code, const char *detail)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len, cls = tss_error_class(code);

    if (!detail) {
        if (!tss_error_text(code, msg, &len))
            snprintf(msg, sizeof msg, "Unknown error code %d", code);
        detail = msg;
    }
    fflush(stdout); /* program output first, then the reason it stops */
    /* one process, rank 0: the prefix layered mode prints for rank R */
    fprintf(stderr, "typeshim: rank 0: fatal error on %s: %s\n", label, detail);
    tss_terminate(cls > 0 ? cls : 1);
}

/* Calls the handler *slot holds (read under the lock) with the object's
 * handle (*handle, copied: handlers get pointers to copies they may not
 * change ours through) and code; returns if the handler does.  The user
 * function runs without the lock: it may call MPI itself. */
void tss_eh_invoke(MPI_Errhandler *slot, const void *handle, size_t hsize, const char *label,
                   int code, const char *detail)
{
    tss_eh_fn *fn = NULL;
    MPI_Errhandler eh;
    struct tss_eh *e;

    tss_lock();
    eh = *slot;
    e = tss_eh_slot(eh);
    if (e)
        fn = e->fn;
    tss_unlock();

    if (eh == MPI_ERRORS_RETURN)
        return;
    if (fn) {
        /* every kind's handler takes (handle *, int *, ...) */
        union {
            MPI_Comm comm;
            MPI_Win win;
            MPI_File file;
            MPI_Session session;
        } copy;
        int err = code;
        memcpy(&copy, handle, hsize);
        ((void (*)(void *, int *, ...))fn)(&copy, &err);
        return;
    }
    tss_die(label, code, detail);
}

int tss_code(int code, const char *text)
{
    int cls = tss_error_class(code);

    /* MPI_SUCCESS, and what is no code, pass unchanged */
    if (cls <= MPI_SUCCESS || !typeshim_error_make)
        return code;
    return typeshim_error_make(cls, text);
}

/* detail (MPI_MAX_ERROR_STRING bytes) gets fmt's message, and the
 * handler and the caller a code that keeps it: a bare class would leave
 * MPI_Error_string only its sentence. */
int tss_coded(int code, char *detail, const char *fmt, va_list ap)
{
    vsnprintf(detail, MPI_MAX_ERROR_STRING, fmt, ap);
    return tss_code(code, detail);
}

int tss_raise(MPI_Comm comm, int code, const char *fmt, ...)
{
    char detail[MPI_MAX_ERROR_STRING];
    va_list ap;

    va_start(ap, fmt);
    code = tss_coded(code, detail, fmt, ap);
    va_end(ap);
    /* An error about a bad communicator cannot use its handler. */
    if (!tss_comm_valid(comm))
        comm = MPI_COMM_WORLD;
    tss_eh_invoke(tss_comm_eh(comm), &comm, sizeof comm, tss_comm_label(comm), code, detail);
    return code;
}

/* code on win's handler as it is; detail for the fatal path (NULL: the
 * code's message). */
static void invoke_win(MPI_Win win, int code, const char *detail)
{
    char label[MPI_MAX_OBJECT_NAME + 32];
    MPI_Errhandler *slot = tss_win_eh(win);
    MPI_Comm world = MPI_COMM_WORLD;

    /* no window: MPI_COMM_WORLD's handler, as for a bad communicator */
    if (!slot) {
        tss_eh_invoke(tss_comm_eh(world), &world, sizeof world, tss_comm_label(world), code,
                      detail);
        return;
    }
    tss_win_label(win, label, sizeof label);
    tss_eh_invoke(slot, &win, sizeof win, label, code, detail);
}

int tss_raise_win(MPI_Win win, int code, const char *fmt, ...)
{
    char detail[MPI_MAX_ERROR_STRING];
    va_list ap;

    va_start(ap, fmt);
    code = tss_coded(code, detail, fmt, ap);
    va_end(ap);
    invoke_win(win, code, detail);
    return code;
}

void tss_win_call_errhandler(MPI_Win win, int code)
{
    invoke_win(win, code, NULL);
}

/* code on fh's handler as it is (MPI_FILE_NULL's for no file); detail
 * for the fatal path (NULL: the code's message). */
static void invoke_file(MPI_File fh, int code, const char *detail)
{
    char label[TSS_FILE_LABEL];

    tss_file_label(fh, label, sizeof label);
    tss_eh_invoke(tss_file_eh(fh), &fh, sizeof fh, label, code, detail);
}

int tss_raise_file(MPI_File fh, int code, const char *fmt, ...)
{
    char detail[MPI_MAX_ERROR_STRING];
    va_list ap;

    va_start(ap, fmt);
    code = tss_coded(code, detail, fmt, ap);
    va_end(ap);
    invoke_file(fh, code, detail);
    return code;
}

void tss_file_call_errhandler(MPI_File fh, int code)
{
    invoke_file(fh, code, NULL);
}

int tss_raise_given(MPI_Errhandler eh, int kind, int code, const char *fmt, ...)
{
    char detail[MPI_MAX_ERROR_STRING];
    MPI_Comm world = MPI_COMM_WORLD;
    union {
        MPI_Comm comm;
        MPI_Session session;
    } none;
    int ok;
    va_list ap;

    va_start(ap, fmt);
    code = tss_coded(code, detail, fmt, ap);
    va_end(ap);
    tss_lock();
    ok = tss_eh_builtin(eh) || (tss_eh_slot(eh) && tss_eh_slot(eh)->kind == kind);
    tss_unlock();
    if (!ok) {
        tss_eh_invoke(tss_comm_eh(world), &world, sizeof world, tss_comm_label(world), code,
                      detail);
        return code;
    }
    memset(&none, 0, sizeof none);
    if (kind == TSS_EH_SESSION)
        none.session = MPI_SESSION_NULL;
    else
        none.comm = MPI_COMM_NULL;
    tss_eh_invoke(&eh, &none, kind == TSS_EH_SESSION ? sizeof none.session : sizeof none.comm,
                  kind == TSS_EH_SESSION ? "MPI_SESSION_NULL" : "MPI_COMM_NULL", code, detail);
    return code;
}

/* Per thread: another thread's datatype errors must still be raised. */
static __thread int tss_quiet;

void tss_quiet_begin(void)
{
    tss_quiet = 1;
}

void tss_quiet_end(void)
{
    tss_quiet = 0;
}

int tss_check_init(const char *fn)
{
    enum tss_state st = tss_state_get();

    if (st == TSS_INITIALIZED || tss_sessions_open())
        return MPI_SUCCESS;
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_OTHER, "%s called %s", fn,
                     st == TSS_PRE_INIT ? "before MPI_Init" : "after MPI_Finalize");
}

int tss_check_comm(const char *fn, MPI_Comm comm)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!tss_comm_valid(comm))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM,
                         "%s(comm=" TSS_HFMT "): Invalid communicator (%s)", fn, TSS_HARG(comm),
                         tss_comm_why(comm));
    return MPI_SUCCESS;
}

void tss_errhandler_finalize(void)
{
    /* The communicators go away (tss_comm_finalize): their references go,
     * and every user handler with them (no MPI call may use a handle after
     * finalize), but the handlers made for sessions, which live outside
     * both models (MPI-4.1 section 11.4.1): no session is open when the
     * runtime ends, so only the program holds those.  Freed slots keep
     * their records for the next handlers (tso_take_rec). */
    for (uint32_t i = 0; i < ehs.fresh; i++) {
        struct tss_eh *e = *tso_obj(&ehs, i);
        uint32_t idx;

        if (e && e->kind != TSS_EH_SESSION && tso_find(&ehs, tso_handle(&ehs, i), &idx) == TSO_LIVE)
            tso_put(&ehs, idx);
    }
}

/* ---------------------------------------------------------------- API */

static const char *const kind_names[] = {"communicators", "windows", "files", "sessions"};

/* tss_lock held. */
static int usable(const char *fn, const char *arg, int kind, MPI_Errhandler errhandler,
                  tss_error *e)
{
    struct tss_eh *u = tss_eh_slot(errhandler);

    if (!tss_eh_builtin(errhandler) && !u)
        return tss_fail(e, MPI_ERR_ARG, "%s(%s=" TSS_HFMT "): Invalid error handler (%s)", fn, arg,
                        TSS_HARG(errhandler),
                        errhandler == MPI_ERRHANDLER_NULL ? "MPI_ERRHANDLER_NULL"
                                                          : tso_why(&ehs, TSO_WORD(errhandler)));
    if (u && u->kind != kind)
        return tss_fail(e, MPI_ERR_ARG,
                        "%s(%s=" TSS_HFMT "): an error handler made for %s cannot be set "
                        "on %s (MPI-4.1 section 9.3)",
                        fn, arg, TSS_HARG(errhandler), kind_names[u->kind], kind_names[kind]);
    return MPI_SUCCESS;
}

int tss_eh_usable(const char *fn, const char *arg, int kind, MPI_Errhandler errhandler,
                  tss_error *e)
{
    int rc;

    tss_lock();
    rc = usable(fn, arg, kind, errhandler, e);
    tss_unlock();
    return rc;
}

int tss_eh_set(const char *fn, int kind, MPI_Errhandler *slot, MPI_Errhandler errhandler,
               tss_error *e)
{
    MPI_Errhandler old;
    int rc;

    tss_lock();
    if ((rc = usable(fn, "errhandler", kind, errhandler, e)) != MPI_SUCCESS) {
        tss_unlock();
        return rc;
    }
    /* Reference the new one before releasing the old: they may be equal. */
    tss_eh_ref(errhandler);
    old = *slot;
    *slot = errhandler;
    tss_eh_unref(old);
    tss_unlock();
    return MPI_SUCCESS;
}

MPI_Errhandler tss_eh_get(MPI_Errhandler *slot)
{
    MPI_Errhandler eh;

    tss_lock();
    eh = *slot;
    tss_eh_ref(eh);
    tss_unlock();
    return eh;
}

/* Common body of MPI_Comm_set_errhandler and MPI_Errhandler_set. */
static int tss_set_errhandler(const char *fn, MPI_Comm comm, MPI_Errhandler errhandler)
{
    tss_error e;
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = tss_eh_set(fn, TSS_EH_COMM, tss_comm_eh(comm), errhandler, &e)) != MPI_SUCCESS)
        return tss_raise(comm, rc, "%s", e.text);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_set_errhandler, PMPI_Comm_set_errhandler)
int PMPI_Comm_set_errhandler(MPI_Comm comm, MPI_Errhandler errhandler)
{
    return tss_set_errhandler("MPI_Comm_set_errhandler", comm, errhandler);
}

/* MPI-1 name, removed in MPI-3 but still declared by MPICH's mpi.h. */
TSS_WEAK_ALIAS(MPI_Errhandler_set, PMPI_Errhandler_set)
int PMPI_Errhandler_set(MPI_Comm comm, MPI_Errhandler errhandler)
{
    return tss_set_errhandler("MPI_Errhandler_set", comm, errhandler);
}

/* The handle returned is a new reference: the caller frees it. */
static int get_errhandler(const char *fn, MPI_Comm comm, MPI_Errhandler *errhandler)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!tss_comm_valid(comm))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM,
                         "%s(comm=" TSS_HFMT "): Invalid communicator (%s)", fn, TSS_HARG(comm),
                         tss_comm_why(comm));
    if (!errhandler)
        return tss_raise(comm, MPI_ERR_ARG, "%s(errhandler=NULL): Invalid argument", fn);
    *errhandler = tss_eh_get(tss_comm_eh(comm));
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_get_errhandler, PMPI_Comm_get_errhandler)
int PMPI_Comm_get_errhandler(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    return get_errhandler("MPI_Comm_get_errhandler", comm, errhandler);
}

/* MPI-1 name, removed in MPI-3 but still declared by MPICH's mpi.h. */
TSS_WEAK_ALIAS(MPI_Errhandler_get, PMPI_Errhandler_get)
int PMPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler)
{
    return get_errhandler("MPI_Errhandler_get", comm, errhandler);
}

int tss_raise_as_is(MPI_Comm comm, int code)
{
    if (!tss_comm_valid(comm))
        comm = MPI_COMM_WORLD;
    tss_eh_invoke(tss_comm_eh(comm), &comm, sizeof comm, tss_comm_label(comm), code, NULL);
    return code;
}

/* Returns MPI_SUCCESS when the handler returns (MPI-4 §9.5, and what MPICH
 * does for MPI_ERRORS_RETURN too); callers that raise an error keep their
 * own code to return.  No init check: see tss.h. */
TSS_WEAK_ALIAS(MPI_Comm_call_errhandler, PMPI_Comm_call_errhandler)
int PMPI_Comm_call_errhandler(MPI_Comm comm, int errorcode)
{
    if (!tss_comm_valid(comm))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM,
                         "MPI_Comm_call_errhandler(comm=" TSS_HFMT "): Invalid communicator (%s)",
                         TSS_HARG(comm), tss_comm_why(comm));
    if (!tss_quiet)
        (void)tss_raise_as_is(comm, errorcode);
    return MPI_SUCCESS;
}

/* The function attached to libtypeshim: MPI_Comm_call_errhandler but for
 * its communicator, MPI_COMM_WORLD or MPI_COMM_SELF, whose handler is the
 * initial error handler (MPI-4.1 section 9.3) even while only sessions
 * are open. */
static int tss_call_errhandler(MPI_Comm comm, int errorcode)
{
    if (!tss_quiet)
        (void)tss_raise_as_is(comm, errorcode);
    return MPI_SUCCESS;
}

/* libtypeshim's errors go to this runtime's handlers from the start: a
 * constructor, not MPI_Init (datatype calls may come first, and raise). */
__attribute__((constructor)) static void tss_attach(void)
{
    if (typeshim_runtime_attach)
        typeshim_runtime_attach(tss_call_errhandler);
}

/* Unloaded (dlclose) while libtypeshim stays: it must not call into code
 * that is gone; it falls back to its own fatal message. */
__attribute__((destructor)) static void tss_detach(void)
{
    if (typeshim_runtime_attach)
        typeshim_runtime_attach(NULL);
}

int tss_eh_create(const char *fn, int kind, tss_eh_fn *f, const char *farg,
                  MPI_Errhandler *errhandler)
{
    struct tss_eh *e;
    uint32_t idx;
    /* a session's handler is made before the session (tss.h) */
    int rc = kind == TSS_EH_SESSION ? MPI_SUCCESS : tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!f || !errhandler)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         f ? "errhandler" : farg);
    tss_lock();
    if ((rc = tso_take_rec(&ehs, sizeof(*e), &idx, (void **)&e)) != MPI_SUCCESS) {
        tss_unlock();
        if (rc == MPI_ERR_NO_MEM)
            return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_OTHER, "%s: every error handler handle is live",
                         fn);
    }
    e->fn = f;
    e->kind = kind;
    e->refs = 1; /* the handle returned; released by MPI_Errhandler_free */
    *errhandler = TSO_HANDLE(MPI_Errhandler, tso_handle(&ehs, idx));
    tss_unlock();
    return MPI_SUCCESS;
}

/* Common body of MPI_Comm_create_errhandler and MPI_Errhandler_create. */
static int create_errhandler(const char *fn, MPI_Comm_errhandler_function *comm_errhandler_fn,
                             MPI_Errhandler *errhandler)
{
    return tss_eh_create(fn, TSS_EH_COMM, (tss_eh_fn *)comm_errhandler_fn, "comm_errhandler_fn",
                         errhandler);
}

TSS_WEAK_ALIAS(MPI_Comm_create_errhandler, PMPI_Comm_create_errhandler)
int PMPI_Comm_create_errhandler(MPI_Comm_errhandler_function *comm_errhandler_fn,
                                MPI_Errhandler *errhandler)
{
    return create_errhandler("MPI_Comm_create_errhandler", comm_errhandler_fn, errhandler);
}

/* MPI-1 name, removed in MPI-3 but still declared by MPICH's mpi.h. */
TSS_WEAK_ALIAS(MPI_Errhandler_create, PMPI_Errhandler_create)
int PMPI_Errhandler_create(MPI_Comm_errhandler_function *comm_errhandler_fn,
                           MPI_Errhandler *errhandler)
{
    return create_errhandler("MPI_Errhandler_create", comm_errhandler_fn, errhandler);
}

/* Releases the caller's reference; a handler still set on a communicator
 * lives on until it is replaced.  Freeing a predefined handler is allowed
 * (MPI_Comm_get_errhandler hands them out as references too) and only
 * resets the handle. */
TSS_WEAK_ALIAS(MPI_Errhandler_free, PMPI_Errhandler_free)
int PMPI_Errhandler_free(MPI_Errhandler *errhandler)
{
    /* no init check: a session's handler is made, and freed, outside
     * both models (tss.h) */
    if (!errhandler)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Errhandler_free(errhandler=NULL): Invalid argument");
    tss_lock();
    if (!tss_eh_builtin(*errhandler) && !tss_eh_slot(*errhandler)) {
        const char *why = tso_why(&ehs, TSO_WORD(*errhandler));

        tss_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Errhandler_free(errhandler=" TSS_HFMT "): Invalid error handler (%s)",
                         TSS_HARG(*errhandler), why);
    }
    tss_eh_unref(*errhandler);
    tss_unlock();
    *errhandler = MPI_ERRHANDLER_NULL;
    return MPI_SUCCESS;
}

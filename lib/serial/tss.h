/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: libtypeshim-serial internals, the single-process MPI runtime that
 * standalone programs link beside libtypeshim (typeshim(7), USES).
 *
 * Headers (each .c includes tss.h, which includes the others):
 *   tss.h              this map, the policy below, what every file uses:
 *                      state, allocation, locks, raising errors
 *   tss_handle.h       handle tables (the object layer's, object/tso_table.h)
 *   tss_comm.h         communicators and what they carry: hints,
 *                      attributes, topology
 *   tss_p2p.h          messages, requests, buffer and datatype checks
 *   tss_coll.h         collectives, reduction operations, neighbourhood
 *                      collectives
 *   tss_win.h          windows (one-sided communication)
 *   tss_file.h         files (MPI-IO)
 *   tss_*_priv.h       what the files of one concept share (the layout
 *                      of their records, their helpers), included by
 *                      those files only
 *
 * Files:
 *   tss_init.c         init/finalize state, rank/size, versions, clocks, abort
 *   tss_errhandler.c   error handlers of the two communicators, raising errors,
 *                      the fatal path
 *   tss_error_string.c error classes and their messages
 *   tss_queue.c        messages to self: the queue of sent messages, the
 *                      posted receives, matching and delivery (type
 *                      signatures checked there, typeshim_type_match)
 *   tss_request.c      request handles, Request_free, Request_get_status,
 *                      Cancel, Start (shared with the next: tss_req_priv.h)
 *   tss_request_completion.c  completion: the Wait and Test families
 *   tss_p2p.c          the send and receive calls, blocking, nonblocking,
 *                      persistent; Sendrecv and Sendrecv_replace,
 *                      blocking and nonblocking
 *   tss_datatype.c     datatype arguments: checks, type signature
 *                      matching, holds of datatypes
 *   tss_probe.c        Probe, Iprobe, Mprobe, Improbe, Mrecv, Imrecv
 *   tss_bsend.c        Buffer_attach and Buffer_detach
 *   tss_op.c           reduction operations: user ones (MPI_Op_create)
 *                      and their handles, checking and applying any
 *                      operation, MPI_Reduce_local
 *   tss_op_kernels.c   the predefined operations: element kinds, kernels
 *                      (shared with tss_op.c: tss_op_priv.h)
 *   tss_coll.c         collectives on one process, blocking and nonblocking
 *   tss_env.c          processor name, thread queries, MPI_Alloc_mem, the
 *                      predefined communicator attributes, MPI_Pcontrol
 *   tss_comm.c         communicators: the table, free, disconnect, names
 *                      (none is an intercommunicator, none a parent);
 *                      what the files below share is in tss_comm_priv.h
 *   tss_comm_create.c  communicator constructors (dup, split, create)
 *   tss_group.c        groups of one process
 *   tss_info.c         info objects, their handles, the MPI_Info calls
 *                      (shared with the next two: tss_info_priv.h)
 *   tss_info_env.c     MPI_INFO_ENV, MPI_Info_create_env
 *   tss_info_hints.c   communicator hints (MPI_Comm_set_info,
 *                      MPI_Comm_get_info)
 *   tss_attr.c         attributes cached on communicators: keyvals, set,
 *                      get, delete, the copy and delete callbacks
 *   tss_topo.c         process topologies: the record every kind shares,
 *                      its checks (tss_topo_priv.h), MPI_Topo_test
 *   tss_topo_cart.c    Cartesian topologies
 *   tss_topo_graph.c   graph topologies
 *   tss_topo_dist_graph.c  distributed graph topologies, MPI_UNWEIGHTED
 *   tss_topo_dims.c    MPI_Dims_create
 *   tss_neighbor.c     neighbourhood collectives, blocking and nonblocking
 *   tss_win.c          windows: the table, the four flavours, free, group,
 *                      names (their record: tss_win_priv.h)
 *   tss_win_memory.c   MPI_Win_shared_query, MPI_Win_attach, MPI_Win_detach:
 *                      the memory a window exposes, and the target ranges
 *                      checked against it
 *   tss_win_attr.c     attributes of windows: keyvals, the predefined ones
 *   tss_win_errhandler.c  error handlers of windows
 *   tss_win_sync.c     epochs: fence, post-start-complete-wait, lock,
 *                      flush, sync, and the epoch checks of every access
 *   tss_rma.c          one-sided operations: put, get, accumulates,
 *                      fetch-and-op, compare-and-swap, their request forms
 *   tss_file.c         files: the table, open, close, delete, group, mode,
 *                      handle conversions (their record: tss_file_priv.h)
 *   tss_file_manage.c  size, preallocation, sync, hints, atomicity
 *   tss_file_view.c    file views, data representations (MPI_Register_datarep),
 *                      type extents in a file, byte offsets
 *   tss_file_io.c      moving data between memory and a file through its
 *                      view, in POSIX requests one a contiguous run
 *   tss_file_access.c  the data-access calls: explicit offsets, individual
 *                      and shared file pointers, collective, nonblocking,
 *                      split collective; seeks and positions
 *   tss_file_errhandler.c  error handlers of files
 *   tss_session.c      sessions (MPI-4 Sessions model): the table, init,
 *                      finalize, hints, error handlers
 *   tss_session_pset.c process sets of a session, MPI_Group_from_session_pset
 *   tss_dynamic.c      spawning (refused), ports, the name service, accept,
 *                      connect and join (refused)
 *   tss_alloc.c        every allocation, through libtypeshim's allocator
 *   tss_leaks.c        the leak report at MPI_Finalize (TYPESHIM_LEAKS)
 *
 * Policy for calls made outside MPI_Init..MPI_Finalize while no session
 * is open (MPICH aborts):
 *   - MPI_Initialized, MPI_Finalized, MPI_Get_version, MPI_Get_library_version,
 *     MPI_Error_class, MPI_Error_string, the MPI_Info functions, MPI_Wtime,
 *     MPI_Wtick and MPI_Abort work at any time (MPI-4.1 section 11.4.1
 *     allows all but the last three, which cannot hurt); errors they raise
 *     outside the init window go to MPI_ERRORS_ARE_FATAL.
 *   - So do MPI_Session_init, MPI_Session_create_errhandler (a handler
 *     for MPI_Session_init is made before it) and MPI_Errhandler_free.
 *   - Every other function raises MPI_ERR_OTHER ("... called before MPI_Init"
 *     / "after MPI_Finalize") on MPI_COMM_WORLD's handler.  Before MPI_Init
 *     no handler can have been set, and MPI_Finalize puts MPI_ERRORS_ARE_FATAL
 *     back on both communicators, so in practice the program stops with that
 *     message, as with MPICH.
 *   - MPI_Comm_call_errhandler is the exception, and so is the function
 *     the runtime attaches to libtypeshim (tss_errhandler.c), through which
 *     libtypeshim raises datatype errors at any time: both simply call the
 *     communicator's current handler (fatal outside the init window, by
 *     the rule above).
 *
 * Every error this runtime raises gets a code of its class that carries its
 * message (typeshim_error_make), so that MPI_Error_string gives the message
 * under MPI_ERRORS_RETURN too; the fatal path prints the same message.
 */
#ifndef TSS_H
#define TSS_H

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>

/* Exported functions are defined from the mpi.h prototypes, which every .c
 * includes inside "visibility push(default)"; everything declared here is
 * internal and stays hidden even without -fvisibility=hidden. */
#define TSS_HIDDEN __attribute__((visibility("hidden")))

/* MPI_name as a weak alias of PMPI_name (the MPI profiling interface,
 * MPI-4.1 section 15.2), exported: clang gives the alias of `#pragma weak`
 * the hidden visibility of -fvisibility=hidden, whatever the target has.
 * The runtime's own macro: it includes only public headers, its own and
 * none of libtypeshim's private ones. */
#define TSS_WEAK_ALIAS(name, target)                                                               \
    extern __typeof__(target) name __attribute__((weak, alias(#target), visibility("default")));

/* Static links: libtypeshim-serial uses libtypeshim (it moves data, checks
 * and holds datatypes through it), so the archives go in the order
 * `-ltypeshim-serial -ltypeshim`, which `pkg-config --libs typeshim-serial`
 * gives; the other order leaves the runtime's PMPI_Type_* references
 * unresolved.  The entry points below are referenced weakly all the same,
 * so that a link which pulled in none of their objects still works: the
 * runtime's errors then fall back to bare classes (tss_code) and its
 * blocks to libc.  Shared libraries always resolve them
 * (libtypeshim-serial.so needs libtypeshim.so). */
#pragma weak typeshim_error_class
#pragma weak typeshim_error_message
#pragma weak typeshim_error_make
#pragma weak typeshim_version
#pragma weak typeshim_malloc
#pragma weak typeshim_free
#pragma weak typeshim_leak_report

/* Life cycle of the World model (MPI_Init, MPI_Finalize); only ever
 * moves forward.  Sessions (tss_session.c) live beside it: MPI calls are
 * valid while the World model is initialized or a session is open. */
enum tss_state { TSS_PRE_INIT = 0, TSS_INITIALIZED = 1, TSS_FINALIZED = 2 };

/* Read on every call: inline loads of tss_init.c's variables (written
 * there only, under tss_lock). */
TSS_HIDDEN extern enum tss_state tss_state_v;
static inline enum tss_state tss_state_get(void)
{
    return __atomic_load_n(&tss_state_v, __ATOMIC_ACQUIRE);
}

/* tss_lock held.  A session opens (level: the thread level it asked,
 * which the runtime's level rises to), or closes: tss_session_close
 * returns 1 when the runtime must end now (MPI_Finalize was called while
 * sessions were open and this was the last), tss_runtime_end then
 * called, still under the lock, after tss_file_finalize without it. */
TSS_HIDDEN void tss_session_open(int level);
TSS_HIDDEN int tss_session_close(void);
/* tss_lock held: whether closing one session now ends the runtime. */
TSS_HIDDEN int tss_session_last(void);
/* Whether a session is open (read without the lock). */
TSS_HIDDEN int tss_sessions_open(void);
/* tss_lock held: frees what MPI_Finalize frees but the files (below). */
TSS_HIDDEN void tss_runtime_end(void);
/* tss_lock held: closes every port and forgets every published name
 * (tss_dynamic.c). */
TSS_HIDDEN void tss_dynamic_finalize(void);

/* ---- leaks (tss_leaks.c) ---- */
/* At the end of MPI_Finalize, with TYPESHIM_LEAKS or TYPESHIM_CHECK set:
 * libtypeshim's report of the derived datatypes never freed. */
TSS_HIDDEN void tss_leak_report(void);

/* ---- allocation (tss_alloc.c) ---- */
/* Every block of the runtime, MPI_Alloc_mem's included, comes from these
 * (never from malloc and friends), so typeshim_set_alloc_funcs sees it. */
TSS_HIDDEN void *tss_malloc(size_t n);
TSS_HIDDEN void *tss_calloc(size_t nmemb, size_t size);
/* p (old bytes) grown or shrunk to n bytes; NULL and p untouched on
 * failure. */
TSS_HIDDEN void *tss_realloc(void *p, size_t old, size_t n);
TSS_HIDDEN char *tss_strdup(const char *s);
TSS_HIDDEN void tss_free(void *p);

/* ---- tss_errhandler.c --------------------------------------------------- */

/* Lock serialising the runtime state and the error handler table (the
 * runtime grants MPI_THREAD_MULTIPLE).  Never held while a user handler
 * runs. */
TSS_HIDDEN void tss_lock(void);
TSS_HIDDEN void tss_unlock(void);

/* Raises an error of code's class on comm's error handler (MPI_COMM_WORLD
 * if comm is not valid) and returns its code when the handler returns.
 * fmt/... describe the failing call ("MPI_Comm_rank(rank=NULL): Invalid
 * argument"): the code carries that message (tss_code), and the fatal path
 * prints it.  Must be called without the lock. */
TSS_HIDDEN int tss_raise(MPI_Comm comm, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* A code of the class of code (an error class, or a code this runtime or
 * libtypeshim returned) whose MPI_Error_string is text; code itself when
 * libtypeshim cannot make one (absent from a static link, or code is no
 * valid code).  Raises nothing. */
TSS_HIDDEN int tss_code(int code, const char *text);

/* MPI_SUCCESS inside the init window, else the code raised (see above).
 * fn is the MPI function name used in the message. */
TSS_HIDDEN int tss_check_init(const char *fn);

/* tss_check_init, then MPI_ERR_COMM raised on MPI_COMM_WORLD's handler
 * when comm is not a communicator. */
TSS_HIDDEN int tss_check_comm(const char *fn, MPI_Comm comm);

/* Between these two calls, errors libtypeshim raises from this thread
 * (through the function tss_errhandler.c attached) reach no handler: the runtime calls
 * libtypeshim on the program's behalf and raises them again under the
 * name of the function the program called.  Not nested. */
TSS_HIDDEN void tss_quiet_begin(void);
TSS_HIDDEN void tss_quiet_end(void);

/* Called by MPI_Finalize with the lock held: puts MPI_ERRORS_ARE_FATAL back
 * on both communicators and releases every user error handler. */
TSS_HIDDEN void tss_errhandler_finalize(void);

/* Flushes every stdio output stream and ends the process at once (no
 * atexit handlers, like MPI_Abort).  status 0 becomes 1: an aborted
 * program never reports success. */
TSS_HIDDEN void tss_terminate(int status) __attribute__((noreturn));

/* The largest tag (MPI_TAG_UB), MPICH's. */
#define TSS_TAG_UB 268435455

/* The longest stringtag (MPI-4.1 section 7.4.2), MPICH's value; Open MPI
 * 4.1's header has none. */
#ifdef MPI_MAX_STRINGTAG_LEN
#define TSS_MAX_STRINGTAG_LEN MPI_MAX_STRINGTAG_LEN
#else
#define TSS_MAX_STRINGTAG_LEN 256
#endif

/* Remembers the thread that initialised MPI (MPI_Is_thread_main). */
TSS_HIDDEN void tss_env_init(void);

/* The highest level MPI_Init_thread or a session asked (MPI_THREAD_SINGLE
 * when none did): whether a blocking call may wait for another thread. */
TSS_HIDDEN extern int tss_thread_v;
static inline int tss_thread_level(void)
{
    return __atomic_load_n(&tss_thread_v, __ATOMIC_ACQUIRE);
}
/* MPI_Query_thread's answer: MPI_Init_thread's provided level in the
 * World model (MPI_THREAD_SINGLE after MPI_Init), else tss_thread_level. */
TSS_HIDDEN int tss_thread_provided(void);

/* ---- errors found under a lock ---- */
/* An error found under the lock, raised after it: a class and the
 * message, which names the call and the argument. */
typedef struct tss_error {
    int cls;
    char text[MPI_MAX_ERROR_STRING];
} tss_error;
/* No error yet.  Only the class and the first byte are set: clearing the
 * whole message (tss_error e = {0}) cost more than a message to self. */
#define TSS_NO_ERROR(e) ((e).cls = 0, (e).text[0] = '\0')

TSS_HIDDEN int tss_fail(tss_error *e, int cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- error handlers of every kind of object (tss_errhandler.c) ---- */
/* The objects an error handler may be set on: the kind of the call that
 * made it (MPI-4.1 section 9.3). */
enum tss_eh_kind { TSS_EH_COMM, TSS_EH_WIN, TSS_EH_FILE, TSS_EH_SESSION };
/* A user handler, of its kind's type (MPI_Comm_errhandler_function...);
 * each takes (handle *, int *, ...). */
typedef void tss_eh_fn(void);
/* A user handler of kind for f (argument farg), into *errhandler; errors
 * raised on MPI_COMM_WORLD. */
TSS_HIDDEN int tss_eh_create(const char *fn, int kind, tss_eh_fn *f, const char *farg,
                             MPI_Errhandler *errhandler);
/* Sets the handler an object of kind keeps at *slot (read and written
 * under tss_lock): a predefined handler or a live user one of that kind,
 * referenced; the old one released.  MPI_ERR_ARG with e filled. */
TSS_HIDDEN int tss_eh_set(const char *fn, int kind, MPI_Errhandler *slot, MPI_Errhandler errhandler,
                          tss_error *e);
/* The handler at *slot, with a new reference for the program. */
TSS_HIDDEN MPI_Errhandler tss_eh_get(MPI_Errhandler *slot);
/* Whether errhandler is predefined or a live user handler of kind;
 * MPI_ERR_ARG with e filled otherwise (fn and arg name the call). */
TSS_HIDDEN int tss_eh_usable(const char *fn, const char *arg, int kind, MPI_Errhandler errhandler,
                             tss_error *e);
/* Calls the handler *slot holds (read under tss_lock) with a copy of the
 * object's handle (hsize bytes at handle) and code, and returns if it
 * does; label names the object on the fatal path, detail the error (NULL:
 * code's message).  Called without the lock. */
TSS_HIDDEN void tss_eh_invoke(MPI_Errhandler *slot, const void *handle, size_t hsize,
                              const char *label, int code, const char *detail);
/* tss_raise for a call that makes an object and is given the handler
 * the object will have (MPI_Session_init, MPI_Comm_create_from_group):
 * raised on eh, with the null handle of kind (TSS_EH_SESSION or
 * TSS_EH_COMM), when eh is usable on that kind, else on MPI_COMM_WORLD's
 * handler, the initial error handler (MPI-4.1 section 9.3). */
TSS_HIDDEN int tss_raise_given(MPI_Errhandler eh, int kind, int code, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* detail (MPI_MAX_ERROR_STRING bytes) gets fmt's message, and the result
 * is a code of code's class that keeps it. */
TSS_HIDDEN int tss_coded(int code, char *detail, const char *fmt, va_list ap);
/* tss_raise for a window's call: raised on win's handler (MPI_COMM_WORLD's
 * when win is no window). */
TSS_HIDDEN int tss_raise_win(MPI_Win win, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* MPI_Win_call_errhandler: code, unchanged, on win's handler. */
TSS_HIDDEN void tss_win_call_errhandler(MPI_Win win, int code);
/* tss_raise for a file's call: raised on fh's handler, MPI_FILE_NULL's
 * when fh is MPI_FILE_NULL or no file (MPI-4.1 section 14.7). */
TSS_HIDDEN int tss_raise_file(MPI_File fh, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
/* MPI_File_call_errhandler: code, unchanged, on fh's handler. */
TSS_HIDDEN void tss_file_call_errhandler(MPI_File fh, int code);

/* ---- sessions (tss_session.c) ---- */
/* The class of an invalid session: Open MPI 4.1 has no MPI_ERR_SESSION
 * (nor sessions), and uses MPI_ERR_ARG for a bad handle of a kind it
 * has no class for. */
#ifdef MPI_ERR_SESSION
#define TSS_ERR_SESSION MPI_ERR_SESSION
#else
#define TSS_ERR_SESSION MPI_ERR_ARG
#endif
/* MPI_SUCCESS when s is an open session, else TSS_ERR_SESSION raised on
 * MPI_COMM_WORLD's handler (fn names the call). */
TSS_HIDDEN int tss_session_check(const char *fn, MPI_Session s);
/* tss_raise for a session's call: raised on s's handler (MPI_COMM_WORLD's
 * when s is no session). */
TSS_HIDDEN int tss_raise_session(MPI_Session s, int code, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* ---- tss_error_string.c ------------------------------------------------- */

/* The largest valid predefined error code.  MPICH's
 * MPI_ERR_LASTCODE bounds every code, libtypeshim's included; Open MPI's
 * bounds its predefined classes only, codes made later (MPI_Add_error_code
 * there, typeshim_error_make here) lie above it, so no int is too large. */
#if TS_ABI_OMPI
#define TSS_LASTCODE INT_MAX
#else
#define TSS_LASTCODE MPI_ERR_LASTCODE
#endif

/* The class of an error code (typeshim's codes through libtypeshim, plain
 * classes as themselves), or -1 if code is not a valid error code. */
TSS_HIDDEN int tss_error_class(int code);

/* Writes the message of code into buf (MPI_MAX_ERROR_STRING bytes), sets
 * *len to its length and returns 1; returns 0 for an unknown code. */
TSS_HIDDEN int tss_error_text(int code, char *buf, int *len);
/* tss_error_class without the classes and codes a program added. */
TSS_HIDDEN int tss_error_class_builtin(int code);

/* ---- tss_error_user.c ---------------------------------------------------- */

/* The class of a code (or class) MPI_Add_error_code (_class) made, or -1. */
TSS_HIDDEN int tss_error_user_class(int code);
/* tss_error_text for those: their string (empty until one is added). */
TSS_HIDDEN int tss_error_user_text(int code, char *buf, int *len);
/* MPI_LASTUSEDCODE's value, which grows as classes and codes are added. */
TSS_HIDDEN int *tss_error_lastused(void);
/* Forgets every class, code and string added (MPI_Finalize). */
TSS_HIDDEN void tss_error_user_finalize(void);

/* The concepts, in the order their declarations need one another. */
#include "tss_handle.h"
#include "tss_comm.h"
#include "tss_p2p.h"
#include "tss_coll.h"
#include "tss_win.h"
#include "tss_file.h"

#endif /* TSS_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: libtypeshim-serial internals, the single-process MPI runtime that
 * standalone programs link beside libtypeshim (typeshim(7), USES).
 *
 * Files:
 *   tss_init.c         init/finalize state, rank/size, versions, clocks, abort
 *   tss_errhandler.c   error handlers of the two communicators, raising errors,
 *                      the fatal path
 *   tss_error_string.c error classes and their messages
 *   tss_queue.c        messages to self: the queue of sent messages, the
 *                      posted receives, matching and delivery (type
 *                      signatures checked there, typeshim_type_match)
 *   tss_request.c      request handles, completion (the Wait and Test
 *                      families, Request_free, Request_get_status, Cancel,
 *                      Start)
 *   tss_p2p.c          the send and receive calls, blocking, nonblocking,
 *                      persistent; Sendrecv and Sendrecv_replace,
 *                      blocking and nonblocking
 *   tss_probe.c        Probe, Iprobe, Mprobe, Improbe, Mrecv, Imrecv
 *   tss_bsend.c        Buffer_attach and Buffer_detach
 *   tss_op.c           reduction operations: predefined ones, user ones
 *                      (MPI_Op_create), MPI_Reduce_local
 *   tss_coll.c         collectives on one process, blocking and nonblocking
 *   tss_env.c          processor name, thread queries, MPI_Alloc_mem, the
 *                      predefined communicator attributes, MPI_Pcontrol
 *   tss_comm.c         communicators (dup, split, create, free, disconnect,
 *                      names; none is an intercommunicator, none a
 *                      parent) and groups of one process
 *   tss_info.c         info objects, MPI_INFO_ENV, communicator hints
 *                      (MPI_Comm_set_info, MPI_Comm_get_info)
 *   tss_attr.c         attributes cached on communicators: keyvals, set,
 *                      get, delete, the copy and delete callbacks
 *   tss_topo.c         process topologies: Cartesian, graph, distributed
 *                      graph, MPI_Dims_create, MPI_Topo_test
 *   tss_neighbor.c     neighbourhood collectives, blocking and nonblocking
 *   tss_alloc.c        every allocation, through libtypeshim's allocator
 *   tss_leaks.c        the leak report at MPI_Finalize (TYPESHIM_LEAKS)
 *
 * Policy for calls made outside MPI_Init..MPI_Finalize (MPICH aborts):
 *   - MPI_Initialized, MPI_Finalized, MPI_Get_version, MPI_Get_library_version,
 *     MPI_Error_class, MPI_Error_string, the MPI_Info functions, MPI_Wtime,
 *     MPI_Wtick and MPI_Abort work at any time (MPI-4.1 section 11.4.1
 *     allows all but the last three, which cannot hurt); errors they raise
 *     outside the init window go to MPI_ERRORS_ARE_FATAL.
 *   - Every other function raises MPI_ERR_OTHER ("... called before MPI_Init"
 *     / "after MPI_Finalize") on MPI_COMM_WORLD's handler.  Before MPI_Init
 *     no handler can have been set, and MPI_Finalize puts MPI_ERRORS_ARE_FATAL
 *     back on both communicators, so in practice the program stops with that
 *     message, as with MPICH.
 *   - MPI_Comm_call_errhandler is the exception: libtypeshim raises datatype
 *     errors through it at any time, so it simply calls the communicator's
 *     current handler (fatal outside the init window, by the rule above).
 *
 * Every error this runtime raises gets a code of its class that carries its
 * message (typeshim_error_make), so that MPI_Error_string gives the message
 * under MPI_ERRORS_RETURN too; the fatal path prints the same message.
 */
#ifndef TSS_H
#define TSS_H

#include <stdarg.h>
#include <stdint.h>

#include "util/tsu.h" /* TSU_WEAK_ALIAS */
#include "object/tso_table.h"

/* Exported functions are defined from the mpi.h prototypes, which every .c
 * includes inside "visibility push(default)"; everything declared here is
 * internal and stays hidden even without -fvisibility=hidden. */
#define TSS_HIDDEN __attribute__((visibility("hidden")))

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

/* Life cycle of the runtime; only ever moves forward. */
enum tss_state { TSS_PRE_INIT = 0, TSS_INITIALIZED = 1, TSS_FINALIZED = 2 };

TSS_HIDDEN enum tss_state tss_state_get(void);

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

/* ---- communicators (tss_comm.c) ---- */
/* 1 for a live communicator: MPI_COMM_WORLD, MPI_COMM_SELF, or one made
 * from them. */
TSS_HIDDEN int tss_comm_valid(MPI_Comm comm);
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

/* ---- info objects and hints (tss_info.c) ---- */
typedef struct tss_info tss_info;
/* MPI_SUCCESS when info is MPI_INFO_NULL or an info object, else
 * MPI_ERR_INFO raised on comm (fn names the call). */
TSS_HIDDEN int tss_info_check(const char *fn, MPI_Comm comm, MPI_Info info);
/* MPI_INFO_ENV's contents, from MPI_Init's arguments (argc 0: none).
 * MPI_ERR_NO_MEM when a key could not be kept. */
TSS_HIDDEN int tss_info_env_init(int argc, char **argv);
/* Where comm's hints are kept (NULL: comm is no communicator).  The
 * field belongs to tss_info.c and is used under its lock only. */
TSS_HIDDEN tss_info **tss_comm_hints(MPI_Comm comm);
/* newcomm takes comm's hints (MPI_Comm_dup).  MPI_ERR_NO_MEM. */
TSS_HIDDEN int tss_hints_inherit(MPI_Comm comm, MPI_Comm newcomm);
/* The hints of info join comm's (MPI_INFO_NULL: none); MPI_Comm_set_info,
 * MPI_Comm_dup_with_info.  MPI_ERR_NO_MEM, comm's hints then unchanged. */
TSS_HIDDEN int tss_hints_set(MPI_Comm comm, MPI_Info info);
/* Frees the hints *hints points at and sets it to NULL.  May be called
 * with tss_comm.c's lock held (never the other way round). */
TSS_HIDDEN void tss_hints_drop(tss_info **hints);

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
 * (through PMPI_Comm_call_errhandler) reach no handler: the runtime calls
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

/* Remembers the thread that initialised MPI (MPI_Is_thread_main). */
TSS_HIDDEN void tss_env_init(void);

/* MPI_Init_thread's provided level (MPI_THREAD_SINGLE after MPI_Init). */
TSS_HIDDEN int tss_thread_level(void);

/* ---- point-to-point (tss_queue.c, tss_request.c, tss_p2p.c) -------------
 *
 * One process: every message is sent to the process itself.  A send packs
 * its data at once (it buffers eagerly: a standard send never waits) and
 * either completes the oldest posted receive it matches or joins the queue
 * of sent messages; a receive takes the oldest queued message it matches
 * or joins the posted receives.  That is MPI's matching order
 * (non-overtaking, MPI-4.1 section 3.5) with a single sender.
 *
 * A blocking call that finds nothing to match can never complete when no
 * other thread can make the matching call (below MPI_THREAD_MULTIPLE): it
 * fails with MPI_ERR_OTHER saying why instead of hanging.  Under
 * MPI_THREAD_MULTIPLE it waits for another thread, as MPI requires.
 *
 * All state is under tss_p2p_lock (never held while an error is raised:
 * errors are built as a class and a message, then raised). */

enum tss_mode { TSS_STANDARD, TSS_SYNC, TSS_READY, TSS_BUFFERED };
/* TSS_COLL: a nonblocking collective's request, complete when made */
enum tss_kind { TSS_SEND = 1, TSS_RECV = 2, TSS_COLL = 3 };

typedef struct tss_msg tss_msg;
/* What a started persistent collective does (tss_coll.c). */
typedef struct tss_plan tss_plan;

/* An error found under the lock, raised after it: a class and the
 * message, which names the call and the argument. */
typedef struct tss_error {
    int cls;
    char text[MPI_MAX_ERROR_STRING];
} tss_error;

TSS_HIDDEN int tss_fail(tss_error *e, int cls, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

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

typedef struct tss_req {
    unsigned idx;         /* its slot in tss_request.c's handle table */
    unsigned char used;   /* the slot holds a request */
    unsigned char listed; /* seen by tss_request.c's lookup_all, under the lock */
    unsigned char kind;   /* TSS_SEND, TSS_RECV */
    unsigned char mode;   /* enum tss_mode, sends */
    unsigned char persistent, active, complete, cancelled;
    unsigned char freed; /* MPI_Request_free while active: released when done */
    int peer, tag, ctx;
    MPI_Comm comm;
    const void *sbuf;
    void *rbuf;
    MPI_Count count;
    MPI_Datatype type;
    MPI_Datatype held;    /* a hold of a derived type (tss_type_hold), or 0 */
    tss_msg *msg;         /* a send's message while it waits in the queue */
    tss_plan *plan;       /* a persistent collective's (owned) */
    struct tss_req *next; /* the posted receives' list */
    MPI_Status status;    /* of the completed operation */
    int err_cls;          /* MPI_SUCCESS, or the class of its failure */
    char *err_text;       /* and the message (owned; NULL without memory) */
} tss_req;

/* Lock held.  Records that req's operation failed with e. */
TSS_HIDDEN void tss_req_fail(tss_req *req, const tss_error *e);

TSS_HIDDEN void tss_p2p_lock(void);
TSS_HIDDEN void tss_p2p_unlock(void);
/* Lock held: waits until another thread changed the queues (only under
 * MPI_THREAD_MULTIPLE). */
TSS_HIDDEN void tss_p2p_wait(void);

/* The context of a communicator (its messages match only its receives),
 * or -1 when comm is not one. */
TSS_HIDDEN int tss_comm_ctx(MPI_Comm comm);

/* Lock held.  Starts a send (req->kind TSS_SEND, fields set): its data is
 * packed, then delivered to the oldest matching posted receive or queued.
 * A standard or buffered send completes at once, a synchronous one when
 * matched.  MPI_PROC_NULL completes at once.  Returns an error class (e
 * filled) when nothing could be sent. */
TSS_HIDDEN int tss_send_start(tss_req *req, const char *fn, tss_error *e);
/* Lock held.  Starts a receive: the oldest matching queued message is
 * delivered, or the request is posted.  fn: the call, for reports. */
TSS_HIDDEN void tss_recv_start(tss_req *req, const char *fn);
/* Lock held.  Whether a matching receive is posted (MPI_Rsend). */
TSS_HIDDEN int tss_recv_posted(int ctx, int tag);
/* Lock held.  The oldest queued message matching (ctx, source, tag), or
 * NULL; its tag and size in *tag and *nbytes. */
TSS_HIDDEN tss_msg *tss_queue_find(int ctx, int source, int tag, int *mtag, MPI_Count *nbytes);
/* Lock held.  Takes m off the queue (MPI_Mprobe): only tss_deliver or
 * tss_msg_drop may use it then. */
TSS_HIDDEN void tss_queue_take(tss_msg *m);
/* Lock held.  Frees a message taken off the queue. */
TSS_HIDDEN void tss_msg_drop(tss_msg *m);
/* Releases a hold of tss_type_hold; no callback runs, so with or
 * without the lock. */
TSS_HIDDEN void tss_type_unhold(MPI_Datatype t);
/* A request or a queued message keeps a derived datatype alive by a hold
 * of it (typeshim_type_hold), into *held (0 for a predefined type): MPI
 * lets the program free its handle while the operation is pending.  No
 * copy, no attribute callback (MPI says none runs there); with or without
 * the lock.  Returns an error class with e filled. */
TSS_HIDDEN int tss_type_hold(const char *fn, MPI_Datatype type, MPI_Datatype *held, tss_error *e);
/* Lock held.  Delivers m (off the queue) into receive req and frees it;
 * fn is the call that matched them, for reports. */
TSS_HIDDEN void tss_deliver(tss_msg *m, tss_req *req, const char *fn);
/* Lock held.  Cancels req if its operation has not been matched. */
TSS_HIDDEN void tss_cancel(tss_req *req);
/* Lock held.  Free what the queues, the message handles and the
 * buffered sends hold (MPI_Finalize). */
TSS_HIDDEN void tss_p2p_finalize(void);
TSS_HIDDEN void tss_probe_finalize(void);
TSS_HIDDEN void tss_bsend_finalize(void);

/* Status of an empty or MPI_PROC_NULL receive (MPI-4.1 section 3.11). */
TSS_HIDDEN void tss_status_empty(MPI_Status *s, int source);
/* *dst = *src but for MPI_ERROR, which the single-completion calls leave
 * alone (MPI-4.1 section 3.2.5). */
TSS_HIDDEN void tss_status_copy(MPI_Status *dst, const MPI_Status *src);
/* Status of nbytes received from rank 0 with tag. */
TSS_HIDDEN void tss_status_recv(MPI_Status *s, int tag, MPI_Count nbytes);

/* Lock held.  The send's message no longer refers to req (released). */
TSS_HIDDEN void tss_send_forget(tss_req *req);

/* ---- requests (tss_request.c) ---- */
/* Lock held.  A new request (zeroed but for its slot) and its
 * handle; NULL without memory. */
TSS_HIDDEN tss_req *tss_req_new(MPI_Request *handle);
/* Lock held.  The live request of a handle, or NULL. */
TSS_HIDDEN tss_req *tss_req_get(MPI_Request handle);
/* Lock held.  Marks req complete; frees it when the program already let
 * go of it (MPI_Request_free). */
TSS_HIDDEN void tss_req_done(tss_req *req);
/* A complete request of a nonblocking call that did its work at once (a
 * collective, MPI_Comm_idup), into *request; raises MPI_ERR_NO_MEM on
 * comm when none can be made. */
TSS_HIDDEN int tss_req_done_now(const char *fn, MPI_Comm comm, MPI_Request *request);
/* Lock held.  Returns the slot of a request to the table. */
TSS_HIDDEN void tss_req_release(tss_req *req);
/* Lock held.  The outcome of complete request r: its status into
 * *status (unless MPI_STATUS_IGNORE), its error class returned, with e
 * filled ("<fn>: <why>", or the bare reason when fn is NULL). */
TSS_HIDDEN int tss_req_outcome(const char *fn, const tss_req *r, MPI_Status *status, tss_error *e);
/* MPI_SUCCESS, or MPI_ERR_ARG raised on comm when status (arg names it)
 * is NULL: MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE are not NULL in
 * MPICH's ABI, so NULL is no place to write a status (MPICH refuses it
 * likewise). */
TSS_HIDDEN int tss_status_check(const char *fn, MPI_Comm comm, const void *status, const char *arg);
/* Lock held.  Frees the request table (MPI_Finalize). */
TSS_HIDDEN void tss_req_finalize(void);
/* Lock held.  Starts (or restarts) a send request in its mode: a ready
 * send needs a posted receive (a buffered one an attached buffer with
 * room: tss_send_start checks it, once the packed size is known). */
TSS_HIDDEN int tss_send_begin(tss_req *req, const char *fn, tss_error *e);
/* Lock held.  Whether a buffered message of nbytes fits in the attached
 * buffer (MPI_BSEND_OVERHEAD included). */
TSS_HIDDEN int tss_bsend_fits(MPI_Count nbytes, const char *fn, tss_error *e);

/* ---- errors raised under a calling function's name (tss_p2p.c) ---- */
/* Checks (buf, count, type) through libtypeshim: a valid committed type
 * and a count it can pack (side TSS_SIDE_RECV: unpack, and the map of
 * count copies of the type must not write a byte twice,
 * typeshim_check_buffer: TSS_SIDE_SEND for a receive from MPI_PROC_NULL,
 * which writes nothing); *bytes gets its packed size.  A size past
 * MPI_Count is MPI_ERR_COUNT, but with TSS_SIDE_BOUND (a point-to-point
 * receive, whose size only bounds the message) *bytes is then
 * TSS_COUNT_MAX: larger than any message.  Returns an error class with e
 * filled. */
#define TSS_SIDE_SEND  0
#define TSS_SIDE_RECV  1
#define TSS_SIDE_BOUND 2
#define TSS_COUNT_MAX  INT64_MAX
TSS_HIDDEN int tss_type_check(const char *fn, const char *arg, const void *buf, MPI_Count count,
                              MPI_Datatype type, int side, MPI_Count *bytes, tss_error *e);
/* MPI_ERR_COUNT, e filled: value (argument name) times type's size
 * (extent 0) or extent (1) passes 2^63-1 bytes.  arg names the
 * datatype's argument, said when the type has no name. */
TSS_HIDDEN int tss_too_big(const char *fn, const char *name, MPI_Count value, int extent,
                           MPI_Datatype type, const char *arg, tss_error *e);
/* The side of a point-to-point receive from source. */
static inline int tss_recv_side(int source)
{
    return TSS_SIDE_BOUND | (source != MPI_PROC_NULL ? TSS_SIDE_RECV : TSS_SIDE_SEND);
}

/* ---- persistent collectives (tss_coll.c) ----
 * MPI_Start runs a persistent collective's plan after releasing the lock
 * (a user operation may run and may call MPI), then completes the
 * request. */
/* Runs p: the data moves as the blocking collective would.  Returns an
 * error class with e filled. */
TSS_HIDDEN int tss_plan_run(const tss_plan *p, tss_error *e);
/* Lock held.  Frees p and lets go of the datatypes it holds. */
TSS_HIDDEN void tss_plan_free(tss_plan *p);
/* Type matching: MPI_SUCCESS when the signature of (scount, stype) begins
 * (how TYPESHIM_MATCH_PREFIX: a receive, MPI-4.1 section 3.3.1) or equals
 * (TYPESHIM_MATCH_EQUAL: a collective, section 6.1) that of (rcount,
 * rtype), both valid datatypes, or when either side is all MPI_BYTE
 * (MPICH's and Open MPI's rule; reported on stderr naming call under
 * TYPESHIM_CHECK, refused under TYPESHIM_CHECK=strict); else
 * MPI_ERR_TYPE with e filled: "<fn>: <rule>: <where the signatures
 * part>" ("<rule>: ..." when fn is NULL). */
TSS_HIDDEN int tss_sig_compare(const char *fn, const char *call, const char *rule, MPI_Count scount,
                               MPI_Datatype stype, MPI_Count rcount, MPI_Datatype rtype, int how,
                               tss_error *e);
/* Inline: one datatype on both sides, the usual case, takes no call. */
static inline int tss_sig_check(const char *fn, const char *call, const char *rule,
                                MPI_Count scount, MPI_Datatype stype, MPI_Count rcount,
                                MPI_Datatype rtype, int how, tss_error *e)
{
    if (stype == rtype && (how == TYPESHIM_MATCH_PREFIX ? scount <= rcount : scount == rcount))
        return MPI_SUCCESS;
    return tss_sig_compare(fn, call, rule, scount, stype, rcount, rtype, how, e);
}

/* ---- reduction operations (tss_op.c) ---- */
/* A persistent reduction's own reference to op (*held: MPI_OP_NULL for a
 * predefined or invalid op, which need none), so that the program may
 * free op meanwhile.  Takes the lock; an error class with e filled. */
TSS_HIDDEN int tss_op_hold(const char *fn, MPI_Op op, MPI_Op *held, tss_error *e);
/* Lock held.  Lets a hold go (MPI_OP_NULL: nothing). */
TSS_HIDDEN void tss_op_unhold(MPI_Op held);
/* Whether op may reduce datatype: a live user operation, or a predefined
 * one defined for the predefined type datatype is made of (MPI_ERR_OP
 * with e filled otherwise).  Takes tss_p2p_lock. */
TSS_HIDDEN int tss_op_check(const char *fn, MPI_Op op, MPI_Datatype type, tss_error *e);
/* io = in op io, count elements of type (MPI_Reduce_local's rule).
 * Takes tss_p2p_lock; a user function runs without it. */
TSS_HIDDEN int tss_op_apply(const char *fn, const void *in, void *io, MPI_Count count,
                            MPI_Datatype type, MPI_Op op, tss_error *e);
/* Lock held.  Frees the user operations (MPI_Finalize). */
TSS_HIDDEN void tss_op_finalize(void);

/* ---- collectives' shared steps (tss_coll.c; tss_neighbor.c uses them) ---- */

/* buf moved by bytes, in integers: buf may be MPI_BOTTOM (NULL), from
 * which absolute addresses count, and C gives NULL no arithmetic. */
static inline const char *tss_at(const void *buf, MPI_Aint bytes)
{
    return (const char *)((uintptr_t)buf + (uintptr_t)bytes);
}

/* buf moved by disp elements of type (not moved when type has no extent
 * yet: its own check then refuses it). */
TSS_HIDDEN const char *tss_shifted(const void *buf, MPI_Aint disp, MPI_Datatype type);
/* tss_shifted into *at, for a block of count elements: MPI_ERR_COUNT (e
 * filled, name the displacement's argument, arg the datatype's) when disp
 * x the extent passes MPI_Aint and the block is not empty. */
TSS_HIDDEN int tss_shift_check(const char *fn, const char *name, const void *buf, MPI_Aint disp,
                               MPI_Count count, MPI_Datatype type, const char *arg, const char **at,
                               tss_error *e);

/* One side of a block a collective moves: its buffer, count and datatype,
 * arg naming it in messages; bytes is set by tss_coll_match. */
typedef struct tss_block {
    const char *arg;
    const void *buf; /* written through on the receive side */
    MPI_Count count;
    MPI_Datatype type;
    MPI_Count bytes;
} tss_block;

/* Checks a block's send side s and receive side r (valid committed
 * types, counts) and that their sizes agree (MPI-4.1 section 6.1: the
 * type signatures match): MPI_ERR_TRUNCATE when s is longer, MPI_ERR_TYPE
 * when shorter.  Returns an error class with e filled. */
TSS_HIDDEN int tss_coll_match(const char *fn, tss_block *s, tss_block *r, tss_error *e);
/* Moves a block tss_coll_match accepted (the two sides may overlap). */
TSS_HIDDEN int tss_coll_copy(const char *fn, const tss_block *s, const tss_block *r, tss_error *e);
/* Ends a collective: rc raised with e's message, or (request not NULL,
 * the nonblocking forms) a complete request handed out. */
TSS_HIDDEN int tss_coll_done(const char *fn, MPI_Comm comm, int rc, const tss_error *e,
                             MPI_Request *request);

/* A nonblocking or persistent form's request pointer must be there (how:
 * 0 blocking, 1 nonblocking, 2 persistent). */
#define TSS_REQ_CHECK(fn, comm, request, how)                                                      \
    do {                                                                                           \
        if ((how) && !(request))                                                                   \
            return tss_raise(comm, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", fn);         \
    } while (0)

/* A persistent form's info must be MPI_INFO_NULL or an info object; it
 * carries no hint this runtime uses (the other forms pass
 * MPI_INFO_NULL, which costs no call). */
#define TSS_INFO_CHECK(fn, comm, info)                                                             \
    do {                                                                                           \
        int rc_ = (info) == MPI_INFO_NULL ? MPI_SUCCESS : tss_info_check(fn, comm, info);          \
        if (rc_ != MPI_SUCCESS)                                                                    \
            return rc_;                                                                            \
    } while (0)

/* A collective family's six calls: the int form (CT int, AT int) and the
 * large-count form (CT MPI_Count, AT MPI_Aint), blocking (TSS_NO_PARAM,
 * request NULL, how 0), nonblocking (I, TSS_REQ_PARAM, how 1) and
 * persistent (_init, TSS_INIT_PARAM, how 2, with its info).  The
 * parameter lists are function-like macros: expanded only where a
 * prototype is written, not while passed from macro to macro. */
#define TSS_REQ_PARAM()  , MPI_Request *request
#define TSS_INIT_PARAM() , MPI_Info info, MPI_Request *request
#define TSS_NO_PARAM()
#define TSS_SIX(FAMILY, NAME, INAME)                                                               \
    FAMILY(NAME, int, int, TSS_NO_PARAM, NULL, 0, MPI_INFO_NULL)                                   \
    FAMILY(NAME##_c, MPI_Count, MPI_Aint, TSS_NO_PARAM, NULL, 0, MPI_INFO_NULL)                    \
    FAMILY(INAME, int, int, TSS_REQ_PARAM, request, 1, MPI_INFO_NULL)                              \
    FAMILY(INAME##_c, MPI_Count, MPI_Aint, TSS_REQ_PARAM, request, 1, MPI_INFO_NULL)               \
    FAMILY(NAME##_init, int, int, TSS_INIT_PARAM, request, 2, info)                                \
    FAMILY(NAME##_init_c, MPI_Count, MPI_Aint, TSS_INIT_PARAM, request, 2, info)

/* A persistent request whose every start calls run(ctx) (without the
 * request lock) and whose release calls drop(ctx) (lock held: it may
 * tss_type_unhold).  On failure drop(ctx) is called and the error raised
 * on comm. */
TSS_HIDDEN int tss_persist_call(const char *fn, MPI_Comm comm, int (*run)(void *ctx, tss_error *e),
                                void (*drop)(void *ctx), void *ctx, MPI_Request *request);

/* ---- process topologies (tss_topo.c, tss_comm.c) ---- */

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

/* ---- neighbourhood collectives (tss_neighbor.c) ---- */

enum tss_nbr_kind {
    TSS_NBR_ALLGATHER,
    TSS_NBR_ALLGATHERV,
    TSS_NBR_ALLTOALL,
    TSS_NBR_ALLTOALLV,
    TSS_NBR_ALLTOALLW
};

/* One neighbourhood collective as its call gave it: tss_neighbor_run
 * carries it out, which a persistent form may do at each start with the
 * arguments it saved.  The arrays are the program's: counts int[] or,
 * wide (the _c forms), MPI_Count[]; displacements int[] or, wide,
 * MPI_Aint[] (elements), and MPI_Aint[] (bytes) in the w forms. */
typedef struct tss_nbr {
    const char *fn; /* the MPI function, for messages */
    enum tss_nbr_kind kind;
    int wide;
    const void *sendbuf;
    MPI_Count sendcount;              /* allgather(v), alltoall */
    const void *sendcounts, *sdispls; /* alltoallv, alltoallw */
    MPI_Datatype sendtype;            /* all but alltoallw */
    const MPI_Datatype *sendtypes;    /* alltoallw */
    void *recvbuf;
    MPI_Count recvcount;              /* allgather, alltoall */
    const void *recvcounts, *rdispls; /* allgatherv, alltoallv, alltoallw */
    MPI_Datatype recvtype;            /* all but alltoallw */
    const MPI_Datatype *recvtypes;    /* alltoallw */
    MPI_Comm comm;                    /* a valid communicator */
    int dry;                          /* checked only (a persistent form made) */
} tss_nbr;

/* Carries a out on its communicator's topology: every argument checked,
 * then every block moved (nothing written when one is wrong).  Returns an
 * error class with e filled, not raised. */
TSS_HIDDEN int tss_neighbor_run(const tss_nbr *a, tss_error *e);

/* ---- handles of the runtime's objects (lib/object/tso_table.h) ---- */

/* The runtime's allocator, for its handle tables. */
TSS_HIDDEN extern const tso_alloc tss_tso_alloc;

/* ---- tss_error_string.c ------------------------------------------------- */

/* The class of an error code (typeshim's codes through libtypeshim, plain
 * classes as themselves), or -1 if code is not a valid error code. */
TSS_HIDDEN int tss_error_class(int code);

/* Writes the message of code into buf (MPI_MAX_ERROR_STRING bytes), sets
 * *len to its length and returns 1; returns 0 for an unknown code. */
TSS_HIDDEN int tss_error_text(int code, char *buf, int *len);

#endif /* TSS_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: messages to self and requests: the queues, the request record,
 * completion, and the checks of a call's buffer and datatype.
 * Included by tss.h, after its common part; include tss.h, not this.
 */
#ifndef TSS_P2P_H
#define TSS_P2P_H

/* ---- point-to-point (tss_queue.c, tss_request*.c, tss_p2p.c) -------------
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
/* TSS_COLL: a nonblocking collective's request, complete when made;
 * TSS_GREQ: a generalized request (tss_grequest.c), complete when the
 * program says so */
enum tss_kind { TSS_SEND = 1, TSS_RECV = 2, TSS_COLL = 3, TSS_GREQ = 4 };

typedef struct tss_msg tss_msg;
/* What a started persistent collective does (tss_coll.c). */
typedef struct tss_plan tss_plan;

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
    /* a generalized request's callbacks and their argument */
    MPI_Grequest_query_function *gquery;
    MPI_Grequest_free_function *gfree;
    MPI_Grequest_cancel_function *gcancel;
    void *gstate;
    MPI_Status *gstatus;  /* where its query writes, once taken (NULL: its own) */
    unsigned char gtaken; /* completed by a call that runs its callbacks */
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
/* Lock held.  Whether a message (ctx, stag) sent now would be the one a
 * receive (ctx, rtag) started right after takes: it matches, no posted
 * receive takes it first and no queued message matches the receive
 * first (MPI_Sendrecv's data moves directly then). */
TSS_HIDDEN int tss_self_direct(int ctx, int stag, int rtag);
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

/* ---- requests (tss_request.c, tss_request_completion.c) ---- */
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
/* The same with status as its status (NULL: an empty one), raising
 * nothing: MPI_SUCCESS or MPI_ERR_NO_MEM (a nonblocking file access,
 * comm MPI_COMM_SELF). */
TSS_HIDDEN int tss_req_done_with(MPI_Comm comm, const MPI_Status *status, MPI_Request *request);
/* Lock held.  Returns the slot of a request to the table. */
TSS_HIDDEN void tss_req_release(tss_req *req);
/* Lock held.  The outcome of complete request r: its status into
 * *status (unless MPI_STATUS_IGNORE), its error class returned, with e
 * filled ("<fn>: <why>", or the bare reason when fn is NULL). */
TSS_HIDDEN int tss_req_outcome(const char *fn, const tss_req *r, MPI_Status *status, tss_error *e);
/* MPI_SUCCESS, or MPI_ERR_ARG raised on comm when status (arg names it)
 * is NULL: MPI_STATUS_IGNORE and MPI_STATUSES_IGNORE are not NULL in
 * MPICH's ABI, so NULL is no place to write a status (MPICH refuses it
 * likewise).  In Open MPI's they are NULL, which passes. */
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

/* ---- datatype arguments, errors raised under a calling function's name
 * (tss_datatype.c) ---- */
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
/* MPI_ERR_COUNT raised on comm when the count of a datatype argument
 * (argument name) is negative; the int and _c forms of a call share one
 * body, so their counts arrive here as MPI_Count. */
TSS_HIDDEN int tss_count_check(const char *fn, MPI_Comm comm, const char *name, MPI_Count count);
TSS_HIDDEN int tss_type_check(const char *fn, const char *arg, const void *buf, MPI_Count count,
                              MPI_Datatype type, int side, MPI_Count *bytes, tss_error *e);
/* MPI_ERR_COUNT, e filled: value (argument name) times type's size
 * (extent 0) or extent (1) passes 2^63-1 bytes.  arg names the
 * datatype's argument, said when the type has no name. */
TSS_HIDDEN int tss_too_big(const char *fn, const char *name, MPI_Count value, int extent,
                           MPI_Datatype type, const char *arg, tss_error *e);
/* The predefined type every element of (count, type) is (bytes: its
 * packed size), into *basic, for a one-sided accumulate (MPI-4.1 section
 * 12.3.4): type itself when predefined.  MPI_ERR_TYPE (e filled, arg
 * naming the argument) when the type mixes types or none is predefined. */
TSS_HIDDEN int tss_type_basic(const char *fn, const char *arg, MPI_Count count, MPI_Datatype type,
                              MPI_Count bytes, MPI_Datatype *basic, tss_error *e);
/* The side of a point-to-point receive from source. */
static inline int tss_recv_side(int source)
{
    return TSS_SIDE_BOUND | (source != MPI_PROC_NULL ? TSS_SIDE_RECV : TSS_SIDE_SEND);
}

#endif /* TSS_P2P_H */

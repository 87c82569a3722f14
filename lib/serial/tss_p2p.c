/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The send and receive calls of the single-process runtime: blocking
 * (MPI_Send, MPI_Ssend, MPI_Rsend, MPI_Bsend, MPI_Recv), nonblocking
 * (MPI_I...), persistent (MPI_..._init), MPI_Sendrecv and
 * MPI_Sendrecv_replace and their nonblocking forms (MPI_Isendrecv,
 * MPI_Isendrecv_replace), each with its large-count _c form.
 *
 * With one process the partner is rank 0, the process itself, or
 * MPI_PROC_NULL.  The data moves through libtypeshim's MPI_Pack_c and
 * typeshim_unpack_segment, so sender and receiver may describe it with
 * different datatypes of matching type signatures (tss_sig_compare,
 * typeshim_type_match); the datatype rules (valid, committed) are
 * libtypeshim's, whose errors are caught (tss_quiet_begin) and raised
 * again under the calling function's name, naming the argument.
 *
 * The checks of the datatype arguments, the matching of type signatures
 * and the holds of datatypes are in tss_datatype.c: collectives use them
 * too.
 */
#include "typeshim_config.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

enum how { BLOCKING, NONBLOCKING, PERSISTENT };

/* The checks MPICH makes before any data moves, in its order: the
 * communicator (unless *ctx is known already, not -1), the count, the
 * rank, the tag.  *ctx gets comm's context. */
static int p2p_args(const char *fn, MPI_Comm comm, MPI_Count count, const char *countname, int rank,
                    int recv, int tag, int *ctx)
{
    int rc;

    if (*ctx < 0 && (rc = tss_check_comm_ctx(fn, comm, ctx)) != MPI_SUCCESS)
        return rc;
    if (count < 0)
        return tss_count_check(fn, comm, countname, count);
    if (rank != 0 && rank != MPI_PROC_NULL && !(recv && rank == MPI_ANY_SOURCE))
        return tss_raise(comm, MPI_ERR_RANK,
                         "%s(%s=%d): Invalid rank (the communicator has size 1)", fn,
                         recv ? "source" : "dest", rank);
    if (rank != MPI_PROC_NULL && (tag < 0 || tag > TSS_TAG_UB) && !(recv && tag == MPI_ANY_TAG))
        return tss_raise(comm, MPI_ERR_TAG, "%s(tag=%d): Invalid tag (0 to MPI_TAG_UB, %d)", fn,
                         tag, TSS_TAG_UB);
    return MPI_SUCCESS;
}

int tss_send_begin(tss_req *r, const char *fn, tss_error *e)
{
    if (r->peer != MPI_PROC_NULL && r->mode == TSS_READY && !tss_recv_posted(r->ctx, r->tag))
        return tss_fail(e, MPI_ERR_OTHER,
                        "%s(tag=%d): no matching receive is posted, which a ready send requires "
                        "(MPI-4.1 section 3.4)",
                        fn, r->tag);
    return tss_send_start(r, fn, e);
}

/* A blocking call that found nothing to match: below MPI_THREAD_MULTIPLE
 * it never will.  Lock held. */
static int stuck(const char *fn, const tss_req *r, tss_error *e)
{
    if (r->kind == TSS_RECV)
        return tss_fail(e, MPI_ERR_OTHER,
                        "%s(tag=%d): the receive can never complete: no message sent to this "
                        "process matches it, and it is the only process (no other thread may "
                        "call MPI below MPI_THREAD_MULTIPLE)",
                        fn, r->tag);
    return tss_fail(e, MPI_ERR_OTHER,
                    "%s(tag=%d): the synchronous send can never complete: no receive matches "
                    "it, and this process is the only one that could post one",
                    fn, r->tag);
}

/* Lock held.  Waits for r to complete; a call that cannot is undone (the
 * message or the posted receive withdrawn) and fails. */
static int block(const char *fn, tss_req *r, tss_error *e)
{
    while (!r->complete) {
        if (tss_thread_level() != MPI_THREAD_MULTIPLE) {
            stuck(fn, r, e);
            tss_cancel(r);
            return e->cls;
        }
        tss_p2p_wait();
    }
    return MPI_SUCCESS;
}

/* Lock held.  A request of kind for (count, type) with peer and tag on
 * comm, holding `held` (0: none), a hold of a derived type, its
 * handle in *h; NULL without memory (held is let go). */
static tss_req *request_make(int kind, MPI_Datatype type, MPI_Datatype held, MPI_Comm comm, int ctx,
                             int peer, int tag, MPI_Count count, MPI_Request *h)
{
    tss_req *r = tss_req_new(h);

    if (!r) {
        if (held)
            tss_type_unhold(held);
        return NULL;
    }
    r->kind = (unsigned char)kind;
    r->peer = peer;
    r->tag = tag;
    r->ctx = ctx;
    r->comm = comm;
    r->count = count;
    r->type = held ? held : type;
    r->held = held;
    return r;
}

/* Lock held, released: r is an inactive persistent request, handed out. */
static int persistent_made(tss_req *r, MPI_Request h, MPI_Request *request)
{
    r->persistent = 1;
    tss_p2p_unlock();
    *request = h;
    return MPI_SUCCESS;
}

static int send_call(const char *fn, int mode, enum how how, const void *buf, MPI_Count count,
                     MPI_Datatype type, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    tss_error e;
    MPI_Datatype held = 0;
    MPI_Count nbytes;
    MPI_Request h;
    tss_req *r;
    int ctx = -1, rc = p2p_args(fn, comm, count, "count", dest, 0, tag, &ctx);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    if (how != BLOCKING && !request)
        return tss_raise(comm, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", fn);
    /* checked even for MPI_PROC_NULL, as MPICH checks it */
    if ((rc = tss_type_check(fn, "datatype", buf, count, type, 0, &nbytes, &e)) ||
        (how == PERSISTENT && (rc = tss_type_hold(fn, type, &held, &e))))
        return tss_raise(comm, rc, "%s", e.text);
    tss_p2p_lock();
    if (!(r = request_make(TSS_SEND, type, held, comm, ctx, dest, tag, count, &h))) {
        tss_p2p_unlock();
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for a request", fn);
    }
    r->mode = (unsigned char)mode;
    r->sbuf = buf;
    if (how == PERSISTENT)
        return persistent_made(r, h, request);
    r->active = 1;
    tss_status_empty(&r->status, MPI_ANY_SOURCE);
    if ((rc = tss_send_begin(r, fn, &e)) == MPI_SUCCESS && how == BLOCKING)
        rc = block(fn, r, &e);
    if (rc != MPI_SUCCESS || how == BLOCKING)
        tss_req_release(r);
    tss_p2p_unlock();
    if (rc != MPI_SUCCESS)
        return tss_raise(comm, rc, "%s", e.text);
    if (how == NONBLOCKING)
        *request = h;
    return MPI_SUCCESS;
}

static int recv_call(const char *fn, enum how how, void *buf, MPI_Count count, MPI_Datatype type,
                     int source, int tag, MPI_Comm comm, MPI_Status *status, MPI_Request *request)
{
    tss_error e;
    MPI_Datatype held = 0;
    MPI_Count room;
    MPI_Request h;
    tss_req *r;
    int ctx = -1, rc = p2p_args(fn, comm, count, "count", source, 1, tag, &ctx);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    if (how != BLOCKING && !request)
        return tss_raise(comm, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", fn);
    if (how == BLOCKING && (rc = tss_status_check(fn, comm, status, "status")))
        return rc;
    /* from MPI_PROC_NULL nothing is written (MPI-4.1 section 3.11): the
     * type must be valid and committed, but may overlap */
    if ((rc = tss_type_check(fn, "datatype", buf, count, type, tss_recv_side(source), &room, &e)) ||
        (how != BLOCKING && (rc = tss_type_hold(fn, type, &held, &e))))
        return tss_raise(comm, rc, "%s", e.text);
    tss_p2p_lock();
    if (!(r = request_make(TSS_RECV, type, held, comm, ctx, source, tag, count, &h))) {
        tss_p2p_unlock();
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for a request", fn);
    }
    r->rbuf = buf;
    if (how == PERSISTENT)
        return persistent_made(r, h, request);
    r->active = 1;
    tss_recv_start(r, fn);
    if (how == NONBLOCKING) {
        tss_p2p_unlock();
        *request = h;
        return MPI_SUCCESS;
    }
    if ((rc = block(fn, r, &e)) == MPI_SUCCESS)
        rc = tss_req_outcome(fn, r, status, &e);
    tss_req_release(r);
    tss_p2p_unlock();
    return rc ? tss_raise(comm, rc, "%s", e.text) : MPI_SUCCESS;
}

/* The usual blocking exchange with itself, when the receive would take
 * this very message at once: the data moves from buffer to buffer, with
 * no request, no message and no packing.  typeshim_type_move makes the
 * datatype checks and declines anything unusual (0: nothing done), which
 * the general path then handles and reports. */
static int sendrecv_direct(const void *sbuf, MPI_Count scount, MPI_Datatype stype, int stag,
                           void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int rtag, int ctx,
                           MPI_Status *status)
{
    MPI_Count nbytes;
    /* The World model at MPI_THREAD_SINGLE, which nothing raised, means
     * one thread in the process (MPI-4.1 section 11.6): no other can touch
     * the queues, or start a session meanwhile, so they need no lock (as
     * MPICH takes none at that level).  Any other level locks: threads may
     * call concurrently, on objects of different sessions at least. */
    int locked = !(tss_state_get() == TSS_INITIALIZED && tss_thread_level() == MPI_THREAD_SINGLE),
        done;

    if (locked)
        tss_p2p_lock();
    done = tss_self_direct(ctx, stag, rtag) &&
           typeshim_type_move(sbuf, scount, stype, rbuf, rcount, rtype, &nbytes);
    if (locked)
        tss_p2p_unlock();
    if (done && status != MPI_STATUS_IGNORE)
        tss_status_recv(status, stag, nbytes);
    return done;
}

/* MPI_Sendrecv, MPI_Sendrecv_replace (rbuf == sbuf) and their
 * nonblocking forms (how): the send first, which packs the
 * data and may feed an older posted receive, then the receive, which
 * takes the oldest matching message (maybe its own).  The send is
 * standard and buffered eagerly, so it is complete once started: the
 * request of a nonblocking form is the receive's, whose completion
 * completes both halves and whose status is the call's (MPI-4.1 section
 * 3.10).  It may stay pending, as an MPI_Irecv that nothing matches. */
static int sendrecv_call(const char *fn, enum how how, const void *sbuf, MPI_Count scount,
                         MPI_Datatype stype, int dest, int stag, void *rbuf, MPI_Count rcount,
                         MPI_Datatype rtype, int source, int rtag, MPI_Comm comm,
                         MPI_Status *status, MPI_Request *request)
{
    tss_error e;
    MPI_Datatype held = 0;
    MPI_Count nbytes, room;
    MPI_Request hs, hr;
    tss_req *s, *r = NULL;
    int ctx = -1, rc, nonblocking = how == NONBLOCKING;

    TSS_NO_ERROR(e);
    if ((rc = p2p_args(fn, comm, scount, "sendcount", dest, 0, stag, &ctx)) ||
        (rc = p2p_args(fn, comm, rcount, "recvcount", source, 1, rtag, &ctx)) ||
        (how == BLOCKING && (rc = tss_status_check(fn, comm, status, "status"))))
        return rc;
    if (nonblocking && !request)
        return tss_raise(comm, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", fn);
    if (!nonblocking && dest == 0 && source != MPI_PROC_NULL &&
        sendrecv_direct(sbuf, scount, stype, stag, rbuf, rcount, rtype, rtag, ctx, status))
        return MPI_SUCCESS;
    if ((rc = tss_type_check(fn, "sendtype", sbuf, scount, stype, 0, &nbytes, &e)) ||
        (rc = tss_type_check(fn, "recvtype", rbuf, rcount, rtype, tss_recv_side(source), &room,
                             &e)) ||
        (nonblocking && (rc = tss_type_hold(fn, rtype, &held, &e))))
        return tss_raise(comm, rc, "%s", e.text);
    tss_p2p_lock();
    if (!(s = request_make(TSS_SEND, stype, 0, comm, ctx, dest, stag, scount, &hs)) ||
        !(r = request_make(TSS_RECV, rtype, held, comm, ctx, source, rtag, rcount, &hr))) {
        if (s)
            tss_req_release(s);
        else if (held)
            tss_type_unhold(held);
        tss_p2p_unlock();
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for a request", fn);
    }
    s->mode = TSS_STANDARD;
    s->sbuf = sbuf;
    s->active = 1;
    r->rbuf = rbuf;
    r->active = 1;
    if ((rc = tss_send_start(s, fn, &e)) == MPI_SUCCESS) {
        tss_recv_start(r, fn);
        if (nonblocking)
            goto out;
        if ((rc = block(fn, r, &e)) == MPI_SUCCESS)
            rc = tss_req_outcome(fn, r, status, &e);
        else
            tss_cancel(s); /* the call failed: its message is withdrawn too */
    }
    tss_req_release(r);
out:
    tss_req_release(s);
    tss_p2p_unlock();
    if (rc != MPI_SUCCESS)
        return tss_raise(comm, rc, "%s", e.text);
    if (nonblocking)
        *request = hr;
    return MPI_SUCCESS;
}

/* ------------------------------------------------------------ the calls */

/* The int and large-count (_c) forms of the send calls: one body each.
 * PARAM is the request parameter (REQ_PARAM, or nothing), REQ its value. */
#define REQ_PARAM , MPI_Request *request
#define NO_PARAM
#define SEND_CALLS(NAME, MODE, HOW, PARAM, REQ)                                                    \
    TSS_WEAK_ALIAS(MPI_##NAME, PMPI_##NAME)                                                        \
    int PMPI_##NAME(const void *buf, int count, MPI_Datatype datatype, int dest, int tag,          \
                    MPI_Comm comm PARAM)                                                           \
    {                                                                                              \
        return send_call("MPI_" #NAME, MODE, HOW, buf, count, datatype, dest, tag, comm, REQ);     \
    }                                                                                              \
    TSS_WEAK_ALIAS(MPI_##NAME##_c, PMPI_##NAME##_c)                                                \
    int PMPI_##NAME##_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest,         \
                        int tag, MPI_Comm comm PARAM)                                              \
    {                                                                                              \
        return send_call("MPI_" #NAME "_c", MODE, HOW, buf, count, datatype, dest, tag, comm,      \
                         REQ);                                                                     \
    }

SEND_CALLS(Send, TSS_STANDARD, BLOCKING, NO_PARAM, NULL)
SEND_CALLS(Ssend, TSS_SYNC, BLOCKING, NO_PARAM, NULL)
SEND_CALLS(Rsend, TSS_READY, BLOCKING, NO_PARAM, NULL)
SEND_CALLS(Bsend, TSS_BUFFERED, BLOCKING, NO_PARAM, NULL)
SEND_CALLS(Isend, TSS_STANDARD, NONBLOCKING, REQ_PARAM, request)
SEND_CALLS(Issend, TSS_SYNC, NONBLOCKING, REQ_PARAM, request)
SEND_CALLS(Irsend, TSS_READY, NONBLOCKING, REQ_PARAM, request)
SEND_CALLS(Ibsend, TSS_BUFFERED, NONBLOCKING, REQ_PARAM, request)
SEND_CALLS(Send_init, TSS_STANDARD, PERSISTENT, REQ_PARAM, request)
SEND_CALLS(Ssend_init, TSS_SYNC, PERSISTENT, REQ_PARAM, request)
SEND_CALLS(Rsend_init, TSS_READY, PERSISTENT, REQ_PARAM, request)
SEND_CALLS(Bsend_init, TSS_BUFFERED, PERSISTENT, REQ_PARAM, request)

/* The receive calls' int and _c forms: LAST is the last parameter (a
 * status, or a request), STATUS and REQ the values passed on. */
#define RECV_CALLS(NAME, HOW, LAST, STATUS, REQ)                                                   \
    TSS_WEAK_ALIAS(MPI_##NAME, PMPI_##NAME)                                                        \
    int PMPI_##NAME(void *buf, int count, MPI_Datatype datatype, int source, int tag,              \
                    MPI_Comm comm, LAST)                                                           \
    {                                                                                              \
        return recv_call("MPI_" #NAME, HOW, buf, count, datatype, source, tag, comm, STATUS, REQ); \
    }                                                                                              \
    TSS_WEAK_ALIAS(MPI_##NAME##_c, PMPI_##NAME##_c)                                                \
    int PMPI_##NAME##_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag,    \
                        MPI_Comm comm, LAST)                                                       \
    {                                                                                              \
        return recv_call("MPI_" #NAME "_c", HOW, buf, count, datatype, source, tag, comm, STATUS,  \
                         REQ);                                                                     \
    }

RECV_CALLS(Recv, BLOCKING, MPI_Status *status, status, NULL)
RECV_CALLS(Irecv, NONBLOCKING, MPI_Request *request, MPI_STATUS_IGNORE, request)
RECV_CALLS(Recv_init, PERSISTENT, MPI_Request *request, MPI_STATUS_IGNORE, request)

TSS_WEAK_ALIAS(MPI_Sendrecv, PMPI_Sendrecv)
int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                  MPI_Comm comm, MPI_Status *status)
{
    return sendrecv_call("MPI_Sendrecv", BLOCKING, sendbuf, sendcount, sendtype, dest, sendtag,
                         recvbuf, recvcount, recvtype, source, recvtag, comm, status, NULL);
}

TSS_WEAK_ALIAS(MPI_Sendrecv_c, PMPI_Sendrecv_c)
int PMPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                    int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                    int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    return sendrecv_call("MPI_Sendrecv_c", BLOCKING, sendbuf, sendcount, sendtype, dest, sendtag,
                         recvbuf, recvcount, recvtype, source, recvtag, comm, status, NULL);
}

TSS_WEAK_ALIAS(MPI_Sendrecv_replace, PMPI_Sendrecv_replace)
int PMPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                          int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    return sendrecv_call("MPI_Sendrecv_replace", BLOCKING, buf, count, datatype, dest, sendtag, buf,
                         count, datatype, source, recvtag, comm, status, NULL);
}

TSS_WEAK_ALIAS(MPI_Sendrecv_replace_c, PMPI_Sendrecv_replace_c)
int PMPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
                            int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    return sendrecv_call("MPI_Sendrecv_replace_c", BLOCKING, buf, count, datatype, dest, sendtag,
                         buf, count, datatype, source, recvtag, comm, status, NULL);
}

TSS_WEAK_ALIAS(MPI_Isendrecv, PMPI_Isendrecv)
int PMPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                   void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                   MPI_Comm comm, MPI_Request *request)
{
    return sendrecv_call("MPI_Isendrecv", NONBLOCKING, sendbuf, sendcount, sendtype, dest, sendtag,
                         recvbuf, recvcount, recvtype, source, recvtag, comm, MPI_STATUS_IGNORE,
                         request);
}

TSS_WEAK_ALIAS(MPI_Isendrecv_c, PMPI_Isendrecv_c)
int PMPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest,
                     int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype,
                     int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    return sendrecv_call("MPI_Isendrecv_c", NONBLOCKING, sendbuf, sendcount, sendtype, dest,
                         sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm,
                         MPI_STATUS_IGNORE, request);
}

TSS_WEAK_ALIAS(MPI_Isendrecv_replace, PMPI_Isendrecv_replace)
int PMPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag,
                           int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    return sendrecv_call("MPI_Isendrecv_replace", NONBLOCKING, buf, count, datatype, dest, sendtag,
                         buf, count, datatype, source, recvtag, comm, MPI_STATUS_IGNORE, request);
}

TSS_WEAK_ALIAS(MPI_Isendrecv_replace_c, PMPI_Isendrecv_replace_c)
int PMPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest,
                             int sendtag, int source, int recvtag, MPI_Comm comm,
                             MPI_Request *request)
{
    return sendrecv_call("MPI_Isendrecv_replace_c", NONBLOCKING, buf, count, datatype, dest,
                         sendtag, buf, count, datatype, source, recvtag, comm, MPI_STATUS_IGNORE,
                         request);
}

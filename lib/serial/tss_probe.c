/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Probing the queue of messages sent to this process (MPI-4.1 sections
 * 3.8.1 and 3.8.2): MPI_Probe and MPI_Iprobe look at the oldest matching
 * message; MPI_Mprobe and MPI_Improbe take it off the queue into a
 * message handle, which only MPI_Mrecv or MPI_Imrecv can receive.
 */
#include "typeshim_config.h"

#include <stdlib.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* Message handles (object/tso_abi.h): MPICH's kind bits of an indirect
 * request (0xec000000; MPI_MESSAGE_NO_PROC is its builtin one), an 8-bit
 * generation in bits 18..25 and the slot in bits 0..17; a received
 * message's slot rests until 4096 others were, so its handle is refused
 * for a million messages after it. */
static tso_table slots = TSO_TABLE(TSO_MESSAGE, &tss_tso_alloc); /* tss_p2p_lock */

/* Lock held.  A handle for taken message m; MPI_MESSAGE_NULL without
 * memory. */
static MPI_Message msg_handle(tss_msg *m)
{
    unsigned i;

    if (tso_take(&slots, &i))
        return MPI_MESSAGE_NULL;
    *tso_obj(&slots, i) = m;
    return TSO_HANDLE(MPI_Message, tso_handle(&slots, i));
}

/* Lock held.  The message a handle names, taken out of its slot; NULL
 * when the handle is not a live one. */
static tss_msg *msg_take(MPI_Message h)
{
    unsigned i;
    tss_msg *m;

    if (tso_find(&slots, TSO_WORD(h), &i) != TSO_LIVE)
        return NULL;
    m = *tso_obj(&slots, i);
    *tso_obj(&slots, i) = NULL;
    tso_put(&slots, i);
    return m;
}

void tss_probe_finalize(void)
{
    for (unsigned i = 0; i < slots.fresh; i++)
        if (*tso_obj(&slots, i))
            tss_msg_drop(*tso_obj(&slots, i));
    tso_reset(&slots);
}

/* The four probes: blocking or not (then with a flag), taking the
 * message or not (then with a message handle). */
static int probe(const char *fn, int nonblocking, int take, int source, int tag, MPI_Comm comm,
                 int *flag, MPI_Message *message, MPI_Status *status)
{
    tss_error e;
    MPI_Count nbytes = 0;
    tss_msg *m;
    int ctx, mtag = 0, rc = tss_check_comm(fn, comm);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    ctx = tss_comm_ctx(comm);
    if (source != 0 && source != MPI_ANY_SOURCE && source != MPI_PROC_NULL)
        return tss_raise(comm, MPI_ERR_RANK,
                         "%s(source=%d): Invalid rank (the communicator has size 1)", fn, source);
    if ((tag < 0 || tag > TSS_TAG_UB) && tag != MPI_ANY_TAG)
        return tss_raise(comm, MPI_ERR_TAG, "%s(tag=%d): Invalid tag (0 to MPI_TAG_UB, %d)", fn,
                         tag, TSS_TAG_UB);
    if ((nonblocking && !flag) || (take && !message))
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         nonblocking && !flag ? "flag" : "message");
    if ((rc = tss_status_check(fn, comm, status, "status")))
        return rc;
    if (source == MPI_PROC_NULL) { /* MPI-4.1 3.8.2: found at once, empty */
        if (status != MPI_STATUS_IGNORE)
            tss_status_empty(status, MPI_PROC_NULL);
        if (flag)
            *flag = 1;
        if (message)
            *message = MPI_MESSAGE_NO_PROC;
        return MPI_SUCCESS;
    }
    tss_p2p_lock();
    while (!(m = tss_queue_find(ctx, source, tag, &mtag, &nbytes))) {
        if (flag) {
            tss_p2p_unlock();
            *flag = 0;
            return MPI_SUCCESS;
        }
        if (tss_thread_level() != MPI_THREAD_MULTIPLE) {
            tss_fail(&e, MPI_ERR_OTHER,
                     "%s(tag=%d): can never complete: no message sent to this process matches "
                     "it, and it is the only process (no other thread may call MPI below "
                     "MPI_THREAD_MULTIPLE)",
                     fn, tag);
            tss_p2p_unlock();
            return tss_raise(comm, e.cls, "%s", e.text);
        }
        tss_p2p_wait();
    }
    if (message) {
        MPI_Message h = msg_handle(m);
        if (h == MPI_MESSAGE_NULL) {
            tss_p2p_unlock();
            return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for a message handle", fn);
        }
        tss_queue_take(m);
        *message = h;
    }
    tss_p2p_unlock();
    if (status != MPI_STATUS_IGNORE)
        tss_status_recv(status, mtag, nbytes);
    if (flag)
        *flag = 1;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Probe, PMPI_Probe)
int PMPI_Probe(int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    return probe("MPI_Probe", 0, 0, source, tag, comm, NULL, NULL, status);
}

TSS_WEAK_ALIAS(MPI_Iprobe, PMPI_Iprobe)
int PMPI_Iprobe(int source, int tag, MPI_Comm comm, int *flag, MPI_Status *status)
{
    return probe("MPI_Iprobe", 1, 0, source, tag, comm, flag, NULL, status);
}

TSS_WEAK_ALIAS(MPI_Mprobe, PMPI_Mprobe)
int PMPI_Mprobe(int source, int tag, MPI_Comm comm, MPI_Message *message, MPI_Status *status)
{
    return probe("MPI_Mprobe", 0, 1, source, tag, comm, NULL, message, status);
}

TSS_WEAK_ALIAS(MPI_Improbe, PMPI_Improbe)
int PMPI_Improbe(int source, int tag, MPI_Comm comm, int *flag, MPI_Message *message,
                 MPI_Status *status)
{
    return probe("MPI_Improbe", 1, 1, source, tag, comm, flag, message, status);
}

/* MPI_Mrecv and MPI_Imrecv: the message is delivered at once (it is
 * here); MPI_Imrecv returns a complete request. */
static int mrecv(const char *fn, int nonblocking, void *buf, MPI_Count count, MPI_Datatype type,
                 MPI_Message *message, MPI_Status *status, MPI_Request *request)
{
    tss_error e;
    MPI_Count room;
    MPI_Request h;
    tss_msg *m;
    tss_req *r;
    int rc = tss_check_init(fn);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!message || (nonblocking && !request))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         message ? "request" : "message");
    if (!nonblocking && (rc = tss_status_check(fn, MPI_COMM_WORLD, status, "status")))
        return rc;
    if ((rc = tss_count_check(fn, MPI_COMM_WORLD, "count", count)))
        return rc;
    /* MPI_MESSAGE_NO_PROC receives nothing, as from MPI_PROC_NULL */
    if ((rc = tss_type_check(fn, "datatype", buf, count, type,
                             tss_recv_side(*message == MPI_MESSAGE_NO_PROC ? MPI_PROC_NULL : 0),
                             &room, &e)))
        return tss_raise(MPI_COMM_WORLD, rc, "%s", e.text);
    tss_p2p_lock();
    if (*message == MPI_MESSAGE_NO_PROC) {
        m = NULL;
    } else if (!(m = msg_take(*message))) {
        int freed = tso_find(&slots, TSO_WORD(*message), &(unsigned){0}) == TSO_FREED;
        tss_p2p_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_REQUEST,
                         "%s(message=" TSS_HFMT "): Invalid message handle (%s)", fn,
                         TSS_HARG(*message),
                         freed ? "already received" : "never made by MPI_Mprobe or MPI_Improbe");
    }
    if (!(r = tss_req_new(&h))) {
        if (m) /* back where MPI_Mprobe put it: the handle stays valid */
            *message = msg_handle(m);
        tss_p2p_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory for a request", fn);
    }
    r->kind = TSS_RECV;
    r->peer = m ? 0 : MPI_PROC_NULL;
    r->comm = MPI_COMM_WORLD;
    r->rbuf = buf;
    r->count = count;
    r->type = type;
    r->active = 1;
    if (m) {
        tss_deliver(m, r, fn);
    } else {
        tss_status_empty(&r->status, MPI_PROC_NULL);
        tss_req_done(r);
    }
    *message = MPI_MESSAGE_NULL;
    if (nonblocking) { /* the outcome waits in the request */
        tss_p2p_unlock();
        *request = h;
        return MPI_SUCCESS;
    }
    rc = tss_req_outcome(fn, r, status, &e);
    tss_req_release(r);
    tss_p2p_unlock();
    return rc ? tss_raise(MPI_COMM_WORLD, rc, "%s", e.text) : MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Mrecv, PMPI_Mrecv)
int PMPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
               MPI_Status *status)
{
    return mrecv("MPI_Mrecv", 0, buf, count, datatype, message, status, NULL);
}

TSS_WEAK_ALIAS(MPI_Mrecv_c, PMPI_Mrecv_c)
int PMPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                 MPI_Status *status)
{
    return mrecv("MPI_Mrecv_c", 0, buf, count, datatype, message, status, NULL);
}

TSS_WEAK_ALIAS(MPI_Imrecv, PMPI_Imrecv)
int PMPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message,
                MPI_Request *request)
{
    return mrecv("MPI_Imrecv", 1, buf, count, datatype, message, MPI_STATUS_IGNORE, request);
}

TSS_WEAK_ALIAS(MPI_Imrecv_c, PMPI_Imrecv_c)
int PMPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message,
                  MPI_Request *request)
{
    return mrecv("MPI_Imrecv_c", 1, buf, count, datatype, message, MPI_STATUS_IGNORE, request);
}

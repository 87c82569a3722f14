/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Messages to self: the queue of sent messages not yet received, the list
 * of posted receives not yet matched, matching and delivery (tss.h).
 *
 * Both lists are kept in the order their entries were made, and each side
 * looks for the oldest entry of the other that matches it: with one
 * sender that is MPI's order exactly (MPI-4.1 section 3.5: messages do
 * not overtake each other, and a receive takes the first message that
 * matches).  A message carries its packed bytes and its sender's type
 * signature (sig_hold), so the sender's buffer and datatype may be reused
 * or freed as soon as the send returns; the receive takes it only if that
 * signature begins its own (MPI-4.1 section 3.3.1), or either side is all
 * MPI_BYTE (as in MPICH and Open MPI; tss_sig_compare).
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "object/tso_status.h"
#include "typeshim.h"
#include "tss.h"

struct tss_msg {
    tss_msg *next;
    int ctx, tag;
    MPI_Count nbytes;
    unsigned char *data; /* the packed bytes (owned); NULL when nbytes is 0 */
    tss_req *sender;     /* its send while that can still cancel or wait for it */
    /* The sender's type signature, which the receive must match: count
     * elements of type, a predefined type or `held` (sig_hold). */
    MPI_Count count;
    MPI_Datatype type, held;
};

static pthread_mutex_t p2p_mutex = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t p2p_changed = PTHREAD_COND_INITIALIZER;
static tss_msg *queue, **queue_end = &queue;
static tss_req *posted, **posted_end = &posted;

void tss_p2p_lock(void)
{
    pthread_mutex_lock(&p2p_mutex);
}

void tss_p2p_unlock(void)
{
    /* a thread waiting in a blocking call looks again (cheap: only under
     * MPI_THREAD_MULTIPLE can one be waiting) */
    if (tss_thread_level() == MPI_THREAD_MULTIPLE)
        pthread_cond_broadcast(&p2p_changed);
    pthread_mutex_unlock(&p2p_mutex);
}

void tss_p2p_wait(void)
{
    pthread_cond_wait(&p2p_changed, &p2p_mutex);
}

int tss_fail(tss_error *e, int cls, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    vsnprintf(e->text, sizeof e->text, fmt, ap);
    va_end(ap);
    e->cls = cls;
    return cls;
}

void tss_status_empty(MPI_Status *s, int source)
{
    /* the fields themselves (tso_status.h): through MPI_Status_set_* it
     * cost more than the rest of a message to self */
    s->MPI_SOURCE = source;
    s->MPI_TAG = MPI_ANY_TAG;
    tso_status_set_cancelled(s, 0);
    tso_status_set_bytes(s, 0);
}

void tss_status_copy(MPI_Status *dst, const MPI_Status *src)
{
    int keep = dst->MPI_ERROR;

    *dst = *src;
    dst->MPI_ERROR = keep;
}

void tss_status_recv(MPI_Status *s, int tag, MPI_Count nbytes)
{
    s->MPI_SOURCE = 0;
    s->MPI_TAG = tag;
    tso_status_set_cancelled(s, 0);
    tso_status_set_bytes(s, nbytes);
}

/* Whether a receive (ctx, tag) takes a message (mctx, mtag); the source
 * is rank 0 or MPI_ANY_SOURCE, which both match the only sender. */
static int matches(int ctx, int tag, int mctx, int mtag)
{
    return ctx == mctx && (tag == MPI_ANY_TAG || tag == mtag);
}

static void msg_free(tss_msg *m)
{
    if (m->sender)
        m->sender->msg = NULL;
    if (m->held)
        tss_type_unhold(m->held);
    tss_free(m->data);
    tss_free(m);
}

/* A queued message keeps its sender's signature until it is received,
 * since the program may free or reuse its datatype as soon as the send
 * returns.  What costs least for the common cases: nothing for a
 * predefined type (immortal: the handle is kept), nothing for a message
 * that finds its receive posted (the send's datatype is still there), and
 * for a queued message of a derived type a hold of it (tss_type_hold: no
 * copy, no callback, so it may be taken here, under the lock). */
static int sig_hold(tss_msg *m, const char *fn, tss_error *e)
{
    int rc = tss_type_hold(fn, m->type, &m->held, e);

    if (rc == MPI_SUCCESS && m->held)
        m->type = m->held;
    return rc;
}

static void queue_unlink(tss_msg *m)
{
    tss_msg **p = &queue;

    while (*p != m)
        p = &(*p)->next;
    *p = m->next;
    if (queue_end == &m->next)
        queue_end = p;
    m->next = NULL;
}

static void posted_unlink(tss_req *r)
{
    tss_req **p = &posted;

    while (*p != r)
        p = &(*p)->next;
    *p = r->next;
    if (posted_end == &r->next)
        posted_end = p;
    r->next = NULL;
}

void tss_deliver(tss_msg *m, tss_req *r, const char *fn)
{
    MPI_Count room = 0, count = r->count;
    tss_error e;
    int rc;

    tss_quiet_begin();
    rc = PMPI_Pack_size_c(r->count, r->type, MPI_COMM_SELF, &room);
    tss_quiet_end();
    if (rc == MPI_SUCCESS && room < 0) {
        /* past MPI_Count: larger than any message, and unpacked as the
         * copies the message reaches into (libtypeshim walks no count
         * whose bytes it cannot count) */
        MPI_Count size = 1;
        tss_quiet_begin();
        rc = PMPI_Type_size_c(r->type, &size);
        tss_quiet_end();
        room = TSS_COUNT_MAX;
        if (rc == MPI_SUCCESS && size > 0)
            count = m->nbytes / size + (m->nbytes % size != 0);
    }
    tss_status_recv(&r->status, m->tag, m->nbytes);
    if (rc != MPI_SUCCESS) {
        tss_fail(&e, MPI_ERR_TYPE, "the receive's datatype was freed before the message arrived");
        tss_req_fail(r, &e);
    } else if (m->nbytes > room) {
        /* nothing is written: MPI leaves the buffer undefined, typeshim
         * leaves it alone */
        tss_fail(&e, MPI_ERR_TRUNCATE,
                 "Message truncated: %lld bytes arrived (tag %d), the receive buffer (count=%lld) "
                 "holds %lld",
                 (long long)m->nbytes, m->tag, (long long)r->count, (long long)room);
        tss_req_fail(r, &e);
    } else if (tss_sig_check(NULL, fn,
                             "the message does not match the receive's datatype (MPI-4.1 "
                             "section 3.3.1), nothing was written to the buffer",
                             m->count, m->type, r->count, r->type, TYPESHIM_MATCH_PREFIX, &e)) {
        tss_req_fail(r, &e);
    } else if (m->nbytes > 0) {
        /* a shorter message fills the first bytes of the receive's type
         * map, possibly ending inside an element (MPI_Get_elements) */
        tss_quiet_begin();
        rc = typeshim_unpack_segment(m->data, 0, m->nbytes, r->rbuf, count, r->type);
        tss_quiet_end();
        if (rc != MPI_SUCCESS) {
            tss_fail(&e, MPI_ERR_TYPE, "the message could not be unpacked into the receive buffer");
            tss_req_fail(r, &e);
        }
    }
    if (m->sender && !m->sender->complete)
        tss_req_done(m->sender); /* a synchronous send: matched now */
    msg_free(m);
    tss_req_done(r);
}

int tss_send_start(tss_req *req, const char *fn, tss_error *e)
{
    MPI_Count nbytes = 0, pos = 0;
    tss_msg *m;
    int rc;

    if (req->peer == MPI_PROC_NULL) {
        tss_req_done(req);
        return MPI_SUCCESS;
    }
    rc = tss_type_check(fn, "datatype", req->sbuf, req->count, req->type, 0, &nbytes, e);
    /* a buffered send needs room in the attached buffer for its size */
    if (rc != MPI_SUCCESS || (req->mode == TSS_BUFFERED && (rc = tss_bsend_fits(nbytes, fn, e))))
        return rc;
    /* a receive is waiting: the data moves once, straight into its buffer,
     * when nothing is unusual (else packed and delivered below, which
     * tells why) */
    for (tss_req *r = posted; r; r = r->next)
        if (matches(r->ctx, r->tag, req->ctx, req->tag)) {
            MPI_Count moved;
            if (!typeshim_type_move(req->sbuf, req->count, req->type, r->rbuf, r->count, r->type,
                                    &moved))
                break;
            posted_unlink(r);
            tss_status_recv(&r->status, req->tag, moved);
            tss_req_done(req);
            tss_req_done(r);
            return MPI_SUCCESS;
        }
    if (!(m = tss_calloc(1, sizeof(*m))) ||
        (nbytes > 0 && !(m->data = tss_malloc((size_t)nbytes)))) {
        tss_free(m);
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for a %lld-byte message", fn,
                        (long long)nbytes);
    }
    m->ctx = req->ctx;
    m->tag = req->tag;
    m->nbytes = nbytes;
    m->count = req->count;
    m->type = req->type;
    if (nbytes > 0) {
        tss_quiet_begin();
        rc = PMPI_Pack_c(req->sbuf, req->count, req->type, m->data, nbytes, &pos, MPI_COMM_SELF);
        tss_quiet_end();
        if (rc != MPI_SUCCESS) {
            msg_free(m);
            return tss_fail(e, MPI_ERR_TYPE, "%s: the send buffer could not be packed", fn);
        }
    }
    for (tss_req *r = posted; r; r = r->next)
        if (matches(r->ctx, r->tag, m->ctx, m->tag)) {
            posted_unlink(r);
            tss_req_done(req);
            tss_deliver(m, r, fn);
            return MPI_SUCCESS;
        }
    if ((rc = sig_hold(m, fn, e))) {
        msg_free(m);
        return rc;
    }
    *queue_end = m;
    queue_end = &m->next;
    /* the send may still be cancelled while its message waits */
    m->sender = req;
    req->msg = m;
    if (req->mode != TSS_SYNC)
        tss_req_done(req); /* buffered eagerly: the send is complete */
    return MPI_SUCCESS;
}

void tss_recv_start(tss_req *req, const char *fn)
{
    if (req->peer == MPI_PROC_NULL) {
        tss_status_empty(&req->status, MPI_PROC_NULL);
        tss_req_done(req);
        return;
    }
    for (tss_msg *m = queue; m; m = m->next)
        if (matches(req->ctx, req->tag, m->ctx, m->tag)) {
            queue_unlink(m);
            tss_deliver(m, req, fn);
            return;
        }
    req->next = NULL;
    *posted_end = req;
    posted_end = &req->next;
}

int tss_recv_posted(int ctx, int tag)
{
    for (tss_req *r = posted; r; r = r->next)
        if (matches(r->ctx, r->tag, ctx, tag))
            return 1;
    return 0;
}

int tss_self_direct(int ctx, int stag, int rtag)
{
    if (!matches(ctx, rtag, ctx, stag) || tss_recv_posted(ctx, stag))
        return 0;
    for (tss_msg *m = queue; m; m = m->next)
        if (matches(ctx, rtag, m->ctx, m->tag))
            return 0;
    return 1;
}

tss_msg *tss_queue_find(int ctx, int source, int tag, int *mtag, MPI_Count *nbytes)
{
    if (source == MPI_PROC_NULL)
        return NULL;
    for (tss_msg *m = queue; m; m = m->next)
        if (matches(ctx, tag, m->ctx, m->tag)) {
            *mtag = m->tag;
            *nbytes = m->nbytes;
            return m;
        }
    return NULL;
}

void tss_send_forget(tss_req *req)
{
    if (req->msg)
        req->msg->sender = NULL;
    req->msg = NULL;
}

void tss_queue_take(tss_msg *m)
{
    queue_unlink(m);
    /* the probe matched it: a synchronous send is complete, and no send
     * can cancel it any more */
    if (m->sender && !m->sender->complete)
        tss_req_done(m->sender);
    if (m->sender)
        m->sender->msg = NULL;
    m->sender = NULL;
}

void tss_msg_drop(tss_msg *m)
{
    msg_free(m);
}

void tss_cancel(tss_req *req)
{
    if (req->kind == TSS_RECV && req->active && !req->complete) {
        /* posted and not matched (a receive matched on posting is
         * complete) */
        posted_unlink(req);
        req->cancelled = 1;
        tss_status_empty(&req->status, MPI_ANY_SOURCE);
        tso_status_set_cancelled(&req->status, 1);
        tss_req_done(req);
    } else if (req->kind == TSS_SEND && req->msg) {
        tss_msg *m = req->msg;
        queue_unlink(m);
        msg_free(m);
        req->cancelled = 1;
        tso_status_set_cancelled(&req->status, 1);
        if (!req->complete)
            tss_req_done(req);
    }
}

void tss_p2p_finalize(void)
{
    /* messages never received: MPI leaves them unobservable */
    while (queue) {
        tss_msg *m = queue;
        queue = m->next;
        msg_free(m);
    }
    queue_end = &queue;
    posted = NULL;
    posted_end = &posted;
}

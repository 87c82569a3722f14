/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Completion of requests (MPI-4.1 sections 3.7.3 and 3.7.5): MPI_Wait and
 * MPI_Test, and their all, any and some forms.  A wait that finds its
 * request pending can only be helped by another thread (tss_request.c
 * says why); below MPI_THREAD_MULTIPLE it fails at once.  Separate from
 * the handles and the calls on one request as an object (free, status,
 * cancel, start), which tss_request.c keeps.
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
#include "tss_req_priv.h"

/* ------------------------------------------------------------ completion */

int tss_req_pending(const tss_req *r)
{
    return r->active && !r->complete;
}

/* Why pending r can never complete on one process (below
 * MPI_THREAD_MULTIPLE). */
static int never(const tss_req *r, const char *fn, const char *arg, tss_error *e)
{
    if (r->kind == TSS_GREQ)
        return tss_fail(e, MPI_ERR_OTHER,
                        "%s(%s): the generalized request can never complete: "
                        "MPI_Grequest_complete was not called, and no other thread may call it "
                        "below MPI_THREAD_MULTIPLE",
                        fn, arg);
    if (r->kind == TSS_RECV)
        return tss_fail(e, MPI_ERR_OTHER,
                        "%s(%s): the receive (tag %d) can never complete: no message sent to this "
                        "process matches it, and it is the only process (no other thread may "
                        "call MPI below MPI_THREAD_MULTIPLE)",
                        fn, arg, r->tag);
    return tss_fail(e, MPI_ERR_OTHER,
                    "%s(%s): the synchronous send (tag %d) can never complete: no receive "
                    "matches it, and this process is the only one that could post one",
                    fn, arg, r->tag);
}

/* Hands a complete (or null, or inactive) request's outcome to the
 * program: its status (MPI_ERROR left alone, as single completions must),
 * its error in e (returned as a class), and its handle: a non-persistent
 * request is released (*h becomes MPI_REQUEST_NULL), a persistent one
 * becomes inactive.  A generalized request is taken instead: its status
 * and error come from its callbacks, which the caller runs once the lock
 * is released (tss_greq_finish), and which release it. */
static int finish(tss_req *r, MPI_Request *h, MPI_Status *st, tss_error *e)
{
    int cls;

    if (!r || !r->active) { /* null or inactive: an empty status */
        if (st != MPI_STATUS_IGNORE)
            tss_status_empty(st, MPI_ANY_SOURCE);
        return MPI_SUCCESS;
    }
    if (r->kind == TSS_GREQ) {
        tss_greq_take(r, st);
        *h = MPI_REQUEST_NULL;
        return MPI_SUCCESS;
    }
    cls = tss_req_outcome(NULL, r, st, e);
    if (r->persistent) {
        tss_send_forget(r);
        r->active = r->complete = r->cancelled = 0;
        r->err_cls = MPI_SUCCESS;
        tss_free(r->err_text);
        r->err_text = NULL;
    } else {
        tss_req_release(r);
        *h = MPI_REQUEST_NULL;
    }
    return cls;
}

/* Lock held.  The request of handles[i] (NULL for MPI_REQUEST_NULL) into
 * rs[i]; an invalid handle fails with e naming it. */
int tss_req_lookup_all(const char *fn, int n, const MPI_Request *hs, tss_req **rs, tss_error *e)
{
    int rc = MPI_SUCCESS, i;

    for (i = 0; i < n; i++) {
        if (hs[i] == MPI_REQUEST_NULL) {
            rs[i] = NULL;
        } else if (!(rs[i] = tss_req_get(hs[i]))) {
            rc = tss_fail(e, MPI_ERR_REQUEST,
                          "%s(array_of_requests[%d]=" TSS_HFMT "): Invalid request (%s)", fn, i,
                          TSS_HARG(hs[i]), tss_req_why(hs[i]));
            break;
        } else if (rs[i]->listed) {
            /* a request twice would be completed, and released, twice */
            rc = tss_fail(e, MPI_ERR_REQUEST,
                          "%s(array_of_requests[%d]=" TSS_HFMT
                          "): the same request is in the array twice",
                          fn, i, TSS_HARG(hs[i]));
            rs[i] = NULL;
            break;
        } else {
            rs[i]->listed = 1;
        }
    }
    while (i-- > 0)
        if (rs[i])
            rs[i]->listed = 0;
    return rc;
}

/* The communicator to raise a request's error on. */
MPI_Comm tss_req_comm_of(const tss_req *r)
{
    return r && tss_comm_ctx(r->comm) >= 0 ? r->comm : MPI_COMM_WORLD;
}

/* A wait found rs[at] pending.  Under MPI_THREAD_MULTIPLE it waits for
 * another thread and looks the handles up again (they may have been freed
 * meanwhile); below, it fails naming rs[at] (*comm: where to raise it). */
static int stalled(const char *fn, int n, const MPI_Request *hs, tss_req **rs, int at,
                   MPI_Comm *comm, tss_error *e)
{
    char arg[48];

    if (tss_thread_level() == MPI_THREAD_MULTIPLE) {
        tss_p2p_wait();
        return tss_req_lookup_all(fn, n, hs, rs, e);
    }
    snprintf(arg, sizeof arg, "array_of_requests[%d]", at);
    *comm = tss_req_comm_of(rs[at]);
    return never(rs[at], fn, arg, e);
}

/* Common argument checks of the array calls. */
int tss_req_array_args(const char *fn, int count, const MPI_Request *hs, const void *out,
                       const char *outname)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (count < 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COUNT, "%s(count=%d): Negative count", fn, count);
    if (count > 0 && !hs)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "%s(array_of_requests=NULL): Invalid argument", fn);
    if (outname && !out)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, outname);
    return MPI_SUCCESS;
}

/* The requests of an array call, in a buffer the caller frees. */
tss_req **tss_req_reqs_alloc(int count)
{
    return tss_malloc((count > 0 ? (size_t)count : 1) * sizeof(tss_req *));
}

int tss_status_check(const char *fn, MPI_Comm comm, const void *status, const char *arg)
{
    /* NULL is MPI_STATUS_IGNORE in Open MPI's ABI */
    if (status || status == MPI_STATUS_IGNORE || status == MPI_STATUSES_IGNORE)
        return MPI_SUCCESS;
    return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
}

/* The end of a call completing one request (unlocked): a generalized
 * request it took gets its callbacks run, whose failure the program
 * sees as it is; else the call's own class cls, raised with e. */
static int single_end(const char *fn, MPI_Comm comm, tss_req *taken, int cls, tss_error *e)
{
    if (taken && (cls = tss_greq_finish(fn, &taken, 1, 0, e)))
        return tss_raise_as_is(comm, cls);
    return cls ? tss_raise(comm, cls, "%s: %s", fn, e->text) : MPI_SUCCESS;
}

/* Wait and Test on one request (wait: block while pending). */
static int one(const char *fn, int wait, MPI_Request *h, int *flag, MPI_Status *st)
{
    tss_error e;
    tss_req *r = NULL, *taken;
    MPI_Comm comm;
    int rc = tss_check_init(fn), cls;

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!h || (!wait && !flag))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         h ? "flag" : "request");
    if ((rc = tss_status_check(fn, MPI_COMM_WORLD, st, "status")))
        return rc;
    tss_p2p_lock();
    if (*h != MPI_REQUEST_NULL && !(r = tss_req_get(*h))) {
        const char *why = tss_req_why(*h);
        tss_p2p_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_REQUEST,
                         "%s(request=" TSS_HFMT "): Invalid request (%s)", fn, TSS_HARG(*h), why);
    }
    while (r && tss_req_pending(r)) {
        if (!wait) {
            tss_p2p_unlock();
            *flag = 0;
            return MPI_SUCCESS;
        }
        if (tss_thread_level() != MPI_THREAD_MULTIPLE) {
            comm = tss_req_comm_of(r);
            never(r, fn, "request", &e);
            tss_p2p_unlock();
            return tss_raise(comm, e.cls, "%s", e.text);
        }
        tss_p2p_wait();
        if (!(r = tss_req_get(*h))) /* freed meanwhile by another thread */
            break;
    }
    comm = tss_req_comm_of(r);
    cls = finish(r, h, st, &e);
    taken = r && r->gtaken ? r : NULL;
    tss_p2p_unlock();
    if (flag)
        *flag = 1;
    return single_end(fn, comm, taken, cls, &e);
}

TSS_WEAK_ALIAS(MPI_Wait, PMPI_Wait)
int PMPI_Wait(MPI_Request *request, MPI_Status *status)
{
    return one("MPI_Wait", 1, request, NULL, status);
}

TSS_WEAK_ALIAS(MPI_Test, PMPI_Test)
int PMPI_Test(MPI_Request *request, int *flag, MPI_Status *status)
{
    return one("MPI_Test", 0, request, flag, status);
}

/* The MPI_ERROR field of a request's status after an array completion:
 * MPI_SUCCESS, or a code of its class whose message is "<fn>: <why>", so
 * that MPI_Error_string says why that request failed. */
static int status_code(const char *fn, int cls, const tss_error *e)
{
    char text[MPI_MAX_ERROR_STRING];

    if (cls == MPI_SUCCESS)
        return MPI_SUCCESS;
    if (snprintf(text, sizeof text, "%s: %s", fn, e->text) < 0)
        return cls;
    return tss_code(cls, text);
}

/* The end of the Waitall and Waitsome families (lock held, released):
 * rc, the call's own failure described by e; or, rc being MPI_SUCCESS,
 * e->cls the first failed request's class (MPI_ERR_IN_STATUS then), or
 * none.  rs[0..n-1]: the requests, those the call finished NULL but the
 * generalized ones it took. */
static int array_end(const char *fn, tss_req **rs, int n, MPI_Comm comm, int rc, tss_error *e)
{
    tss_error ge;

    tss_p2p_unlock();
    /* the generalized requests completed: their callbacks, unlocked */
    if (!rc && tss_greq_finish(fn, rs, n, 1, &ge) && !e->cls)
        *e = ge;
    tss_free(rs);
    if (rc)
        return tss_raise(comm, rc, "%s", e->text);
    if (!e->cls)
        return MPI_SUCCESS;
    /* The handler gets the message; the call returns the constant itself,
     * which programs compare with == (MPI-4.1 section 3.7.5: "returns the
     * error code MPI_ERR_IN_STATUS"); each status keeps its own message. */
    tss_raise(comm, MPI_ERR_IN_STATUS, "%s: %s (each request's error is in its status)", fn,
              e->text);
    return MPI_ERR_IN_STATUS;
}

/* Waitall/Testall: all complete, or (test) none touched. */
static int all(const char *fn, int wait, int count, MPI_Request *hs, int *flag, MPI_Status *sts)
{
    tss_req **rs;
    tss_error e, first;
    MPI_Comm comm = MPI_COMM_WORLD;
    int rc = tss_req_array_args(fn, count, hs, wait ? (void *)1 : flag, wait ? NULL : "flag");

    TSS_NO_ERROR(e);
    TSS_NO_ERROR(first);
    if (rc == MPI_SUCCESS && count > 0)
        rc = tss_status_check(fn, MPI_COMM_WORLD, sts, "array_of_statuses");
    if (rc != MPI_SUCCESS)
        return rc;
    if (!(rs = tss_req_reqs_alloc(count)))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    tss_p2p_lock();
    if ((rc = tss_req_lookup_all(fn, count, hs, rs, &e)))
        goto fail;
    for (int i = 0; i < count; i++) {
        if (!rs[i] || !tss_req_pending(rs[i]))
            continue;
        if (!wait) {
            *flag = 0;
            goto out;
        }
        if ((rc = stalled(fn, count, hs, rs, i, &comm, &e)))
            goto fail;
        i = -1; /* look at every request again */
    }
    for (int i = 0; i < count; i++) {
        MPI_Comm c = tss_req_comm_of(rs[i]);
        int cls =
            finish(rs[i], &hs[i], sts == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &sts[i], &e);
        if (sts != MPI_STATUSES_IGNORE)
            sts[i].MPI_ERROR = status_code(fn, cls, &e);
        if (cls && !first.cls) {
            first = e;
            comm = c;
        }
        if (rs[i] && !rs[i]->gtaken)
            rs[i] = NULL; /* released */
    }
    if (flag)
        *flag = 1;
    return array_end(fn, rs, count, comm, MPI_SUCCESS, &first);
out:
    return array_end(fn, rs, 0, comm, MPI_SUCCESS, &first);
fail:
    return array_end(fn, rs, 0, comm, rc, &e);
}

TSS_WEAK_ALIAS(MPI_Waitall, PMPI_Waitall)
int PMPI_Waitall(int count, MPI_Request array_of_requests[], MPI_Status array_of_statuses[])
{
    return all("MPI_Waitall", 1, count, array_of_requests, NULL, array_of_statuses);
}

TSS_WEAK_ALIAS(MPI_Testall, PMPI_Testall)
int PMPI_Testall(int count, MPI_Request array_of_requests[], int *flag,
                 MPI_Status array_of_statuses[])
{
    return all("MPI_Testall", 0, count, array_of_requests, flag, array_of_statuses);
}

/* Waitany/Testany: the first complete request, by index. */
static int any(const char *fn, int wait, int count, MPI_Request *hs, int *indx, int *flag,
               MPI_Status *st)
{
    tss_req **rs, *taken = NULL;
    tss_error e;
    MPI_Comm comm = MPI_COMM_WORLD;
    int rc = tss_req_array_args(fn, count, hs, indx, "indx"), live, cls = MPI_SUCCESS;

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!wait && !flag)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(flag=NULL): Invalid argument", fn);
    if ((rc = tss_status_check(fn, MPI_COMM_WORLD, st, "status")))
        return rc;
    if (!(rs = tss_req_reqs_alloc(count)))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    tss_p2p_lock();
    if ((rc = tss_req_lookup_all(fn, count, hs, rs, &e)))
        goto fail;
    for (;;) {
        int pend = -1;
        live = 0;
        for (int i = 0; i < count; i++) {
            if (!rs[i] || !rs[i]->active)
                continue;
            live = 1;
            if (!tss_req_pending(rs[i])) {
                comm = tss_req_comm_of(rs[i]);
                cls = finish(rs[i], &hs[i], st, &e);
                taken = rs[i]->gtaken ? rs[i] : NULL;
                *indx = i;
                if (flag)
                    *flag = 1;
                goto out;
            }
            if (pend < 0)
                pend = i;
        }
        if (!live) { /* nothing active: MPI_UNDEFINED and an empty status */
            *indx = MPI_UNDEFINED;
            if (flag)
                *flag = 1;
            finish(NULL, NULL, st, &e);
            goto out;
        }
        if (!wait) {
            *indx = MPI_UNDEFINED;
            *flag = 0;
            goto out;
        }
        if ((rc = stalled(fn, count, hs, rs, pend, &comm, &e)))
            goto fail;
    }
out:
    tss_p2p_unlock();
    tss_free(rs);
    return single_end(fn, comm, taken, cls, &e);
fail:
    tss_p2p_unlock();
    tss_free(rs);
    return tss_raise(comm, rc, "%s", e.text);
}

TSS_WEAK_ALIAS(MPI_Waitany, PMPI_Waitany)
int PMPI_Waitany(int count, MPI_Request array_of_requests[], int *indx, MPI_Status *status)
{
    return any("MPI_Waitany", 1, count, array_of_requests, indx, NULL, status);
}

TSS_WEAK_ALIAS(MPI_Testany, PMPI_Testany)
int PMPI_Testany(int count, MPI_Request array_of_requests[], int *indx, int *flag,
                 MPI_Status *status)
{
    return any("MPI_Testany", 0, count, array_of_requests, indx, flag, status);
}

/* Waitsome/Testsome: every complete request. */
static int some(const char *fn, int wait, int count, MPI_Request *hs, int *outcount, int *indices,
                MPI_Status *sts)
{
    tss_req **rs;
    tss_error e, first;
    MPI_Comm comm = MPI_COMM_WORLD;
    int rc = tss_req_array_args(fn, count, hs, outcount, "outcount");

    TSS_NO_ERROR(e);
    TSS_NO_ERROR(first);
    if (rc == MPI_SUCCESS && count > 0)
        rc = tss_status_check(fn, MPI_COMM_WORLD, sts, "array_of_statuses");
    if (rc != MPI_SUCCESS)
        return rc;
    if (count > 0 && !indices)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(array_of_indices=NULL): Invalid argument",
                         fn);
    if (!(rs = tss_req_reqs_alloc(count)))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    tss_p2p_lock();
    if ((rc = tss_req_lookup_all(fn, count, hs, rs, &e)))
        goto fail;
    for (;;) {
        int live = 0, done = 0, pend = -1;
        for (int i = 0; i < count; i++) {
            if (!rs[i] || !rs[i]->active)
                continue;
            live = 1;
            if (tss_req_pending(rs[i])) {
                if (pend < 0)
                    pend = i;
                continue;
            }
            MPI_Comm c = tss_req_comm_of(rs[i]);
            MPI_Status *st = sts == MPI_STATUSES_IGNORE ? MPI_STATUS_IGNORE : &sts[done];
            int cls = finish(rs[i], &hs[i], st, &e);
            if (sts != MPI_STATUSES_IGNORE)
                sts[done].MPI_ERROR = status_code(fn, cls, &e);
            if (cls && !first.cls) {
                first = e;
                comm = c;
            }
            if (!rs[i]->gtaken)
                rs[i] = NULL; /* released */
            indices[done++] = i;
        }
        if (!live) {
            *outcount = MPI_UNDEFINED;
            break;
        }
        if (done || !wait) {
            *outcount = done;
            break;
        }
        if ((rc = stalled(fn, count, hs, rs, pend, &comm, &e)))
            goto fail;
    }
    return array_end(fn, rs, count, comm, MPI_SUCCESS, &first);
fail:
    return array_end(fn, rs, 0, comm, rc, &e);
}

TSS_WEAK_ALIAS(MPI_Waitsome, PMPI_Waitsome)
int PMPI_Waitsome(int incount, MPI_Request array_of_requests[], int *outcount,
                  int array_of_indices[], MPI_Status array_of_statuses[])
{
    return some("MPI_Waitsome", 1, incount, array_of_requests, outcount, array_of_indices,
                array_of_statuses);
}

TSS_WEAK_ALIAS(MPI_Testsome, PMPI_Testsome)
int PMPI_Testsome(int incount, MPI_Request array_of_requests[], int *outcount,
                  int array_of_indices[], MPI_Status array_of_statuses[])
{
    return some("MPI_Testsome", 0, incount, array_of_requests, outcount, array_of_indices,
                array_of_statuses);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Requests: their handles, and completion (MPI-4.1 sections 3.7 to 3.9):
 * the Wait and Test families, MPI_Request_free, MPI_Request_get_status,
 * MPI_Cancel, MPI_Start and MPI_Startall.
 *
 * An operation completes when it is posted (a message was there, or a
 * send was buffered) or when the other side is posted later; nothing
 * progresses inside a wait.  So a wait that finds its request pending
 * can only be helped by another thread: below MPI_THREAD_MULTIPLE it
 * fails at once, naming what can never arrive, where MPI on many
 * processes would hang.
 *
 * This file holds the handles and the request as an object (free,
 * status, cancel, start); the Wait and Test families are in
 * tss_request_completion.c (tss_req_priv.h declares what the two share).
 */
#include "typeshim_config.h"

#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_req_priv.h"

/* Handles (object/tso_abi.h): MPICH's kind bits of a direct request
 * (0xac000000), an 8-bit generation in bits 18..25 and the slot in bits
 * 0..17 (262144 live requests); a freed slot rests until 4096 others were
 * freed, so a freed request's handle is refused for a million requests
 * made and freed after it, not taken for one of them. */
static tso_table reqs = TSO_TABLE(TSO_REQUEST, &tss_tso_alloc);

static MPI_Request handle_of(const tss_req *r)
{
    return TSO_HANDLE(MPI_Request, tso_handle(&reqs, r->idx));
}

tss_req *tss_req_new(MPI_Request *handle)
{
    unsigned idx;
    void *rec;
    tss_req *r;

    if (tso_take_rec(&reqs, sizeof(*r), &idx, &rec))
        return NULL;
    r = rec;
    memset(r, 0, sizeof(*r));
    r->idx = idx;
    r->used = 1;
    *handle = handle_of(r);
    return r;
}

tss_req *tss_req_get(MPI_Request handle)
{
    unsigned idx;
    tss_req *r;

    if (tso_find(&reqs, TSO_WORD(handle), &idx) != TSO_LIVE)
        return NULL;
    r = *tso_obj(&reqs, idx);
    /* a generalized request a completion call took is the program's no
     * more, though its callbacks still run: a copy of its handle must
     * not free it under them */
    return r->gtaken ? NULL : r;
}

/* Lock held.  Why handle names no request, for messages. */
const char *tss_req_why(MPI_Request handle)
{
    unsigned idx;

    if (handle == MPI_REQUEST_NULL)
        return "MPI_REQUEST_NULL";
    if (tso_find(&reqs, TSO_WORD(handle), &idx) == TSO_LIVE &&
        ((tss_req *)*tso_obj(&reqs, idx))->gtaken)
        return "completed: its callbacks are running";
    return tso_why(&reqs, TSO_WORD(handle));
}

void tss_req_release(tss_req *r)
{
    tss_send_forget(r);
    if (r->plan) {
        tss_plan_free(r->plan);
        r->plan = NULL;
    }
    if (r->held)
        tss_type_unhold(r->held);
    tss_free(r->err_text);
    r->err_text = NULL;
    r->used = 0;
    tso_put(&reqs, r->idx);
}

void tss_req_done(tss_req *r)
{
    r->complete = 1;
    if (r->freed)
        tss_req_release(r);
}

void tss_req_fail(tss_req *r, const tss_error *e)
{
    r->err_cls = e->cls;
    tss_free(r->err_text);
    r->err_text = tss_strdup(e->text);
}

int tss_req_outcome(const char *fn, const tss_req *r, MPI_Status *status, tss_error *e)
{
    const char *why = r->err_text ? r->err_text : "the operation failed";

    if (status != MPI_STATUS_IGNORE)
        tss_status_copy(status, &r->status);
    if (!r->err_cls)
        return MPI_SUCCESS;
    return fn ? tss_fail(e, r->err_cls, "%s: %s", fn, why) : tss_fail(e, r->err_cls, "%s", why);
}

int tss_req_done_with(MPI_Comm comm, const MPI_Status *status, MPI_Request *request)
{
    MPI_Request h;
    tss_req *r;

    tss_p2p_lock();
    if (!(r = tss_req_new(&h))) {
        tss_p2p_unlock();
        return MPI_ERR_NO_MEM;
    }
    r->kind = TSS_COLL;
    r->comm = comm;
    r->active = 1;
    r->complete = 1;
    if (status)
        r->status = *status;
    else
        tss_status_empty(&r->status, MPI_ANY_SOURCE);
    tss_p2p_unlock();
    *request = h;
    return MPI_SUCCESS;
}

int tss_req_done_now(const char *fn, MPI_Comm comm, MPI_Request *request)
{
    if (tss_req_done_with(comm, NULL, request) != MPI_SUCCESS)
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for a request", fn);
    return MPI_SUCCESS;
}

void tss_req_finalize(void)
{
    for (unsigned i = 0; i < reqs.fresh; i++) {
        tss_req *r = *tso_obj(&reqs, i);
        if (!r)
            continue;
        if (r->used && r->held) /* a request never completed */
            tss_type_unhold(r->held);
        if (r->used && r->plan)
            tss_plan_free(r->plan);
        tss_free(r->err_text);
        tss_free(r);
    }
    tso_reset(&reqs);
}

/* ------------------------------------------------ the request as an object */

/* Lock taken on success: the request h names, or an error raised (hp:
 * where h was read from, refused when NULL). */
static int locked_req(const char *fn, const MPI_Request *hp, MPI_Request h, tss_req **r)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!hp)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", fn);
    tss_p2p_lock();
    if (!(*r = tss_req_get(h))) {
        const char *why = tss_req_why(h);
        tss_p2p_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_REQUEST,
                         "%s(request=" TSS_HFMT "): Invalid request (%s)", fn, TSS_HARG(h), why);
    }
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Request_free, PMPI_Request_free)
int PMPI_Request_free(MPI_Request *request)
{
    tss_req *r;
    int rc = locked_req("MPI_Request_free", request, request ? *request : MPI_REQUEST_NULL, &r);

    if (rc != MPI_SUCCESS)
        return rc;
    if (r->kind == TSS_GREQ)
        return tss_greq_free(r, request);
    /* a pending operation still completes, silently (MPI-4.1 3.7.3) */
    if (tss_req_pending(r))
        r->freed = 1;
    else
        tss_req_release(r);
    tss_p2p_unlock();
    *request = MPI_REQUEST_NULL;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Request_get_status, PMPI_Request_get_status)
int PMPI_Request_get_status(MPI_Request request, int *flag, MPI_Status *status)
{
    tss_req *r = NULL;
    int rc = tss_check_init("MPI_Request_get_status");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!flag)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Request_get_status(flag=NULL): Invalid argument");
    if ((rc = tss_status_check("MPI_Request_get_status", MPI_COMM_WORLD, status, "status")))
        return rc;
    if (request == MPI_REQUEST_NULL) {
        *flag = 1;
        if (status != MPI_STATUS_IGNORE)
            tss_status_empty(status, MPI_ANY_SOURCE);
        return MPI_SUCCESS;
    }
    if ((rc = locked_req("MPI_Request_get_status", &request, request, &r)))
        return rc;
    if (r->kind == TSS_GREQ)
        return tss_greq_status(r, flag, status);
    *flag = !tss_req_pending(r);
    if (*flag && status != MPI_STATUS_IGNORE) {
        if (r->active) {
            tss_status_copy(status, &r->status);
        } else {
            tss_status_empty(status, MPI_ANY_SOURCE);
        }
    }
    tss_p2p_unlock();
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Cancel, PMPI_Cancel)
int PMPI_Cancel(MPI_Request *request)
{
    tss_req *r;
    int rc = locked_req("MPI_Cancel", request, request ? *request : MPI_REQUEST_NULL, &r);

    if (rc != MPI_SUCCESS)
        return rc;
    if (r->kind == TSS_GREQ)
        return tss_greq_cancel(r);
    if (r->active)
        tss_cancel(r);
    tss_p2p_unlock();
    return MPI_SUCCESS;
}

/* Lock held.  Starts inactive persistent request r. */
static int start(const char *fn, const char *arg, tss_req *r, tss_error *e)
{
    if (!r->persistent || r->active)
        return tss_fail(e, MPI_ERR_REQUEST, "%s(%s): %s", fn, arg,
                        r->persistent ? "the persistent request is already active"
                                      : "not a persistent request (MPI_Send_init, MPI_Recv_init, "
                                        "MPI_Bcast_init...)");
    r->active = 1;
    r->complete = r->cancelled = 0;
    if (r->kind == TSS_RECV) {
        tss_recv_start(r, fn);
        return MPI_SUCCESS;
    }
    if (r->kind == TSS_COLL) { /* run by the caller, after the lock */
        tss_status_empty(&r->status, MPI_ANY_SOURCE);
        return MPI_SUCCESS;
    }
    tss_status_empty(&r->status, MPI_ANY_SOURCE);
    int rc = tss_send_begin(r, fn, e);
    if (rc != MPI_SUCCESS)
        r->active = 0;
    return rc;
}

/* Runs the plan of started persistent collective r, without the lock
 * (the request stays until it is complete: only this can complete it),
 * then completes r with the outcome. */
static void run_plan(tss_req *r)
{
    tss_error e;
    int rc;

    TSS_NO_ERROR(e);
    rc = tss_plan_run(r->plan, &e);
    tss_p2p_lock();
    if (rc != MPI_SUCCESS)
        tss_req_fail(r, &e);
    tss_req_done(r);
    tss_p2p_unlock();
}

TSS_WEAK_ALIAS(MPI_Start, PMPI_Start)
int PMPI_Start(MPI_Request *request)
{
    tss_error e;
    tss_req *r;
    MPI_Comm comm;
    int rc = locked_req("MPI_Start", request, request ? *request : MPI_REQUEST_NULL, &r);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    comm = tss_req_comm_of(r);
    rc = start("MPI_Start", "request", r, &e);
    tss_p2p_unlock();
    if (rc)
        return tss_raise(comm, rc, "%s", e.text);
    if (r->plan)
        run_plan(r);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Startall, PMPI_Startall)
int PMPI_Startall(int count, MPI_Request array_of_requests[])
{
    tss_error e;
    tss_req **rs;
    MPI_Comm comm = MPI_COMM_WORLD;
    int rc = tss_req_array_args("MPI_Startall", count, array_of_requests, NULL, NULL);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    if (!(rs = tss_req_reqs_alloc(count)))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "MPI_Startall: out of memory");
    tss_p2p_lock();
    rc = tss_req_lookup_all("MPI_Startall", count, array_of_requests, rs, &e);
    for (int i = 0; !rc && i < count; i++)
        if (!rs[i] || !rs[i]->persistent || rs[i]->active)
            rc = tss_fail(&e, MPI_ERR_REQUEST,
                          "MPI_Startall(array_of_requests[%d]): not an inactive persistent "
                          "request",
                          i);
    /* all checked first: a bad handle starts nothing */
    int started = 0;
    for (; !rc && started < count; started++) {
        char arg[48];
        snprintf(arg, sizeof arg, "array_of_requests[%d]", started);
        comm = tss_req_comm_of(rs[started]);
        rc = start("MPI_Startall", arg, rs[started], &e);
    }
    tss_p2p_unlock();
    /* the collectives in the order given, as MPI requires of every
     * process (MPI-4.1 section 6.13) */
    for (int i = 0; i < started; i++)
        if (rs[i]->plan && rs[i]->active)
            run_plan(rs[i]);
    tss_free(rs);
    return rc ? tss_raise(comm, rc, "%s", e.text) : MPI_SUCCESS;
}

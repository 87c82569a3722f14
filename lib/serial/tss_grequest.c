/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Generalized requests (MPI-4.1 section 13.2): MPI_Grequest_start makes a
 * request the program completes itself (MPI_Grequest_complete); the
 * completion calls then ask its query callback for the status and its
 * free callback to let go of the program's state, MPI_Cancel asks its
 * cancel callback.
 *
 * The callbacks may call MPI, so none runs under the request lock: the
 * completion calls take them out of the record (tss_greq_take) and run
 * them once the lock is released (tss_greq_finish).  A code a callback
 * returns reaches the program as it is (a class or a code of its own,
 * MPI_Add_error_code), not replaced by one of the runtime's.
 *
 * A wait for a request no thread can complete fails at once below
 * MPI_THREAD_MULTIPLE, as every wait of this runtime (tss_request.c).
 * A NULL callback does nothing and returns MPI_SUCCESS (MPI asks for a
 * function; MPICH would call through NULL).
 */
#include "typeshim_config.h"

#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_req_priv.h"

TSS_WEAK_ALIAS(MPI_Grequest_start, PMPI_Grequest_start)
int PMPI_Grequest_start(MPI_Grequest_query_function *query_fn, MPI_Grequest_free_function *free_fn,
                        MPI_Grequest_cancel_function *cancel_fn, void *extra_state,
                        MPI_Request *request)
{
    MPI_Request h;
    tss_req *r;
    int rc = tss_check_init("MPI_Grequest_start");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!request)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Grequest_start(request=NULL): Invalid argument");
    tss_p2p_lock();
    if (!(r = tss_req_new(&h))) {
        tss_p2p_unlock();
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM,
                         "MPI_Grequest_start: out of memory for a request");
    }
    r->kind = TSS_GREQ;
    r->comm = MPI_COMM_WORLD;
    r->active = 1;
    r->gquery = query_fn;
    r->gfree = free_fn;
    r->gcancel = cancel_fn;
    r->gstate = extra_state;
    tss_status_empty(&r->status, MPI_ANY_SOURCE);
    tss_p2p_unlock();
    *request = h;
    return MPI_SUCCESS;
}

/* Runs free_fn(state) (NULL: nothing); its code, raised as it is. */
static int run_free(MPI_Grequest_free_function *free_fn, void *state)
{
    int rc = free_fn ? free_fn(state) : MPI_SUCCESS;

    return rc == MPI_SUCCESS ? MPI_SUCCESS : tss_raise_as_is(MPI_COMM_WORLD, rc);
}

TSS_WEAK_ALIAS(MPI_Grequest_complete, PMPI_Grequest_complete)
int PMPI_Grequest_complete(MPI_Request request)
{
    static const char fn[] = "MPI_Grequest_complete";
    tss_error e;
    tss_req *r;
    int rc = tss_check_init(fn);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    tss_p2p_lock();
    if (!(r = tss_req_get(request)))
        rc = tss_fail(&e, MPI_ERR_REQUEST, "%s(request=" TSS_HFMT "): Invalid request (%s)", fn,
                      TSS_HARG(request), tss_req_why(request));
    else if (r->kind != TSS_GREQ)
        rc = tss_fail(&e, MPI_ERR_REQUEST,
                      "%s(request=" TSS_HFMT "): not a generalized request (MPI_Grequest_start)",
                      fn, TSS_HARG(request));
    else if (r->complete)
        rc = tss_fail(&e, MPI_ERR_REQUEST,
                      "%s(request=" TSS_HFMT "): the generalized request was completed already", fn,
                      TSS_HARG(request));
    if (rc != MPI_SUCCESS) {
        tss_p2p_unlock();
        return tss_raise(MPI_COMM_WORLD, rc, "%s", e.text);
    }
    r->complete = 1;
    /* freed by MPI_Request_free before: its free callback runs now */
    if (r->freed) {
        MPI_Grequest_free_function *free_fn = r->gfree;
        void *state = r->gstate;

        tss_req_release(r);
        tss_p2p_unlock();
        return run_free(free_fn, state);
    }
    tss_p2p_unlock(); /* (which wakes a thread waiting for it) */
    return MPI_SUCCESS;
}

void tss_greq_take(tss_req *r, MPI_Status *st)
{
    r->gstatus = st == MPI_STATUS_IGNORE ? NULL : st;
    r->gtaken = 1;
}

/* Runs a query callback into st (MPI_STATUS_IGNORE: a status of ours),
 * which it gets empty but for MPI_ERROR, the completing call's. */
static int run_query(MPI_Grequest_query_function *query, void *state, MPI_Status *st)
{
    MPI_Status own;
    int error;

    /* MPI-4.1 section 13.2: the query gets a status even when the program
     * ignores it */
    if (st == MPI_STATUS_IGNORE) {
        st = &own;
        st->MPI_ERROR = MPI_SUCCESS;
    }
    error = st->MPI_ERROR;
    tss_status_empty(st, MPI_ANY_SOURCE);
    st->MPI_ERROR = error;
    return query(state, st);
}

/* Runs taken r's callbacks: free_fn's code when it fails, else
 * query_fn's; *which names the one. */
static int run_taken(const tss_req *r, const char **which)
{
    int rc = MPI_SUCCESS, frc;

    if (r->gquery)
        rc = run_query(r->gquery, r->gstate, r->gstatus ? r->gstatus : MPI_STATUS_IGNORE);
    frc = r->gfree ? r->gfree(r->gstate) : MPI_SUCCESS;
    /* MPI-4.1 section 13.2: the code of the last callback, free_fn; a
     * failed query is not lost when free_fn succeeds (as MPICH) */
    *which = frc != MPI_SUCCESS ? "free" : "query";
    return frc != MPI_SUCCESS ? frc : rc;
}

int tss_greq_finish(const char *fn, tss_req **rs, int n, int set_error, tss_error *e)
{
    int first = MPI_SUCCESS, any = 0;

    for (int i = 0; i < n; i++) {
        const char *which;
        int rc;

        if (!rs[i] || !rs[i]->gtaken)
            continue;
        any = 1;
        rc = run_taken(rs[i], &which);
        if (set_error && rs[i]->gstatus)
            rs[i]->gstatus->MPI_ERROR = rc;
        if (rc != MPI_SUCCESS && first == MPI_SUCCESS) {
            first = rc;
            tss_fail(e, tss_error_class(rc) > 0 ? tss_error_class(rc) : MPI_ERR_OTHER,
                     "%s: the generalized request's %s callback returned %d", fn, which, rc);
        }
    }
    if (any) {
        tss_p2p_lock();
        for (int i = 0; i < n; i++)
            if (rs[i] && rs[i]->gtaken)
                tss_req_release(rs[i]);
        tss_p2p_unlock();
    }
    return first;
}

int tss_greq_free(tss_req *r, MPI_Request *h)
{
    MPI_Grequest_free_function *free_fn = r->gfree;
    void *state = r->gstate;
    int complete = r->complete;

    /* an incomplete one is freed when MPI_Grequest_complete completes it */
    if (complete)
        tss_req_release(r);
    else
        r->freed = 1;
    tss_p2p_unlock();
    *h = MPI_REQUEST_NULL;
    return complete ? run_free(free_fn, state) : MPI_SUCCESS;
}

int tss_greq_status(tss_req *r, int *flag, MPI_Status *st)
{
    MPI_Grequest_query_function *query = r->gquery;
    void *state = r->gstate;
    int rc = MPI_SUCCESS;

    *flag = r->complete;
    tss_p2p_unlock();
    /* complete: the query says what the status is, the request stays */
    if (*flag && query)
        rc = run_query(query, state, st);
    else if (*flag && st != MPI_STATUS_IGNORE)
        tss_status_empty(st, MPI_ANY_SOURCE);
    return rc == MPI_SUCCESS ? MPI_SUCCESS : tss_raise_as_is(MPI_COMM_WORLD, rc);
}

int tss_greq_cancel(tss_req *r)
{
    MPI_Grequest_cancel_function *cancel = r->gcancel;
    void *state = r->gstate;
    int complete = r->complete, rc;

    tss_p2p_unlock();
    /* MPI-4.1 section 13.2: told whether MPI_Grequest_complete was called */
    rc = cancel ? cancel(state, complete) : MPI_SUCCESS;
    return rc == MPI_SUCCESS ? MPI_SUCCESS : tss_raise_as_is(MPI_COMM_WORLD, rc);
}

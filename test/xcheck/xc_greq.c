/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_greq: generalized requests (MPI-4.1 section 13.2) on one process:
 * which callbacks the completion calls run, in which number, the status
 * they give and the error a callback's failure becomes.  Every request is
 * completed before it is waited for (a wait no thread can end would hang
 * MPICH; check_grequest tests typeshim's refusal). */
#include "xc_common.h"

struct state {
    int queries, frees, cancels, complete_seen, query_rc, free_rc, tag;
};

static int query(void *extra, MPI_Status *st)
{
    struct state *s = extra;

    s->queries++;
    st->MPI_SOURCE = 0;
    st->MPI_TAG = s->tag;
    MPI_Status_set_elements(st, MPI_DOUBLE, s->tag % 5);
    MPI_Status_set_cancelled(st, s->tag == 4);
    return s->query_rc;
}

static int release(void *extra)
{
    ((struct state *)extra)->frees++;
    return ((struct state *)extra)->free_rc;
}

static int cancel(void *extra, int complete)
{
    struct state *s = extra;

    s->cancels++;
    s->complete_seen = complete;
    return MPI_SUCCESS;
}

static MPI_Request start(struct state *s, int tag)
{
    MPI_Request r = MPI_REQUEST_NULL;
    struct state zero = {0};

    *s = zero;
    s->tag = tag;
    MPI_Grequest_start(query, release, cancel, s, &r);
    return r;
}

static void show(const char *key, int rc, const struct state *s, const MPI_Status *st)
{
    int n = -1, c = -1;

    if (st) {
        MPI_Get_count(st, MPI_DOUBLE, &n);
        MPI_Test_cancelled(st, &c);
    }
    xc_kv(key, "%s queries=%d frees=%d cancels=%d complete_seen=%d tag=%d count=%d cancelled=%d",
          xc_rc(rc), s->queries, s->frees, s->cancels, s->complete_seen, st ? st->MPI_TAG : -1, n,
          c);
}

int main(int argc, char **argv)
{
    struct state s, t[3];
    MPI_Request r, rs[3];
    MPI_Status st, sts[3];
    int flag = -1, idx = -1, n = -1, ids[3], rc;

    xc_init(&argc, &argv);
    r = start(&s, 3);
    rc = MPI_Test(&r, &flag, &st);
    xc_kv("test.pending", "%s flag=%d queries=%d", xc_rc(rc), flag, s.queries);
    rc = MPI_Request_get_status(r, &flag, &st);
    xc_kv("get_status.pending", "%s flag=%d queries=%d", xc_rc(rc), flag, s.queries);
    MPI_Cancel(&r);
    show("cancel.pending", MPI_SUCCESS, &s, NULL);
    MPI_Grequest_complete(r);
    rc = MPI_Request_get_status(r, &flag, &st);
    show("get_status.complete", rc, &s, &st);
    MPI_Cancel(&r);
    show("cancel.complete", MPI_SUCCESS, &s, NULL);
    rc = MPI_Wait(&r, &st);
    show("wait", rc, &s, &st);
    xc_kv("wait.handle", "%s", r == MPI_REQUEST_NULL ? "MPI_REQUEST_NULL" : "kept");

    r = start(&s, 4);
    MPI_Grequest_complete(r);
    rc = MPI_Test(&r, &flag, &st);
    show("test.complete", rc, &s, &st);

    r = start(&s, 1);
    {
        MPI_Request copy = r; /* MPI_Request_free sets r to MPI_REQUEST_NULL */
        MPI_Request_free(&r);
        show("free.pending", MPI_SUCCESS, &s, NULL);
        MPI_Grequest_complete(copy);
        show("free.pending.completed", MPI_SUCCESS, &s, NULL);
    }
    r = start(&s, 2);
    MPI_Grequest_complete(r);
    MPI_Request_free(&r);
    show("free.complete", MPI_SUCCESS, &s, NULL);

    for (int i = 0; i < 3; i++)
        rs[i] = start(&t[i], 10 + i);
    for (int i = 2; i >= 0; i--)
        MPI_Grequest_complete(rs[i]);
    rc = MPI_Waitall(3, rs, sts);
    for (int i = 0; i < 3; i++) {
        char key[32];
        snprintf(key, sizeof key, "waitall.%d", i);
        show(key, rc, &t[i], &sts[i]);
    }
    for (int i = 0; i < 3; i++)
        rs[i] = start(&t[i], 20 + i);
    MPI_Grequest_complete(rs[1]);
    rc = MPI_Waitany(3, rs, &idx, &st);
    xc_kv("waitany", "%s index=%d tag=%d", xc_rc(rc), idx, st.MPI_TAG);
    MPI_Grequest_complete(rs[0]);
    MPI_Grequest_complete(rs[2]);
    rc = MPI_Waitsome(3, rs, &n, ids, sts);
    xc_kv("waitsome", "%s outcount=%d first=%d tags=%d,%d", xc_rc(rc), n, ids[0], sts[0].MPI_TAG,
          sts[1].MPI_TAG);

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    r = start(&s, 5);
    s.query_rc = MPI_ERR_OTHER;
    MPI_Grequest_complete(r);
    rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
    show("wait.query_fails", rc, &s, NULL);
    r = start(&s, 6);
    s.free_rc = MPI_ERR_OTHER;
    MPI_Grequest_complete(r);
    rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
    show("wait.free_fails", rc, &s, NULL);
    for (int i = 0; i < 2; i++)
        rs[i] = start(&t[i], 30 + i);
    t[1].query_rc = MPI_ERR_OTHER;
    MPI_Grequest_complete(rs[0]);
    MPI_Grequest_complete(rs[1]);
    rc = MPI_Waitall(2, rs, sts);
    xc_kv("waitall.query_fails", "%s errors=%s,%s frees=%d", xc_rc(rc), xc_rc(sts[0].MPI_ERROR),
          xc_rc(sts[1].MPI_ERROR), t[0].frees + t[1].frees);
    /* (a second MPI_Grequest_complete: MPICH 4.0.2 accepts it, then fails
     * an assertion in MPI_Wait; check_grequest tests typeshim's
     * MPI_ERR_REQUEST) */
    r = start(&s, 7);
    s.query_rc = MPI_ERR_OTHER;
    s.free_rc = MPI_ERR_ARG;
    MPI_Grequest_complete(r);
    rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
    show("wait.both_fail", rc, &s, NULL);
    xc_rc_kv("complete.null", "", MPI_Grequest_complete(MPI_REQUEST_NULL));
    return xc_finalize();
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_p2p: messages to self on one process, compared with MPICH run as a
 * singleton: matching order (tags, wildcards, posted receives), statuses
 * (source, tag, count, elements with derived datatypes), the Wait and Test
 * families, persistent requests, probes and matched probes, buffered,
 * ready and synchronous sends that can complete, receive cancellation,
 * truncation and argument errors.  Calls that can never complete on one
 * process (MPICH waits forever there) are typeshim's own tests'
 * (test/serial/check_p2p.c).  A blocking standard send to self waits for
 * its receive in MPICH (MPI allows it to), so messages that no receive
 * awaits yet go with MPI_Isend, completed at the end of each part. */
#include "xc_common.h"

/* MPI_STATUSES_IGNORE through a volatile: GCC takes the constant for a
 * status array of size 0 and warns (-Wstringop-overflow). */
static MPI_Status *volatile statuses_ignore = MPI_STATUSES_IGNORE;

static MPI_Request pend[32];
static int npend;

static void isend(const void *buf, int count, MPI_Datatype t, int tag, MPI_Comm comm)
{
    MPI_Isend(buf, count, t, 0, tag, comm, &pend[npend++]);
}

static void drain(const char *key)
{
    int rc = MPI_Waitall(npend, pend, statuses_ignore);
    xc_kv(key, "%s sends=%d", xc_rc(rc), npend);
    npend = 0;
}

/* The status of a probe carries no cancelled flag in MPICH 4.0.2 (it
 * reads true), hence `cancelled` 0 for them. */
static void status_of(const char *key, int rc, const MPI_Status *s, MPI_Datatype t, int cancelled)
{
    int count = -7, elems = -7, c = 0;

    MPI_Get_count(s, t, &count);
    MPI_Get_elements(s, t, &elems);
    if (cancelled)
        MPI_Test_cancelled(s, &c);
    xc_kv(key, "%s source=%s tag=%d count=%d elements=%d cancelled=%d", xc_rc(rc),
          xc_rank(s->MPI_SOURCE), s->MPI_TAG, count, elems, c);
}

static void status_kv(const char *key, int rc, const MPI_Status *s, MPI_Datatype t)
{
    status_of(key, rc, s, t, 1);
}

static void ints_kv(const char *key, const int *v, int n)
{
    char s[256] = "";
    for (int i = 0; i < n; i++)
        snprintf(s + strlen(s), sizeof s - strlen(s), "%d ", v[i]);
    xc_kv(key, "%s", s);
}

static void fill(int *v, int n, int base)
{
    for (int i = 0; i < n; i++)
        v[i] = base + i;
}

/* Tags, wildcards and the order of messages. */
static void order(void)
{
    int a[8], b[8];
    MPI_Status s;
    int rc;

    fill(a, 8, 10);
    isend(a, 2, MPI_INT, 5, MPI_COMM_WORLD);
    isend(a + 2, 3, MPI_INT, 6, MPI_COMM_WORLD);
    isend(a + 5, 1, MPI_INT, 5, MPI_COMM_WORLD);
    memset(b, 0, sizeof b);
    rc = MPI_Recv(b, 8, MPI_INT, 0, 6, MPI_COMM_WORLD, &s);
    status_kv("order.tag6", rc, &s, MPI_INT);
    ints_kv("order.tag6.data", b, 3);
    rc = MPI_Recv(b, 8, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
    status_kv("order.any1", rc, &s, MPI_INT);
    ints_kv("order.any1.data", b, 2);
    rc = MPI_Recv(b, 8, MPI_INT, 0, 5, MPI_COMM_WORLD, &s);
    status_kv("order.tag5", rc, &s, MPI_INT);
    ints_kv("order.tag5.data", b, 1);
    /* communicators do not mix */
    isend(a, 1, MPI_INT, 7, MPI_COMM_SELF);
    isend(a + 1, 1, MPI_INT, 7, MPI_COMM_WORLD);
    rc = MPI_Recv(b, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, &s);
    xc_kv("order.world", "%s %d", xc_rc(rc), b[0]);
    rc = MPI_Recv(b, 1, MPI_INT, 0, 7, MPI_COMM_SELF, &s);
    xc_kv("order.self", "%s %d", xc_rc(rc), b[0]);
#if XC_MPI4
    /* the _c forms */
    MPI_Isend_c(a, (MPI_Count)4, MPI_INT, 0, 8, MPI_COMM_WORLD, &pend[npend++]);
    rc = MPI_Recv_c(b, (MPI_Count)8, MPI_INT, 0, 8, MPI_COMM_WORLD, &s);
    status_kv("order.c", rc, &s, MPI_INT);
#else
    /* the same message, so that the drain counts the same sends */
    isend(a, 4, MPI_INT, 8, MPI_COMM_WORLD);
    MPI_Recv(b, 8, MPI_INT, 0, 8, MPI_COMM_WORLD, &s);
#endif
    drain("order.drain");
}

/* Sender and receiver with different datatypes; short messages. */
static void datatypes(void)
{
    double x[12], y[12];
    MPI_Datatype vec, pair, cont;
    MPI_Status s;
    int rc;

    for (int i = 0; i < 12; i++)
        x[i] = 1.5 * i;
    MPI_Type_vector(3, 2, 4, MPI_DOUBLE, &vec);
    MPI_Type_commit(&vec);
    MPI_Type_contiguous(2, MPI_DOUBLE, &pair);
    MPI_Type_commit(&pair);
    MPI_Type_contiguous(4, MPI_DOUBLE, &cont);
    MPI_Type_commit(&cont);
    isend(x, 1, vec, 1, MPI_COMM_WORLD);
    memset(y, 0, sizeof y);
    rc = MPI_Recv(y, 6, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &s);
    status_kv("types.vec_to_doubles", rc, &s, MPI_DOUBLE);
    xc_kv("types.vec_to_doubles.data", "%g %g %g %g %g %g", y[0], y[1], y[2], y[3], y[4], y[5]);
    /* 6 doubles received as pairs: 3 of them; as blocks of 4: count
     * undefined, 6 elements */
    isend(x, 6, MPI_DOUBLE, 2, MPI_COMM_WORLD);
    rc = MPI_Recv(y, 3, pair, 0, 2, MPI_COMM_WORLD, &s);
    status_kv("types.pairs", rc, &s, pair);
    isend(x, 6, MPI_DOUBLE, 3, MPI_COMM_WORLD);
    memset(y, 0, sizeof y);
    rc = MPI_Recv(y, 1, vec, 0, 3, MPI_COMM_WORLD, &s);
    status_kv("types.into_vec", rc, &s, vec);
    xc_kv("types.into_vec.data", "%g %g %g %g %g %g %g %g %g %g", y[0], y[1], y[2], y[3], y[4],
          y[5], y[6], y[7], y[8], y[9]);
    isend(x, 6, MPI_DOUBLE, 4, MPI_COMM_WORLD);
    rc = MPI_Recv(y, 2, cont, 0, 4, MPI_COMM_WORLD, &s);
    status_kv("types.short_cont", rc, &s, cont);
    MPI_Type_free(&vec);
    MPI_Type_free(&pair);
    MPI_Type_free(&cont);
    drain("types.drain");
}

/* Posted receives are served in the order they were posted. */
static void posted(void)
{
    int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0};
    MPI_Request r[4];
    MPI_Status st[4];
    int rc, idx = -7, flag = -7, out = -7, ind[4];

    MPI_Irecv(&b[0], 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&b[1], 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &r[1]);
    MPI_Irecv(&b[2], 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &r[2]);
    rc = MPI_Testany(3, r, &idx, &flag, &st[0]);
    xc_kv("posted.testany_none", "%s idx=%d flag=%d", xc_rc(rc), idx == MPI_UNDEFINED ? -1 : idx,
          flag);
    isend(&a[0], 1, MPI_INT, 9, MPI_COMM_WORLD);
    isend(&a[1], 1, MPI_INT, 8, MPI_COMM_WORLD);
    rc = MPI_Waitany(3, r, &idx, &st[0]);
    status_kv("posted.waitany", rc, &st[0], MPI_INT);
    xc_kv("posted.waitany.idx", "%d null=%d", idx, r[idx] == MPI_REQUEST_NULL);
    rc = MPI_Testsome(3, r, &out, ind, st);
    xc_kv("posted.testsome", "%s out=%d first=%d", xc_rc(rc), out, out > 0 ? ind[0] : -1);
    isend(&a[2], 1, MPI_INT, 9, MPI_COMM_WORLD);
    rc = MPI_Waitsome(3, r, &out, ind, st);
    xc_kv("posted.waitsome", "%s out=%d first=%d", xc_rc(rc), out, out > 0 ? ind[0] : -1);
    rc = MPI_Waitsome(3, r, &out, ind, st);
    xc_kv("posted.waitsome_none", "%s out=%d", xc_rc(rc), out == MPI_UNDEFINED ? -1 : out);
    ints_kv("posted.data", b, 3);
    /* Testall: false, then true after the sends; Waitall of nulls */
    MPI_Irecv(&b[0], 1, MPI_INT, 0, 10, MPI_COMM_WORLD, &r[0]);
    MPI_Isend(&a[3], 1, MPI_INT, 0, 11, MPI_COMM_WORLD, &r[1]);
    MPI_Irecv(&b[1], 1, MPI_INT, 0, 11, MPI_COMM_WORLD, &r[2]);
    rc = MPI_Testall(3, r, &flag, st);
    xc_kv("posted.testall_false", "%s flag=%d", xc_rc(rc), flag);
    isend(&a[0], 1, MPI_INT, 10, MPI_COMM_WORLD);
    rc = MPI_Testall(3, r, &flag, st);
    xc_kv("posted.testall_true", "%s flag=%d nulls=%d%d%d", xc_rc(rc), flag,
          r[0] == MPI_REQUEST_NULL, r[1] == MPI_REQUEST_NULL, r[2] == MPI_REQUEST_NULL);
    status_kv("posted.testall.st2", rc, &st[2], MPI_INT); /* MPI_ERROR is set on errors only */
    rc = MPI_Waitall(3, r, st);
    xc_kv("posted.waitall_nulls", "%s", xc_rc(rc));
    ints_kv("posted.data2", b, 2);
    drain("posted.drain");
}

static void persistent(void)
{
    int a = 0, b = -1;
    MPI_Request r[2];
    MPI_Status st[2];
    int rc;

    MPI_Send_init(&a, 1, MPI_INT, 0, 20, MPI_COMM_WORLD, &r[0]);
    MPI_Recv_init(&b, 1, MPI_INT, 0, 20, MPI_COMM_WORLD, &r[1]);
    for (int i = 0; i < 3; i++) {
        char k[64];
        a = 100 + i;
        MPI_Startall(2, r);
        rc = MPI_Waitall(2, r, st);
        snprintf(k, sizeof k, "persistent.round%d", i);
        xc_kv(k, "%s b=%d inactive_kept=%d", xc_rc(rc), b, r[0] != MPI_REQUEST_NULL);
    }
    /* an inactive persistent request waits as complete, empty status */
    rc = MPI_Wait(&r[1], &st[0]);
    status_kv("persistent.inactive_wait", rc, &st[0], MPI_INT);
    MPI_Request_free(&r[0]);
    MPI_Request_free(&r[1]);
    xc_kv("persistent.freed", "%d", r[0] == MPI_REQUEST_NULL && r[1] == MPI_REQUEST_NULL);
}

static void probes(void)
{
    int a[3] = {7, 8, 9}, b[3] = {0, 0, 0};
    MPI_Message m = MPI_MESSAGE_NULL;
    MPI_Request r;
    MPI_Status s;
    int rc, flag = -7;

    rc = MPI_Iprobe(0, 30, MPI_COMM_WORLD, &flag, &s);
    xc_kv("probe.iprobe_none", "%s flag=%d", xc_rc(rc), flag);
    isend(a, 3, MPI_INT, 30, MPI_COMM_WORLD);
    rc = MPI_Probe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &s);
    status_of("probe.probe", rc, &s, MPI_INT, 0);
    rc = MPI_Iprobe(0, 30, MPI_COMM_WORLD, &flag, &s);
    status_of("probe.iprobe", rc, &s, MPI_INT, 0);
    rc = MPI_Mprobe(0, 30, MPI_COMM_WORLD, &m, &s);
    status_of("probe.mprobe", rc, &s, MPI_INT, 0);
    /* taken: a second probe finds nothing */
    rc = MPI_Iprobe(0, 30, MPI_COMM_WORLD, &flag, &s);
    xc_kv("probe.after_mprobe", "%s flag=%d", xc_rc(rc), flag);
    rc = MPI_Mrecv(b, 3, MPI_INT, &m, &s);
    status_kv("probe.mrecv", rc, &s, MPI_INT);
    ints_kv("probe.mrecv.data", b, 3);
    xc_kv("probe.mrecv.null", "%d", m == MPI_MESSAGE_NULL);
    isend(a, 2, MPI_INT, 31, MPI_COMM_WORLD);
    rc = MPI_Improbe(0, 31, MPI_COMM_WORLD, &flag, &m, &s);
    xc_kv("probe.improbe", "%s flag=%d", xc_rc(rc), flag);
    rc = MPI_Imrecv(b, 3, MPI_INT, &m, &r);
    rc = MPI_Wait(&r, &s);
    status_kv("probe.imrecv", rc, &s, MPI_INT);
    rc = MPI_Mprobe(MPI_PROC_NULL, 0, MPI_COMM_WORLD, &m, &s);
    status_kv("probe.proc_null", rc, &s, MPI_INT);
    xc_kv("probe.no_proc", "%d", m == MPI_MESSAGE_NO_PROC);
    rc = MPI_Mrecv(b, 3, MPI_INT, &m, &s);
    status_kv("probe.mrecv_no_proc", rc, &s, MPI_INT);
    drain("probe.drain");
}

static void modes(void)
{
    int a[4] = {1, 2, 3, 4}, b[4] = {0, 0, 0, 0}, size = -7;
    char buf[64 + MPI_BSEND_OVERHEAD];
    void *detached = NULL;
    MPI_Request r[2];
    MPI_Status s;
    int rc;

    MPI_Buffer_attach(buf, (int)sizeof buf);
    rc = MPI_Bsend(a, 4, MPI_INT, 0, 40, MPI_COMM_WORLD);
    xc_kv("modes.bsend", "%s", xc_rc(rc));
    rc = MPI_Recv(b, 4, MPI_INT, 0, 40, MPI_COMM_WORLD, &s);
    status_kv("modes.bsend.recv", rc, &s, MPI_INT);
    MPI_Buffer_detach(&detached, &size);
    /* (the size less MPI_BSEND_OVERHEAD, the ABI's constant) */
    xc_kv("modes.detach", "%d same=%d", size - MPI_BSEND_OVERHEAD, detached == (void *)buf);
    /* a ready send with its receive posted; a synchronous one too */
    MPI_Irecv(b, 4, MPI_INT, 0, 41, MPI_COMM_WORLD, &r[0]);
    rc = MPI_Rsend(a, 3, MPI_INT, 0, 41, MPI_COMM_WORLD);
    xc_kv("modes.rsend", "%s", xc_rc(rc));
    rc = MPI_Wait(&r[0], &s);
    status_kv("modes.rsend.recv", rc, &s, MPI_INT);
    MPI_Irecv(b, 4, MPI_INT, 0, 42, MPI_COMM_WORLD, &r[0]);
    rc = MPI_Ssend(a, 2, MPI_INT, 0, 42, MPI_COMM_WORLD);
    xc_kv("modes.ssend", "%s", xc_rc(rc));
    rc = MPI_Wait(&r[0], &s);
    status_kv("modes.ssend.recv", rc, &s, MPI_INT);
    /* Issend completes when its receive is posted */
    MPI_Issend(a, 1, MPI_INT, 0, 43, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(b, 1, MPI_INT, 0, 43, MPI_COMM_WORLD, &r[1]);
    rc = MPI_Waitall(2, r, statuses_ignore);
    xc_kv("modes.issend", "%s %d", xc_rc(rc), b[0]);
}

static void sendrecv_and_null(void)
{
    int v[3] = {5, 6, 7}, w[3] = {0, 0, 0};
    MPI_Status s;
    int rc;

    /* MPI_Sendrecv_replace to self: MPICH 4.0.2 aborts (an overlapping
     * memcpy assertion); check_p2p.c tests it */
    /* its own message */
    rc = MPI_Sendrecv(v, 3, MPI_INT, 0, 51, w, 3, MPI_INT, MPI_ANY_SOURCE, 51, MPI_COMM_WORLD, &s);
    status_kv("sendrecv.own", rc, &s, MPI_INT);
    ints_kv("sendrecv.own.data", w, 3);
    /* (an older queued message with the same tag would be received first
     * and leave this call's own send pending: MPICH then waits forever,
     * as a standard send may; check_p2p.c tests it) */
    rc = MPI_Sendrecv(v, 3, MPI_INT, MPI_PROC_NULL, 52, w, 3, MPI_INT, MPI_PROC_NULL, 52,
                      MPI_COMM_WORLD, &s);
    status_kv("sendrecv.proc_null", rc, &s, MPI_INT);
    rc = MPI_Send(v, 3, MPI_INT, MPI_PROC_NULL, 53, MPI_COMM_WORLD);
    xc_kv("send.proc_null", "%s", xc_rc(rc));
    rc = MPI_Recv(w, 3, MPI_INT, MPI_PROC_NULL, 53, MPI_COMM_WORLD, &s);
    status_kv("recv.proc_null", rc, &s, MPI_INT);
    drain("sendrecv.drain");
}

static void cancel_and_free(void)
{
    int a = 3, b = 0, flag = -7;
    MPI_Request r;
    MPI_Status s;
    int rc;

    MPI_Irecv(&b, 1, MPI_INT, 0, 60, MPI_COMM_WORLD, &r);
    rc = MPI_Request_get_status(r, &flag, &s);
    xc_kv("cancel.get_status_pending", "%s flag=%d", xc_rc(rc), flag);
    rc = MPI_Cancel(&r);
    rc = MPI_Wait(&r, &s);
    MPI_Test_cancelled(&s, &flag);
    xc_kv("cancel.recv", "%s cancelled=%d null=%d", xc_rc(rc), flag, r == MPI_REQUEST_NULL);
    /* a freed pending receive still takes its message */
    MPI_Irecv(&b, 1, MPI_INT, 0, 61, MPI_COMM_WORLD, &r);
    MPI_Request_free(&r);
    isend(&a, 1, MPI_INT, 61, MPI_COMM_WORLD);
    rc = MPI_Iprobe(0, 61, MPI_COMM_WORLD, &flag, &s);
    xc_kv("free.pending_recv_took_it", "%s flag=%d b=%d", xc_rc(rc), flag, b);
    /* (whether an Isend to self is complete before its receive differs:
     * typeshim buffers it at once, MPICH waits for the receive) */
    drain("cancel.drain");
}

static void errors(void)
{
    int a[4] = {1, 2, 3, 4}, b[2] = {0, 0};
    MPI_Datatype unc;
    MPI_Status s;
    int rc;

    isend(a, 4, MPI_INT, 70, MPI_COMM_WORLD);
    rc = MPI_Recv(b, 2, MPI_INT, 0, 70, MPI_COMM_WORLD, &s);
    xc_kv("err.truncate", "%s b=%d %d", xc_rc(rc), b[0], b[1]);
    rc = MPI_Send(a, 1, MPI_INT, 1, 71, MPI_COMM_WORLD);
    xc_kv("err.rank", "%s", xc_rc(rc));
    rc = MPI_Send(a, 1, MPI_INT, 0, -3, MPI_COMM_WORLD);
    xc_kv("err.tag", "%s", xc_rc(rc));
    rc = MPI_Send(a, -1, MPI_INT, 0, 72, MPI_COMM_WORLD);
    xc_kv("err.count", "%s", xc_rc(rc));
    rc = MPI_Recv(b, 1, MPI_INT, 2, 72, MPI_COMM_WORLD, &s);
    xc_kv("err.recv_rank", "%s", xc_rc(rc));
    MPI_Type_contiguous(2, MPI_INT, &unc);
    rc = MPI_Send(a, 1, unc, 0, 73, MPI_COMM_WORLD);
    xc_kv("err.uncommitted", "%s", xc_rc(rc));
    MPI_Type_free(&unc);
    drain("err.drain");
}

int main(int argc, char **argv)
{
    xc_init(&argc, &argv);
    order();
    datatypes();
    posted();
    persistent();
    probes();
    modes();
    sendrecv_and_null();
    cancel_and_free();
    errors();
    return xc_finalize();
}

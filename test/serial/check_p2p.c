/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_p2p: point-to-point to self in libtypeshim-serial (black box,
 * through the MPI API only): what test/xcheck/xc_p2p.c cannot ask of
 * MPICH, because MPICH waits forever or behaves otherwise there.  Calls
 * that can never complete fail and say why; sends buffer eagerly;
 * cancellation, truncation inside the Wait family, stale handles, the
 * buffered-send accounting, datatypes freed while a receive is pending,
 * and a receive completed by another thread under MPI_THREAD_MULTIPLE.
 *
 * Each test runs in its own process (CK_FORK forced): MPI_Init is once per
 * process.  Fatal paths run in a further child.
 */
#include "serialtest.h"

#include <pthread.h>
#include <stdint.h>

#include "typeshim.h"

/* MPI_STATUSES_IGNORE through a volatile: GCC takes the constant for a
 * status array of size 0 and warns (-Wstringop-overflow). */
static MPI_Status *volatile statuses_ignore = MPI_STATUSES_IGNORE;

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
}

static int count_of(const MPI_Status *s, MPI_Datatype t)
{
    int n = -7;

    ck_assert_int_eq(MPI_Get_count(s, t, &n), MPI_SUCCESS);
    return n;
}

/* ------------------------------------------------- eager and ordered */

/* A standard send returns before its receive exists; messages of one tag
 * arrive in order, a wildcard takes the oldest. */
START_TEST(test_eager_order)
{
    int a[3] = {1, 2, 3}, b = 0, flag = -1;
    MPI_Request r;
    MPI_Status s;

    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(MPI_Send(&a[i], 1, MPI_INT, 0, 10 + i % 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Isend(&a[0], 1, MPI_INT, 0, 12, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Test(&r, &flag, &s), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1); /* the data is packed: complete at once */
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(MPI_Recv(&b, 1, MPI_INT, 0, 11, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(b, 2);
    ck_assert_int_eq(MPI_Recv(&b, 1, MPI_INT, MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &s),
                     MPI_SUCCESS);
    ck_assert_int_eq(b, 1);
    ck_assert_int_eq(s.MPI_TAG, 10);
    ck_assert_int_eq(MPI_Recv(&b, 1, MPI_INT, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(b, 3);
    ck_assert_int_eq(MPI_Recv(&b, 1, MPI_INT, 0, 12, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(b, 1);
}
END_TEST

/* MPI_Sendrecv's receive takes an older queued message of its tag first;
 * its own message stays queued for the next receive. */
START_TEST(test_sendrecv_older_first)
{
    int old = 7, mine = 8, got = 0;
    MPI_Status s;

    MPI_Send(&old, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    ck_assert_int_eq(
        MPI_Sendrecv(&mine, 1, MPI_INT, 0, 3, &got, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &s),
        MPI_SUCCESS);
    ck_assert_int_eq(got, 7);
    ck_assert_int_eq(MPI_Recv(&got, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(got, 8);
}
END_TEST

/* MPI_Sendrecv_replace through a vector: the data sent is packed before
 * the received message lands in the same places. */
START_TEST(test_sendrecv_replace)
{
    int v[6] = {1, 2, 3, 4, 5, 6}, other[3] = {70, 80, 90};
    MPI_Datatype vec;
    MPI_Status s;

    MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Send(other, 3, MPI_INT, 0, 4, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Sendrecv_replace(v, 1, vec, 0, 4, 0, 4, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(v[0], 70);
    ck_assert_int_eq(v[1], 2);
    ck_assert_int_eq(v[2], 80);
    ck_assert_int_eq(v[4], 90);
    ck_assert_int_eq(v[5], 6);
    /* its own message (1 3 5) is next */
    ck_assert_int_eq(MPI_Recv(other, 3, MPI_INT, 0, 4, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(other[0], 1);
    ck_assert_int_eq(other[1], 3);
    ck_assert_int_eq(other[2], 5);
    MPI_Type_free(&vec);
}
END_TEST

/* 5 ints received as pairs: count undefined, 5 elements, the third pair
 * half written. */
START_TEST(test_partial_element)
{
    int a[5] = {1, 2, 3, 4, 5}, b[6] = {0, 0, 0, 0, 0, -1}, n = -7;
    MPI_Datatype pair;
    MPI_Status s;

    MPI_Type_contiguous(2, MPI_INT, &pair);
    MPI_Type_commit(&pair);
    MPI_Send(a, 5, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Recv(b, 3, pair, 0, 1, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(count_of(&s, pair), MPI_UNDEFINED);
    ck_assert_int_eq(MPI_Get_elements(&s, pair, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 5);
    ck_assert_int_eq(b[4], 5);
    ck_assert_int_eq(b[5], -1);
    MPI_Type_free(&pair);
}
END_TEST

/* ------------------------------------------- calls that can never end */

struct stuck {
    const char *what;
    int (*call)(void);
    const char *says;
};

static int stuck_recv(void)
{
    int b;
    return MPI_Recv(&b, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static int stuck_ssend(void)
{
    int a = 1;
    return MPI_Ssend(&a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
}
static int stuck_probe(void)
{
    return MPI_Probe(MPI_ANY_SOURCE, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static int stuck_mprobe(void)
{
    MPI_Message m;
    return MPI_Mprobe(0, MPI_ANY_TAG, MPI_COMM_SELF, &m, MPI_STATUS_IGNORE);
}
static MPI_Request pending_recv(int *b)
{
    MPI_Request r;
    ck_assert_int_eq(MPI_Irecv(b, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    return r;
}
static int stuck_wait(void)
{
    int b;
    MPI_Request r = pending_recv(&b);
    return MPI_Wait(&r, MPI_STATUS_IGNORE);
}
static int stuck_waitall(void)
{
    int a = 1, b;
    MPI_Request r[2];
    MPI_Isend(&a, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, &r[0]);
    r[1] = pending_recv(&b);
    int rc = MPI_Waitall(2, r, statuses_ignore);
    /* nothing was completed: the send's request is still there */
    ck_assert_int_ne(r[0], MPI_REQUEST_NULL);
    return rc;
}
static int stuck_waitany(void)
{
    int b;
    MPI_Request r[2] = {MPI_REQUEST_NULL, pending_recv(&b)};
    int idx = -7;
    return MPI_Waitany(2, r, &idx, MPI_STATUS_IGNORE);
}
static int stuck_waitsome(void)
{
    int b, out, ind[1];
    MPI_Request r = pending_recv(&b);
    return MPI_Waitsome(1, &r, &out, ind, statuses_ignore);
}
static int stuck_issend_wait(void)
{
    int a = 1;
    MPI_Request r;
    MPI_Issend(&a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r);
    return MPI_Wait(&r, MPI_STATUS_IGNORE);
}
static int stuck_sendrecv_other_tag(void)
{
    int a = 1, b;
    return MPI_Sendrecv(&a, 1, MPI_INT, 0, 4, &b, 1, MPI_INT, 0, 5, MPI_COMM_WORLD,
                        MPI_STATUS_IGNORE);
}
static int stuck_other_comm(void)
{
    int a = 1, b;
    MPI_Send(&a, 1, MPI_INT, 0, 5, MPI_COMM_SELF);
    return MPI_Recv(&b, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}
static int stuck_rsend(void)
{
    int a = 1;
    return MPI_Rsend(&a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD);
}

static const struct stuck stucks[] = {
    {"MPI_Recv", stuck_recv, "MPI_Recv(tag=5): the receive can never complete"},
    {"MPI_Ssend", stuck_ssend, "MPI_Ssend(tag=5): the synchronous send can never complete"},
    {"MPI_Probe", stuck_probe, "MPI_Probe(tag=5): can never complete"},
    {"MPI_Mprobe", stuck_mprobe, "MPI_Mprobe(tag=-1): can never complete"},
    {"MPI_Wait", stuck_wait, "MPI_Wait(request): the receive (tag 5) can never complete"},
    {"MPI_Waitall", stuck_waitall, "MPI_Waitall(array_of_requests[1]): the receive (tag 5)"},
    {"MPI_Waitany", stuck_waitany, "MPI_Waitany(array_of_requests[1]): the receive (tag 5)"},
    {"MPI_Waitsome", stuck_waitsome, "MPI_Waitsome(array_of_requests[0]): the receive"},
    {"MPI_Issend+Wait", stuck_issend_wait, "the synchronous send (tag 5) can never complete"},
    {"MPI_Sendrecv", stuck_sendrecv_other_tag, "MPI_Sendrecv(tag=5): the receive can never"},
    {"other comm", stuck_other_comm, "MPI_Recv(tag=5): the receive can never complete"},
    {"MPI_Rsend", stuck_rsend, "no matching receive is posted"},
};

/* Each returns MPI_ERR_OTHER at once with MPI_ERRORS_RETURN. */
START_TEST(test_stuck_returns)
{
    returning();
    ck_assert_msg(class_of(stucks[_i].call()) == MPI_ERR_OTHER, "%s", stucks[_i].what);
}
END_TEST

static int stuck_i;
static void body_stuck(void)
{
    stucks[stuck_i].call();
}

/* A NULL status is refused (MPI_STATUS_IGNORE is not NULL), before any
 * message is taken; each call used to write through it. */
START_TEST(test_null_status)
{
    int a = 5, b = 0, flag = -1, idx = -1, outcount = -1;
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Message m = MPI_MESSAGE_NULL;

    returning();
    ck_assert_int_eq(MPI_Send(&a, 1, MPI_INT, 0, 3, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Recv(&b, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Probe(0, 3, MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Iprobe(0, 3, MPI_COMM_WORLD, &flag, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Mprobe(0, 3, MPI_COMM_WORLD, &m, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(m, MPI_MESSAGE_NULL);
    ck_assert_int_eq(
        class_of(MPI_Sendrecv(&a, 1, MPI_INT, 0, 4, &b, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, NULL)),
        MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Request_get_status(MPI_REQUEST_NULL, &flag, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Wait(&r, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Test(&r, &flag, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Waitany(1, &r, &idx, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Waitall(1, &r, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Testsome(1, &r, &outcount, &idx, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(MPI_Waitall(0, NULL, NULL), MPI_SUCCESS); /* nothing to write */
    /* the message is still there, and only it */
    ck_assert_int_eq(MPI_Recv(&b, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert_int_eq(b, 5);
    ck_assert_int_eq(
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE),
        MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
}
END_TEST

/* One request twice in an array is refused before any completes (it was
 * completed and released twice, corrupting the table of free slots). */
START_TEST(test_request_twice)
{
    int a = 1, outcount = -1, idx[2];
    MPI_Request r[2];

    returning();
    ck_assert_int_eq(MPI_Isend(&a, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &r[0]), MPI_SUCCESS);
    r[1] = r[0];
    ck_assert_int_eq(class_of(MPI_Waitsome(2, r, &outcount, idx, statuses_ignore)),
                     MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Waitall(2, r, statuses_ignore)), MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Startall(2, r)), MPI_ERR_REQUEST);
    ck_assert_int_ne(r[0], MPI_REQUEST_NULL); /* untouched */
    ck_assert_int_eq(MPI_Waitall(1, r, statuses_ignore), MPI_SUCCESS);
    ck_assert_int_eq(r[0], MPI_REQUEST_NULL);
    ck_assert_int_eq(MPI_Recv(&a, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
}
END_TEST

/* With the default handler the process ends, saying why. */
START_TEST(test_stuck_fatal)
{
    struct child c;

    stuck_i = _i;
    run_child(body_stuck, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_OTHER);
    ck_assert_msg(strstr(c.err, stucks[_i].says), "%s: stderr: %s", stucks[_i].what, c.err);
}
END_TEST

/* A failed MPI_Ssend, or MPI_Sendrecv whose receive cannot complete,
 * leaves no message behind. */
START_TEST(test_failed_sends_withdrawn)
{
    int a = 1, b = -1, flag = -1;

    returning();
    ck_assert_int_eq(class_of(MPI_Ssend(&a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD)), MPI_ERR_OTHER);
    ck_assert_int_eq(MPI_Iprobe(0, 5, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(class_of(MPI_Sendrecv(&a, 1, MPI_INT, 0, 6, &b, 1, MPI_INT, 0, 7,
                                           MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_OTHER);
    ck_assert_int_eq(MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(b, -1);
}
END_TEST

/* --------------------------------------------- truncation and requests */

/* A truncated nonblocking receive: MPI_Wait raises MPI_ERR_TRUNCATE;
 * MPI_Waitall raises MPI_ERR_IN_STATUS with each request's class in its
 * status; the buffer is left alone. */
START_TEST(test_truncate_in_wait)
{
    int a[4] = {1, 2, 3, 4}, b[2] = {-1, -1}, c = -1;
    MPI_Request r[2];
    MPI_Status st[2];

    returning();
    MPI_Irecv(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Send(a, 4, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(class_of(MPI_Wait(&r[0], &st[0])), MPI_ERR_TRUNCATE);
    ck_assert_int_eq(r[0], MPI_REQUEST_NULL);
    ck_assert_int_eq(b[0], -1);
    MPI_Irecv(b, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&c, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &r[1]);
    MPI_Send(a, 3, MPI_INT, 0, 2, MPI_COMM_WORLD);
    MPI_Send(a + 3, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    st[0].MPI_ERROR = st[1].MPI_ERROR = -7;
    ck_assert_int_eq(class_of(MPI_Waitall(2, r, st)), MPI_ERR_IN_STATUS);
    ck_assert_int_eq(class_of(st[0].MPI_ERROR), MPI_ERR_TRUNCATE);
    ck_assert_int_eq(st[1].MPI_ERROR, MPI_SUCCESS);
    ck_assert_int_eq(c, 4);
    ck_assert_int_eq(b[1], -1);
}
END_TEST

/* A handle used after its request was freed is refused; so are requests
 * that are not persistent, or already active, in MPI_Start(all). */
/* A receive type whose map writes a byte twice is refused (MPI-4.1
 * section 5.1) before anything matches: the message stays queued and the
 * buffer untouched; the same type may send. */
START_TEST(test_overlapping_receive_type)
{
    int a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {0}, c[4] = {0};
    MPI_Datatype ov;
    MPI_Request r;

    returning();
    MPI_Type_vector(3, 2, 1, MPI_INT, &ov); /* 6 ints over 4 slots */
    MPI_Type_commit(&ov);
    ck_assert_int_eq(MPI_Isend(a, 6, MPI_INT, 0, 4, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Recv(c, 1, ov, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    ck_assert(c[0] == 0 && c[1] == 0 && c[2] == 0 && c[3] == 0);
    ck_assert_int_eq(class_of(MPI_Irecv(c, 1, ov, 0, 4, MPI_COMM_WORLD, &r)), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Recv(b, 6, MPI_INT, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert(b[0] == 1 && b[5] == 6);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS); /* the Isend's */
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    /* sending from it is allowed: 1 2 2 3 3 4 */
    ck_assert_int_eq(
        MPI_Sendrecv(a, 1, ov, 0, 5, b, 6, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
        MPI_SUCCESS);
    ck_assert(b[1] == 2 && b[2] == 2 && b[5] == 4);
    ck_assert_int_eq(
        class_of(MPI_Sendrecv_replace(a, 1, ov, 0, 6, 0, 6, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
        MPI_ERR_TYPE);
    MPI_Type_free(&ov);
}
END_TEST

/* count copies of a receive type that share a byte are refused as
 * contiguous(count, type) is (count 2 of resized(MPI_INT, 0, 2) writes
 * bytes 2-3 twice), before anything matches; copies that interleave
 * without sharing a byte are received; a receive from MPI_PROC_NULL
 * writes nothing, so its type may overlap (but must be committed). */
START_TEST(test_receive_copies_overlap)
{
    int a[12] = {1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12}, c[12] = {0};
    MPI_Datatype half, zero, v, woven, ov, raw;
    MPI_Message m = MPI_MESSAGE_NO_PROC;
    MPI_Request r;
    MPI_Status st;

    returning();
    MPI_Type_create_resized(MPI_INT, 0, 2, &half);
    MPI_Type_commit(&half);
    MPI_Type_create_resized(MPI_INT, 0, 0, &zero);
    MPI_Type_commit(&zero);
    MPI_Type_vector(3, 1, 3, MPI_INT, &v); /* ints 0, 3, 6; the next element one int on */
    MPI_Type_create_resized(v, 0, sizeof(int), &woven);
    MPI_Type_commit(&woven);
    MPI_Type_vector(3, 2, 1, MPI_INT, &ov);
    MPI_Type_commit(&ov);
    MPI_Type_contiguous(2, MPI_INT, &raw);

    ck_assert_int_eq(MPI_Isend(a, 9, MPI_INT, 0, 4, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Recv(c, 2, half, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Recv_c(c, 2, half, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Recv(c, 3, zero, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Irecv(c, 2, half, 0, 4, MPI_COMM_WORLD, &r)), MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Recv_init(c, 4, woven, 0, 4, MPI_COMM_WORLD, &r)), MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Sendrecv(a, 1, MPI_INT, 0, 9, c, 2, half, 0, 9, MPI_COMM_WORLD,
                                           MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(
        class_of(MPI_Sendrecv_replace(c, 2, half, 0, 9, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
        MPI_ERR_TYPE);
    ck_assert(c[0] == 0 && c[1] == 0 && c[11] == 0);
    /* count 3 of woven: copies 1 and 2 fill copy 0's holes */
    ck_assert_int_eq(MPI_Recv(c, 3, woven, 0, 4, MPI_COMM_WORLD, &st), MPI_SUCCESS);
    ck_assert(c[0] == 1 && c[3] == 2 && c[6] == 3 && c[1] == 4 && c[8] == 9 && c[9] == 0);
    /* Mrecv: one element of half, not two */
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Mprobe(0, 5, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Mrecv(c, 2, half, &m, MPI_STATUS_IGNORE)), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Mrecv(c + 11, 1, half, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(c[11], 1);

    /* from MPI_PROC_NULL: no overlap check, nothing written */
    memset(c, 0, sizeof c);
    ck_assert_int_eq(MPI_Recv(c, 2, half, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st), MPI_SUCCESS);
    ck_assert_int_eq(st.MPI_SOURCE, MPI_PROC_NULL);
    ck_assert_int_eq(MPI_Recv(c, 1, ov, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Irecv(c, 2, half, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv_init(c, 1, ov, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Request_free(&r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Sendrecv(a, 1, MPI_INT, MPI_PROC_NULL, 0, c, 2, half, MPI_PROC_NULL, 0,
                                  MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Sendrecv_replace(c, 1, ov, MPI_PROC_NULL, 0, MPI_PROC_NULL, 0,
                                          MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    m = MPI_MESSAGE_NO_PROC;
    ck_assert_int_eq(MPI_Mrecv(c, 2, half, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert(c[0] == 0 && c[1] == 0 && c[2] == 0);
    /* ... but the type is still checked */
    ck_assert_int_eq(
        class_of(MPI_Recv(c, 1, raw, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
        MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Recv(c, 1, MPI_DATATYPE_NULL, MPI_PROC_NULL, 0, MPI_COMM_WORLD,
                                       MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    MPI_Type_free(&half);
    MPI_Type_free(&zero);
    MPI_Type_free(&v);
    MPI_Type_free(&woven);
    MPI_Type_free(&ov);
    MPI_Type_free(&raw);
}
END_TEST

/* With the default handler the process ends, naming the call, the
 * argument and the copies that overlap. */
static void body_copies(void)
{
    int c[4];
    MPI_Datatype half;

    MPI_Type_create_resized(MPI_INT, 0, 2, &half);
    MPI_Type_commit(&half);
    MPI_Recv(c, 2, half, 0, 4, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

START_TEST(test_receive_copies_fatal)
{
    struct child c;

    run_child(body_copies, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_TYPE);
    ck_assert_msg(strstr(c.err, "MPI_Recv: argument datatype=") &&
                      strstr(c.err, "receive buffer (count=2) but copies 0 and 1 of the type "
                                    "overlap (extent 2 < true extent 4)"),
                  "stderr: %s", c.err);
}
END_TEST

START_TEST(test_stale_and_start)
{
    int a = 1, b = 0;
    MPI_Request r, old, p[2];

    returning();
    MPI_Isend(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &r);
    old = r;
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Wait(&old, MPI_STATUS_IGNORE)), MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Request_free(&old)), MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Cancel(&(MPI_Request){MPI_REQUEST_NULL})), MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Start(&old)), MPI_ERR_REQUEST);
    MPI_Recv_init(&b, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, &p[0]);
    MPI_Irecv(&b, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &p[1]); /* not persistent */
    ck_assert_int_eq(class_of(MPI_Startall(2, p)), MPI_ERR_REQUEST);
    /* none started: the queued message (tag 1) is still there */
    ck_assert_int_eq(MPI_Iprobe(0, 1, MPI_COMM_WORLD, &a, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(a, 1);
    ck_assert_int_eq(MPI_Start(&p[0]), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Start(&p[0])), MPI_ERR_REQUEST); /* active */
    ck_assert_int_eq(MPI_Wait(&p[0], MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b, 1);
    MPI_Request_free(&p[0]);
    MPI_Cancel(&p[1]);
    MPI_Wait(&p[1], MPI_STATUS_IGNORE);
}
END_TEST

/* Cancelling a send whose message waits in the queue withdraws it. */
START_TEST(test_cancel_send)
{
    int a = 5, flag = -1;
    MPI_Request r;
    MPI_Status s;

    MPI_Isend(&a, 1, MPI_INT, 0, 8, MPI_COMM_WORLD, &r);
    ck_assert_int_eq(MPI_Cancel(&r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Test_cancelled(&s, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(MPI_Iprobe(0, 8, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    /* a received message cannot be cancelled any more */
    MPI_Isend(&a, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &r);
    MPI_Recv(&flag, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Cancel(&r);
    MPI_Wait(&r, &s);
    MPI_Test_cancelled(&s, &flag);
    ck_assert_int_eq(flag, 0);
}
END_TEST

/* Message handles: one MPI_Mrecv each; a bogus or received one is
 * refused. */
START_TEST(test_message_handles)
{
    int a = 3, b = 0;
    MPI_Message m, old;

    returning();
    MPI_Send(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Mprobe(0, 1, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
    old = m;
    ck_assert_int_eq(MPI_Mrecv(&b, 1, MPI_INT, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b, 3);
    ck_assert_int_eq(m, MPI_MESSAGE_NULL);
    ck_assert_int_eq(class_of(MPI_Mrecv(&b, 1, MPI_INT, &old, MPI_STATUS_IGNORE)), MPI_ERR_REQUEST);
    m = (MPI_Message)0x12345678;
    ck_assert_int_eq(class_of(MPI_Mrecv(&b, 1, MPI_INT, &m, MPI_STATUS_IGNORE)), MPI_ERR_REQUEST);
}
END_TEST

/* ---------------------------------------------------- buffered sends */

START_TEST(test_bsend_accounting)
{
    int a[10] = {0}, size = -1;
    char buf[10 * sizeof(int) + MPI_BSEND_OVERHEAD];
    void *p = (void *)1;

    returning();
    ck_assert_int_eq(class_of(MPI_Bsend(a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD)), MPI_ERR_BUFFER);
    ck_assert_int_eq(MPI_Buffer_detach(&p, &size), MPI_SUCCESS); /* none attached */
    ck_assert_ptr_null(p);
    ck_assert_int_eq(size, 0);
    ck_assert_int_eq(MPI_Buffer_attach(buf, (int)sizeof buf), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Buffer_attach(buf, (int)sizeof buf)), MPI_ERR_BUFFER);
    /* exactly 10 ints + MPI_BSEND_OVERHEAD fit, 11 do not */
    ck_assert_int_eq(class_of(MPI_Bsend(a, 11, MPI_INT, 0, 1, MPI_COMM_WORLD)), MPI_ERR_BUFFER);
    ck_assert_int_eq(MPI_Bsend(a, 10, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    /* the message left the buffer: another one fits */
    ck_assert_int_eq(MPI_Bsend(a, 10, MPI_INT, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Buffer_detach(&p, &size), MPI_SUCCESS);
    ck_assert_ptr_eq(p, buf);
    ck_assert_int_eq(size, (int)sizeof buf);
    ck_assert_int_eq(class_of(MPI_Buffer_attach(buf, -1)), MPI_ERR_ARG);
}
END_TEST

/* --------------------------------------------- datatypes and threads */

/* A pending receive keeps its derived datatype alive: the program frees
 * its handle, the message still lands by the type map, and no type is
 * left once the request completed. */
START_TEST(test_type_freed_while_pending)
{
    int a[3] = {1, 2, 3}, b[6] = {0};
    long live = typeshim_live_types();
    MPI_Datatype vec;
    MPI_Request r;

    MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Irecv(b, 1, vec, 0, 1, MPI_COMM_WORLD, &r);
    MPI_Type_free(&vec);
    MPI_Send(a, 3, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[0], 1);
    ck_assert_int_eq(b[2], 2);
    ck_assert_int_eq(b[4], 3);
    ck_assert_int_eq(b[1], 0);
    ck_assert_int_eq(typeshim_live_types(), live);
}
END_TEST

static void *late_sender(void *arg)
{
    int v = *(int *)arg;

    usleep(50000);
    MPI_Send(&v, 1, MPI_INT, 0, 77, MPI_COMM_WORLD);
    return NULL;
}

static void body_multiple(void)
{
    int provided = -1, v = 42, got = 0;
    pthread_t th;

    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    if (provided != MPI_THREAD_MULTIPLE)
        _exit(3);
    pthread_create(&th, NULL, late_sender, &v);
    /* waits for the other thread's send instead of failing */
    if (MPI_Recv(&got, 1, MPI_INT, 0, 77, MPI_COMM_WORLD, MPI_STATUS_IGNORE) != MPI_SUCCESS)
        _exit(4);
    pthread_join(th, NULL);
    MPI_Finalize();
    _exit(got == 42 ? 0 : 5);
}

/* Threads sending to and receiving from the process at once, each on
 * its own tags, with blocking, nonblocking, MPI_Sendrecv and collective
 * calls: every message arrives intact (the ThreadSanitizer stage of CI
 * runs this). */
#define STRESS_THREADS 4
#define STRESS_ROUNDS  300

static void *stress(void *arg)
{
    const int id = (int)(intptr_t)arg;
    long bad = 0;

    for (int i = 0; i < STRESS_ROUNDS; i++) {
        int out[3] = {id, i, id * i}, in[3] = {-1, -1, -1}, sum = -1;
        MPI_Request r;
        MPI_Status st;
        if (MPI_Isend(out, 3, MPI_INT, 0, id, MPI_COMM_WORLD, &r) != MPI_SUCCESS ||
            MPI_Recv(in, 3, MPI_INT, MPI_ANY_SOURCE, id, MPI_COMM_WORLD, &st) != MPI_SUCCESS ||
            MPI_Wait(&r, MPI_STATUS_IGNORE) != MPI_SUCCESS)
            bad++;
        if (in[0] != id || in[1] != i || in[2] != id * i || st.MPI_TAG != id)
            bad++;
        if (MPI_Allreduce(&i, &sum, 1, MPI_INT, MPI_SUM, MPI_COMM_SELF) != MPI_SUCCESS || sum != i)
            bad++;
        /* an exchange with itself, buffer to buffer under the queue lock */
        in[0] = in[1] = in[2] = -1;
        if (MPI_Sendrecv(out, 3, MPI_INT, 0, 100 + id, in, 3, MPI_INT, 0, 100 + id, MPI_COMM_WORLD,
                         &st) != MPI_SUCCESS ||
            in[0] != id || in[1] != i || in[2] != id * i || st.MPI_TAG != 100 + id)
            bad++;
    }
    return (void *)(intptr_t)bad;
}

static void body_stress(void)
{
    pthread_t th[STRESS_THREADS];
    int provided = -1;
    long bad = 0;

    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    for (intptr_t t = 0; t < STRESS_THREADS; t++)
        pthread_create(&th[t], NULL, stress, (void *)t);
    for (int t = 0; t < STRESS_THREADS; t++) {
        void *b;
        pthread_join(th[t], &b);
        bad += (long)(intptr_t)b;
    }
    MPI_Finalize();
    _exit(bad == 0 ? 0 : 6);
}

START_TEST(test_thread_stress)
{
    struct child c;

    run_child(body_stress, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_msg(c.status == 0, "status %d, stderr %s", c.status, c.err);
}
END_TEST

START_TEST(test_thread_multiple_waits)
{
    struct child c;

    run_child(body_multiple, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_msg(c.status == 0, "status %d, stderr %s", c.status, c.err);
}
END_TEST

/* Pending operations at MPI_Finalize: dropped without leaks (the ASan
 * stage checks) and without writing to the buffers. */
START_TEST(test_finalize_pending)
{
    int a = 1, b = -1;
    MPI_Request r;
    MPI_Datatype vec;

    MPI_Type_vector(2, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Send(&a, 1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Irecv(&b, 1, vec, 0, 2, MPI_COMM_WORLD, &r);
    MPI_Type_free(&vec);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
    ck_assert_int_eq(b, -1);
}
END_TEST

static Suite *p2p_suite(void)
{
    Suite *s = suite_create("p2p");
    TCase *tc = tcase_create("self");
    int nstuck = (int)(sizeof stucks / sizeof stucks[0]);

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_eager_order);
    tcase_add_test(tc, test_sendrecv_older_first);
    tcase_add_test(tc, test_sendrecv_replace);
    tcase_add_test(tc, test_partial_element);
    tcase_add_loop_test(tc, test_stuck_returns, 0, nstuck);
    tcase_add_loop_test(tc, test_stuck_fatal, 0, nstuck);
    tcase_add_test(tc, test_failed_sends_withdrawn);
    tcase_add_test(tc, test_truncate_in_wait);
    tcase_add_test(tc, test_overlapping_receive_type);
    tcase_add_test(tc, test_receive_copies_overlap);
    tcase_add_test(tc, test_receive_copies_fatal);
    tcase_add_test(tc, test_stale_and_start);
    tcase_add_test(tc, test_cancel_send);
    tcase_add_test(tc, test_message_handles);
    tcase_add_test(tc, test_null_status);
    tcase_add_test(tc, test_request_twice);
    tcase_add_test(tc, test_bsend_accounting);
    tcase_add_test(tc, test_type_freed_while_pending);
    tcase_add_test(tc, test_finalize_pending);
    suite_add_tcase(s, tc);
    /* its own MPI_Init_thread: no fixture */
    tc = tcase_create("threads");
    tcase_add_test(tc, test_thread_multiple_waits);
    tcase_add_test(tc, test_thread_stress);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(p2p_suite());
}

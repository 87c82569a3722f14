/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_grequest: generalized requests of libtypeshim-serial (MPI-4.1
 * section 13.2).  The callbacks count their calls and write literal
 * values: the status a completion call gives is the query's, the free
 * callback runs exactly once (at the completion call, at MPI_Request_free
 * of a complete request, or at MPI_Grequest_complete after an early
 * MPI_Request_free), the cancel callback learns whether the request was
 * completed, a code a callback returns reaches the program unchanged, the
 * callbacks may call MPI, and a wait no thread can end fails at once
 * (below MPI_THREAD_MULTIPLE) while another thread may end it above.
 */
#include "serialtest.h"

#include <pthread.h>

struct state {
    int queries, frees, cancels, last_complete;
    int source, tag, elements; /* what the query writes */
    int query_rc, free_rc;
    MPI_Request self; /* a copy of the request's handle the query tries to free */
    int self_free_rc;
};

static int query(void *extra, MPI_Status *status)
{
    struct state *s = extra;
    int rank = -1;

    s->queries++;
    /* a callback may call MPI: the runtime holds no lock here */
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    status->MPI_SOURCE = s->source + rank;
    status->MPI_TAG = s->tag;
    MPI_Status_set_elements(status, MPI_INT, s->elements);
    MPI_Status_set_cancelled(status, 0);
    if (s->self != MPI_REQUEST_NULL) { /* the handle is the program's no more */
        MPI_Request copy = s->self;
        s->self_free_rc = MPI_Request_free(&copy);
    }
    return s->query_rc;
}

static int release(void *extra)
{
    struct state *s = extra;

    s->frees++;
    return s->free_rc;
}

static int cancel(void *extra, int complete)
{
    struct state *s = extra;

    s->cancels++;
    s->last_complete = complete;
    return MPI_SUCCESS;
}

static void ok(int rc)
{
    ck_assert_int_eq(rc, MPI_SUCCESS);
}

static MPI_Request start(struct state *s, int source, int tag, int elements)
{
    MPI_Request r = MPI_REQUEST_NULL;

    memset(s, 0, sizeof *s);
    s->self = MPI_REQUEST_NULL;
    s->source = source;
    s->tag = tag;
    s->elements = elements;
    ok(MPI_Grequest_start(query, release, cancel, s, &r));
    ck_assert_int_ne(r, MPI_REQUEST_NULL);
    return r;
}

static void status_is(const MPI_Status *st, int source, int tag, int elements)
{
    int n = -1, cancelled = -1;

    ck_assert_int_eq(st->MPI_SOURCE, source);
    ck_assert_int_eq(st->MPI_TAG, tag);
    ok(MPI_Get_count(st, MPI_INT, &n));
    ck_assert_int_eq(n, elements);
    ok(MPI_Test_cancelled(st, &cancelled));
    ck_assert_int_eq(cancelled, 0);
}

START_TEST(test_wait_and_test)
{
    struct state s;
    MPI_Request r = start(&s, 3, 11, 4);
    MPI_Status st;
    int flag = -1;

    ok(MPI_Test(&r, &flag, &st));
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(s.queries + s.frees, 0);
    ok(MPI_Grequest_complete(r));
    ck_assert_int_eq(s.queries + s.frees, 0); /* not until a completion call */
    st.MPI_ERROR = 12345;
    ok(MPI_Wait(&r, &st));
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(s.queries, 1);
    ck_assert_int_eq(s.frees, 1);
    status_is(&st, 3, 11, 4);
    ck_assert_int_eq(st.MPI_ERROR, 12345); /* a single completion leaves it */

    r = start(&s, 1, 2, 3);
    ok(MPI_Grequest_complete(r));
    ok(MPI_Test(&r, &flag, MPI_STATUS_IGNORE)); /* the query still gets a status */
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(s.queries, 1);
    ck_assert_int_eq(s.frees, 1);
}
END_TEST

START_TEST(test_get_status_then_wait)
{
    struct state s;
    MPI_Request r = start(&s, 0, 5, 2);
    MPI_Status st;
    int flag = -1;

    ok(MPI_Request_get_status(r, &flag, &st));
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(s.queries, 0);
    ok(MPI_Grequest_complete(r));
    ok(MPI_Request_get_status(r, &flag, &st));
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(s.queries, 1);
    ck_assert_int_eq(s.frees, 0); /* the request stays */
    status_is(&st, 0, 5, 2);
    ok(MPI_Wait(&r, &st));
    ck_assert_int_eq(s.queries, 2);
    ck_assert_int_eq(s.frees, 1);
}
END_TEST

START_TEST(test_free)
{
    struct state s;
    MPI_Request r = start(&s, 0, 0, 0), keep;

    keep = r;
    ok(MPI_Request_free(&r)); /* before completion: freed at completion */
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(s.frees, 0);
    ok(MPI_Grequest_complete(keep));
    ck_assert_int_eq(s.frees, 1);
    ck_assert_int_eq(s.queries, 0);

    r = start(&s, 0, 0, 0);
    ok(MPI_Grequest_complete(r));
    ok(MPI_Request_free(&r)); /* complete: freed now, never queried */
    ck_assert_int_eq(s.frees, 1);
    ck_assert_int_eq(s.queries, 0);
}
END_TEST

START_TEST(test_cancel)
{
    struct state s;
    MPI_Request r = start(&s, 0, 0, 0);

    ok(MPI_Cancel(&r));
    ck_assert_int_eq(s.cancels, 1);
    ck_assert_int_eq(s.last_complete, 0);
    ok(MPI_Grequest_complete(r));
    ok(MPI_Cancel(&r));
    ck_assert_int_eq(s.cancels, 2);
    ck_assert_int_eq(s.last_complete, 1);
    ok(MPI_Wait(&r, MPI_STATUS_IGNORE));
    ck_assert_int_eq(s.frees, 1);
}
END_TEST

/* Waitall, Waitany, Waitsome over generalized requests and a receive. */
START_TEST(test_arrays)
{
    struct state s[3];
    MPI_Request r[4];
    MPI_Status st[4];
    int in = 0, out = 42, idx = -1, n = -1, ids[4];

    r[0] = start(&s[0], 0, 100, 1);
    r[1] = start(&s[1], 0, 101, 2);
    ok(MPI_Irecv(&in, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, &r[2]));
    r[3] = start(&s[2], 0, 103, 3);
    ok(MPI_Send(&out, 1, MPI_INT, 0, 7, MPI_COMM_WORLD));
    ok(MPI_Grequest_complete(r[0]));
    ok(MPI_Grequest_complete(r[1]));
    ok(MPI_Grequest_complete(r[3]));
    ok(MPI_Waitall(4, r, st));
    for (int i = 0; i < 4; i++)
        ck_assert_int_eq(r[i], MPI_REQUEST_NULL);
    status_is(&st[0], 0, 100, 1);
    status_is(&st[1], 0, 101, 2);
    ck_assert_int_eq(st[2].MPI_TAG, 7);
    ck_assert_int_eq(in, 42);
    status_is(&st[3], 0, 103, 3);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(s[i].queries * 10 + s[i].frees, 11);

    r[0] = start(&s[0], 0, 200, 1);
    r[1] = start(&s[1], 0, 201, 2);
    ok(MPI_Grequest_complete(r[1]));
    ok(MPI_Waitany(2, r, &idx, &st[0]));
    ck_assert_int_eq(idx, 1);
    status_is(&st[0], 0, 201, 2);
    ck_assert_int_eq(s[0].queries + s[0].frees, 0);
    ok(MPI_Testsome(2, r, &n, ids, st));
    ck_assert_int_eq(n, 0);
    ok(MPI_Grequest_complete(r[0]));
    ok(MPI_Waitsome(2, r, &n, ids, st));
    ck_assert_int_eq(n, 1);
    ck_assert_int_eq(ids[0], 0);
    ck_assert_int_eq(s[0].queries * 10 + s[0].frees, 11);
}
END_TEST

/* A code a callback returns reaches the program as it is. */
START_TEST(test_callback_errors)
{
    struct state s, t;
    MPI_Request r, rs[2];
    MPI_Status st[2];
    int cls, code;

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    ok(MPI_Add_error_class(&cls));
    ok(MPI_Add_error_code(cls, &code));
    r = start(&s, 0, 0, 0);
    s.query_rc = code;
    ok(MPI_Grequest_complete(r));
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), code);
    ck_assert_int_eq(s.frees, 1); /* freed all the same */
    ck_assert_int_eq(r, MPI_REQUEST_NULL);

    r = start(&s, 0, 0, 0);
    s.free_rc = MPI_ERR_OTHER;
    ok(MPI_Grequest_complete(r));
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_ERR_OTHER);

    rs[0] = start(&s, 0, 1, 1);
    rs[1] = start(&t, 0, 2, 2);
    t.query_rc = code;
    ok(MPI_Grequest_complete(rs[0]));
    ok(MPI_Grequest_complete(rs[1]));
    ck_assert_int_eq(class_of(MPI_Waitall(2, rs, st)), MPI_ERR_IN_STATUS);
    ck_assert_int_eq(st[0].MPI_ERROR, MPI_SUCCESS);
    ck_assert_int_eq(st[1].MPI_ERROR, code);
    ck_assert_int_eq(s.frees + t.frees, 2);
}
END_TEST

START_TEST(test_refusals)
{
    struct state s;
    MPI_Request r = start(&s, 0, 0, 0), q, dead;
    char msg[MPI_MAX_ERROR_STRING];
    int rc, len, x = 0;

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    /* one thread: nothing can complete it while MPI_Wait waits */
    rc = MPI_Wait(&r, MPI_STATUS_IGNORE);
    ck_assert_int_eq(class_of(rc), MPI_ERR_OTHER);
    ok(MPI_Error_string(rc, msg, &len));
    ck_assert_msg(strstr(msg, "MPI_Wait") && strstr(msg, "MPI_Grequest_complete"), "%s", msg);
    ck_assert_int_ne(r, MPI_REQUEST_NULL); /* still there */
    ck_assert_int_eq(s.queries + s.frees, 0);
    ok(MPI_Grequest_complete(r));
    ck_assert_int_eq(class_of(MPI_Grequest_complete(r)), MPI_ERR_REQUEST); /* twice */
    dead = r;
    ok(MPI_Wait(&r, MPI_STATUS_IGNORE));
    ck_assert_int_eq(class_of(MPI_Grequest_complete(dead)), MPI_ERR_REQUEST); /* freed */
    ck_assert_int_eq(class_of(MPI_Grequest_complete(MPI_REQUEST_NULL)), MPI_ERR_REQUEST);
    ok(MPI_Irecv(&x, 1, MPI_INT, 0, 9, MPI_COMM_WORLD, &q));
    ck_assert_int_eq(class_of(MPI_Grequest_complete(q)), MPI_ERR_REQUEST); /* not one */
    ok(MPI_Cancel(&q));
    ok(MPI_Wait(&q, MPI_STATUS_IGNORE));
    ck_assert_int_eq(class_of(MPI_Grequest_start(query, release, cancel, &s, NULL)), MPI_ERR_ARG);
    /* a copy of the handle, used while the callbacks run, names nothing */
    r = start(&s, 0, 0, 0);
    s.self = r;
    ok(MPI_Grequest_complete(r));
    ok(MPI_Wait(&r, MPI_STATUS_IGNORE));
    ck_assert_int_eq(class_of(s.self_free_rc), MPI_ERR_REQUEST);
    ok(MPI_Error_string(s.self_free_rc, msg, &len));
    ck_assert_msg(strstr(msg, "callbacks are running"), "%s", msg);
    ck_assert_int_eq(s.frees, 1);
    /* NULL callbacks do nothing */
    ok(MPI_Grequest_start(NULL, NULL, NULL, NULL, &r));
    ok(MPI_Cancel(&r));
    ok(MPI_Grequest_complete(r));
    ok(MPI_Wait(&r, MPI_STATUS_IGNORE));
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
}
END_TEST

/* Above MPI_THREAD_MULTIPLE a wait lets another thread complete it. */
static void *completer(void *arg)
{
    usleep(20000);
    MPI_Grequest_complete(*(MPI_Request *)arg);
    return NULL;
}

START_TEST(test_thread_completes)
{
    struct state s;
    MPI_Request r, copy;
    MPI_Status st;
    pthread_t th;
    int provided = -1;

    ok(MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided));
    ck_assert_int_eq(provided, MPI_THREAD_MULTIPLE);
    r = start(&s, 0, 33, 5);
    copy = r;
    ck_assert_int_eq(pthread_create(&th, NULL, completer, &copy), 0);
    ok(MPI_Wait(&r, &st));
    ck_assert_int_eq(pthread_join(th, NULL), 0);
    status_is(&st, 0, 33, 5);
    ck_assert_int_eq(s.frees, 1);
    ok(MPI_Finalize());
}
END_TEST

static Suite *grequest_suite(void)
{
    Suite *s = suite_create("grequest");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_wait_and_test);
    tcase_add_test(tc, test_get_status_then_wait);
    tcase_add_test(tc, test_free);
    tcase_add_test(tc, test_cancel);
    tcase_add_test(tc, test_arrays);
    tcase_add_test(tc, test_callback_errors);
    tcase_add_test(tc, test_refusals);
    suite_add_tcase(s, tc);

    tc = tcase_create("threads");
    tcase_add_test(tc, test_thread_completes);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(grequest_suite());
}

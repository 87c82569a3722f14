/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_sendrecv: MPI_Sendrecv of libtypeshim-serial, the one process
 * exchanging with itself (black box, through the MPI API only).
 *
 * Each test runs in its own process (CK_FORK forced): MPI_Init is once per
 * process.  The fatal path runs in a further child whose exit status and
 * stderr are checked.
 */
#include "serialtest.h"

#define POISON      0x5A5A5A5A
#define BOGUS_DTYPE ((MPI_Datatype)0x8c00abcd)

static void poison(int *buf, int n)
{
    for (int i = 0; i < n; i++)
        buf[i] = POISON;
}

static MPI_Datatype committed(MPI_Datatype t)
{
    ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
    return t;
}

/* ------------------------------------------------------------ data */

/* vector(4, 1, 3) of ints sent, four contiguous ints received. */
START_TEST(test_vector_to_contiguous)
{
    int src[12], dst[6], count = -1;
    MPI_Datatype vec;
    MPI_Status st;

    for (int i = 0; i < 12; i++)
        src[i] = 100 + i;
    poison(dst, 6);
    MPI_Type_vector(4, 1, 3, MPI_INT, &vec);
    vec = committed(vec);
    st.MPI_ERROR = 12345;
    ck_assert_int_eq(MPI_Sendrecv(src, 1, vec, 0, 7, dst, 5, MPI_INT, 0, 7, MPI_COMM_WORLD, &st),
                     MPI_SUCCESS);
    ck_assert_int_eq(dst[0], 100);
    ck_assert_int_eq(dst[1], 103);
    ck_assert_int_eq(dst[2], 106);
    ck_assert_int_eq(dst[3], 109);
    ck_assert_int_eq(dst[4], POISON); /* room for 5, 4 sent */
    ck_assert_int_eq(st.MPI_SOURCE, 0);
    ck_assert_int_eq(st.MPI_TAG, 7);
    ck_assert_int_eq(st.MPI_ERROR, 12345); /* MPI: not written by Sendrecv */
    ck_assert_int_eq(MPI_Get_count(&st, MPI_INT, &count), MPI_SUCCESS);
    ck_assert_int_eq(count, 4);
    MPI_Type_free(&vec);
}
END_TEST

/* Received through a type with gaps: the gaps keep their bytes. */
START_TEST(test_into_gaps)
{
    int src[4] = {1, 2, 3, 4}, dst[8];
    MPI_Datatype vec;

    poison(dst, 8);
    MPI_Type_vector(4, 1, 2, MPI_INT, &vec);
    vec = committed(vec);
    ck_assert_int_eq(MPI_Sendrecv(src, 4, MPI_INT, 0, 0, dst, 1, vec, MPI_ANY_SOURCE, MPI_ANY_TAG,
                                  MPI_COMM_SELF, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    for (int i = 0; i < 8; i++)
        ck_assert_int_eq(dst[i], i % 2 ? POISON : src[i / 2]);
    MPI_Type_free(&vec);
}
END_TEST

/* 5 doubles into room for 2 x contiguous(3): the second element is cut
 * after 2 of its 3 doubles; the last double is not written. */
START_TEST(test_short_message)
{
    double src[5] = {1.5, 2.5, 3.5, 4.5, 5.5}, dst[6];
    MPI_Datatype three;
    MPI_Status st;
    int count = 0, elements = 0;

    for (int i = 0; i < 6; i++)
        dst[i] = -1.0;
    MPI_Type_contiguous(3, MPI_DOUBLE, &three);
    three = committed(three);
    ck_assert_int_eq(
        MPI_Sendrecv(src, 5, MPI_DOUBLE, 0, 3, dst, 2, three, 0, MPI_ANY_TAG, MPI_COMM_WORLD, &st),
        MPI_SUCCESS);
    for (int i = 0; i < 5; i++)
        ck_assert(dst[i] == src[i]);
    ck_assert(dst[5] == -1.0);
    ck_assert_int_eq(st.MPI_TAG, 3);
    ck_assert_int_eq(MPI_Get_count(&st, three, &count), MPI_SUCCESS);
    ck_assert_int_eq(count, MPI_UNDEFINED);
    ck_assert_int_eq(MPI_Get_elements(&st, three, &elements), MPI_SUCCESS);
    ck_assert_int_eq(elements, 5);
    MPI_Type_free(&three);
}
END_TEST

/* MPI_PROC_NULL on either side: nothing arrives, MPI-4 §3.11's status. */
START_TEST(test_proc_null)
{
    int src = 9, dst = POISON, count = -1;
    MPI_Status st;

    ck_assert_int_eq(MPI_Sendrecv(&src, 1, MPI_INT, MPI_PROC_NULL, 1, &dst, 1, MPI_INT,
                                  MPI_PROC_NULL, 1, MPI_COMM_WORLD, &st),
                     MPI_SUCCESS);
    ck_assert_int_eq(dst, POISON);
    ck_assert_int_eq(st.MPI_SOURCE, MPI_PROC_NULL);
    ck_assert_int_eq(st.MPI_TAG, MPI_ANY_TAG);
    ck_assert_int_eq(MPI_Get_count(&st, MPI_INT, &count), MPI_SUCCESS);
    ck_assert_int_eq(count, 0);
    /* Sent to itself with no receive: accepted, and nothing is written. */
    ck_assert_int_eq(MPI_Sendrecv(&src, 1, MPI_INT, 0, 1, &dst, 1, MPI_INT, MPI_PROC_NULL, 1,
                                  MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert_int_eq(dst, POISON);
}
END_TEST

/* count 0 both ways is a message of 0 bytes, not an error. */
START_TEST(test_empty)
{
    MPI_Status st;
    int count = -1;

    ck_assert_int_eq(
        MPI_Sendrecv(NULL, 0, MPI_INT, 0, 2, NULL, 0, MPI_INT, 0, 2, MPI_COMM_WORLD, &st),
        MPI_SUCCESS);
    ck_assert_int_eq(st.MPI_SOURCE, 0);
    ck_assert_int_eq(MPI_Get_count(&st, MPI_INT, &count), MPI_SUCCESS);
    ck_assert_int_eq(count, 0);
}
END_TEST

/* ---------------------------------------------------------- errors */

struct bad_call {
    const char *what;
    int sendcount, dest, sendtag, recvcount, source, recvtag;
    int sendtype, recvtype; /* 0 MPI_INT, 1 uncommitted, 2 bogus */
    MPI_Comm comm;
    int cls;
};

/* clang-format off */
static const struct bad_call bad_calls[] = {
    {"bad comm",        1, 0, 0, 1, 0, 0, 0, 0, BOGUS_COMM, MPI_ERR_COMM},
    {"sendcount -1",   -1, 0, 0, 1, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_COUNT},
    {"recvcount -1",    1, 0, 0, -1, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_COUNT},
    {"dest 1",          1, 1, 0, 1, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_RANK},
    {"dest -7",         1, -7, 0, 1, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_RANK},
    {"source 2",        1, 0, 0, 1, 2, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_RANK},
    {"sendtag -5",      1, 0, -5, 1, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_TAG},
    {"recvtag -5",      1, 0, 0, 1, 0, -5, 0, 0, MPI_COMM_WORLD, MPI_ERR_TAG},
    {"tags differ",     1, 0, 4, 1, 0, 5, 0, 0, MPI_COMM_WORLD, MPI_ERR_OTHER},
    {"nothing sent",    1, MPI_PROC_NULL, 0, 1, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_OTHER},
    {"uncommitted send", 1, 0, 0, 1, 0, 0, 1, 0, MPI_COMM_WORLD, MPI_ERR_TYPE},
    {"uncommitted recv", 1, 0, 0, 1, 0, 0, 0, 1, MPI_COMM_WORLD, MPI_ERR_TYPE},
    {"uncommitted send, dest MPI_PROC_NULL",
                        1, MPI_PROC_NULL, 0, 1, MPI_PROC_NULL, 0, 1, 0, MPI_COMM_WORLD, MPI_ERR_TYPE},
    {"bogus sendtype",  1, 0, 0, 1, 0, 0, 2, 0, MPI_COMM_WORLD, MPI_ERR_TYPE},
    {"bogus recvtype, source MPI_PROC_NULL",
                        1, 0, 0, 1, MPI_PROC_NULL, 0, 0, 2, MPI_COMM_WORLD, MPI_ERR_TYPE},
    {"truncated",       3, 0, 0, 2, 0, 0, 0, 0, MPI_COMM_WORLD, MPI_ERR_TRUNCATE},
};
/* clang-format on */

static MPI_Datatype pick_type(int which, MPI_Datatype uncommitted)
{
    return which == 0 ? MPI_INT : which == 1 ? uncommitted : BOGUS_DTYPE;
}

/* Every bad call returns its class with MPI_ERRORS_RETURN and writes
 * nothing into the receive buffer. */
START_TEST(test_bad_call)
{
    const struct bad_call *b = &bad_calls[_i];
    int src[4] = {1, 2, 3, 4}, dst[4], rc;
    MPI_Datatype raw;

    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Type_contiguous(2, MPI_INT, &raw);
    poison(dst, 4);
    rc = MPI_Sendrecv(src, b->sendcount, pick_type(b->sendtype, raw), b->dest, b->sendtag, dst,
                      b->recvcount, pick_type(b->recvtype, raw), b->source, b->recvtag, b->comm,
                      MPI_STATUS_IGNORE);
    ck_assert_msg(class_of(rc) == b->cls, "%s: class %d, want %d", b->what, class_of(rc), b->cls);
    for (int i = 0; i < 4; i++)
        ck_assert_msg(dst[i] == POISON, "%s: dst[%d] written", b->what, i);
    MPI_Type_free(&raw);
}
END_TEST

/* A datatype error inside the call reaches the handler of the comm given,
 * once (libtypeshim's own raise is held back and raised again). */
START_TEST(test_handler_once)
{
    MPI_Errhandler eh;
    MPI_Datatype raw;
    int x = 1, y = 0, rc;

    MPI_Comm_create_errhandler(counting_handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Type_contiguous(1, MPI_INT, &raw);
    rc = MPI_Sendrecv(&x, 1, MPI_INT, 0, 0, &y, 1, raw, 0, 0, MPI_COMM_SELF, MPI_STATUS_IGNORE);
    ck_assert_int_eq(class_of(rc), MPI_ERR_TYPE);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(handler_comm, MPI_COMM_SELF);
    ck_assert_int_eq(handler_code, rc);
    /* The quiet window closed: the next datatype error reaches
     * MPI_COMM_WORLD's handler again. */
    ck_assert_int_eq(class_of(MPI_Type_commit(&(MPI_Datatype){BOGUS_DTYPE})), MPI_ERR_TYPE);
    ck_assert_int_eq(handler_calls, 2);
    ck_assert_int_eq(handler_comm, MPI_COMM_WORLD);
    MPI_Type_free(&raw);
    MPI_Errhandler_free(&eh);
}
END_TEST

/* The fatal message names MPI_Sendrecv and the argument at fault. */
static void body_uncommitted_recvtype(void)
{
    MPI_Datatype raw;
    int x = 1, y;

    MPI_Type_contiguous(1, MPI_INT, &raw);
    MPI_Sendrecv(&x, 1, MPI_INT, 0, 0, &y, 1, raw, 0, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

START_TEST(test_fatal_message)
{
    struct child c;

    run_child(body_uncommitted_recvtype, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_TYPE);
    ck_assert_msg(strstr(c.err,
                         "typeshim: rank 0: fatal error on MPI_COMM_WORLD: MPI_Sendrecv: argument "
                         "recvtype=0x") == c.err,
                  "stderr: %s", c.err);
    ck_assert_msg(strstr(c.err, " (contiguous(1, MPI_INT)) is not committed (MPI_Type_commit)\n"),
                  "stderr: %s", c.err);
}
END_TEST

static Suite *sendrecv_suite(void)
{
    Suite *s = suite_create("sendrecv");
    TCase *tc = tcase_create("self");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_vector_to_contiguous);
    tcase_add_test(tc, test_into_gaps);
    tcase_add_test(tc, test_short_message);
    tcase_add_test(tc, test_proc_null);
    tcase_add_test(tc, test_empty);
    tcase_add_loop_test(tc, test_bad_call, 0, (int)(sizeof bad_calls / sizeof bad_calls[0]));
    tcase_add_test(tc, test_handler_once);
    tcase_add_test(tc, test_fatal_message);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(sendrecv_suite());
}

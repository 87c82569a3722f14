/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Handles of the runtime's objects used after their object was freed
 * (erroneous, MPI-4.1 section 2.5.1): refused with the class of their
 * kind and a message saying the handle was freed, however many objects
 * of the kind were made and freed since, never taken for a live one.
 */
#include "serialtest.h"

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

/* ------------------------------------------------------------ requests */

/* A persistent receive made and freed, then reuses more made and freed:
 * its handle (returned) must name nothing then. */
static MPI_Request stale_request(int reuses)
{
    MPI_Request stale, r;
    int b;

    ck_assert_int_eq(MPI_Recv_init(&b, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    stale = r;
    ck_assert_int_eq(MPI_Request_free(&r), MPI_SUCCESS);
    for (int i = 0; i < reuses; i++) {
        ck_assert_int_eq(MPI_Recv_init(&b, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Request_free(&r), MPI_SUCCESS);
    }
    return stale;
}

/* 63 reuses wrapped the 6-bit generation requests had: the next receive
 * got the stale handle and MPI_Cancel of it cancelled that receive. */
static const int reuse_counts[] = {63, 64, 1 << 20};

START_TEST(test_request_reused)
{
    MPI_Request stale = stale_request(reuse_counts[_i]), live, copy;
    int b = 0, in = 7, flag = -1;
    MPI_Status st;

    returning();
    ck_assert_int_eq(MPI_Irecv(&b, 1, MPI_INT, 0, 4, MPI_COMM_WORLD, &live), MPI_SUCCESS);
    ck_assert_uint_ne((unsigned)live, (unsigned)stale);
    copy = stale;
    ck_assert_int_eq(class_of(MPI_Cancel(&copy)), MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Start(&copy)), MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Request_free(&copy)), MPI_ERR_REQUEST);
    ck_assert_int_eq(class_of(MPI_Test(&copy, &flag, MPI_STATUS_IGNORE)), MPI_ERR_REQUEST);
    /* the live receive is untouched: it takes the next message */
    ck_assert_int_eq(MPI_Send(&in, 1, MPI_INT, 0, 4, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&live, &st), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Test_cancelled(&st, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(b, 7);
    ck_assert_int_eq(st.MPI_TAG, 4);
}
END_TEST

static void body_request_freed(void)
{
    MPI_Request stale;

    MPI_Init(NULL, NULL);
    stale = stale_request(63);
    MPI_Cancel(&stale);
}

static void body_request_never(void)
{
    MPI_Request r;

    MPI_Init(NULL, NULL);
    MPI_Irecv(NULL, 0, MPI_INT, 0, 3, MPI_COMM_WORLD, &r);
    r = (MPI_Request)((unsigned)r + 1000); /* a slot never used */
    MPI_Cancel(&r);
}

/* The message says which: freed, or never made. */
START_TEST(test_request_messages)
{
    struct child c;

    run_child(body_request_freed, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_REQUEST);
    ck_assert_msg(strstr(c.err, "MPI_Cancel(request=0xac") &&
                      strstr(c.err, "): Invalid request (freed)\n"),
                  "stderr: %s", c.err);
    run_child(body_request_never, &c);
    ck_assert_int_eq(c.status, MPI_ERR_REQUEST);
    ck_assert_msg(strstr(c.err, "): Invalid request (never made)\n"), "stderr: %s", c.err);
}
END_TEST

/* A message handle received, then reuses more: the received handle. */
static MPI_Message stale_message(int reuses)
{
    MPI_Message stale = MPI_MESSAGE_NULL, m;
    int v = 1, b;

    for (int i = 0; i <= reuses; i++) {
        ck_assert_int_eq(MPI_Send(&v, 1, MPI_INT, 0, 3, MPI_COMM_WORLD), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Mprobe(0, 3, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
        if (i == 0)
            stale = m;
        ck_assert_int_eq(MPI_Mrecv(&b, 1, MPI_INT, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
    }
    return stale;
}

/* Message handles had the requests' 6-bit generation. */
START_TEST(test_message_reused)
{
    MPI_Message stale = stale_message(reuse_counts[_i]), live, copy;
    int v = 9, b = 0;

    returning();
    ck_assert_int_eq(MPI_Send(&v, 1, MPI_INT, 0, 4, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Mprobe(0, 4, MPI_COMM_WORLD, &live, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_uint_ne((unsigned)live, (unsigned)stale);
    copy = stale;
    ck_assert_int_eq(class_of(MPI_Mrecv(&b, 1, MPI_INT, &copy, MPI_STATUS_IGNORE)),
                     MPI_ERR_REQUEST);
    ck_assert_int_eq(b, 0);
    ck_assert_int_eq(MPI_Mrecv(&b, 1, MPI_INT, &live, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b, 9);
}
END_TEST

/* ------------------------------------------------------- communicators */

/* A communicator made and freed, then reuses more: its handle. */
static MPI_Comm stale_comm(int reuses)
{
    MPI_Comm stale, c;

    ck_assert_int_eq(MPI_Comm_dup(MPI_COMM_WORLD, &c), MPI_SUCCESS);
    stale = c;
    ck_assert_int_eq(MPI_Comm_free(&c), MPI_SUCCESS);
    for (int i = 0; i < reuses; i++) {
        ck_assert_int_eq(MPI_Comm_dup(MPI_COMM_WORLD, &c), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Comm_free(&c), MPI_SUCCESS);
    }
    return stale;
}

/* 1023 reuses wrapped the 10-bit generation of the slot communicators
 * took, the lowest free one. */
static const int comm_reuses[] = {1023, 1 << 20};

START_TEST(test_comm_reused)
{
    MPI_Comm stale = stale_comm(comm_reuses[_i]), live;
    int size = -1, v = 5, flag = -1;

    returning();
    ck_assert_int_eq(MPI_Comm_dup(MPI_COMM_WORLD, &live), MPI_SUCCESS);
    ck_assert_int_ne(live, stale);
    ck_assert_int_eq(class_of(MPI_Comm_size(stale, &size)), MPI_ERR_COMM);
    ck_assert_int_eq(size, -1);
    ck_assert_int_eq(class_of(MPI_Send(&v, 1, MPI_INT, 0, 0, stale)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_free(&stale)), MPI_ERR_COMM);
    /* nothing reached the live one */
    ck_assert_int_eq(MPI_Iprobe(0, MPI_ANY_TAG, live, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(MPI_Comm_free(&live), MPI_SUCCESS);
}
END_TEST

static void body_comm_freed(void)
{
    int size;

    MPI_Init(NULL, NULL);
    MPI_Comm_size(stale_comm(1023), &size);
}

START_TEST(test_comm_message)
{
    struct child c;

    run_child(body_comm_freed, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_COMM);
    ck_assert_msg(strstr(c.err, "MPI_Comm_size(comm=0x84") &&
                      strstr(c.err, "): Invalid communicator (freed)\n"),
                  "stderr: %s", c.err);
}
END_TEST

/* -------------------------------------------------------- info objects */

static MPI_Info stale_info(int reuses)
{
    MPI_Info stale, i;

    ck_assert_int_eq(MPI_Info_create(&i), MPI_SUCCESS);
    stale = i;
    ck_assert_int_eq(MPI_Info_free(&i), MPI_SUCCESS);
    for (int k = 0; k < reuses; k++) {
        ck_assert_int_eq(MPI_Info_create(&i), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Info_free(&i), MPI_SUCCESS);
    }
    return stale;
}

/* The 10-bit generation of the lowest free slot wrapped at 1023. */
START_TEST(test_info_reused)
{
    MPI_Info stale = stale_info(comm_reuses[_i]), live;
    int n = -1;

    returning();
    ck_assert_int_eq(MPI_Info_create(&live), MPI_SUCCESS);
    ck_assert_uint_ne((unsigned)live, (unsigned)stale);
    ck_assert_int_eq(class_of(MPI_Info_set(stale, "k", "v")), MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Info_get_nkeys(stale, &n)), MPI_ERR_INFO);
    ck_assert_int_eq(n, -1);
    ck_assert_int_eq(MPI_Info_get_nkeys(live, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 0);
    ck_assert_int_eq(MPI_Info_free(&live), MPI_SUCCESS);
}
END_TEST

/* ------------------------------------------------------------- keyvals */

/* Communicator keyvals hold 2^20 reuses, as datatype keyvals do
 * (test/api/check_attr.c). */
static const int keyval_reuses[] = {1023, 1 << 20};

static int stale_keyval(int reuses)
{
    int stale, k;

    ck_assert_int_eq(
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &k, NULL),
        MPI_SUCCESS);
    stale = k;
    ck_assert_int_eq(MPI_Comm_free_keyval(&k), MPI_SUCCESS);
    for (int i = 0; i < reuses; i++) {
        ck_assert_int_eq(
            MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &k, NULL),
            MPI_SUCCESS);
        ck_assert_int_eq(MPI_Comm_free_keyval(&k), MPI_SUCCESS);
    }
    return stale;
}

START_TEST(test_keyval_reused)
{
    int stale = stale_keyval(keyval_reuses[_i]), live, flag = -1;
    void *v = NULL;

    returning();
    ck_assert_int_eq(
        MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, MPI_COMM_NULL_DELETE_FN, &live, NULL),
        MPI_SUCCESS);
    ck_assert_int_ne(live, stale);
    ck_assert_int_eq(class_of(MPI_Comm_set_attr(MPI_COMM_WORLD, stale, &flag)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(class_of(MPI_Comm_free_keyval(&stale)), MPI_ERR_KEYVAL);
    ck_assert_int_eq(MPI_Comm_get_attr(MPI_COMM_WORLD, live, &v, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(MPI_Comm_free_keyval(&live), MPI_SUCCESS);
}
END_TEST

static void body_keyval_freed(void)
{
    MPI_Init(NULL, NULL);
    MPI_Comm_set_attr(MPI_COMM_WORLD, stale_keyval(1023), NULL);
}

START_TEST(test_keyval_message)
{
    struct child c;

    run_child(body_keyval_freed, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_KEYVAL);
    ck_assert_msg(strstr(c.err, "MPI_Comm_set_attr(comm_keyval=0xa44") &&
                      strstr(c.err, "): Invalid keyval (freed)\n"),
                  "stderr: %s", c.err);
}
END_TEST

/* -------------------------------------------------------------- groups */

static MPI_Group stale_group(int reuses)
{
    MPI_Group stale, g;

    ck_assert_int_eq(MPI_Comm_group(MPI_COMM_WORLD, &g), MPI_SUCCESS);
    stale = g;
    ck_assert_int_eq(MPI_Group_free(&g), MPI_SUCCESS);
    for (int i = 0; i < reuses; i++) {
        ck_assert_int_eq(MPI_Comm_group(MPI_COMM_WORLD, &g), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Group_free(&g), MPI_SUCCESS);
    }
    return stale;
}

/* Every group of the process had one handle, valid after its free. */
START_TEST(test_group_reused)
{
    MPI_Group stale = stale_group(comm_reuses[_i]), live, other;
    int size = -1, result = -1;

    returning();
    ck_assert_int_eq(MPI_Comm_group(MPI_COMM_WORLD, &live), MPI_SUCCESS);
    ck_assert_int_ne(live, stale);
    ck_assert_int_eq(class_of(MPI_Group_size(stale, &size)), MPI_ERR_GROUP);
    ck_assert_int_eq(size, -1);
    ck_assert_int_eq(class_of(MPI_Group_free(&stale)), MPI_ERR_GROUP);
    ck_assert_int_eq(MPI_Group_incl(live, 1, (int[]){0}, &other), MPI_SUCCESS);
    ck_assert_int_ne(other, live);
    ck_assert_int_eq(MPI_Group_compare(live, other, &result), MPI_SUCCESS);
    ck_assert_int_eq(result, MPI_IDENT);
    ck_assert_int_eq(MPI_Group_free(&other), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Group_size(live, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 1);
    ck_assert_int_eq(MPI_Group_free(&live), MPI_SUCCESS);
}
END_TEST

static void body_group_freed(void)
{
    int size;

    MPI_Init(NULL, NULL);
    MPI_Group_size(stale_group(0), &size);
}

START_TEST(test_group_message)
{
    struct child c;

    run_child(body_group_freed, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_GROUP);
    ck_assert_msg(strstr(c.err, "MPI_Group_size(group=0x88") &&
                      strstr(c.err, "): Invalid group (freed)\n"),
                  "stderr: %s", c.err);
}
END_TEST

/* ------------------------------------------------- user operations */

static void sum_fn(void *in, void *io, int *len, MPI_Datatype *t)
{
    (void)t;
    for (int i = 0; i < *len; i++)
        ((int *)io)[i] += ((int *)in)[i];
}

static MPI_Op stale_op(int reuses)
{
    MPI_Op stale, op;

    ck_assert_int_eq(MPI_Op_create(sum_fn, 1, &op), MPI_SUCCESS);
    stale = op;
    ck_assert_int_eq(MPI_Op_free(&op), MPI_SUCCESS);
    for (int i = 0; i < reuses; i++) {
        ck_assert_int_eq(MPI_Op_create(sum_fn, 1, &op), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Op_free(&op), MPI_SUCCESS);
    }
    return stale;
}

/* A user operation's handle came back after 1024 reuses of its slot
 * (the lowest free one, a 10-bit generation): freeing the stale handle
 * then freed the live operation. */
START_TEST(test_op_reused)
{
    MPI_Op stale = stale_op(comm_reuses[_i]), live;
    int in[2] = {1, 2}, io[2] = {10, 20}, commute = -1;

    returning();
    ck_assert_int_eq(MPI_Op_create(sum_fn, 0, &live), MPI_SUCCESS);
    ck_assert_int_ne(live, stale);
    ck_assert_int_eq(class_of(MPI_Op_commutative(stale, &commute)), MPI_ERR_OP);
    ck_assert_int_eq(commute, -1);
    ck_assert_int_eq(class_of(MPI_Op_free(&stale)), MPI_ERR_OP);
    ck_assert_int_eq(class_of(MPI_Reduce_local(in, io, 2, MPI_INT, stale)), MPI_ERR_OP);
    ck_assert_int_eq(MPI_Reduce_local(in, io, 2, MPI_INT, live), MPI_SUCCESS);
    ck_assert(io[0] == 11 && io[1] == 22);
    ck_assert_int_eq(MPI_Op_commutative(live, &commute), MPI_SUCCESS);
    ck_assert_int_eq(commute, 0);
    ck_assert_int_eq(MPI_Op_free(&live), MPI_SUCCESS);
}
END_TEST

static void body_op_freed(void)
{
    MPI_Op op;

    MPI_Init(NULL, NULL);
    op = stale_op(0);
    MPI_Op_free(&op);
}

START_TEST(test_op_message)
{
    struct child c;

    run_child(body_op_freed, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_OP);
    ck_assert_msg(strstr(c.err, "MPI_Op_free(op=0x98") &&
                      strstr(c.err, "): Invalid operation (freed)\n"),
                  "stderr: %s", c.err);
}
END_TEST

/* MPI_Op_free marks the operation for deallocation (MPI-4.1 section
 * 6.9.5): a persistent reduction made with it goes on reducing with it,
 * and the handle the program freed is refused at once. */
START_TEST(test_op_freed_under_persistent)
{
    MPI_Op op, stale;
    MPI_Request r;
    int in[2] = {1, 2}, out[2] = {0, 0}, commute = -1;

    returning();
    ck_assert_int_eq(MPI_Op_create(sum_fn, 1, &op), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Allreduce_init(in, out, 2, MPI_INT, op, MPI_COMM_WORLD, MPI_INFO_NULL, &r),
                     MPI_SUCCESS);
    stale = op;
    ck_assert_int_eq(MPI_Op_free(&op), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Op_commutative(stale, &commute)), MPI_ERR_OP);
    for (int k = 0; k < 3; k++) {
        out[0] = out[1] = 0;
        ck_assert_int_eq(MPI_Start(&r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
        ck_assert(out[0] == 1 && out[1] == 2);
    }
    ck_assert_int_eq(MPI_Request_free(&r), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Op_free(&stale)), MPI_ERR_OP);
}
END_TEST

/* ------------------------------------------------------ error handlers */

static void eh_fn(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    (void)code;
}

/* A user error handler made and freed, then reuses more: its handle. */
static MPI_Errhandler stale_errhandler(int reuses)
{
    MPI_Errhandler stale, e;

    ck_assert_int_eq(MPI_Comm_create_errhandler(eh_fn, &e), MPI_SUCCESS);
    stale = e;
    ck_assert_int_eq(MPI_Errhandler_free(&e), MPI_SUCCESS);
    for (int i = 0; i < reuses; i++) {
        ck_assert_int_eq(MPI_Comm_create_errhandler(eh_fn, &e), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Errhandler_free(&e), MPI_SUCCESS);
    }
    return stale;
}

/* 16384 reuses wrapped the 14-bit generation error handlers had: the
 * stale handle named the next handler made in its slot. */
static const int eh_reuses[] = {16383, 16384, 1 << 20};

START_TEST(test_errhandler_reused)
{
    MPI_Errhandler stale = stale_errhandler(eh_reuses[_i]), live, copy, got;
    char msg[MPI_MAX_ERROR_STRING];
    int rc, len;

    returning();
    ck_assert_int_eq(MPI_Comm_create_errhandler(eh_fn, &live), MPI_SUCCESS);
    ck_assert_uint_ne((unsigned)live, (unsigned)stale);
    rc = MPI_Comm_set_errhandler(MPI_COMM_WORLD, stale);
    ck_assert_int_eq(class_of(rc), MPI_ERR_ARG);
    ck_assert_int_eq(MPI_Error_string(rc, msg, &len), MPI_SUCCESS);
    ck_assert_msg(strstr(msg, "Invalid error handler (freed)"), "message: %s", msg);
    copy = stale;
    rc = MPI_Errhandler_free(&copy);
    ck_assert_int_eq(class_of(rc), MPI_ERR_ARG);
    ck_assert_int_eq(MPI_Error_string(rc, msg, &len), MPI_SUCCESS);
    ck_assert_msg(strstr(msg, "MPI_Errhandler_free(errhandler=0x") &&
                      strstr(msg, "Invalid error handler (freed)"),
                  "message: %s", msg);
    /* the live handler is untouched, and the world's is still "return" */
    ck_assert_int_eq(MPI_Comm_get_errhandler(MPI_COMM_WORLD, &got), MPI_SUCCESS);
    ck_assert_uint_eq((unsigned)got, (unsigned)MPI_ERRORS_RETURN);
    ck_assert_int_eq(MPI_Errhandler_free(&got), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_free(&live), MPI_SUCCESS);
}
END_TEST

static Suite *handles_suite(void)
{
    Suite *s = suite_create("handles");
    TCase *tc = tcase_create("freed");
    int nreuse = (int)(sizeof reuse_counts / sizeof reuse_counts[0]);
    int nreuse_comm = (int)(sizeof comm_reuses / sizeof comm_reuses[0]);
    int nreuse_keyval = (int)(sizeof keyval_reuses / sizeof keyval_reuses[0]);

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_set_timeout(tc, 60);
    tcase_add_loop_test(tc, test_request_reused, 0, nreuse);
    tcase_add_loop_test(tc, test_message_reused, 0, nreuse);
    tcase_add_loop_test(tc, test_comm_reused, 0, nreuse_comm);
    tcase_add_loop_test(tc, test_info_reused, 0, nreuse_comm);
    tcase_add_loop_test(tc, test_keyval_reused, 0, nreuse_keyval);
    tcase_add_loop_test(tc, test_group_reused, 0, nreuse_comm);
    tcase_add_loop_test(tc, test_op_reused, 0, nreuse_comm);
    tcase_add_test(tc, test_op_freed_under_persistent);
    tcase_add_loop_test(tc, test_errhandler_reused, 0,
                        (int)(sizeof eh_reuses / sizeof eh_reuses[0]));
    suite_add_tcase(s, tc);
    /* children that call MPI_Init themselves: no fixture */
    tc = tcase_create("messages");
    tcase_add_test(tc, test_request_messages);
    tcase_add_test(tc, test_comm_message);
    tcase_add_test(tc, test_keyval_message);
    tcase_add_test(tc, test_group_message);
    tcase_add_test(tc, test_op_message);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(handles_suite());
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_errmsg: the errors libtypeshim-serial raises keep their message
 * under MPI_ERRORS_RETURN and user handlers (black box).  Each returned
 * code has the class the fatal path exits with, and MPI_Error_string of it
 * gives the line the fatal path prints: the function once, the argument
 * and its value, or why the call can never complete (MPI-4.1 section 9.4:
 * a code's class and string are the runtime's to choose).  So do the
 * MPI_ERROR fields of the statuses of MPI_ERR_IN_STATUS.  Also
 * typeshim_error_make, which makes those codes.
 */
#include "serialtest.h"

#include "typeshim.h"

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
}

/* How many times needle occurs in hay. */
static int occurrences(const char *hay, const char *needle)
{
    int n = 0;

    for (const char *p = hay; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

/* code is of class cls and its message is exactly text, which names fn
 * once. */
static void says(int code, int cls, const char *fn, const char *text)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = -1;

    ck_assert_int_eq(class_of(code), cls);
    ck_assert_int_eq(MPI_Error_string(code, msg, &len), MPI_SUCCESS);
    ck_assert_str_eq(msg, text);
    ck_assert_int_eq(len, (int)strlen(text));
    ck_assert_msg(occurrences(msg, fn) == 1, "'%s' names %s %d times", msg, fn,
                  occurrences(msg, fn));
}

/* code is of class cls and its message begins with start. */
static void begins(int code, int cls, const char *start)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = -1;

    ck_assert_int_eq(class_of(code), cls);
    ck_assert_int_eq(MPI_Error_string(code, msg, &len), MPI_SUCCESS);
    ck_assert_msg(strncmp(msg, start, strlen(start)) == 0, "'%s' does not begin with '%s'", msg,
                  start);
}

/* -------------------------------------------------------- point-to-point */

START_TEST(test_send_negative_count)
{
    int a[2] = {0};

    returning();
    says(MPI_Send(a, -1, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_ERR_COUNT, "MPI_Send",
         "MPI_Send(count=-1): Negative count");
    says(MPI_Send(a, 1, MPI_INT, 4, 1, MPI_COMM_WORLD), MPI_ERR_RANK, "MPI_Send",
         "MPI_Send(dest=4): Invalid rank (the communicator has size 1)");
    says(MPI_Send(a, 1, MPI_DATATYPE_NULL, 0, 1, MPI_COMM_WORLD), MPI_ERR_TYPE, "MPI_Send",
         "MPI_Send: argument datatype is MPI_DATATYPE_NULL");
    says(MPI_Comm_rank(BOGUS_COMM, a), MPI_ERR_COMM, "MPI_Comm_rank",
         "MPI_Comm_rank(comm=0x44000007): Invalid communicator (never made)");
}
END_TEST

/* A receive nothing can match says why it fails instead of hanging. */
START_TEST(test_recv_unmatched)
{
    int b = -1;
    MPI_Request r;

    returning();
    says(MPI_Recv(&b, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_OTHER,
         "MPI_Recv",
         "MPI_Recv(tag=5): the receive can never complete: no message sent to this process "
         "matches it, and it is the only process (no other thread may call MPI below "
         "MPI_THREAD_MULTIPLE)");
    ck_assert_int_eq(MPI_Irecv(&b, 1, MPI_INT, 0, 6, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    says(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_ERR_OTHER, "MPI_Wait",
         "MPI_Wait(request): the receive (tag 6) can never complete: no message sent to this "
         "process matches it, and it is the only process (no other thread may call MPI below "
         "MPI_THREAD_MULTIPLE)");
    ck_assert_int_eq(MPI_Cancel(&r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b, -1);
}
END_TEST

/* A request's failure is reported by the call that completes it, naming
 * that call once. */
START_TEST(test_truncated_named_once)
{
    int a[3] = {1, 2, 3}, b = -1;
    MPI_Request r;

    returning();
    ck_assert_int_eq(MPI_Irecv(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(a, 3, MPI_INT, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    says(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_ERR_TRUNCATE, "MPI_Wait",
         "MPI_Wait: Message truncated: 12 bytes arrived (tag 2), the receive buffer (count=1) "
         "holds 4");
    says(MPI_Sendrecv(a, 3, MPI_INT, 0, 7, &b, 1, MPI_INT, 0, 7, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
         MPI_ERR_TRUNCATE, "MPI_Sendrecv",
         "MPI_Sendrecv: Message truncated: 12 bytes arrived (tag 7), the receive buffer (count=1) "
         "holds 4");
    ck_assert_int_eq(b, -1);
}
END_TEST

/* MPI_ERR_IN_STATUS: each failed request's MPI_ERROR is a code of its
 * class that says why; the others are MPI_SUCCESS (MPI-4.1 section
 * 3.7.5). */
static int seen_code = -1;

static void seeing(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    seen_code = *code;
}

START_TEST(test_waitall_statuses)
{
    MPI_Errhandler eh;
    int a[3] = {1, 2, 3}, b = -1, c = -1, outcount = -1, idx[2] = {-1, -1};
    const char *why = "Message truncated: 12 bytes arrived (tag 2), the receive buffer (count=1) "
                      "holds 4";
    char text[MPI_MAX_ERROR_STRING];
    MPI_Request r[2];
    MPI_Status st[2];
    int rc;

    returning();
    MPI_Irecv(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&c, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &r[1]);
    MPI_Send(a, 3, MPI_INT, 0, 2, MPI_COMM_WORLD);
    MPI_Send(a, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    st[0].MPI_ERROR = st[1].MPI_ERROR = -7;
    rc = MPI_Waitall(2, r, st);
    snprintf(text, sizeof text, "MPI_Waitall: %s", why);
    says(st[0].MPI_ERROR, MPI_ERR_TRUNCATE, "MPI_Waitall", text);
    ck_assert_int_eq(st[1].MPI_ERROR, MPI_SUCCESS);
    ck_assert_int_eq(rc, MPI_ERR_IN_STATUS);
    ck_assert_int_eq(seen_code, -1);
    ck_assert_int_eq(c, 1);

    /* Testsome: the statuses of the completed requests, in order */
    MPI_Irecv(&c, 1, MPI_INT, 0, 3, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r[1]);
    MPI_Send(a, 1, MPI_INT, 0, 3, MPI_COMM_WORLD);
    MPI_Send(a, 3, MPI_INT, 0, 2, MPI_COMM_WORLD);
    rc = MPI_Testsome(2, r, &outcount, idx, st);
    ck_assert_int_eq(outcount, 2);
    ck_assert_int_eq(idx[1], 1);
    ck_assert_int_eq(st[0].MPI_ERROR, MPI_SUCCESS);
    snprintf(text, sizeof text, "MPI_Testsome: %s", why);
    says(st[1].MPI_ERROR, MPI_ERR_TRUNCATE, "MPI_Testsome", text);
    ck_assert_int_eq(rc, MPI_ERR_IN_STATUS);
    ck_assert_int_eq(b, -1);

    /* a handler gets the message the returned constant cannot carry */
    MPI_Comm_create_errhandler(seeing, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Irecv(&b, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r[0]);
    MPI_Send(a, 3, MPI_INT, 0, 2, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Waitall(1, r, st), MPI_ERR_IN_STATUS);
    snprintf(text, sizeof text, "MPI_Waitall: %s (each request's error is in its status)", why);
    says(seen_code, MPI_ERR_IN_STATUS, "MPI_Waitall", text);
    MPI_Errhandler_free(&eh);
    returning();
}
END_TEST

/* --------------------------------------------------- collectives, objects */

START_TEST(test_collective)
{
    int a[2] = {0}, b[2] = {0};

    returning();
    says(MPI_Bcast(a, 1, MPI_INT, 1, MPI_COMM_WORLD), MPI_ERR_ROOT, "MPI_Bcast",
         "MPI_Bcast(root=1): Invalid root (the communicator has size 1)");
    says(MPI_Allgather(a, 1, MPI_INT, b, 1, MPI_DOUBLE, MPI_COMM_WORLD), MPI_ERR_TYPE,
         "MPI_Allgather",
         "MPI_Allgather(sendtype, recvtype): 4 bytes sent where 8 are received: the type "
         "signatures of the two sides must match (MPI-4.1 section 6.1)");
    begins(MPI_Reduce(a, b, 1, MPI_INT, MPI_OP_NULL, 0, MPI_COMM_WORLD), MPI_ERR_OP,
           "MPI_Reduce(op=");
}
END_TEST

START_TEST(test_comm_group_info_topo)
{
    MPI_Comm c = MPI_COMM_NULL;
    MPI_Group g, g2 = MPI_GROUP_NULL;
    MPI_Info info;
    int coords[1] = {-1};

    returning();
    says(MPI_Comm_split(MPI_COMM_WORLD, -5, 0, &c), MPI_ERR_ARG, "MPI_Comm_split",
         "MPI_Comm_split(color=-5): Invalid color");
    ck_assert_int_eq(c, MPI_COMM_NULL);
    ck_assert_int_eq(MPI_Comm_group(MPI_COMM_WORLD, &g), MPI_SUCCESS);
    says(MPI_Group_incl(g, 1, (int[]){3}, &g2), MPI_ERR_RANK, "MPI_Group_incl",
         "MPI_Group_incl(ranks[0]=3): Invalid rank (the group has 1)");
    ck_assert_int_eq(g2, MPI_GROUP_NULL);
    MPI_Group_free(&g);
    ck_assert_int_eq(MPI_Info_create(&info), MPI_SUCCESS);
    says(MPI_Info_delete(info, "nokey"), MPI_ERR_INFO_NOKEY, "MPI_Info_delete",
         "MPI_Info_delete(key=\"nokey\"): No such key");
    MPI_Info_free(&info);
    says(MPI_Cart_create(MPI_COMM_WORLD, 1, (int[]){2}, (int[]){0}, 0, &c), MPI_ERR_ARG,
         "MPI_Cart_create",
         "MPI_Cart_create(dims[0]=2): the grid has more processes than the communicator (1)");
    says(MPI_Cart_coords(MPI_COMM_WORLD, 0, 1, coords), MPI_ERR_TOPOLOGY, "MPI_Cart_coords",
         "MPI_Cart_coords: the communicator has no Cartesian topology");
    ck_assert_int_eq(coords[0], -1);
}
END_TEST

/* ------------------------------------------------------ handlers, codes */

/* A user handler gets the code the call returns. */
START_TEST(test_user_handler)
{
    MPI_Errhandler eh;
    int rc;

    ck_assert_int_eq(MPI_Comm_create_errhandler(counting_handler, &eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh), MPI_SUCCESS);
    rc = MPI_Send(NULL, -2, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(handler_comm, MPI_COMM_WORLD);
    ck_assert_int_eq(handler_code, rc);
    says(rc, MPI_ERR_COUNT, "MPI_Send", "MPI_Send(count=-2): Negative count");
    MPI_Errhandler_free(&eh);
}
END_TEST

/* Every error gets its own code: an earlier one keeps its message. */
START_TEST(test_codes_distinct)
{
    int first, second;

    returning();
    first = MPI_Send(NULL, -1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    second = MPI_Send(NULL, -1, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_ne(first, second);
    says(first, MPI_ERR_COUNT, "MPI_Send", "MPI_Send(count=-1): Negative count");
    says(MPI_Recv(NULL, -3, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_ERR_COUNT,
         "MPI_Recv", "MPI_Recv(count=-3): Negative count");
    says(first, MPI_ERR_COUNT, "MPI_Send", "MPI_Send(count=-1): Negative count");
    /* a bare class is still a valid code of itself */
    says(MPI_ERR_COUNT, MPI_ERR_COUNT, "Invalid count", "Invalid count");
}
END_TEST

/* The fatal path prints the message, as before, and exits with the
 * class. */
static void body_fatal_send(void)
{
    MPI_Send(NULL, -1, MPI_INT, 0, 1, MPI_COMM_WORLD);
}

START_TEST(test_fatal_unchanged)
{
    struct child c;

    run_child(body_fatal_send, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_COUNT);
    ck_assert_str_eq(c.err, "typeshim: rank 0: fatal error on MPI_COMM_WORLD: MPI_Send(count=-1): "
                            "Negative count\n");
}
END_TEST

/* typeshim_error_make: a code of the class whose string is the message;
 * the class itself when no such code can be made. */
START_TEST(test_error_make)
{
    char msg[MPI_MAX_ERROR_STRING], long_text[2 * MPI_MAX_ERROR_STRING];
    int code, len = -1;

    code = typeshim_error_make(MPI_ERR_ARG, "runtime_call(x=3): made up");
    ck_assert_int_ne(code, MPI_ERR_ARG);
    ck_assert_int_eq(typeshim_error_class(code), MPI_ERR_ARG);
    says(code, MPI_ERR_ARG, "runtime_call", "runtime_call(x=3): made up");
    ck_assert_int_eq(typeshim_error_make(MPI_SUCCESS, "none"), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_error_make(-4, "negative"), -4);
    ck_assert_int_eq(typeshim_error_make(128, "too big"), 128);
    ck_assert_int_eq(typeshim_error_make(MPI_ERR_ARG, NULL), MPI_ERR_ARG);
    /* a message too long is cut to MPI_MAX_ERROR_STRING - 1 bytes */
    memset(long_text, 'x', sizeof long_text - 1);
    long_text[sizeof long_text - 1] = '\0';
    code = typeshim_error_make(MPI_ERR_OTHER, long_text);
    ck_assert_int_eq(MPI_Error_string(code, msg, &len), MPI_SUCCESS);
    ck_assert_int_eq(len, MPI_MAX_ERROR_STRING - 1);
    ck_assert_int_eq(class_of(code), MPI_ERR_OTHER);
}
END_TEST

/* A function name longer than a message (typeshim_check_buffer takes the
 * runtime's) is cut; nothing is written past the message: the message of
 * a code made 1022 errors earlier is still kept (the ring holds 1024). */
START_TEST(test_long_function_name)
{
    char name[2 * MPI_MAX_ERROR_STRING], msg[MPI_MAX_ERROR_STRING];
    int kept, code = MPI_SUCCESS, len = -1;

    returning();
    memset(name, 'f', sizeof name - 1);
    name[sizeof name - 1] = '\0';
    kept = typeshim_error_make(MPI_ERR_ARG, "kept: an earlier message");
    for (int i = 0; i < 1022; i++) {
        code = typeshim_check_buffer(name, "datatype", MPI_DATATYPE_NULL, 1, 0);
        ck_assert_int_eq(class_of(code), MPI_ERR_TYPE);
    }
    ck_assert_int_eq(MPI_Error_string(code, msg, &len), MPI_SUCCESS);
    ck_assert_int_eq(len, MPI_MAX_ERROR_STRING - 1);
    ck_assert_int_eq(strncmp(msg, name, (size_t)len), 0);
    says(kept, MPI_ERR_ARG, "kept", "kept: an earlier message");
}
END_TEST

static Suite *errmsg_suite(void)
{
    Suite *s = suite_create("errmsg");
    TCase *tc = tcase_create("messages");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_send_negative_count);
    tcase_add_test(tc, test_recv_unmatched);
    tcase_add_test(tc, test_truncated_named_once);
    tcase_add_test(tc, test_waitall_statuses);
    tcase_add_test(tc, test_collective);
    tcase_add_test(tc, test_comm_group_info_topo);
    tcase_add_test(tc, test_user_handler);
    tcase_add_test(tc, test_codes_distinct);
    tcase_add_test(tc, test_fatal_unchanged);
    tcase_add_test(tc, test_error_make);
    tcase_add_test(tc, test_long_function_name);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(errmsg_suite());
}

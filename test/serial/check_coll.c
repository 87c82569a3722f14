/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_coll: collectives on one process in libtypeshim-serial (black
 * box): what test/xcheck/xc_coll.c cannot ask of MPICH (it crashes on a
 * negative count) and the refusals, each leaving the receive buffer
 * alone: sizes that disagree, NULL arrays and requests, uncommitted
 * datatypes, roots, operations; MPI_Exscan leaving process 0's buffer
 * alone; user operations on derived datatypes; nonblocking requests;
 * persistent collectives (derived types freed while in use, restarts on
 * new data, MPI_Startall with point-to-point requests, misuse).
 */
#include "serialtest.h"

#include "typeshim.h" /* typeshim_live_types */

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

#define N 6

static int src[N] = {1, 2, 3, 4, 5, 6}, dst[N];
/* through a volatile: gcc's -Wstringop-overflow takes the constant for an
 * empty array */
static MPI_Status *volatile statuses_ignore = MPI_STATUSES_IGNORE;

static void poison(void)
{
    for (int i = 0; i < N; i++)
        dst[i] = -1;
}

static int untouched(void)
{
    for (int i = 0; i < N; i++)
        if (dst[i] != -1)
            return 0;
    return 1;
}

struct refusal {
    const char *what;
    int (*call)(void);
    int cls;
};

static MPI_Datatype raw; /* not committed */

static int r_count(void)
{
    return MPI_Allreduce(src, dst, -1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}
static int r_shorter(void)
{
    return MPI_Allgather(src, 2, MPI_INT, dst, 3, MPI_INT, MPI_COMM_WORLD);
}
static int r_longer(void)
{
    return MPI_Gather(src, 4, MPI_INT, dst, 3, MPI_INT, 0, MPI_COMM_WORLD);
}
static int r_root(void)
{
    return MPI_Reduce(src, dst, 1, MPI_INT, MPI_SUM, 1, MPI_COMM_WORLD);
}
static int r_op(void)
{
    return MPI_Allreduce(src, dst, 1, MPI_INT, MPI_MINLOC, MPI_COMM_WORLD);
}
static int r_uncommitted(void)
{
    return MPI_Alltoall(src, 1, raw, dst, 2, MPI_INT, MPI_COMM_WORLD);
}
static int r_null_counts(void)
{
    return MPI_Gatherv(src, 1, MPI_INT, dst, NULL, (int[]){0}, MPI_INT, 0, MPI_COMM_WORLD);
}
static int r_null_types(void)
{
    return MPI_Alltoallw(src, (int[]){1}, (int[]){0}, (MPI_Datatype[]){MPI_INT}, dst, (int[]){1},
                         (int[]){0}, NULL, MPI_COMM_WORLD);
}
static int r_null_request(void)
{
    return MPI_Iallreduce(src, dst, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD, NULL);
}
static int r_comm(void)
{
    return MPI_Bcast(dst, 1, MPI_INT, 0, BOGUS_COMM);
}
static int r_scatter_in_place_uncommitted(void)
{
    return MPI_Scatter(src, 1, raw, MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_WORLD);
}
static int r_exscan_op(void)
{
    return MPI_Exscan(src, dst, 1, MPI_BYTE, MPI_SUM, MPI_COMM_WORLD);
}
static int r_count_c(void)
{
    return MPI_Reduce_scatter_block_c(src, dst, (MPI_Count)-3, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

/* MPI_IN_PLACE on the side it does not stand for (read as address -1) */
static int r_scatter_send_in_place(void)
{
    return MPI_Scatter(MPI_IN_PLACE, 1, MPI_INT, dst, 1, MPI_INT, 0, MPI_COMM_WORLD);
}
static int r_gather_recv_in_place(void)
{
    return MPI_Gather(src, 1, MPI_INT, MPI_IN_PLACE, 1, MPI_INT, 0, MPI_COMM_WORLD);
}

static const struct refusal refusals[] = {
    {"negative count", r_count, MPI_ERR_COUNT},
    {"send shorter than receive", r_shorter, MPI_ERR_TYPE},
    {"send longer than receive", r_longer, MPI_ERR_TRUNCATE},
    {"root 1", r_root, MPI_ERR_ROOT},
    {"MINLOC on MPI_INT", r_op, MPI_ERR_OP},
    {"uncommitted sendtype", r_uncommitted, MPI_ERR_TYPE},
    {"NULL recvcounts", r_null_counts, MPI_ERR_ARG},
    {"NULL recvtypes", r_null_types, MPI_ERR_ARG},
    {"NULL request", r_null_request, MPI_ERR_ARG},
    {"bad comm", r_comm, MPI_ERR_COMM},
    {"scatter in place, uncommitted sendtype", r_scatter_in_place_uncommitted, MPI_ERR_TYPE},
    {"exscan SUM on MPI_BYTE", r_exscan_op, MPI_ERR_OP},
    {"negative count (_c)", r_count_c, MPI_ERR_COUNT},
    {"scatter, sendbuf MPI_IN_PLACE", r_scatter_send_in_place, MPI_ERR_BUFFER},
    {"gather, recvbuf MPI_IN_PLACE", r_gather_recv_in_place, MPI_ERR_BUFFER},
};

START_TEST(test_refusals)
{
    returning();
    MPI_Type_contiguous(2, MPI_INT, &raw);
    poison();
    int rc = refusals[_i].call();
    ck_assert_msg(class_of(rc) == refusals[_i].cls, "%s: class %d, want %d", refusals[_i].what,
                  class_of(rc), refusals[_i].cls);
    ck_assert_msg(untouched(), "%s: the receive buffer was written", refusals[_i].what);
    MPI_Type_free(&raw);
}
END_TEST

/* MPI_Exscan: process 0's receive buffer is undefined, so left alone. */
START_TEST(test_exscan_leaves_alone)
{
    poison();
    ck_assert_int_eq(MPI_Exscan(src, dst, 3, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert(untouched());
}
END_TEST

/* A displacement whose bytes pass MPI_Aint (2^62 doubles) on a block of
 * count 0: nothing moves, nothing is read there (the address was an
 * overflowing product). */
START_TEST(test_zero_block_far_displacement)
{
    int zero = 0;
    MPI_Aint far = (MPI_Aint)1 << 62;
    MPI_Count zc = 0;

    poison();
    ck_assert_int_eq(
        MPI_Gatherv(src, 0, MPI_DOUBLE, dst, &zero, &(int){0}, MPI_DOUBLE, 0, MPI_COMM_WORLD),
        MPI_SUCCESS);
    ck_assert_int_eq(
        MPI_Gatherv_c(src, 0, MPI_DOUBLE, dst, &zc, &far, MPI_DOUBLE, 0, MPI_COMM_WORLD),
        MPI_SUCCESS);
    ck_assert_int_eq(
        MPI_Scatterv_c(src, &zc, &far, MPI_DOUBLE, dst, 0, MPI_DOUBLE, 0, MPI_COMM_WORLD),
        MPI_SUCCESS);
    ck_assert(untouched());
}
END_TEST

/* A user operation takes any datatype: one contribution is copied. */
static void never_called(void *in, void *io, int *len, MPI_Datatype *t)
{
    (void)in, (void)io, (void)len, (void)t;
    abort();
}

START_TEST(test_user_op_derived)
{
    MPI_Datatype vec;
    MPI_Op op;

    MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    MPI_Op_create(never_called, 0, &op);
    poison();
    ck_assert_int_eq(MPI_Allreduce(src, dst, 1, vec, op, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(dst[0], 1);
    ck_assert_int_eq(dst[1], -1);
    ck_assert_int_eq(dst[2], 3);
    ck_assert_int_eq(dst[4], 5);
    MPI_Op_free(&op);
    MPI_Type_free(&vec);
}
END_TEST

/* Nonblocking collectives are complete at once; their requests are still
 * requests (Test, Request_free). */
START_TEST(test_requests)
{
    MPI_Request r[3];
    MPI_Status st[2];
    int flag = 0;

    poison();
    ck_assert_int_eq(MPI_Ibcast(dst, 2, MPI_INT, 0, MPI_COMM_SELF, &r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Iscan(src, dst, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, &r[1]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Ibarrier(MPI_COMM_WORLD, &r[2]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Testall(2, r, &flag, st), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(r[0], MPI_REQUEST_NULL);
    ck_assert_int_eq(dst[1], 2);
    ck_assert_int_eq(MPI_Request_free(&r[2]), MPI_SUCCESS);
}
END_TEST

/* A persistent collective keeps its own reference to a derived type the
 * program frees, moves the data of the moment at each start, and leaves
 * no type behind when freed. */
START_TEST(test_persistent_restarts)
{
    long live0 = typeshim_live_types();
    int s[N], d[N];
    MPI_Datatype vec;
    MPI_Request r;

    MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    ck_assert_int_eq(
        MPI_Gather_init(s, 1, vec, d, 3, MPI_INT, 0, MPI_COMM_WORLD, MPI_INFO_NULL, &r),
        MPI_SUCCESS);
    MPI_Type_free(&vec);
    for (int round = 0; round < 3; round++) {
        for (int i = 0; i < N; i++) {
            s[i] = 10 * round + i;
            d[i] = -1;
        }
        ck_assert_int_eq(MPI_Start(&r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
        ck_assert_int_ne(r, MPI_REQUEST_NULL); /* inactive, not freed */
        ck_assert(d[0] == 10 * round && d[1] == 10 * round + 2 && d[2] == 10 * round + 4);
        ck_assert_int_eq(d[3], -1);
    }
    ck_assert_int_eq(MPI_Request_free(&r), MPI_SUCCESS);
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* MPI_Startall starts point-to-point and collective requests together;
 * MPI_Test sees a started collective complete. */
START_TEST(test_persistent_startall)
{
    int a = 7, b = -1, x[2] = {3, 4}, y[2] = {-1, -1}, flag = 0;
    MPI_Request r[3];
    MPI_Status st;

    ck_assert_int_eq(MPI_Recv_init(&b, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r[0]), MPI_SUCCESS);
    ck_assert_int_eq(
        MPI_Allreduce_init(x, y, 2, MPI_INT, MPI_SUM, MPI_COMM_WORLD, MPI_INFO_NULL, &r[1]),
        MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send_init(&a, 1, MPI_INT, 0, 5, MPI_COMM_WORLD, &r[2]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Startall(3, r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Test(&r[1], &flag, &st), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert(y[0] == 3 && y[1] == 4);
    ck_assert_int_eq(MPI_Waitall(3, r, statuses_ignore), MPI_SUCCESS);
    ck_assert_int_eq(b, 7);
    for (int i = 0; i < 3; i++)
        ck_assert_int_eq(MPI_Request_free(&r[i]), MPI_SUCCESS);
}
END_TEST

/* Misuse: a request pointer missing, a start of an active request, an
 * error in the arguments (found when the request is made), an
 * uncommitted type; no request is made by a failed call. */
START_TEST(test_persistent_misuse)
{
    MPI_Request r = MPI_REQUEST_NULL, q = MPI_REQUEST_NULL;
    MPI_Datatype uncommitted;

    returning();
    ck_assert_int_eq(class_of(MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(
        class_of(MPI_Bcast_init(dst, 1, MPI_INT, 2, MPI_COMM_WORLD, MPI_INFO_NULL, &q)),
        MPI_ERR_ROOT);
    ck_assert_int_eq(q, MPI_REQUEST_NULL);
    ck_assert_int_eq(class_of(MPI_Allgather_init(src, 4, MPI_INT, dst, 2, MPI_INT, MPI_COMM_WORLD,
                                                 MPI_INFO_NULL, &q)),
                     MPI_ERR_TRUNCATE);
    MPI_Type_contiguous(2, MPI_INT, &uncommitted);
    ck_assert_int_eq(class_of(MPI_Scan_init(src, dst, 1, uncommitted, MPI_SUM, MPI_COMM_WORLD,
                                            MPI_INFO_NULL, &q)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Barrier_init(BOGUS_COMM, MPI_INFO_NULL, &q)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Allreduce_init(src, dst, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD,
                                                 (MPI_Info)0x9c000007, &q)),
                     MPI_ERR_INFO); /* never made */
    ck_assert_int_eq(q, MPI_REQUEST_NULL);
    MPI_Type_free(&uncommitted);
    ck_assert_int_eq(MPI_Barrier_init(MPI_COMM_WORLD, MPI_INFO_NULL, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Start(&r), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Start(&r)), MPI_ERR_REQUEST);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Request_free(&r), MPI_SUCCESS);
    poison();
    ck_assert(untouched());
}
END_TEST

static Suite *coll_suite(void)
{
    Suite *s = suite_create("coll");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_loop_test(tc, test_refusals, 0, (int)(sizeof refusals / sizeof refusals[0]));
    tcase_add_test(tc, test_exscan_leaves_alone);
    tcase_add_test(tc, test_zero_block_far_displacement);
    tcase_add_test(tc, test_user_op_derived);
    tcase_add_test(tc, test_requests);
    tcase_add_test(tc, test_persistent_restarts);
    tcase_add_test(tc, test_persistent_startall);
    tcase_add_test(tc, test_persistent_misuse);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(coll_suite());
}

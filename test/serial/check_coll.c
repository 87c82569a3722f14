/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_coll: collectives on one process in libtypeshim-serial (black
 * box): what test/xcheck/xc_coll.c cannot ask of MPICH (it crashes on a
 * negative count) and the refusals, each leaving the receive buffer
 * alone: sizes that disagree, NULL arrays and requests, uncommitted
 * datatypes, roots, operations; MPI_Exscan leaving process 0's buffer
 * alone; user operations on derived datatypes; nonblocking requests.
 */
#include "serialtest.h"

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

#define N 6

static int src[N] = {1, 2, 3, 4, 5, 6}, dst[N];

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

static Suite *coll_suite(void)
{
    Suite *s = suite_create("coll");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_loop_test(tc, test_refusals, 0, (int)(sizeof refusals / sizeof refusals[0]));
    tcase_add_test(tc, test_exscan_leaves_alone);
    tcase_add_test(tc, test_user_op_derived);
    tcase_add_test(tc, test_requests);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(coll_suite());
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_sizes: byte counts past 2^63 - 1 in libtypeshim-serial (black
 * box).  A send, a collective or a reduction whose count x size of its
 * datatype does not fit in MPI_Count fails with MPI_ERR_COUNT naming the
 * call, the argument and the overflow, nothing queued; a v collective's
 * or a neighbourhood collective's displacement x extent likewise.  A
 * point-to-point receive's size only bounds the message: a receive of
 * 2^61 doubles takes a message of 3, and MPI_Get_count says 3 (MPI-4.1
 * section 3.2.4).
 */
#include <stdint.h>

#include "serialtest.h"

#define HUGE_N ((MPI_Count)1 << 61) /* 2^61 doubles: 2^64 bytes */

static int fails(int rc)
{
    return class_of(rc);
}

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

static void queue_empty(void)
{
    int flag = -1;

    ck_assert_int_eq(
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE),
        MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
}

START_TEST(test_send_refused)
{
    double d[3] = {1, 2, 3};
    MPI_Request r = MPI_REQUEST_NULL;

    returning();
    ck_assert_int_eq(fails(MPI_Send_c(d, HUGE_N + 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD)),
                     MPI_ERR_COUNT);
    ck_assert_int_eq(fails(MPI_Isend_c(d, HUGE_N, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &r)),
                     MPI_ERR_COUNT);
    ck_assert(r == MPI_REQUEST_NULL);
    ck_assert_int_eq(fails(MPI_Bsend_c(d, HUGE_N, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD)),
                     MPI_ERR_COUNT);
    queue_empty();
}
END_TEST

/* A derived type: an int count whose copies pass 2^63 - 1 bytes. */
START_TEST(test_derived_refused)
{
    MPI_Datatype big;
    double d = 0;

    returning();
    ck_assert_int_eq(MPI_Type_contiguous_c((MPI_Count)1 << 40, MPI_DOUBLE, &big), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&big), MPI_SUCCESS);
    ck_assert_int_eq(fails(MPI_Send(&d, 1 << 20, big, 0, 1, MPI_COMM_WORLD)), MPI_ERR_COUNT);
    MPI_Type_set_name(big, "big");
    ck_assert_int_eq(fails(MPI_Sendrecv(&d, 1 << 20, big, 0, 1, &d, 1, MPI_DOUBLE, 0, 1,
                                        MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_COUNT);
    queue_empty();
    MPI_Type_free(&big);
}
END_TEST

/* The receive's size bounds the message: 2^61 doubles hold 3. */
START_TEST(test_large_receive)
{
    double d[3] = {1, 2, 3}, got[3] = {0};
    MPI_Count n = -1;
    MPI_Request r;
    MPI_Status s;

    returning();
    ck_assert_int_eq(MPI_Send_c(d, 3, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv_c(got, HUGE_N, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Get_count_c(&s, MPI_DOUBLE, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 3);
    ck_assert(got[2] == 3.0);
    /* posted first */
    got[2] = 0;
    ck_assert_int_eq(MPI_Irecv_c(got, HUGE_N, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send_c(d, 3, MPI_DOUBLE, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Get_count_c(&s, MPI_DOUBLE, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 3);
    ck_assert(got[2] == 3.0);
    /* Sendrecv, and a matched probe received */
    ck_assert_int_eq(
        MPI_Sendrecv_c(d, 2, MPI_DOUBLE, 0, 3, got, HUGE_N, MPI_DOUBLE, 0, 3, MPI_COMM_WORLD, &s),
        MPI_SUCCESS);
    ck_assert_int_eq(MPI_Get_count_c(&s, MPI_DOUBLE, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 2);
    {
        MPI_Message m;
        ck_assert_int_eq(MPI_Send_c(d, 1, MPI_DOUBLE, 0, 4, MPI_COMM_WORLD), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Mprobe(0, 4, MPI_COMM_WORLD, &m, MPI_STATUS_IGNORE), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Mrecv_c(got, HUGE_N, MPI_DOUBLE, &m, &s), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Get_count_c(&s, MPI_DOUBLE, &n), MPI_SUCCESS);
        ck_assert_int_eq(n, 1);
    }
    queue_empty();
}
END_TEST

/* A probe's status says the message's size: MPI_Get_count and
 * MPI_Get_elements (int and _c forms) read it. */
START_TEST(test_probe_counts)
{
    double d[3] = {1, 2, 3};
    MPI_Count n = -1;
    MPI_Status s;
    int k = -1;

    returning();
    ck_assert_int_eq(fails(MPI_Send_c(d, HUGE_N + 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD)),
                     MPI_ERR_COUNT);
    ck_assert_int_eq(MPI_Send(d, 3, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    memset(&s, 0x5a, sizeof s);
    ck_assert_int_eq(MPI_Probe(0, 1, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert_int_eq(s.MPI_SOURCE, 0);
    ck_assert_int_eq(s.MPI_TAG, 1);
    ck_assert_int_eq(MPI_Get_count_c(&s, MPI_DOUBLE, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 3);
    ck_assert_int_eq(MPI_Get_count(&s, MPI_INT, &k), MPI_SUCCESS);
    ck_assert_int_eq(k, 6);
    ck_assert_int_eq(MPI_Get_elements(&s, MPI_DOUBLE, &k), MPI_SUCCESS);
    ck_assert_int_eq(k, 3);
    ck_assert_int_eq(MPI_Get_elements_c(&s, MPI_BYTE, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 24);
    ck_assert_int_eq(MPI_Recv(d, 3, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    queue_empty();
}
END_TEST

START_TEST(test_collectives)
{
    double a[2] = {1, 2}, b[2] = {0, 0};
    MPI_Count counts[1] = {1};
    MPI_Aint displs[1] = {(MPI_Aint)HUGE_N};
    MPI_Request r = MPI_REQUEST_NULL;

    returning();
    ck_assert_int_eq(
        fails(MPI_Gather_c(a, HUGE_N, MPI_DOUBLE, b, HUGE_N, MPI_DOUBLE, 0, MPI_COMM_WORLD)),
        MPI_ERR_COUNT);
    ck_assert_int_eq(fails(MPI_Bcast_c(a, HUGE_N, MPI_DOUBLE, 0, MPI_COMM_WORLD)), MPI_ERR_COUNT);
    ck_assert_int_eq(fails(MPI_Allreduce_c(a, b, HUGE_N, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD)),
                     MPI_ERR_COUNT);
    ck_assert_int_eq(fails(MPI_Iallgather_c(MPI_IN_PLACE, 0, MPI_DOUBLE, b, HUGE_N, MPI_DOUBLE,
                                            MPI_COMM_WORLD, &r)),
                     MPI_ERR_COUNT);
    ck_assert(r == MPI_REQUEST_NULL);
    /* a displacement: block 0 of recvbuf 2^64 bytes away */
    ck_assert_int_eq(
        fails(MPI_Gatherv_c(a, 1, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD)),
        MPI_ERR_COUNT);
    ck_assert(b[0] == 0.0 && b[1] == 0.0);
    ck_assert_int_eq(fails(MPI_Alltoallv_c(a, counts, displs, MPI_DOUBLE, b, counts,
                                           (MPI_Aint[]){0}, MPI_DOUBLE, MPI_COMM_WORLD)),
                     MPI_ERR_COUNT);
    ck_assert(b[0] == 0.0);
    /* an empty block may sit anywhere: it touches nothing */
    counts[0] = 0;
    ck_assert_int_eq(
        MPI_Gatherv_c(a, 0, MPI_DOUBLE, b, counts, displs, MPI_DOUBLE, 0, MPI_COMM_WORLD),
        MPI_SUCCESS);
}
END_TEST

START_TEST(test_reduce_local)
{
    double a[2] = {1, 2}, b[2] = {3, 4};

    returning();
    ck_assert_int_eq(fails(MPI_Reduce_local_c(a, b, HUGE_N, MPI_DOUBLE, MPI_SUM)), MPI_ERR_COUNT);
    ck_assert(b[0] == 3.0 && b[1] == 4.0);
}
END_TEST

/* With the default handler the process ends with the message, which
 * names the call, the argument and the overflow. */
static double dd[2];

static void fatal_send(void)
{
    MPI_Send_c(dd, HUGE_N + 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
}

static void fatal_derived(void)
{
    MPI_Datatype big;

    MPI_Type_contiguous_c((MPI_Count)1 << 40, MPI_DOUBLE, &big);
    MPI_Type_commit(&big);
    MPI_Send(dd, 1 << 20, big, 0, 1, MPI_COMM_WORLD);
}

static void fatal_named(void)
{
    MPI_Datatype big;

    MPI_Type_contiguous_c((MPI_Count)1 << 40, MPI_DOUBLE, &big);
    MPI_Type_commit(&big);
    MPI_Type_set_name(big, "big");
    MPI_Sendrecv(dd, 1 << 20, big, 0, 1, dd, 1, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD,
                 MPI_STATUS_IGNORE);
}

static void fatal_gather(void)
{
    MPI_Gather_c(dd, HUGE_N, MPI_DOUBLE, dd, HUGE_N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

static void fatal_bcast(void)
{
    MPI_Bcast_c(dd, HUGE_N, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

static void fatal_allgather(void)
{
    MPI_Request r;

    MPI_Iallgather_c(MPI_IN_PLACE, 0, MPI_DOUBLE, dd, HUGE_N, MPI_DOUBLE, MPI_COMM_WORLD, &r);
}

static void fatal_gatherv(void)
{
    MPI_Gatherv_c(dd, 1, MPI_DOUBLE, dd, (MPI_Count[]){1}, (MPI_Aint[]){(MPI_Aint)HUGE_N},
                  MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

/* an int displacement times a 2^40-byte extent */
static void fatal_alltoallv(void)
{
    MPI_Datatype wide;

    MPI_Type_create_resized(MPI_DOUBLE, 0, (MPI_Aint)1 << 40, &wide);
    MPI_Type_commit(&wide);
    MPI_Alltoallv(dd, (int[]){1}, (int[]){0}, MPI_DOUBLE, dd, (int[]){1}, (int[]){1 << 30}, wide,
                  MPI_COMM_WORLD);
}

/* a periodic ring of one process: two neighbours, both itself */
static MPI_Comm ring(void)
{
    MPI_Comm c;

    MPI_Cart_create(MPI_COMM_WORLD, 1, (int[]){1}, (int[]){1}, 0, &c);
    return c;
}

/* block 1 of 2^23 elements 2^40 bytes apart starts 2^63 bytes in */
static void fatal_neighbor_alltoall(void)
{
    MPI_Datatype wide;

    MPI_Type_create_resized(MPI_BYTE, 0, (MPI_Aint)1 << 40, &wide);
    MPI_Type_commit(&wide);
    MPI_Neighbor_alltoall_c(dd, (MPI_Count)1 << 23, wide, dd, (MPI_Count)1 << 23, wide, ring());
}

static void fatal_neighbor_alltoallv(void)
{
    MPI_Neighbor_alltoallv_c(dd, (MPI_Count[]){1, 1}, (MPI_Aint[]){0, (MPI_Aint)HUGE_N}, MPI_DOUBLE,
                             dd, (MPI_Count[]){1, 1}, (MPI_Aint[]){0, 1}, MPI_DOUBLE, ring());
}

static void fatal_reduce_local(void)
{
    MPI_Reduce_local_c(dd, dd + 1, HUGE_N, MPI_DOUBLE, MPI_SUM);
}

static const struct {
    void (*body)(void);
    const char *want;
} fatals[] = {
    {fatal_send, "MPI_Send_c(count=2305843009213693953): count x size of MPI_DOUBLE (8 bytes) "
                 "passes 2^63-1 bytes"},
    {fatal_derived, "MPI_Send(count=1048576): count x size of datatype (8796093022208 bytes) "
                    "passes 2^63-1 bytes"},
    {fatal_named, "MPI_Sendrecv(sendcount=1048576): sendcount x size of big (8796093022208 "
                  "bytes) passes 2^63-1 bytes"},
    {fatal_gather, "MPI_Gather_c(sendcount=2305843009213693952): sendcount x size of MPI_DOUBLE "
                   "(8 bytes) passes 2^63-1 bytes"},
    {fatal_bcast, "MPI_Bcast_c(count=2305843009213693952): count x size of MPI_DOUBLE"},
    {fatal_allgather, "MPI_Iallgather_c(recvcount=2305843009213693952): recvcount x size of "
                      "MPI_DOUBLE"},
    {fatal_gatherv, "MPI_Gatherv_c(displs[0]=2305843009213693952): displs[0] x extent of "
                    "MPI_DOUBLE (8 bytes) passes 2^63-1 bytes"},
    {fatal_alltoallv, "MPI_Alltoallv(rdispls[0]=1073741824): rdispls[0] x extent of recvtype "
                      "(1099511627776 bytes) passes 2^63-1 bytes"},
    {fatal_neighbor_alltoall, "MPI_Neighbor_alltoall_c(1 x sendcount=8388608): 1 x sendcount x "
                              "extent of sendtype (1099511627776 bytes) passes 2^63-1 bytes"},
    {fatal_neighbor_alltoallv, "MPI_Neighbor_alltoallv_c(sdispls[1]=2305843009213693952): "
                               "sdispls[1] x extent of MPI_DOUBLE (8 bytes) passes 2^63-1 bytes"},
    {fatal_reduce_local, "MPI_Reduce_local_c(count=2305843009213693952): count x size of "
                         "MPI_DOUBLE (8 bytes) passes 2^63-1 bytes"},
};

START_TEST(test_fatal_messages)
{
    struct child c;

    run_child(fatals[_i].body, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_COUNT);
    ck_assert_msg(strstr(c.err, fatals[_i].want) != NULL, "stderr: %s", c.err);
}
END_TEST

static Suite *sizes_suite(void)
{
    Suite *s = suite_create("sizes");
    TCase *tc = tcase_create("overflow");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_send_refused);
    tcase_add_test(tc, test_derived_refused);
    tcase_add_test(tc, test_large_receive);
    tcase_add_test(tc, test_probe_counts);
    tcase_add_test(tc, test_collectives);
    tcase_add_test(tc, test_reduce_local);
    tcase_add_loop_test(tc, test_fatal_messages, 0, (int)(sizeof fatals / sizeof fatals[0]));
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(sizes_suite());
}

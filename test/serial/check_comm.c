/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_comm: communicators and groups of libtypeshim-serial (black box):
 * the refusals MPICH cannot be asked for side by side (stale and
 * predefined handles, bad colours, groups and ranks), error handlers
 * inherited and named in fatal messages, and messages kept apart by
 * communicator.  test/xcheck/xc_comm.c compares the rest with MPICH.
 */
#include "serialtest.h"

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

START_TEST(test_refusals)
{
    MPI_Comm dup, old, out = MPI_COMM_WORLD;
    MPI_Group g, out_g = MPI_GROUP_EMPTY;
    int size = -7;

    returning();
    ck_assert_int_eq(MPI_Comm_dup(MPI_COMM_WORLD, &dup), MPI_SUCCESS);
    old = dup;
    ck_assert_int_eq(MPI_Comm_free(&dup), MPI_SUCCESS);
    ck_assert_int_eq(dup, MPI_COMM_NULL);
    /* the freed handle is refused everywhere, not taken for a new one */
    ck_assert_int_eq(MPI_Comm_dup(MPI_COMM_WORLD, &dup), MPI_SUCCESS);
    ck_assert_int_ne(dup, old);
    ck_assert_int_eq(class_of(MPI_Comm_size(old, &size)), MPI_ERR_COMM);
    ck_assert_int_eq(size, -7);
    ck_assert_int_eq(class_of(MPI_Send(&size, 1, MPI_INT, 0, 0, old)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_free(&old)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_free(&(MPI_Comm){MPI_COMM_SELF})), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_free(&(MPI_Comm){MPI_COMM_NULL})), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_split(MPI_COMM_WORLD, -5, 0, &out)), MPI_ERR_ARG);
    ck_assert_int_eq(out, MPI_COMM_WORLD); /* nothing written */
    ck_assert_int_eq(class_of(MPI_Comm_create(MPI_COMM_WORLD, (MPI_Group)0x88000077, &out)),
                     MPI_ERR_GROUP);
    ck_assert_int_eq(class_of(MPI_Comm_dup_with_info(MPI_COMM_WORLD, (MPI_Info)0x9c000001, &out)),
                     MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Comm_dup(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    MPI_Comm_group(MPI_COMM_WORLD, &g);
    ck_assert_int_eq(class_of(MPI_Group_incl(g, 1, (int[]){1}, &out_g)), MPI_ERR_RANK);
    ck_assert_int_eq(class_of(MPI_Group_incl(g, 2, (int[]){0, 0}, &out_g)), MPI_ERR_ARG);
    ck_assert_int_eq(out_g, MPI_GROUP_EMPTY);
    ck_assert_int_eq(class_of(MPI_Group_size((MPI_Group)0x12345678, &size)), MPI_ERR_GROUP);
    MPI_Group_free(&g);
    MPI_Comm_free(&dup);
}
END_TEST

/* Messages of a freed communicator never reach another one. */
START_TEST(test_contexts)
{
    MPI_Comm a, b;
    int v = 1, flag = -1;

    MPI_Comm_dup(MPI_COMM_WORLD, &a);
    MPI_Send(&v, 1, MPI_INT, 0, 9, a);
    MPI_Comm_free(&a);
    MPI_Comm_dup(MPI_COMM_WORLD, &b); /* may reuse a's slot */
    ck_assert_int_eq(MPI_Iprobe(0, 9, b, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(MPI_Iprobe(0, 9, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    MPI_Comm_free(&b);
}
END_TEST

/* A user handler set on MPI_COMM_WORLD goes to its duplicates, and lives
 * while one of them holds it. */
START_TEST(test_handler_inherited)
{
    MPI_Errhandler eh;
    MPI_Comm dup;
    int v = 0;

    MPI_Comm_create_errhandler(counting_handler, &eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Errhandler_free(&eh);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Send(&v, 1, MPI_INT, 2, 0, dup);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(handler_comm, dup);
    ck_assert_int_eq(class_of(handler_code), MPI_ERR_RANK);
    MPI_Comm_free(&dup);
}
END_TEST

static void body_named(void)
{
    MPI_Comm dup;
    int v = 0;

    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_name(dup, "halo comm");
    MPI_Send(&v, 1, MPI_INT, 2, 0, dup);
}

/* The fatal message names the communicator by the name it was given. */
START_TEST(test_fatal_names_comm)
{
    struct child c;

    run_child(body_named, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_RANK);
    ck_assert_msg(strstr(c.err, "typeshim: rank 0: fatal error on halo comm: MPI_Send(dest=2)") ==
                      c.err,
                  "stderr: %s", c.err);
}
END_TEST

/* MPI_Comm_split_type on one process (MPI-4.1 section 7.4.2): a
 * one-process communicator for the types and resources that group the
 * process with itself, MPI_COMM_NULL for the others (as MPICH 4.0.2). */
static const struct split_case {
    int type;
    const char *key, *val;
    int size; /* 1, or 0 for MPI_COMM_NULL */
} splits[] = {
    {MPI_COMM_TYPE_SHARED, NULL, NULL, 1},
    {MPI_UNDEFINED, NULL, NULL, 0},
    {MPI_COMM_TYPE_HW_GUIDED, NULL, NULL, 0},
    {MPI_COMM_TYPE_HW_GUIDED, "other_key", "mpi_shared_memory", 0},
    {MPI_COMM_TYPE_HW_GUIDED, "mpi_hw_resource_type", "mpi_shared_memory", 1},
    {MPI_COMM_TYPE_HW_GUIDED, "mpi_hw_resource_type", "no_such_resource", 0},
    {MPI_COMM_TYPE_HW_UNGUIDED, NULL, NULL, 0},
    {MPIX_COMM_TYPE_NEIGHBORHOOD, NULL, NULL, 0},
    {MPIX_COMM_TYPE_NEIGHBORHOOD, "nbhd_common_dirname", "/tmp", 1},
};

START_TEST(test_split_type)
{
    const struct split_case *c = &splits[_i];
    MPI_Info info = MPI_INFO_NULL;
    MPI_Comm out = MPI_COMM_SELF;
    int size = -1;

    returning();
    if (c->key) {
        MPI_Info_create(&info);
        MPI_Info_set(info, c->key, c->val);
    }
    ck_assert_int_eq(MPI_Comm_split_type(MPI_COMM_WORLD, c->type, 0, info, &out), MPI_SUCCESS);
    if (c->size) {
        ck_assert_int_ne(out, MPI_COMM_NULL);
        ck_assert_int_eq(MPI_Comm_size(out, &size), MPI_SUCCESS);
        ck_assert_int_eq(size, 1);
        MPI_Comm_free(&out);
    }
    ck_assert_int_eq(out, MPI_COMM_NULL);
    if (info != MPI_INFO_NULL)
        MPI_Info_free(&info);
}
END_TEST

/* A value that is no split type is refused, as MPICH does. */
START_TEST(test_split_type_invalid)
{
    MPI_Comm out = MPI_COMM_SELF;

    returning();
    ck_assert_int_eq(class_of(MPI_Comm_split_type(MPI_COMM_WORLD, 99, 0, MPI_INFO_NULL, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_split_type(MPI_COMM_WORLD, -3, 0, MPI_INFO_NULL, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(out, MPI_COMM_SELF); /* nothing written */
}
END_TEST

static Suite *comm_suite(void)
{
    Suite *s = suite_create("comm");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_refusals);
    tcase_add_test(tc, test_contexts);
    tcase_add_test(tc, test_handler_inherited);
    tcase_add_test(tc, test_fatal_names_comm);
    tcase_add_loop_test(tc, test_split_type, 0, (int)(sizeof splits / sizeof splits[0]));
    tcase_add_test(tc, test_split_type_invalid);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(comm_suite());
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_more: the less common calls of libtypeshim-serial (black box):
 * MPI_Pcontrol, the calls of dynamic processes and intercommunicators
 * that one process can answer (MPI_Comm_get_parent, MPI_Comm_remote_size,
 * MPI_Comm_remote_group, MPI_Comm_disconnect), group ranges,
 * MPI_Comm_create_group, MPI_Comm_idup_with_info, MPI_Isendrecv and
 * MPI_Isendrecv_replace, MPI_Errhandler_create and MPI_Errhandler_get:
 * literal results and every refusal, with nothing written on error.  test/xcheck/xc_more.c
 * compares what MPICH can run with it.
 */
#include "serialtest.h"

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

START_TEST(test_pcontrol)
{
    ck_assert_int_eq(MPI_Pcontrol(0), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Pcontrol(2, "phase", 3.5), MPI_SUCCESS);
    ck_assert_int_eq(PMPI_Pcontrol(-1), MPI_SUCCESS);
}
END_TEST

START_TEST(test_parent)
{
    MPI_Comm parent = MPI_COMM_WORLD;

    returning();
    ck_assert_int_eq(MPI_Comm_get_parent(&parent), MPI_SUCCESS);
    ck_assert_int_eq(parent, MPI_COMM_NULL);
    ck_assert_int_eq(class_of(MPI_Comm_get_parent(NULL)), MPI_ERR_ARG);
}
END_TEST

/* Every communicator is an intracommunicator: the remote calls refuse
 * it and write nothing. */
START_TEST(test_remote)
{
    MPI_Group g = MPI_GROUP_NULL;
    MPI_Comm dup;
    int size = -7;

    returning();
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    ck_assert_int_eq(class_of(MPI_Comm_remote_size(MPI_COMM_WORLD, &size)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_remote_size(MPI_COMM_SELF, &size)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_remote_size(dup, &size)), MPI_ERR_COMM);
    ck_assert_int_eq(size, -7);
    ck_assert_int_eq(class_of(MPI_Comm_remote_group(dup, &g)), MPI_ERR_COMM);
    ck_assert_int_eq(g, MPI_GROUP_NULL);
    ck_assert_int_eq(class_of(MPI_Comm_remote_size(MPI_COMM_NULL, &size)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_remote_group(BOGUS_COMM, &g)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_remote_size(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_remote_group(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(size, -7);
    MPI_Comm_free(&dup);
}
END_TEST

static int deleted;

static int count_delete(MPI_Comm comm, int keyval, void *value, void *extra)
{
    (void)comm, (void)keyval, (void)value, (void)extra;
    deleted++;
    return MPI_SUCCESS;
}

/* MPI_Comm_disconnect frees as MPI_Comm_free does: delete callbacks run,
 * the handle refused afterwards, a queued message gone with it. */
START_TEST(test_disconnect)
{
    MPI_Comm dup, old, c;
    int key, v = 4, flag = -1;

    returning();
    MPI_Comm_create_keyval(MPI_COMM_NULL_COPY_FN, count_delete, &key, NULL);
    MPI_Comm_dup(MPI_COMM_WORLD, &dup);
    MPI_Comm_set_attr(dup, key, &v);
    MPI_Send(&v, 1, MPI_INT, 0, 5, dup);
    old = dup;
    ck_assert_int_eq(MPI_Comm_disconnect(&dup), MPI_SUCCESS);
    ck_assert_int_eq(dup, MPI_COMM_NULL);
    ck_assert_int_eq(deleted, 1);
    ck_assert_int_eq(class_of(MPI_Comm_disconnect(&old)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_size(old, &v)), MPI_ERR_COMM);
    ck_assert_int_eq(MPI_Iprobe(0, 5, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    c = MPI_COMM_WORLD;
    ck_assert_int_eq(class_of(MPI_Comm_disconnect(&c)), MPI_ERR_COMM);
    ck_assert_int_eq(c, MPI_COMM_WORLD);
    c = MPI_COMM_SELF;
    ck_assert_int_eq(class_of(MPI_Comm_disconnect(&c)), MPI_ERR_COMM);
    ck_assert_int_eq(c, MPI_COMM_SELF);
    c = MPI_COMM_NULL;
    ck_assert_int_eq(class_of(MPI_Comm_disconnect(&c)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_disconnect(NULL)), MPI_ERR_ARG);
    MPI_Comm_free_keyval(&key);
}
END_TEST

static void body_disconnect_world(void)
{
    MPI_Comm c = MPI_COMM_WORLD;

    MPI_Comm_disconnect(&c);
}

START_TEST(test_disconnect_fatal)
{
    struct child c;

    run_child(body_disconnect_world, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_COMM);
    ck_assert_msg(
        strstr(c.err,
               "typeshim: rank 0: fatal error on MPI_COMM_WORLD: MPI_Comm_disconnect(comm=") ==
            c.err,
        "stderr: %s", c.err);
}
END_TEST

static int size_of(MPI_Group g)
{
    int size = -1;

    ck_assert_int_eq(MPI_Group_size(g, &size), MPI_SUCCESS);
    return size;
}

START_TEST(test_ranges)
{
    MPI_Group g, out;

    MPI_Comm_group(MPI_COMM_WORLD, &g);
    ck_assert_int_eq(MPI_Group_range_incl(g, 1, (int[][3]){{0, 0, 1}}, &out), MPI_SUCCESS);
    ck_assert_int_eq(size_of(out), 1);
    ck_assert_int_eq(MPI_Group_range_incl(g, 1, (int[][3]){{0, 3, 5}}, &out), MPI_SUCCESS);
    ck_assert_int_eq(size_of(out), 1);
    ck_assert_int_eq(MPI_Group_range_incl(g, 1, (int[][3]){{0, 0, -1}}, &out), MPI_SUCCESS);
    ck_assert_int_eq(size_of(out), 1);
    /* only rank 0 is computed: last need not be a rank (MPI-4.1 section 7.3.2) */
    ck_assert_int_eq(MPI_Group_range_incl(g, 1, (int[][3]){{0, -3, -5}}, &out), MPI_SUCCESS);
    ck_assert_int_eq(size_of(out), 1);
    ck_assert_int_eq(MPI_Group_range_incl(g, 0, NULL, &out), MPI_SUCCESS);
    ck_assert_int_eq(out, MPI_GROUP_EMPTY);
    ck_assert_int_eq(MPI_Group_range_excl(g, 1, (int[][3]){{0, 0, 1}}, &out), MPI_SUCCESS);
    ck_assert_int_eq(out, MPI_GROUP_EMPTY);
    ck_assert_int_eq(MPI_Group_range_excl(g, 0, NULL, &out), MPI_SUCCESS);
    ck_assert_int_eq(size_of(out), 1);
    ck_assert_int_eq(MPI_Group_range_incl(MPI_GROUP_EMPTY, 0, NULL, &out), MPI_SUCCESS);
    ck_assert_int_eq(out, MPI_GROUP_EMPTY);
    ck_assert_int_eq(MPI_Group_range_excl(MPI_GROUP_EMPTY, 0, NULL, &out), MPI_SUCCESS);
    ck_assert_int_eq(out, MPI_GROUP_EMPTY);
    MPI_Group_free(&g);
}
END_TEST

START_TEST(test_range_refusals)
{
    MPI_Group g, out = MPI_GROUP_NULL;

    returning();
    MPI_Comm_group(MPI_COMM_WORLD, &g);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, 1, (int[][3]){{1, 1, 1}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, 1, (int[][3]){{-1, 0, 1}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, 1, (int[][3]){{0, 0, 0}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_excl(g, 1, (int[][3]){{0, 0, 0}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, 1, (int[][3]){{0, 5, 1}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, 1, (int[][3]){{0, 1, -1}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_excl(g, 2, (int[][3]){{0, 0, 1}, {0, 0, 1}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, -1, (int[][3]){{0, 0, 1}}, &out)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, 1, NULL, &out)), MPI_ERR_ARG);
    ck_assert_int_eq(
        class_of(MPI_Group_range_incl(MPI_GROUP_EMPTY, 1, (int[][3]){{0, 0, 1}}, &out)),
        MPI_ERR_ARG);
    ck_assert_int_eq(out, MPI_GROUP_NULL); /* nothing written */
    ck_assert_int_eq(class_of(MPI_Group_range_incl(g, 1, (int[][3]){{0, 0, 1}}, NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Group_range_incl(MPI_GROUP_NULL, 0, NULL, &out)), MPI_ERR_GROUP);
    ck_assert_int_eq(class_of(MPI_Group_range_excl((MPI_Group)0x88000077, 0, NULL, &out)),
                     MPI_ERR_GROUP);
    ck_assert_int_eq(out, MPI_GROUP_NULL);
    MPI_Group_free(&g);
}
END_TEST

START_TEST(test_create_group)
{
    MPI_Comm c = MPI_COMM_WORLD, none = MPI_COMM_WORLD;
    MPI_Group g;
    int size = -1, res = -1, v = 8, w = 0;

    returning();
    MPI_Comm_group(MPI_COMM_WORLD, &g);
    ck_assert_int_eq(MPI_Comm_create_group(MPI_COMM_WORLD, g, 5, &c), MPI_SUCCESS);
    MPI_Comm_size(c, &size);
    ck_assert_int_eq(size, 1);
    MPI_Comm_compare(MPI_COMM_WORLD, c, &res);
    ck_assert_int_eq(res, MPI_CONGRUENT);
    /* a context of its own */
    MPI_Send(&v, 1, MPI_INT, 0, 1, c);
    ck_assert_int_eq(MPI_Iprobe(0, 1, MPI_COMM_WORLD, &res, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(res, 0);
    MPI_Recv(&w, 1, MPI_INT, 0, 1, c, MPI_STATUS_IGNORE);
    ck_assert_int_eq(w, 8);
    ck_assert_int_eq(MPI_Comm_create_group(MPI_COMM_WORLD, MPI_GROUP_EMPTY, 268435455, &none),
                     MPI_SUCCESS);
    ck_assert_int_eq(none, MPI_COMM_NULL);
    none = MPI_COMM_WORLD;
    ck_assert_int_eq(class_of(MPI_Comm_create_group(MPI_COMM_WORLD, g, -1, &none)), MPI_ERR_TAG);
    ck_assert_int_eq(class_of(MPI_Comm_create_group(MPI_COMM_WORLD, g, MPI_ANY_TAG, &none)),
                     MPI_ERR_TAG);
    ck_assert_int_eq(
        class_of(MPI_Comm_create_group(MPI_COMM_WORLD, MPI_GROUP_EMPTY, 268435455 + 1, &none)),
        MPI_ERR_TAG);
    ck_assert_int_eq(class_of(MPI_Comm_create_group(MPI_COMM_WORLD, MPI_GROUP_NULL, 0, &none)),
                     MPI_ERR_GROUP);
    ck_assert_int_eq(class_of(MPI_Comm_create_group(MPI_COMM_NULL, g, 0, &none)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Comm_create_group(MPI_COMM_WORLD, g, 0, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(none, MPI_COMM_WORLD); /* nothing written */
    MPI_Comm_free(&c);
    MPI_Group_free(&g);
}
END_TEST

START_TEST(test_idup_with_info)
{
    MPI_Comm c = MPI_COMM_NULL, out = MPI_COMM_WORLD;
    MPI_Info info, got;
    MPI_Request r = MPI_REQUEST_NULL;
    char value[MPI_MAX_INFO_VAL];
    int flag = -1, size = -1;

    returning();
    MPI_Info_create(&info);
    MPI_Info_set(info, "mpi_assert_no_any_tag", "true");
    ck_assert_int_eq(MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &c, &r), MPI_SUCCESS);
    ck_assert_int_ne(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(MPI_Test(&r, &flag, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    MPI_Comm_size(c, &size);
    ck_assert_int_eq(size, 1);
    MPI_Comm_get_info(c, &got);
    MPI_Info_get_string(got, "mpi_assert_no_any_tag", &(int){MPI_MAX_INFO_VAL}, value, &flag);
    ck_assert_int_eq(flag, 1);
    ck_assert_str_eq(value, "true");
    MPI_Info_free(&got);
    r = MPI_REQUEST_NULL;
    ck_assert_int_eq(
        class_of(MPI_Comm_idup_with_info(MPI_COMM_WORLD, (MPI_Info)0x9c000001, &out, &r)),
        MPI_ERR_INFO);
    ck_assert_int_eq(class_of(MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, &out, NULL)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_idup_with_info(MPI_COMM_WORLD, info, NULL, &r)),
                     MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Comm_idup_with_info(BOGUS_COMM, info, &out, &r)), MPI_ERR_COMM);
    ck_assert_int_eq(out, MPI_COMM_WORLD);
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    MPI_Info_free(&info);
    MPI_Comm_free(&c);
}
END_TEST

/* The message to self matches at once: the request is complete, its
 * status the receive's. */
START_TEST(test_isendrecv)
{
    int out[3] = {1, 2, 3}, in[4] = {0}, flag = -1, count = -1;
    MPI_Request r;
    MPI_Status st;

    ck_assert_int_eq(MPI_Isendrecv(out, 3, MPI_INT, 0, 7, in, 4, MPI_INT, MPI_ANY_SOURCE,
                                   MPI_ANY_TAG, MPI_COMM_WORLD, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Test(&r, &flag, &st), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(st.MPI_SOURCE, 0);
    ck_assert_int_eq(st.MPI_TAG, 7);
    MPI_Get_count(&st, MPI_INT, &count);
    ck_assert_int_eq(count, 3);
    ck_assert_int_eq(in[0], 1);
    ck_assert_int_eq(in[2], 3);
    ck_assert_int_eq(in[3], 0);
    /* large counts, to and from MPI_PROC_NULL: complete, an empty status */
    ck_assert_int_eq(MPI_Isendrecv_c(out, 3, MPI_INT, MPI_PROC_NULL, 1, in, 4, MPI_INT,
                                     MPI_PROC_NULL, 1, MPI_COMM_WORLD, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, &st), MPI_SUCCESS);
    ck_assert_int_eq(st.MPI_SOURCE, MPI_PROC_NULL);
    ck_assert_int_eq(st.MPI_TAG, MPI_ANY_TAG);
    MPI_Get_count(&st, MPI_INT, &count);
    ck_assert_int_eq(count, 0);
}
END_TEST

/* The receive half waits for a later message; the sent one stays queued
 * for another receive. */
START_TEST(test_isendrecv_pending)
{
    int out = 5, in = 0, later = 9, other = 0, flag = -1;
    MPI_Request r;
    MPI_Status st;

    ck_assert_int_eq(
        MPI_Isendrecv(&out, 1, MPI_INT, 0, 1, &in, 1, MPI_INT, 0, 2, MPI_COMM_WORLD, &r),
        MPI_SUCCESS);
    ck_assert_int_eq(MPI_Test(&r, &flag, &st), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    ck_assert_int_eq(in, 0);
    MPI_Send(&later, 1, MPI_INT, 0, 2, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Wait(&r, &st), MPI_SUCCESS);
    ck_assert_int_eq(in, 9);
    ck_assert_int_eq(st.MPI_TAG, 2);
    MPI_Recv(&other, 1, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ck_assert_int_eq(other, 5);
}
END_TEST

/* Nothing will ever match: its wait fails as an MPI_Irecv's does; the
 * request can still be cancelled. */
START_TEST(test_isendrecv_never)
{
    int out = 5, in = 0, flag = -1;
    MPI_Request r;
    MPI_Status st;

    returning();
    ck_assert_int_eq(MPI_Isendrecv(&out, 1, MPI_INT, MPI_PROC_NULL, 1, &in, 1, MPI_INT, 0, 3,
                                   MPI_COMM_WORLD, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Wait(&r, MPI_STATUS_IGNORE)), MPI_ERR_OTHER);
    ck_assert_int_ne(r, MPI_REQUEST_NULL);
    ck_assert_int_eq(MPI_Cancel(&r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, &st), MPI_SUCCESS);
    MPI_Test_cancelled(&st, &flag);
    ck_assert_int_eq(flag, 1);
    ck_assert_int_eq(in, 0);
}
END_TEST

START_TEST(test_isendrecv_replace)
{
    int buf[3] = {1, 2, 3}, later[3] = {7, 8, 9};
    MPI_Count count = -1;
    MPI_Request r;
    MPI_Status st;

    ck_assert_int_eq(MPI_Isendrecv_replace(buf, 3, MPI_INT, 0, 4, 0, 4, MPI_COMM_WORLD, &r),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, &st), MPI_SUCCESS);
    ck_assert_int_eq(buf[0], 1);
    ck_assert_int_eq(buf[2], 3);
    /* the data went out when the call was made: the buffer receives a
     * later message without changing what was sent */
    ck_assert_int_eq(MPI_Isendrecv_replace_c(buf, 3, MPI_INT, 0, 5, 0, 6, MPI_COMM_WORLD, &r),
                     MPI_SUCCESS);
    MPI_Send(later, 3, MPI_INT, 0, 6, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Wait(&r, &st), MPI_SUCCESS);
    MPI_Get_count_c(&st, MPI_INT, &count);
    ck_assert_int_eq(count, 3);
    ck_assert_int_eq(buf[0], 7);
    ck_assert_int_eq(buf[2], 9);
    MPI_Recv(later, 3, MPI_INT, 0, 5, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    ck_assert_int_eq(later[0], 1);
    ck_assert_int_eq(later[2], 3);
}
END_TEST

START_TEST(test_isendrecv_refusals)
{
    int v = 1, w = 0, flag = -1;
    MPI_Request r = MPI_REQUEST_NULL;
    MPI_Datatype t;

    returning();
    ck_assert_int_eq(
        class_of(MPI_Isendrecv(&v, 1, MPI_INT, 0, 0, &w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, NULL)),
        MPI_ERR_ARG);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv(&v, 1, MPI_INT, 1, 0, &w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r)),
        MPI_ERR_RANK);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv(&v, 1, MPI_INT, 0, 0, &w, 1, MPI_INT, 2, 0, MPI_COMM_WORLD, &r)),
        MPI_ERR_RANK);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv(&v, 1, MPI_INT, 0, -2, &w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r)),
        MPI_ERR_TAG);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv(&v, -1, MPI_INT, 0, 0, &w, 1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r)),
        MPI_ERR_COUNT);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv_c(&v, 1, MPI_INT, 0, 0, &w, -1, MPI_INT, 0, 0, MPI_COMM_WORLD, &r)),
        MPI_ERR_COUNT);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv(&v, 1, MPI_INT, 0, 0, &w, 1, MPI_INT, 0, 0, BOGUS_COMM, &r)),
        MPI_ERR_COMM);
    MPI_Type_contiguous(1, MPI_INT, &t); /* not committed */
    ck_assert_int_eq(
        class_of(MPI_Isendrecv(&v, 1, MPI_INT, 0, 0, &w, 1, t, 0, 0, MPI_COMM_WORLD, &r)),
        MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Isendrecv_replace(&v, 1, t, 0, 0, 0, 0, MPI_COMM_WORLD, &r)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv_replace(&v, 1, MPI_INT, 0, 0, 0, 0, MPI_COMM_WORLD, NULL)),
        MPI_ERR_ARG);
    ck_assert_int_eq(
        class_of(MPI_Isendrecv_replace_c(&v, 1, MPI_INT, 0, 0, 0, -3, MPI_COMM_WORLD, &r)),
        MPI_ERR_TAG);
    ck_assert_int_eq(r, MPI_REQUEST_NULL); /* nothing written */
    ck_assert_int_eq(w, 0);
    /* nothing was sent either */
    ck_assert_int_eq(
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE),
        MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    MPI_Type_free(&t);
}
END_TEST

/* A derived receive type may be freed while the request is pending. */
START_TEST(test_isendrecv_type_freed)
{
    int out[2] = {3, 4}, in[2] = {0, 0};
    MPI_Datatype t;
    MPI_Request r;

    MPI_Type_contiguous(2, MPI_INT, &t);
    MPI_Type_commit(&t);
    ck_assert_int_eq(MPI_Isendrecv(out, 1, t, MPI_PROC_NULL, 0, in, 1, t, 0, 8, MPI_COMM_WORLD, &r),
                     MPI_SUCCESS);
    MPI_Type_free(&t);
    MPI_Send(out, 2, MPI_INT, 0, 8, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(in[0], 3);
    ck_assert_int_eq(in[1], 4);
}
END_TEST

/* The MPI-1 names do what their MPI-2 counterparts do. */
START_TEST(test_errhandler_mpi1)
{
    MPI_Errhandler eh, got = MPI_ERRHANDLER_NULL;
    int v = 0;

    ck_assert_int_eq(MPI_Errhandler_create(counting_handler, &eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_set(MPI_COMM_WORLD, eh), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Errhandler_get(MPI_COMM_WORLD, &got), MPI_SUCCESS);
    ck_assert_int_eq(got, eh);
    MPI_Errhandler_free(&got);
    MPI_Send(&v, 1, MPI_INT, 3, 0, MPI_COMM_WORLD);
    ck_assert_int_eq(handler_calls, 1);
    ck_assert_int_eq(class_of(handler_code), MPI_ERR_RANK);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Errhandler_free(&eh);
    got = MPI_ERRHANDLER_NULL;
    ck_assert_int_eq(MPI_Errhandler_get(MPI_COMM_WORLD, &got), MPI_SUCCESS);
    ck_assert_int_eq(got, MPI_ERRORS_RETURN);
    got = MPI_ERRHANDLER_NULL;
    ck_assert_int_eq(class_of(MPI_Errhandler_get(BOGUS_COMM, &got)), MPI_ERR_COMM);
    ck_assert_int_eq(class_of(MPI_Errhandler_get(MPI_COMM_WORLD, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Errhandler_create(NULL, &got)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Errhandler_create(counting_handler, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(got, MPI_ERRHANDLER_NULL);
}
END_TEST

static void body_create_null(void)
{
    MPI_Errhandler eh;

    MPI_Errhandler_create(NULL, &eh);
}

START_TEST(test_errhandler_mpi1_named)
{
    struct child c;

    run_child(body_create_null, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_ARG);
    ck_assert_msg(strstr(c.err, "MPI_Errhandler_create(comm_errhandler_fn=NULL)") != NULL,
                  "stderr: %s", c.err);
}
END_TEST

static Suite *more_suite(void)
{
    Suite *s = suite_create("more");
    TCase *tc = tcase_create("one process");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_pcontrol);
    tcase_add_test(tc, test_parent);
    tcase_add_test(tc, test_remote);
    tcase_add_test(tc, test_disconnect);
    tcase_add_test(tc, test_disconnect_fatal);
    tcase_add_test(tc, test_ranges);
    tcase_add_test(tc, test_range_refusals);
    tcase_add_test(tc, test_create_group);
    tcase_add_test(tc, test_idup_with_info);
    tcase_add_test(tc, test_isendrecv);
    tcase_add_test(tc, test_isendrecv_pending);
    tcase_add_test(tc, test_isendrecv_never);
    tcase_add_test(tc, test_isendrecv_replace);
    tcase_add_test(tc, test_isendrecv_refusals);
    tcase_add_test(tc, test_isendrecv_type_freed);
    tcase_add_test(tc, test_errhandler_mpi1);
    tcase_add_test(tc, test_errhandler_mpi1_named);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(more_suite());
}

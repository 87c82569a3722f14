/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_hold: how libtypeshim-serial keeps a derived datatype alive for a
 * pending request or a queued message (black box).  MPI lets the program
 * free its handle meanwhile (MPI-4.1 section 5.1.9: "Any communication
 * that is currently using this datatype will complete normally"), and
 * says nothing of attribute callbacks there: none may run but the delete
 * callback at the program's MPI_Type_free.  MPICH 4.0.2 (mpiexec -n 1)
 * counts 0 copies and 1 delete in each case below.  The program's handle
 * is stale at once after its free, and typeshim_live_types counts the
 * program's types only.
 */
#include "serialtest.h"

#include <pthread.h>
#include <stdatomic.h>

#include "typeshim.h"

#include "../api/counting_alloc.h"

/* MPI_STATUSES_IGNORE through a volatile: GCC takes the constant for a
 * status array of size 0 and warns (-Wstringop-overflow). */
static MPI_Status *volatile statuses_ignore = MPI_STATUSES_IGNORE;

static int copies, deletes, copy_rc = MPI_SUCCESS;

static int copy_cb(MPI_Datatype t, int key, void *extra, void *in, void *out, int *flag)
{
    (void)t, (void)key, (void)extra;
    copies++;
    *(void **)out = in;
    *flag = 1;
    return copy_rc;
}

static int delete_cb(MPI_Datatype t, int key, void *val, void *extra)
{
    int size = -1;

    (void)key, (void)val, (void)extra;
    /* the type may still be queried while its attributes go */
    ck_assert_int_eq(MPI_Type_size(t, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 2 * (int)sizeof(int));
    deletes++;
    return MPI_SUCCESS;
}

/* vector(2, 1, 2, MPI_INT), committed, with an attribute whose copy and
 * delete callbacks count their calls (from zero). */
static int count_key = MPI_KEYVAL_INVALID;

static MPI_Datatype counted_type(void)
{
    MPI_Datatype t;

    if (count_key == MPI_KEYVAL_INVALID)
        ck_assert_int_eq(MPI_Type_create_keyval(copy_cb, delete_cb, &count_key, NULL), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_vector(2, 1, 2, MPI_INT, &t), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_set_attr(t, count_key, &count_key), MPI_SUCCESS);
    copies = deletes = 0;
    return t;
}

/* Frees a counted_type, no callback having run before: the program's
 * MPI_Type_free runs the one delete callback and no copy. */
static void free_counted(MPI_Datatype *t)
{
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(deletes, 0);
    ck_assert_int_eq(MPI_Type_free(t), MPI_SUCCESS);
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(deletes, 1);
}

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

START_TEST(test_irecv_no_callbacks)
{
    int a[3] = {1, 2, 3}, b[3] = {0};
    MPI_Datatype t = counted_type();
    MPI_Request r;

    ck_assert_int_eq(MPI_Irecv(b, 1, t, 0, 1, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(a, 1, t, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[0], 1);
    ck_assert_int_eq(b[1], 0);
    ck_assert_int_eq(b[2], 3);
    free_counted(&t);
}
END_TEST

/* An Isend that finds no receive: its message waits in the queue with
 * the sender's type signature. */
START_TEST(test_isend_no_callbacks)
{
    int a[3] = {1, 2, 3}, b[3] = {0};
    MPI_Datatype t = counted_type();
    MPI_Request r;

    ck_assert_int_eq(MPI_Isend(a, 1, t, 0, 1, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(b, 1, t, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[2], 3);
    free_counted(&t);
}
END_TEST

/* Before: 2 copies and 3 deletes (one duplicate per request). */
START_TEST(test_persistent_no_callbacks)
{
    int a[3] = {1, 2, 3}, b[3] = {0};
    MPI_Datatype t = counted_type();
    MPI_Request r[2];

    ck_assert_int_eq(MPI_Send_init(a, 1, t, 0, 1, MPI_COMM_WORLD, &r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv_init(b, 1, t, 0, 1, MPI_COMM_WORLD, &r[1]), MPI_SUCCESS);
    for (int i = 0; i < 2; i++) { /* restarted: the same holds serve */
        b[0] = b[2] = 0;
        ck_assert_int_eq(MPI_Startall(2, r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Waitall(2, r, statuses_ignore), MPI_SUCCESS);
        ck_assert_int_eq(b[0], 1);
        ck_assert_int_eq(b[2], 3);
    }
    ck_assert_int_eq(MPI_Request_free(&r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Request_free(&r[1]), MPI_SUCCESS);
    free_counted(&t);
}
END_TEST

/* A copy callback that fails has no say in a receive (before, MPI_Irecv
 * failed with its error). */
START_TEST(test_failing_copy_irrelevant)
{
    int a[3] = {1, 2, 3}, b[3] = {0};
    MPI_Datatype t = counted_type();
    MPI_Request r;

    returning();
    copy_rc = MPI_ERR_OTHER;
    ck_assert_int_eq(MPI_Irecv(b, 1, t, 0, 1, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(a, 1, t, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[2], 3);
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
    copy_rc = MPI_SUCCESS;
}
END_TEST

/* The program frees the type of a message still queued: the delete
 * callback runs in its MPI_Type_free, the receive takes the data by the
 * sender's signature, and no type is left. */
START_TEST(test_queued_type_freed)
{
    int a[3] = {1, 2, 3}, b[2] = {0};
    long live = typeshim_live_types();
    MPI_Datatype t = counted_type();

    ck_assert_int_eq(typeshim_live_types(), live + 1);
    ck_assert_int_eq(MPI_Send(a, 1, t, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert_int_eq(MPI_Recv(b, 2, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[0], 1);
    ck_assert_int_eq(b[1], 3);
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_live_types(), live);
}
END_TEST

/* The program frees the type of a pending receive: its handle is stale at
 * once (MPI_ERR_TYPE), the delete callback has run, the program's type
 * count is back; the receive still completes by the type map. */
START_TEST(test_pending_type_freed)
{
    int a[2] = {1, 2}, b[3] = {0};
    long live = typeshim_live_types();
    MPI_Datatype t = counted_type(), stale;
    MPI_Request r;
    int size = -7;

    returning();
    ck_assert_int_eq(MPI_Irecv(b, 1, t, 0, 1, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_live_types(), live + 1);
    stale = t;
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert_int_eq(class_of(MPI_Type_size(stale, &size)), MPI_ERR_TYPE);
    ck_assert_int_eq(size, -7);
    ck_assert_int_eq(class_of(MPI_Type_free(&stale)), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Send(a, 2, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[0], 1);
    ck_assert_int_eq(b[1], 0);
    ck_assert_int_eq(b[2], 2);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_live_types(), live);
}
END_TEST

/* A persistent request outlives the program's handle of its type. */
START_TEST(test_persistent_type_freed)
{
    int a[3] = {1, 2, 3}, b[3] = {0};
    MPI_Datatype t = counted_type();
    MPI_Request r[2];

    ck_assert_int_eq(MPI_Send_init(a, 1, t, 0, 1, MPI_COMM_WORLD, &r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv_init(b, 1, t, 0, 1, MPI_COMM_WORLD, &r[1]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(MPI_Startall(2, r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Waitall(2, r, statuses_ignore), MPI_SUCCESS);
    ck_assert_int_eq(b[0], 1);
    ck_assert_int_eq(b[1], 0);
    ck_assert_int_eq(b[2], 3);
    ck_assert_int_eq(MPI_Request_free(&r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Request_free(&r[1]), MPI_SUCCESS);
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(deletes, 1);
}
END_TEST

/* A type whose only reference is a parent's: the parent's free deletes
 * the child's attributes (as MPICH does), a hold changes nothing. */
START_TEST(test_child_of_pending_type)
{
    int a[6] = {1, 2, 3, 4, 5, 6}, b[6] = {0};
    long live = typeshim_live_types();
    MPI_Datatype child = counted_type(), parent;
    MPI_Request r;

    ck_assert_int_eq(MPI_Type_contiguous(2, child, &parent), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&parent), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_free(&child), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 0);
    ck_assert_int_eq(MPI_Irecv(b, 1, parent, 0, 1, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_free(&parent), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert_int_eq(MPI_Send(a, 4, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[0], 1);
    ck_assert_int_eq(b[2], 2);
    ck_assert_int_eq(b[3], 3);
    ck_assert_int_eq(b[5], 4);
    ck_assert_int_eq(b[1], 0);
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(deletes, 1);
}
END_TEST

/* ------------------------------------- typeshim_type_hold itself */

/* A hold is the same type under the runtime's own handle: not counted,
 * usable after the program's free, refused where the program's own
 * references are meant, released once. */
START_TEST(test_hold_api)
{
    long live = typeshim_live_types();
    MPI_Datatype t = counted_type(), h = MPI_DATATYPE_NULL, h2, d = MPI_DATATYPE_NULL, program;
    int size = -7, key = MPI_KEYVAL_INVALID, flag = -7, rc, len;
    char msg[MPI_MAX_ERROR_STRING];
    MPI_Datatype kids[1];
    int ints[1];
    MPI_Aint addrs[1];

    returning();
    /* a predefined type is its own hold, with nothing to release */
    ck_assert_int_eq(typeshim_type_hold(MPI_INT, &h), MPI_SUCCESS);
    ck_assert_int_eq(h, MPI_INT);
    ck_assert_int_eq(typeshim_type_unhold(MPI_INT), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_type_hold(MPI_FLOAT_INT, &h), MPI_SUCCESS);
    ck_assert_int_eq(h, MPI_FLOAT_INT);
    /* bad arguments */
    ck_assert_int_eq(class_of(typeshim_type_hold(MPI_DATATYPE_NULL, &h)), MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(typeshim_type_hold(t, NULL)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(typeshim_type_unhold(t)), MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(typeshim_type_unhold(MPI_DATATYPE_NULL)), MPI_ERR_TYPE);
    /* two holds of a derived type: other handles, not counted, no copy */
    ck_assert_int_eq(typeshim_type_hold(t, &h), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_type_hold(h, &h2), MPI_SUCCESS);
    ck_assert_int_ne(h, t);
    ck_assert_int_ne(h2, t);
    ck_assert_int_ne(h2, h);
    ck_assert_int_eq(typeshim_live_types(), live + 1);
    ck_assert_int_eq(copies, 0);
    /* not the program's reference to free */
    program = h;
    rc = MPI_Type_free(&program);
    ck_assert_int_eq(class_of(rc), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Error_string(rc, msg, &len), MPI_SUCCESS);
    ck_assert_msg(strstr(msg, "MPI_Type_free: argument datatype=0x") &&
                      strstr(msg, "is a runtime's hold (typeshim_type_hold), which "
                                  "typeshim_type_unhold releases"),
                  "%s", msg);
    ck_assert_int_eq(program, h);
    /* the program frees its type: delete callback now, handle stale */
    program = t;
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert_int_eq(class_of(MPI_Type_size(program, &size)), MPI_ERR_TYPE);
    /* the holds still read the type */
    ck_assert_int_eq(MPI_Type_size(h, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 2 * (int)sizeof(int));
    /* but give nothing of the program's back, and take no attribute */
    ck_assert_int_eq(class_of(MPI_Type_dup(h, &d)), MPI_ERR_TYPE);
    ck_assert_int_eq(d, MPI_DATATYPE_NULL);
    ck_assert_int_eq(class_of(MPI_Type_contiguous(2, h2, &d)), MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Type_get_contents(h, 1, 1, 1, ints, addrs, kids)), MPI_ERR_TYPE);
    ck_assert_int_eq(
        MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, MPI_TYPE_NULL_DELETE_FN, &key, NULL),
        MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Type_set_attr(h, key, &key)), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Type_get_attr(h, key, &program, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
    /* released once each, the second time refused; no callback ran */
    ck_assert_int_eq(typeshim_type_unhold(h), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_size(h2, &size), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_type_unhold(h2), MPI_SUCCESS);
    rc = typeshim_type_unhold(h2);
    ck_assert_int_eq(class_of(rc), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Error_string(rc, msg, &len), MPI_SUCCESS);
    ck_assert_msg(strstr(msg, "typeshim_type_unhold: argument held=0x") &&
                      strstr(msg, "is no live hold (released already?)"),
                  "%s", msg);
    ck_assert_int_eq(class_of(MPI_Type_size(h, &size)), MPI_ERR_TYPE);
    ck_assert_int_eq(copies, 0);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_live_types(), live);
    MPI_Type_free_keyval(&key);
}
END_TEST

/* Held while the program still has it: a hold changes nothing the
 * program sees (its attributes, its type to free later). */
START_TEST(test_hold_before_free)
{
    MPI_Datatype t = counted_type(), h, d;
    void *val = NULL;
    int flag = 0, ni, na, nd, combiner;

    ck_assert_int_eq(typeshim_type_hold(t, &h), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_type_unhold(h), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_type_hold(t, &h), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_get_envelope(h, &ni, &na, &nd, &combiner), MPI_SUCCESS);
    ck_assert_int_eq(combiner, MPI_COMBINER_VECTOR);
    /* a dup of the program's type: one copy, as ever */
    ck_assert_int_eq(MPI_Type_dup(t, &d), MPI_SUCCESS);
    ck_assert_int_eq(copies, 1);
    ck_assert_int_eq(MPI_Type_free(&d), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
    ck_assert_int_eq(typeshim_type_unhold(h), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 1);
    /* the program's attribute is still there */
    ck_assert_int_eq(MPI_Type_get_attr(t, count_key, &val, &flag), MPI_SUCCESS);
    ck_assert_int_eq(flag, 1);
    ck_assert_ptr_eq(val, &count_key);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    ck_assert_int_eq(deletes, 2);
}
END_TEST

/* ------------------------------------------------------------ threads */

#define NROUNDS 500

static MPI_Datatype shared_hold;

static void *unholder(void *arg)
{
    (void)arg;
    ck_assert_int_eq(typeshim_type_unhold(shared_hold), MPI_SUCCESS);
    return NULL;
}

static void *receiver(void *arg)
{
    int tag = *(int *)arg, a[2] = {tag, tag + 1}, b[3] = {0};

    for (int i = 0; i < NROUNDS / 10; i++) {
        MPI_Datatype t;
        MPI_Request r;
        ck_assert_int_eq(MPI_Type_vector(2, 1, 2, MPI_INT, &t), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Irecv(b, 1, t, 0, tag, MPI_COMM_WORLD, &r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Send(a, 2, MPI_INT, 0, tag, MPI_COMM_WORLD), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
        ck_assert_int_eq(b[0], tag);
        ck_assert_int_eq(b[2], tag + 1);
    }
    return NULL;
}

/* The program's free and the runtime's release race: the delete
 * callback runs once per type, in the free, and nothing is left (the
 * thread sanitizer stage runs this too). */
START_TEST(test_threads_free_and_unhold)
{
    long live;
    int provided = -1, tags[4] = {1, 2, 3, 4};
    pthread_t th[4];

    ck_assert_int_eq(MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided), MPI_SUCCESS);
    ck_assert_int_eq(provided, MPI_THREAD_MULTIPLE);
    live = typeshim_live_types();
    for (int i = 0; i < NROUNDS; i++) {
        MPI_Datatype t = counted_type();
        pthread_t u;
        ck_assert_int_eq(typeshim_type_hold(t, &shared_hold), MPI_SUCCESS);
        ck_assert_int_eq(pthread_create(&u, NULL, unholder, NULL), 0);
        ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
        ck_assert_int_eq(pthread_join(u, NULL), 0);
        ck_assert_int_eq(deletes, 1);
        ck_assert_int_eq(copies, 0);
    }
    for (int k = 0; k < 4; k++)
        ck_assert_int_eq(pthread_create(&th[k], NULL, receiver, &tags[k]), 0);
    for (int k = 0; k < 4; k++)
        ck_assert_int_eq(pthread_join(th[k], NULL), 0);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
}
END_TEST

/* A hold handle's bits on the slot of the program's handle name no
 * hold: holds have a table of their own.  When they shared the
 * datatypes' slots, such a forged handle was taken for a hold of the
 * program's type, and releasing it freed the program's live slot. */
START_TEST(test_forged_hold_on_program_slot)
{
    MPI_Datatype t, forged;
    int size = -1;

    returning();
    ck_assert_int_eq(MPI_Type_contiguous(3, MPI_INT, &t), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
    forged = (MPI_Datatype)(((unsigned)t & 0x03ffffffu) | 0xc8000000u);
    ck_assert_int_eq(class_of(MPI_Type_size(forged, &size)), MPI_ERR_TYPE);
    ck_assert_int_ne(typeshim_type_unhold(forged), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_size(t, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 12);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
}
END_TEST

/* A freed program handle stays invalid while a hold keeps its type
 * alive and more holds are made: a hold never lands in the slot the
 * program's handle names (it did once that slot had rested 2^18 frees,
 * and the stale handle then answered MPI_Type_size). */
START_TEST(test_stale_handle_of_held_type)
{
    MPI_Datatype t, stale, h1, h2;
    int size = -1;

    returning();
    ck_assert_int_eq(MPI_Type_contiguous(3, MPI_INT, &t), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
    stale = t;
    ck_assert_int_eq(typeshim_type_hold(t, &h1), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    for (long k = 0; k < (1L << 18) + 2; k++) {
        MPI_Datatype x;
        ck_assert_int_eq(MPI_Type_contiguous(2, MPI_INT, &x), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Type_free(&x), MPI_SUCCESS);
    }
    ck_assert_int_eq(typeshim_type_hold(h1, &h2), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Type_size(stale, &size)), MPI_ERR_TYPE);
    ck_assert_int_eq(MPI_Type_size(h2, &size), MPI_SUCCESS);
    ck_assert_int_eq(size, 12);
    ck_assert_int_eq(typeshim_type_unhold(h2), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_type_unhold(h1), MPI_SUCCESS);
}
END_TEST

/* Lookups of a hold race with the making and freeing of types in
 * another thread (the thread sanitizer stage runs this: a lookup once
 * read the table's count of fresh slots while a creation wrote it). */
static _Atomic int racing;

static void *type_churn(void *arg)
{
    (void)arg;
    while (atomic_load(&racing)) {
        MPI_Datatype x;
        if (MPI_Type_contiguous(2, MPI_INT, &x) == MPI_SUCCESS)
            MPI_Type_free(&x);
    }
    return NULL;
}

START_TEST(test_threads_hold_lookup_and_churn)
{
    MPI_Datatype t, h;
    int provided = -1, size;
    pthread_t u;

    ck_assert_int_eq(MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_contiguous(3, MPI_INT, &t), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_type_hold(t, &h), MPI_SUCCESS);
    atomic_store(&racing, 1);
    ck_assert_int_eq(pthread_create(&u, NULL, type_churn, NULL), 0);
    for (int i = 0; i < 20000; i++) {
        size = -1;
        ck_assert_int_eq(MPI_Type_size(h, &size), MPI_SUCCESS);
        ck_assert_int_eq(size, 12);
    }
    atomic_store(&racing, 0);
    ck_assert_int_eq(pthread_join(u, NULL), 0);
    ck_assert_int_eq(typeshim_type_unhold(h), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Finalize(), MPI_SUCCESS);
}
END_TEST

/* Messages of a derived type, queued and posted, leave the runtime's
 * memory where it was: a hold reuses the slot a released hold left, and
 * a request the record a released request left (the slots of both rest
 * before reuse, but their memory need not).  Blocks are counted by an
 * allocator that knows each one. */
START_TEST(test_messages_keep_memory_flat)
{
    MPI_Datatype t;
    MPI_Request r;
    int in[4] = {1, 2, 3, 4}, out[4], k;
    long live0;

    ck_assert_int_eq(MPI_Type_vector(2, 1, 2, MPI_INT, &t), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_commit(&t), MPI_SUCCESS);
    typeshim_set_alloc_funcs(counting_malloc, counting_free);
    for (k = 0; k < 6000; k++) {
        /* the tables the first messages made stay: a request slot rests
         * for 4096 frees, so fresh slots (and their chunks) are taken
         * until some 4100 requests were made, two per round */
        if (k == 2500)
            live0 = nlive;
        out[0] = out[2] = -1;
        /* queued: the send holds t */
        ck_assert_int_eq(MPI_Isend(in, 1, t, 0, 1, MPI_COMM_WORLD, &r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Recv(out, 1, t, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
        ck_assert(out[0] == 1 && out[2] == 3);
        /* posted: the receive holds t */
        ck_assert_int_eq(MPI_Irecv(out, 1, t, 0, 2, MPI_COMM_WORLD, &r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Send(in + 1, 1, t, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
        ck_assert(out[0] == 2 && out[2] == 4);
    }
    ck_assert_int_eq(nlive, live0);
    typeshim_set_alloc_funcs(NULL, NULL);
    ck_assert_int_eq(MPI_Type_free(&t), MPI_SUCCESS);
}
END_TEST

static Suite *hold_suite(void)
{
    Suite *s = suite_create("hold");
    TCase *tc = tcase_create("callbacks");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_irecv_no_callbacks);
    tcase_add_test(tc, test_isend_no_callbacks);
    tcase_add_test(tc, test_persistent_no_callbacks);
    tcase_add_test(tc, test_failing_copy_irrelevant);
    tcase_add_test(tc, test_queued_type_freed);
    tcase_add_test(tc, test_pending_type_freed);
    tcase_add_test(tc, test_persistent_type_freed);
    tcase_add_test(tc, test_child_of_pending_type);
    suite_add_tcase(s, tc);
    tc = tcase_create("api");
    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_hold_api);
    tcase_add_test(tc, test_hold_before_free);
    tcase_add_test(tc, test_messages_keep_memory_flat);
    tcase_add_test(tc, test_forged_hold_on_program_slot);
    tcase_add_test(tc, test_stale_handle_of_held_type);
    suite_add_tcase(s, tc);
    tc = tcase_create("threads"); /* its own MPI_Init_thread */
    tcase_add_test(tc, test_threads_free_and_unhold);
    tcase_add_test(tc, test_threads_hold_lookup_and_churn);
    tcase_set_timeout(tc, 60);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(hold_suite());
}

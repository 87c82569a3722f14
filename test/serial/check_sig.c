/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_sig: type matching in libtypeshim-serial (black box).  A message
 * whose type signature does not begin the receive's (MPI-4.1 section
 * 3.3.1), and a collective whose two sides' signatures differ (section
 * 6.1), fail with MPI_ERR_TYPE, nothing written to the receive buffer,
 * on every path a message takes: a queued message, a posted receive,
 * Waitall's statuses, Mprobe/Mrecv and Imrecv, Sendrecv, persistent and
 * buffered sends, a derived send type freed while its message waits, the
 * collectives; threads doing all that at once.  Different layouts of one
 * signature, shorter messages and MPI_PACKED still pass, and so does an
 * MPI_BYTE side against any signature of fitting size, as in MPICH and
 * Open MPI (reported under TYPESHIM_CHECK=1, refused under
 * TYPESHIM_CHECK=strict).  MPICH does not
 * check, so there is no xcheck counterpart: the expected values are the
 * standard's.
 */
#include <pthread.h>
#include <stdint.h>

#include "serialtest.h"
#include "typeshim.h"

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

#define N 8

static int ints[N] = {1, 2, 3, 4, 5, 6, 7, 8};
static float got[N];

static void poison(void)
{
    for (int i = 0; i < N; i++)
        got[i] = -1.0f;
}

static int untouched(void)
{
    for (int i = 0; i < N; i++)
        if (got[i] != -1.0f)
            return 0;
    return 1;
}

/* No message is left in the queue (the failed one was consumed). */
static void queue_empty(void)
{
    int flag = -1;

    ck_assert_int_eq(
        MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, MPI_STATUS_IGNORE),
        MPI_SUCCESS);
    ck_assert_int_eq(flag, 0);
}

/* {int, double, int[2]} at C's offsets, and the same signature packed
 * tight (struct) and as contiguous pieces. */
struct rec {
    int a;
    double b;
    int c[2];
};

static MPI_Datatype rec_type(void)
{
    MPI_Datatype t;
    int lens[3] = {1, 1, 2};
    MPI_Aint disps[3] = {offsetof(struct rec, a), offsetof(struct rec, b), offsetof(struct rec, c)};

    MPI_Type_create_struct(3, lens, disps, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE, MPI_INT}, &t);
    MPI_Type_commit(&t);
    return t;
}

/* int, double, int, int, tight in 20 bytes, built from pieces */
static MPI_Datatype tight_type(void)
{
    MPI_Datatype two, t;
    int lens[3] = {1, 1, 1};
    MPI_Aint disps[3] = {0, 4, 12};

    MPI_Type_contiguous(2, MPI_INT, &two);
    MPI_Type_create_struct(3, lens, disps, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE, two}, &t);
    MPI_Type_commit(&t);
    MPI_Type_free(&two);
    return t;
}

/* ------------------------------------------------------ point-to-point */

START_TEST(test_int_as_float)
{
    MPI_Status s;

    returning();
    poison();
    ck_assert_int_eq(MPI_Send(ints, 4, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Recv(got, 4, MPI_FLOAT, 0, 1, MPI_COMM_WORLD, &s)), MPI_ERR_TYPE);
    ck_assert(untouched());
    queue_empty();
    /* the receive posted first: the send succeeds, the wait fails */
    {
        MPI_Request r;
        ck_assert_int_eq(MPI_Irecv(got, 4, MPI_FLOAT, 0, 2, MPI_COMM_WORLD, &r), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Send(ints, 4, MPI_INT, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
        ck_assert_int_eq(class_of(MPI_Wait(&r, &s)), MPI_ERR_TYPE);
        ck_assert(r == MPI_REQUEST_NULL);
        ck_assert(untouched());
    }
}
END_TEST

/* Waitall's statuses carry each receive's error. */
START_TEST(test_waitall_status)
{
    MPI_Request r[2];
    MPI_Status st[2];
    int b[2] = {-1, -1};

    returning();
    poison();
    MPI_Irecv(got, 2, MPI_FLOAT, 0, 1, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(b, 2, MPI_INT, 0, 2, MPI_COMM_WORLD, &r[1]);
    st[0].MPI_ERROR = st[1].MPI_ERROR = -5;
    MPI_Send(ints, 2, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Send(ints, 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
    ck_assert_int_eq(class_of(MPI_Waitall(2, r, st)), MPI_ERR_IN_STATUS);
    ck_assert_int_eq(class_of(st[0].MPI_ERROR), MPI_ERR_TYPE);
    ck_assert_int_eq(st[1].MPI_ERROR, MPI_SUCCESS);
    ck_assert(untouched());
    ck_assert_int_eq(b[0], 1);
    ck_assert_int_eq(b[1], 2);
}
END_TEST

/* Layouts differ, signatures do not: the data goes element by element. */
START_TEST(test_equal_signatures)
{
    struct rec in[2] = {{1, 2.5, {3, 4}}, {5, 6.5, {7, 8}}}, out[2];
    unsigned char packed[64]; /* 2 of tight: its extent is 24 (alignment 8) */
    MPI_Datatype rec = rec_type(), tight = tight_type(), three;
    int spread[9] = {-1, -1, -1, -1, -1, -1, -1, -1, -1};
    double d;

    memset(out, 0, sizeof out);
    ck_assert_int_eq(MPI_Send(in, 2, rec, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(packed, 2, tight, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    memcpy(&d, packed + 24 + 4, sizeof d);
    ck_assert(d == 6.5);
    ck_assert_int_eq(MPI_Send(packed, 2, tight, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(out, 2, rec, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert(out[1].b == 6.5 && out[1].c[1] == 8 && out[0].a == 1);
    /* three ints as a vector and as a count */
    MPI_Type_vector(3, 1, 3, MPI_INT, &three);
    MPI_Type_commit(&three);
    ck_assert_int_eq(MPI_Send(ints, 3, MPI_INT, 0, 3, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(spread, 1, three, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert(spread[0] == 1 && spread[3] == 2 && spread[6] == 3 && spread[1] == -1);
    MPI_Type_free(&three);
    MPI_Type_free(&tight);
    MPI_Type_free(&rec);
}
END_TEST

/* A message whose signature begins the receive's: the status says how
 * much came. */
START_TEST(test_prefix)
{
    struct rec in[2] = {{1, 2.5, {3, 4}}, {5, 6.5, {7, 8}}}, out[3];
    MPI_Datatype rec = rec_type(), pair;
    int b[N], n = -1;
    MPI_Status s;

    ck_assert_int_eq(MPI_Send(ints, 3, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(b, N, MPI_INT, 0, 1, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    MPI_Get_count(&s, MPI_INT, &n);
    ck_assert_int_eq(n, 3);
    /* 2 records received as 3: 8 elements */
    ck_assert_int_eq(MPI_Send(in, 2, rec, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(out, 3, rec, 0, 2, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    MPI_Get_elements(&s, rec, &n);
    ck_assert_int_eq(n, 8);
    ck_assert(out[1].c[0] == 7);
    /* {int, double} x1 begins rec */
    {
        int lens[2] = {1, 1};
        MPI_Aint disps[2] = {0, 8};
        MPI_Type_create_struct(2, lens, disps, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE}, &pair);
        MPI_Type_commit(&pair);
    }
    ck_assert_int_eq(MPI_Send(in, 1, pair, 0, 3, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(out, 1, rec, 0, 3, MPI_COMM_WORLD, &s), MPI_SUCCESS);
    ck_assert(out[0].a == 1 && out[0].b == 2.5);
    MPI_Type_free(&pair);
    MPI_Type_free(&rec);
}
END_TEST

/* A message keeps its derived send type's signature after the program
 * freed the type; the copy it kept goes when the message does. */
START_TEST(test_freed_send_type)
{
    struct rec in = {1, 2.5, {3, 4}}, out;
    long live = typeshim_live_types();
    MPI_Datatype rec = rec_type();
    MPI_Request r;

    returning();
    poison();
    ck_assert_int_eq(MPI_Send(&in, 1, rec, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Isend(&in, 1, rec, 0, 2, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    MPI_Type_free(&rec);
    ck_assert_int_eq(class_of(MPI_Recv(got, 5, MPI_FLOAT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    ck_assert(untouched());
    rec = rec_type();
    ck_assert_int_eq(MPI_Recv(&out, 1, rec, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert(out.b == 2.5 && out.c[1] == 4);
    MPI_Type_free(&rec);
    ck_assert_int_eq(typeshim_live_types(), live);
    /* a cancelled send lets its copy go too */
    rec = rec_type();
    ck_assert_int_eq(MPI_Isend(&in, 1, rec, 0, 3, MPI_COMM_WORLD, &r), MPI_SUCCESS);
    MPI_Type_free(&rec);
    ck_assert_int_eq(MPI_Cancel(&r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(typeshim_live_types(), live);
    queue_empty();
}
END_TEST

/* Mprobe/Mrecv, Imrecv, Sendrecv: the same check on their paths. */
START_TEST(test_other_receives)
{
    MPI_Message m;
    MPI_Request r;
    MPI_Status s;
    int b[N];

    returning();
    poison();
    MPI_Send(ints, 2, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Mprobe(0, 1, MPI_COMM_WORLD, &m, &s), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Mrecv(got, 2, MPI_FLOAT, &m, &s)), MPI_ERR_TYPE);
    ck_assert(m == MPI_MESSAGE_NULL);
    MPI_Send(ints, 2, MPI_INT, 0, 2, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Mprobe(0, 2, MPI_COMM_WORLD, &m, &s), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Imrecv(got, 2, MPI_FLOAT, &m, &r), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Wait(&r, &s)), MPI_ERR_TYPE);
    ck_assert_int_eq(
        class_of(MPI_Sendrecv(ints, 2, MPI_INT, 0, 3, got, 2, MPI_FLOAT, 0, 3, MPI_COMM_WORLD, &s)),
        MPI_ERR_TYPE);
    ck_assert(untouched());
    queue_empty();
    /* one datatype, the usual case */
    memcpy(b, ints, sizeof b);
    ck_assert_int_eq(MPI_Sendrecv_replace(b, N, MPI_INT, 0, 4, 0, 4, MPI_COMM_WORLD, &s),
                     MPI_SUCCESS);
    ck_assert_int_eq(b[7], 8);
}
END_TEST

/* Persistent and buffered sends of a derived type. */
START_TEST(test_persistent_buffered)
{
    struct rec in = {1, 2.5, {3, 4}}, out[2];
    static char pool[4096];
    MPI_Datatype rec = rec_type();
    MPI_Request p;
    void *detached;
    int size;

    returning();
    poison();
    ck_assert_int_eq(MPI_Send_init(&in, 1, rec, 0, 1, MPI_COMM_WORLD, &p), MPI_SUCCESS);
    MPI_Type_free(&rec);
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(MPI_Start(&p), MPI_SUCCESS);
        ck_assert_int_eq(MPI_Wait(&p, MPI_STATUS_IGNORE), MPI_SUCCESS);
    }
    ck_assert_int_eq(MPI_Request_free(&p), MPI_SUCCESS);
    rec = rec_type();
    ck_assert_int_eq(MPI_Recv(&out[0], 1, rec, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Recv(got, 5, MPI_FLOAT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    ck_assert(out[0].c[1] == 4 && untouched());
    MPI_Buffer_attach(pool, sizeof pool);
    ck_assert_int_eq(MPI_Bsend(&in, 1, rec, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Recv(got, 5, MPI_INT, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TYPE);
    MPI_Buffer_detach(&detached, &size);
    MPI_Type_free(&rec);
    queue_empty();
}
END_TEST

/* MPI_PACKED matches anything (MPI-4.1 section 5.2). */
START_TEST(test_packed)
{
    char buf[64];
    int pos = 0, b[4] = {0};

    MPI_Pack(ints, 4, MPI_INT, buf, sizeof buf, &pos, MPI_COMM_WORLD);
    ck_assert_int_eq(MPI_Send(buf, pos, MPI_PACKED, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(b, 4, MPI_INT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(b[3], 4);
    ck_assert_int_eq(MPI_Send(ints + 4, 4, MPI_INT, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(buf, sizeof buf, MPI_PACKED, 0, 2, MPI_COMM_WORLD, MPI_STATUS_IGNORE),
                     MPI_SUCCESS);
    pos = 0;
    MPI_Unpack(buf, sizeof buf, &pos, b, 4, MPI_INT, MPI_COMM_WORLD);
    ck_assert_int_eq(b[0], 5);
}
END_TEST

/* Which predefined types match: names of one representation; MPI_BYTE
 * against anything of fitting size, as MPICH and Open MPI (cls), but
 * only MPI_BYTE and what shares its representation under
 * TYPESHIM_CHECK=strict (strict, the standard's rule, MPI-4.1 section
 * 3.3.1). */
struct pairing {
    MPI_Datatype s, r;
    int n, cls, strict;
};

static const struct pairing pairs[] = {
    {MPI_BYTE, MPI_INT, 4, MPI_SUCCESS, MPI_ERR_TYPE},
    {MPI_INT, MPI_BYTE, 1, MPI_SUCCESS, MPI_ERR_TYPE},
    {MPI_CHAR, MPI_BYTE, 4, MPI_SUCCESS, MPI_ERR_TYPE},
    {MPI_BYTE, MPI_DOUBLE, 6, MPI_SUCCESS, MPI_ERR_TYPE},
    {MPI_LONG, MPI_LONG_LONG, 1, MPI_ERR_TYPE, MPI_ERR_TYPE},
    {MPI_UNSIGNED, MPI_INT, 1, MPI_ERR_TYPE, MPI_ERR_TYPE},
    {MPI_BYTE, MPI_BYTE, 8, MPI_SUCCESS, MPI_SUCCESS},
    {MPI_INT, MPI_INT32_T, 2, MPI_SUCCESS, MPI_SUCCESS},
    {MPI_CHAR, MPI_SIGNED_CHAR, 8, MPI_SUCCESS, MPI_SUCCESS},
    {MPI_BYTE, MPI_UNSIGNED_CHAR, 8, MPI_SUCCESS, MPI_SUCCESS},
    {MPI_2INT, MPI_INT, 1, MPI_SUCCESS, MPI_SUCCESS},
};

START_TEST(test_predefined_pairs)
{
    char b[64];

    returning();
    if (_i) /* the loop's second pass: strict */
        setenv("TYPESHIM_CHECK", "strict", 1);
    for (size_t i = 0; i < sizeof pairs / sizeof pairs[0]; i++) {
        int rc, want = _i ? pairs[i].strict : pairs[i].cls;
        MPI_Send(ints, pairs[i].n, pairs[i].s, 0, 1, MPI_COMM_WORLD);
        rc = MPI_Recv(b, 16, pairs[i].r, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
        ck_assert_msg(class_of(rc) == want, "pair %zu: class %d", i, class_of(rc));
    }
}
END_TEST

/* Typed data received as MPI_BYTE (mpi4py's tests do it): blocking,
 * posted first, Waitall; the bytes are the sender's. */
START_TEST(test_typed_as_bytes)
{
    unsigned char b[2][sizeof ints];
    MPI_Request r[2];
    MPI_Status st[2];
    MPI_Count n = -1;

    returning();
    memset(b, 0, sizeof b);
    ck_assert_int_eq(MPI_Send(ints, 4, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(b[0], sizeof b[0], MPI_BYTE, 0, 1, MPI_COMM_WORLD, &st[0]),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Get_count_c(&st[0], MPI_BYTE, &n), MPI_SUCCESS);
    ck_assert_int_eq(n, 16);
    ck_assert(memcmp(b[0], ints, 16) == 0);
    /* posted first, completed by MPI_Wait */
    memset(b, 0, sizeof b);
    ck_assert_int_eq(MPI_Irecv(b[0], 16, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(ints, 4, MPI_INT, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r[0], &st[0]), MPI_SUCCESS);
    ck_assert(memcmp(b[0], ints, 16) == 0);
    /* Waitall, as the report's: one queued, one posted */
    memset(b, 0, sizeof b);
    ck_assert_int_eq(MPI_Isend(ints, 8, MPI_INT, 0, 3, MPI_COMM_WORLD, &r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Wait(&r[0], MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Irecv(b[0], 32, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &r[0]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Irecv(b[1], 32, MPI_BYTE, 0, 4, MPI_COMM_WORLD, &r[1]), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Send(ints, 8, MPI_INT, 0, 4, MPI_COMM_WORLD), MPI_SUCCESS);
    st[0].MPI_ERROR = st[1].MPI_ERROR = -5;
    ck_assert_int_eq(MPI_Waitall(2, r, st), MPI_SUCCESS);
    ck_assert(memcmp(b[0], ints, 32) == 0 && memcmp(b[1], ints, 32) == 0);
    queue_empty();
}
END_TEST

/* Bytes received as typed data, a derived type of bytes as typed data,
 * and a collective's MPI_BYTE side. */
START_TEST(test_bytes_as_typed)
{
    int b[N] = {0}, k = -1;
    MPI_Datatype four;
    MPI_Status st;

    returning();
    ck_assert_int_eq(MPI_Send(ints, 8, MPI_BYTE, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(b, N, MPI_INT, 0, 1, MPI_COMM_WORLD, &st), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Get_count(&st, MPI_INT, &k), MPI_SUCCESS);
    ck_assert_int_eq(k, 2);
    ck_assert(b[0] == 1 && b[1] == 2 && b[2] == 0);
    /* 6 bytes end inside an int: the count is undefined */
    ck_assert_int_eq(MPI_Send(ints + 2, 6, MPI_BYTE, 0, 2, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(b, N, MPI_INT, 0, 2, MPI_COMM_WORLD, &st), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Get_count(&st, MPI_INT, &k), MPI_SUCCESS);
    ck_assert_int_eq(k, MPI_UNDEFINED);
    ck_assert_int_eq(b[0], 3);
    /* a receive type made of bytes */
    MPI_Type_contiguous(4, MPI_BYTE, &four);
    MPI_Type_commit(&four);
    memset(b, 0, sizeof b);
    ck_assert_int_eq(MPI_Send(ints, 3, MPI_INT, 0, 3, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Recv(b, 3, four, 0, 3, MPI_COMM_WORLD, MPI_STATUS_IGNORE), MPI_SUCCESS);
    ck_assert(b[2] == 3);
    /* a collective: sizes equal, one side bytes */
    memset(b, 0, sizeof b);
    ck_assert_int_eq(MPI_Allgather(ints, 2, MPI_INT, b, 8, MPI_BYTE, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert(b[1] == 2);
    ck_assert_int_eq(class_of(MPI_Allgather(ints, 2, MPI_INT, b, 7, MPI_BYTE, MPI_COMM_WORLD)),
                     MPI_ERR_TRUNCATE);
    ck_assert_int_eq(class_of(MPI_Allgather(ints, 2, MPI_INT, b, 9, MPI_BYTE, MPI_COMM_WORLD)),
                     MPI_ERR_TYPE);
    MPI_Type_free(&four);
    queue_empty();
}
END_TEST

/* Fewer bytes than sent is still MPI_ERR_TRUNCATE, nothing written. */
START_TEST(test_bytes_truncated)
{
    unsigned char b[16];

    returning();
    memset(b, 0xee, sizeof b);
    ck_assert_int_eq(MPI_Send(ints, 4, MPI_INT, 0, 1, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Recv(b, 15, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TRUNCATE);
    ck_assert(b[0] == 0xee && b[14] == 0xee);
    queue_empty();
}
END_TEST

/* TYPESHIM_CHECK=strict: the standard's rule, on every path. */
START_TEST(test_bytes_strict)
{
    unsigned char b[2][16];
    MPI_Request r[2];
    MPI_Status st[2];

    returning();
    setenv("TYPESHIM_CHECK", "strict", 1);
    memset(b, 0xee, sizeof b);
    MPI_Send(ints, 4, MPI_INT, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(
        class_of(MPI_Recv(b[0], 16, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
        MPI_ERR_TYPE);
    MPI_Irecv(b[0], 16, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &r[0]);
    MPI_Irecv(b[1], 16, MPI_BYTE, 0, 3, MPI_COMM_WORLD, &r[1]);
    MPI_Send(ints, 4, MPI_INT, 0, 2, MPI_COMM_WORLD);
    MPI_Send(b[1], 16, MPI_BYTE, 0, 3, MPI_COMM_WORLD);
    ck_assert_int_eq(class_of(MPI_Waitall(2, r, st)), MPI_ERR_IN_STATUS);
    ck_assert_int_eq(class_of(st[0].MPI_ERROR), MPI_ERR_TYPE);
    ck_assert_int_eq(st[1].MPI_ERROR, MPI_SUCCESS);
    ck_assert(b[0][0] == 0xee && b[0][15] == 0xee);
    ck_assert_int_eq(class_of(MPI_Allgather(ints, 2, MPI_INT, b[0], 8, MPI_BYTE, MPI_COMM_WORLD)),
                     MPI_ERR_TYPE);
    queue_empty();
}
END_TEST

/* TYPESHIM_CHECK=1: accepted, and a line on stderr per occurrence naming
 * the call and both signatures. */
static void body_reported(void)
{
    unsigned char b[16];
    MPI_Request r;

    setenv("TYPESHIM_CHECK", "1", 1);
    if (MPI_Send(ints, 4, MPI_INT, 0, 1, MPI_COMM_WORLD) ||
        MPI_Recv(b, 16, MPI_BYTE, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE) ||
        MPI_Irecv(b, 16, MPI_BYTE, 0, 2, MPI_COMM_WORLD, &r) ||
        MPI_Send(ints, 2, MPI_FLOAT, 0, 2, MPI_COMM_WORLD) || MPI_Wait(&r, MPI_STATUS_IGNORE))
        _exit(1);
}

START_TEST(test_bytes_reported)
{
    struct child c;

    run_child(body_reported, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_msg(c.status == CHILD_RETURNED, "status %d, stderr %s", c.status, c.err);
    ck_assert_msg(strstr(c.err, "typeshim: TYPESHIM_CHECK: MPI_Recv: an MPI_BYTE side accepted "
                                "against another type signature, as MPICH and Open MPI accept "
                                "it (MPI-4.1 section 3.3.1 does not; TYPESHIM_CHECK=strict "
                                "refuses it): ") &&
                      strstr(c.err, "MPI_INT sent where MPI_BYTE is received; send: MPI_INT x4; "
                                    "receive: MPI_BYTE x16"),
                  "stderr: %s", c.err);
    ck_assert_msg(strstr(c.err, "TYPESHIM_CHECK: MPI_Send: an MPI_BYTE side") &&
                      strstr(c.err, "send: MPI_FLOAT x2; receive: MPI_BYTE x16"),
                  "stderr: %s", c.err);
}
END_TEST

/* The size is checked first: a longer message is MPI_ERR_TRUNCATE,
 * whatever its types (as MPICH says). */
START_TEST(test_truncate_first)
{
    double d[4] = {1, 2, 3, 4};

    returning();
    poison();
    MPI_Send(d, 4, MPI_DOUBLE, 0, 1, MPI_COMM_WORLD);
    ck_assert_int_eq(class_of(MPI_Recv(got, 4, MPI_FLOAT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE)),
                     MPI_ERR_TRUNCATE);
    ck_assert(untouched());
}
END_TEST

static void body_fatal_recv(void)
{
    MPI_Send(ints, 4, MPI_INT, 0, 1, MPI_COMM_WORLD);
    MPI_Recv(got, 4, MPI_FLOAT, 0, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
}

static void body_fatal_gather(void)
{
    MPI_Datatype rec = rec_type(), tight = tight_type();
    struct rec in = {1, 2.5, {3, 4}};
    char out[64];

    MPI_Gather(&in, 1, rec, out, 1, tight, 0, MPI_COMM_WORLD); /* equal: passes */
    MPI_Gather(ints, 4, MPI_INT, out, 2, MPI_DOUBLE, 0, MPI_COMM_WORLD);
}

/* With the default handler the message names the call, both signatures
 * and where they part. */
static const struct fatal {
    void (*body)(void);
    const char *says;
} fatals[] = {
    {body_fatal_recv, "MPI_Recv: the message does not match the receive's datatype (MPI-4.1 "
                      "section 3.3.1), nothing was written to the buffer: type signatures differ "
                      "at basic element 0 (from 0): MPI_INT sent where MPI_FLOAT is received; "
                      "send: MPI_INT x4; receive: MPI_FLOAT x4"},
    {body_fatal_gather, "MPI_Gather: sendtype and recvtype must have equal type signatures "
                        "(MPI-4.1 section 6.1): type signatures differ at basic element 0 (from "
                        "0): MPI_INT sent where MPI_DOUBLE is received; send: MPI_INT x4; "
                        "receive: MPI_DOUBLE x2"},
};

START_TEST(test_fatal_messages)
{
    struct child c;

    run_child(fatals[_i].body, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_int_eq(c.status, MPI_ERR_TYPE);
    ck_assert_msg(strstr(c.err, fatals[_i].says), "stderr: %s", c.err);
}
END_TEST

/* --------------------------------------------------------- collectives */

START_TEST(test_collectives)
{
    MPI_Datatype rec = rec_type(), tight = tight_type(), two;
    struct rec in = {1, 2.5, {3, 4}}, out;
    unsigned char packed[32];
    MPI_Request r = MPI_REQUEST_NULL;
    int b[N];

    returning();
    poison();
    ck_assert_int_eq(class_of(MPI_Gather(ints, 2, MPI_INT, got, 2, MPI_FLOAT, 0, MPI_COMM_WORLD)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(class_of(MPI_Scatter(ints, 2, MPI_INT, got, 2, MPI_FLOAT, 0, MPI_COMM_WORLD)),
                     MPI_ERR_TYPE);
    ck_assert_int_eq(
        class_of(MPI_Iallgather(ints, 2, MPI_INT, got, 2, MPI_FLOAT, MPI_COMM_WORLD, &r)),
        MPI_ERR_TYPE);
    ck_assert(r == MPI_REQUEST_NULL);
    ck_assert_int_eq(
        class_of(MPI_Alltoallw(ints, (int[]){1}, (int[]){0}, (MPI_Datatype[]){rec}, got, (int[]){5},
                               (int[]){0}, (MPI_Datatype[]){MPI_FLOAT}, MPI_COMM_WORLD)),
        MPI_ERR_TYPE);
    /* equal sizes, the last element differs */
    {
        MPI_Datatype last;
        int lens[3] = {1, 1, 2};
        MPI_Aint disps[3] = {0, 4, 12};
        MPI_Type_create_struct(3, lens, disps, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE, MPI_FLOAT},
                               &last);
        MPI_Type_commit(&last);
        ck_assert_int_eq(class_of(MPI_Allgather(&in, 1, rec, got, 1, last, MPI_COMM_WORLD)),
                         MPI_ERR_TYPE);
        MPI_Type_free(&last);
    }
    ck_assert(untouched());
    /* equal signatures in other layouts */
    ck_assert_int_eq(MPI_Allgather(&in, 1, rec, packed, 1, tight, MPI_COMM_WORLD), MPI_SUCCESS);
    memset(&out, 0, sizeof out);
    ck_assert_int_eq(MPI_Alltoall(packed, 1, tight, &out, 1, rec, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert(out.b == 2.5 && out.c[1] == 4);
    MPI_Type_contiguous(2, MPI_INT, &two);
    MPI_Type_commit(&two);
    ck_assert_int_eq(MPI_Gather(ints, 4, MPI_INT, b, 2, two, 0, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert_int_eq(b[3], 4);
    ck_assert_int_eq(MPI_Gather(MPI_IN_PLACE, 4, MPI_FLOAT, b, 2, two, 0, MPI_COMM_WORLD),
                     MPI_SUCCESS);
    ck_assert_int_eq(MPI_Allreduce(ints, b, 4, MPI_INT, MPI_SUM, MPI_COMM_WORLD), MPI_SUCCESS);
    MPI_Type_free(&two);
    MPI_Type_free(&tight);
    MPI_Type_free(&rec);
}
END_TEST

/* Threads each sending records of a type they make and free at once,
 * received as the one shared tight type (equal signatures, its hash
 * computed by whichever thread comes first), every fifth one as floats
 * (refused): the copies kept for queued messages and the matching race
 * with each other (the ThreadSanitizer stage of CI runs this). */
#define STRESS_THREADS 4
#define STRESS_ROUNDS  200

static MPI_Datatype shared_tight;

static void *stress(void *arg)
{
    const int id = (int)(intptr_t)arg;
    long bad = 0;

    for (int i = 0; i < STRESS_ROUNDS; i++) {
        struct rec out = {id, i + 0.5, {i, -i}};
        unsigned char in[24];
        float f[5];
        MPI_Datatype rec = rec_type();
        MPI_Request r;
        double d;
        int rc;
        if (MPI_Isend(&out, 1, rec, 0, id, MPI_COMM_WORLD, &r) != MPI_SUCCESS)
            bad++;
        MPI_Type_free(&rec);
        if (i % 5 == 4) {
            rc = MPI_Recv(f, 5, MPI_FLOAT, 0, id, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            bad += rc == MPI_SUCCESS;
        } else {
            rc = MPI_Recv(in, 1, shared_tight, 0, id, MPI_COMM_WORLD, MPI_STATUS_IGNORE);
            memcpy(&d, in + 4, sizeof d);
            bad += rc != MPI_SUCCESS || d != i + 0.5;
        }
        bad += MPI_Wait(&r, MPI_STATUS_IGNORE) != MPI_SUCCESS;
    }
    return (void *)(intptr_t)bad;
}

static void body_stress(void)
{
    pthread_t th[STRESS_THREADS];
    int provided = -1;
    long bad = 0;

    MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided);
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    shared_tight = tight_type();
    for (intptr_t t = 0; t < STRESS_THREADS; t++)
        pthread_create(&th[t], NULL, stress, (void *)t);
    for (int t = 0; t < STRESS_THREADS; t++) {
        void *b;
        pthread_join(th[t], &b);
        bad += (long)(intptr_t)b;
    }
    MPI_Type_free(&shared_tight);
    MPI_Finalize();
    _exit(bad == 0 ? 0 : 6);
}

START_TEST(test_thread_stress)
{
    struct child c;

    run_child(body_stress, &c);
    ck_assert_int_eq(c.exited, 1);
    ck_assert_msg(c.status == 0, "status %d, stderr %s", c.status, c.err);
}
END_TEST

static Suite *sig_suite(void)
{
    Suite *s = suite_create("sig");
    TCase *tc = tcase_create("self");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_int_as_float);
    tcase_add_test(tc, test_waitall_status);
    tcase_add_test(tc, test_equal_signatures);
    tcase_add_test(tc, test_prefix);
    tcase_add_test(tc, test_freed_send_type);
    tcase_add_test(tc, test_other_receives);
    tcase_add_test(tc, test_persistent_buffered);
    tcase_add_test(tc, test_packed);
    tcase_add_loop_test(tc, test_predefined_pairs, 0, 2);
    tcase_add_test(tc, test_typed_as_bytes);
    tcase_add_test(tc, test_bytes_as_typed);
    tcase_add_test(tc, test_bytes_truncated);
    tcase_add_test(tc, test_bytes_strict);
    tcase_add_test(tc, test_bytes_reported);
    tcase_add_test(tc, test_truncate_first);
    tcase_add_loop_test(tc, test_fatal_messages, 0, (int)(sizeof fatals / sizeof fatals[0]));
    tcase_add_test(tc, test_collectives);
    suite_add_tcase(s, tc);
    /* its own MPI_Init_thread: no fixture */
    tc = tcase_create("threads");
    tcase_add_test(tc, test_thread_stress);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(sig_suite());
}

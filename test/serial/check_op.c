/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_op: reduction operations of libtypeshim-serial (black box):
 * literal results of predefined operations where C's own arithmetic would
 * be undefined or MPICH cannot be asked (wrapping integer sums, MPI_C_BOOL
 * logicals, every pair type with MPI_MINLOC/MPI_MAXLOC, the unnamed pairs of
 * MPI_Type_get_value_index in reductions and collectives), user operations
 * on derived datatypes, and every refusal: an operation not defined for
 * the type, derived datatypes with predefined operations, MPI_REPLACE,
 * freed and predefined handles, negative counts, MPI_IN_PLACE, NULL
 * pointers.  test/xcheck/xc_op.c compares the defined cases with MPICH.
 */
#include "serialtest.h"

#include <limits.h>
#include <stdbool.h>

#include "typeshim.h" /* MPI_Type_get_value_index (MPI-4.1) */

static void returning(void)
{
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
}

START_TEST(test_integer_wraps)
{
    int a[2] = {INT_MAX, INT_MIN}, b[2] = {1, -1};
    unsigned char u[2] = {200, 7}, v[2] = {100, 9};

    ck_assert_int_eq(MPI_Reduce_local(a, b, 2, MPI_INT, MPI_SUM), MPI_SUCCESS);
    ck_assert_int_eq(b[0], INT_MIN);
    ck_assert_int_eq(b[1], INT_MAX);
    ck_assert_int_eq(MPI_Reduce_local(u, v, 2, MPI_UNSIGNED_CHAR, MPI_SUM), MPI_SUCCESS);
    ck_assert_int_eq(v[0], 44);
    ck_assert_int_eq(v[1], 16);
    ck_assert_int_eq(MPI_Reduce_local(u, v, 2, MPI_UNSIGNED_CHAR, MPI_MAX), MPI_SUCCESS);
    ck_assert_int_eq(v[0], 200);
    ck_assert_int_eq(v[1], 16);
    ck_assert_int_eq(MPI_Reduce_local(u, v, 2, MPI_UNSIGNED_CHAR, MPI_LXOR), MPI_SUCCESS);
    ck_assert_int_eq(v[0], 0);
    ck_assert_int_eq(v[1], 0);
}
END_TEST

START_TEST(test_bool_logicals)
{
    bool a[4] = {true, true, false, false}, b[4] = {true, false, true, false};
    bool c[4];

    memcpy(c, b, sizeof c);
    ck_assert_int_eq(MPI_Reduce_local(a, c, 4, MPI_C_BOOL, MPI_LAND), MPI_SUCCESS);
    ck_assert(c[0] && !c[1] && !c[2] && !c[3]);
    memcpy(c, b, sizeof c);
    ck_assert_int_eq(MPI_Reduce_local(a, c, 4, MPI_C_BOOL, MPI_LOR), MPI_SUCCESS);
    ck_assert(c[0] && c[1] && c[2] && !c[3]);
    memcpy(c, b, sizeof c);
    ck_assert_int_eq(MPI_Reduce_local(a, c, 4, MPI_C_BOOL, MPI_LXOR), MPI_SUCCESS);
    ck_assert(!c[0] && c[1] && c[2] && !c[3]);
}
END_TEST

/* Every pair type: the better value, the lower index on a tie. */
START_TEST(test_pairs)
{
    struct {
        float v;
        int i;
    } fa = {2.5f, 7}, fb = {2.5f, 3};
    struct {
        long v;
        int i;
    } la = {-4, 1}, lb = {9, 0};
    struct {
        short v;
        int i;
    } sa = {3, 8}, sb = {3, 2};
    struct {
        long double v;
        int i;
    } da = {1.0L, 5}, db = {0.5L, 6};
    float ra[2] = {1.0f, 4.0f}, rb[2] = {1.0f, 2.0f};
    double qa[2] = {7.0, 1.0}, qb[2] = {8.0, 0.0};

    ck_assert_int_eq(MPI_Reduce_local(&fa, &fb, 1, MPI_FLOAT_INT, MPI_MAXLOC), MPI_SUCCESS);
    ck_assert_int_eq(fb.i, 3);
    ck_assert_int_eq(MPI_Reduce_local(&la, &lb, 1, MPI_LONG_INT, MPI_MINLOC), MPI_SUCCESS);
    ck_assert(lb.v == -4 && lb.i == 1);
    ck_assert_int_eq(MPI_Reduce_local(&sa, &sb, 1, MPI_SHORT_INT, MPI_MINLOC), MPI_SUCCESS);
    ck_assert(sb.v == 3 && sb.i == 2);
    ck_assert_int_eq(MPI_Reduce_local(&da, &db, 1, MPI_LONG_DOUBLE_INT, MPI_MAXLOC), MPI_SUCCESS);
    ck_assert(db.v == 1.0L && db.i == 5);
    ck_assert_int_eq(MPI_Reduce_local(ra, rb, 1, MPI_2REAL, MPI_MAXLOC), MPI_SUCCESS);
    ck_assert(rb[0] == 1.0f && rb[1] == 2.0f); /* tie: index 2 < 4 */
    ck_assert_int_eq(MPI_Reduce_local(qa, qb, 1, MPI_2DOUBLE_PRECISION, MPI_MINLOC), MPI_SUCCESS);
    ck_assert(qb[0] == 7.0 && qb[1] == 1.0);
}
END_TEST

/* The unnamed pairs of MPI_Type_get_value_index: value and index kinds
 * read from the type, the lower index on ties, padding never written. */
START_TEST(test_value_index_pairs)
{
    struct dll {
        double v;
        long long i;
    } a[4] = {{1.0, 5}, {2.0, 1}, {3.0, 9}, {-0.0, 4}},
      b[4] = {{1.0, 2}, {5.0, 3}, {-1.0, 4}, {0.0, 1}};
    struct su {
        short v;
        unsigned long long i;
    } c[2], d[2], out[2];
    struct ld8 {
        long double v;
        signed char i;
    } e = {2.0L, -3}, f = {2.0L, 7};
    MPI_Datatype p, q, r;

    ck_assert_int_eq(MPI_Type_get_value_index(MPI_DOUBLE, MPI_LONG_LONG, &p), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Reduce_local(a, b, 4, p, MPI_MINLOC), MPI_SUCCESS);
    ck_assert(b[0].v == 1.0 && b[0].i == 2); /* tie: 2 < 5 */
    ck_assert(b[1].v == 2.0 && b[1].i == 1);
    ck_assert(b[2].v == -1.0 && b[2].i == 4);
    ck_assert(b[3].v == 0.0 && b[3].i == 1); /* -0.0 == 0.0: a tie */
    ck_assert_int_eq(MPI_Reduce_local(a, b, 4, p, MPI_MAXLOC), MPI_SUCCESS);
    ck_assert(b[1].v == 2.0 && b[1].i == 1 && b[2].v == 3.0 && b[2].i == 9);

    /* unsigned index, padding bytes of the receive buffer left alone */
    ck_assert_int_eq(MPI_Type_get_value_index(MPI_SHORT, MPI_UNSIGNED_LONG_LONG, &q), MPI_SUCCESS);
    memset(c, 0, sizeof(c));
    memset(out, 0xa5, sizeof(out));
    c[0].v = -7, c[0].i = 1ULL << 63, c[1].v = 4, c[1].i = 2;
    ck_assert_int_eq(MPI_Allreduce(c, out, 2, q, MPI_MAXLOC, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert(out[0].v == -7 && out[0].i == 1ULL << 63 && out[1].v == 4 && out[1].i == 2);
    ck_assert_int_eq(((unsigned char *)&out[0])[2], 0xa5); /* between v and i */
    memcpy(d, c, sizeof(d));
    d[0].i = 3;
    ck_assert_int_eq(MPI_Reduce_local(c, d, 2, q, MPI_MINLOC), MPI_SUCCESS);
    ck_assert(d[0].i == 3); /* 3 < 2^63 */

    ck_assert_int_eq(MPI_Type_get_value_index(MPI_LONG_DOUBLE, MPI_SIGNED_CHAR, &r), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Reduce_local(&e, &f, 1, r, MPI_MINLOC), MPI_SUCCESS);
    ck_assert(f.v == 2.0L && f.i == -3);

    /* only MPI_MINLOC and MPI_MAXLOC are defined on pairs */
    returning();
    ck_assert_int_eq(class_of(MPI_Reduce_local(a, b, 4, p, MPI_SUM)), MPI_ERR_OP);
    ck_assert_int_eq(class_of(MPI_Reduce_local(a, b, 4, p, MPI_MAX)), MPI_ERR_OP);
}
END_TEST

/* A user operation gets the program's buffers, count and datatype: it
 * may reduce a derived datatype. */
static MPI_Datatype seen_type;
static int seen_len;

static void every_other_sum(void *in, void *io, int *len, MPI_Datatype *t)
{
    int *a = in, *b = io;

    seen_type = *t;
    seen_len = *len;
    for (int i = 0; i < *len; i++)
        b[2 * i] += a[2 * i]; /* a vector(., 1, 2) of ints, by its layout */
}

/* The types of MPI_Type_create_f90_real, _complex and _integer are
 * predefined types of their class (MPI-4.1 section 19.1.9): the
 * predefined operations of the class reduce them. */
START_TEST(test_f90_types)
{
    MPI_Datatype r8, c16, i4, i8;
    double in[2] = {1.5, -2.0}, io[2] = {2.0, 4.0}, out[2] = {0, 0};
    double cin[2] = {1.0, 2.0}, cio[2] = {0.5, -1.0};
    int iin[2] = {3, -4}, iio[2] = {10, 20}, iout[2] = {0, 0};
    long long lin = 1LL << 40, lio = 5;

    returning();
    ck_assert_int_eq(MPI_Type_create_f90_real(15, 300, &r8), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_create_f90_complex(15, 300, &c16), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_create_f90_integer(9, &i4), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Type_create_f90_integer(18, &i8), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Reduce_local(in, io, 2, r8, MPI_SUM), MPI_SUCCESS);
    ck_assert(io[0] == 3.5 && io[1] == 2.0);
    ck_assert_int_eq(MPI_Reduce_local(cin, cio, 1, c16, MPI_PROD), MPI_SUCCESS);
    /* (1 + 2i)(0.5 - i) = 2.5 + 0i */
    ck_assert(cio[0] == 2.5 && cio[1] == 0.0);
    ck_assert_int_eq(MPI_Reduce_local(iin, iio, 2, i4, MPI_MAX), MPI_SUCCESS);
    ck_assert(iio[0] == 10 && iio[1] == 20);
    ck_assert_int_eq(MPI_Reduce_local(&lin, &lio, 1, i8, MPI_SUM), MPI_SUCCESS);
    ck_assert(lio == (1LL << 40) + 5);
    ck_assert_int_eq(MPI_Reduce(in, out, 2, r8, MPI_SUM, 0, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert(out[0] == 1.5 && out[1] == -2.0);
    ck_assert_int_eq(MPI_Allreduce(iin, iout, 2, i4, MPI_SUM, MPI_COMM_WORLD), MPI_SUCCESS);
    ck_assert(iout[0] == 3 && iout[1] == -4);
    /* the class's rules still hold: no order on complex, no bits on reals */
    ck_assert_int_eq(class_of(MPI_Reduce_local(cin, cio, 1, c16, MPI_MAX)), MPI_ERR_OP);
    ck_assert_int_eq(class_of(MPI_Reduce_local(in, io, 2, r8, MPI_BAND)), MPI_ERR_OP);
    ck_assert_int_eq(MPI_Reduce_local(iin, iio, 2, i4, MPI_BXOR), MPI_SUCCESS);
    ck_assert(iio[0] == (10 ^ 3) && iio[1] == (20 ^ -4));
}
END_TEST

START_TEST(test_user_op_derived)
{
    int a[6] = {1, 1, 1, 1, 1, 1}, b[6] = {10, 20, 30, 40, 50, 60}, commute = -1;
    MPI_Datatype vec;
    MPI_Op op;

    MPI_Type_vector(3, 1, 2, MPI_INT, &vec);
    MPI_Type_commit(&vec);
    ck_assert_int_eq(MPI_Op_create(every_other_sum, 1, &op), MPI_SUCCESS);
    ck_assert_int_eq(MPI_Op_commutative(op, &commute), MPI_SUCCESS);
    ck_assert_int_eq(commute, 1);
    /* one element of vec: the function sees count 1 and vec itself */
    ck_assert_int_eq(MPI_Reduce_local(a, b, 1, vec, op), MPI_SUCCESS);
    ck_assert_int_eq(seen_len, 1);
    ck_assert_int_eq(seen_type, vec);
    ck_assert_int_eq(b[0], 11);
    ck_assert_int_eq(b[1], 20);
    ck_assert_int_eq(MPI_Op_free(&op), MPI_SUCCESS);
    ck_assert_int_eq(op, MPI_OP_NULL);
    MPI_Type_free(&vec);
}
END_TEST

struct refusal {
    const char *what;
    MPI_Datatype type;
    MPI_Op op;
    int count, cls;
};

static const struct refusal refusals[] = {
    {"MPI_SUM on MPI_BYTE", MPI_BYTE, MPI_SUM, 1, MPI_ERR_OP},
    {"MPI_BAND on MPI_DOUBLE", MPI_DOUBLE, MPI_BAND, 1, MPI_ERR_OP},
    {"MPI_LAND on MPI_FLOAT", MPI_FLOAT, MPI_LAND, 1, MPI_ERR_OP},
    {"MPI_MAX on MPI_C_DOUBLE_COMPLEX", MPI_C_DOUBLE_COMPLEX, MPI_MAX, 1, MPI_ERR_OP},
    {"MPI_MINLOC on MPI_INT", MPI_INT, MPI_MINLOC, 1, MPI_ERR_OP},
    {"MPI_SUM on MPI_2INT", MPI_2INT, MPI_SUM, 1, MPI_ERR_OP},
    {"MPI_SUM on MPI_WCHAR", MPI_WCHAR, MPI_SUM, 1, MPI_ERR_OP},
    {"MPI_SUM on MPI_C_BOOL", MPI_C_BOOL, MPI_SUM, 1, MPI_ERR_OP},
    {"MPI_REPLACE", MPI_INT, MPI_REPLACE, 1, MPI_ERR_OP},
    {"MPI_NO_OP", MPI_INT, MPI_NO_OP, 1, MPI_ERR_OP},
    {"MPI_OP_NULL", MPI_INT, MPI_OP_NULL, 1, MPI_ERR_OP},
    {"a forged op", MPI_INT, (MPI_Op)0x98000123, 1, MPI_ERR_OP},
    {"negative count", MPI_INT, MPI_SUM, -1, MPI_ERR_COUNT},
    {"a forged type", (MPI_Datatype)0x8c00abcd, MPI_SUM, 1, MPI_ERR_TYPE},
};

/* Each refused with its class; the inout buffer untouched. */
START_TEST(test_refusals)
{
    const struct refusal *r = &refusals[_i];
    unsigned char in[64], io[64], want[64];

    returning();
    memset(in, 1, sizeof in);
    memset(io, 0x5a, sizeof io);
    memcpy(want, io, sizeof io);
    int rc = MPI_Reduce_local(in, io, r->count, r->type, r->op);
    ck_assert_msg(class_of(rc) == r->cls, "%s: class %d, want %d", r->what, class_of(rc), r->cls);
    ck_assert_msg(memcmp(io, want, sizeof io) == 0, "%s: inoutbuf written", r->what);
}
END_TEST

START_TEST(test_refusals_more)
{
    int a[2] = {1, 2}, b[2] = {3, 4};
    MPI_Datatype c2, raw;
    MPI_Op op = MPI_SUM, user;

    returning();
    /* a derived datatype with a predefined operation (MPI-4.1 6.9.2) */
    MPI_Type_contiguous(2, MPI_INT, &c2);
    MPI_Type_commit(&c2);
    ck_assert_int_eq(class_of(MPI_Reduce_local(a, b, 1, c2, MPI_SUM)), MPI_ERR_OP);
    ck_assert_int_eq(b[0], 3);
    MPI_Type_free(&c2);
    MPI_Type_contiguous(2, MPI_INT, &raw); /* not committed */
    MPI_Op_create(every_other_sum, 0, &user);
    ck_assert_int_eq(class_of(MPI_Reduce_local(a, b, 1, raw, user)), MPI_ERR_TYPE);
    MPI_Type_free(&raw);
    ck_assert_int_eq(class_of(MPI_Reduce_local(MPI_IN_PLACE, b, 2, MPI_INT, MPI_SUM)),
                     MPI_ERR_BUFFER);
    ck_assert_int_eq(class_of(MPI_Op_free(&op)), MPI_ERR_OP); /* predefined */
    ck_assert_int_eq(op, MPI_SUM);
    MPI_Op old = user;
    ck_assert_int_eq(MPI_Op_free(&user), MPI_SUCCESS);
    ck_assert_int_eq(class_of(MPI_Op_free(&old)), MPI_ERR_OP); /* freed */
    ck_assert_int_eq(class_of(MPI_Reduce_local(a, b, 2, MPI_INT, old)), MPI_ERR_OP);
    ck_assert_int_eq(class_of(MPI_Op_create(NULL, 1, &user)), MPI_ERR_ARG);
    ck_assert_int_eq(class_of(MPI_Op_commutative(MPI_SUM, NULL)), MPI_ERR_ARG);
    a[0] = -7;
    ck_assert_int_eq(class_of(MPI_Op_commutative(old, &a[0])), MPI_ERR_OP);
    ck_assert_int_eq(a[0], -7); /* nothing written */
}
END_TEST

static Suite *op_suite(void)
{
    Suite *s = suite_create("op");
    TCase *tc = tcase_create("reduce_local");

    tcase_add_checked_fixture(tc, init_fixture, finalize_fixture);
    tcase_add_test(tc, test_integer_wraps);
    tcase_add_test(tc, test_bool_logicals);
    tcase_add_test(tc, test_pairs);
    tcase_add_test(tc, test_value_index_pairs);
    tcase_add_test(tc, test_f90_types);
    tcase_add_test(tc, test_user_op_derived);
    tcase_add_loop_test(tc, test_refusals, 0, (int)(sizeof refusals / sizeof refusals[0]));
    tcase_add_test(tc, test_refusals_more);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    return st_run(op_suite());
}

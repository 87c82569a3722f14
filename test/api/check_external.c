/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_external.c - "external32" and element counting, black-box.
 *
 * Suites: external32 (MPI_Pack_external / Unpack_external /
 * Pack_external_size (+ _c): byte images written out literally,
 * big-endian with the standard's sizes: long 4 bytes, wchar 2, long
 * double IEEE binary128; round trips; bad input), status (MPI_Get_count,
 * MPI_Get_elements (+ _x, _c) on partial byte counts,
 * MPI_Status_set_elements with the standard's basic-element meaning,
 * the cancelled bit, counts beyond an int).
 */
#include <complex.h>
#include <float.h>
#include <math.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#include "apitest.h"

#define POISON 0xA5
#define X32    "external32"

#define EXPECT_ERROR(call, cls, fn) at_expect_error((call), (cls), (fn), NULL, #call)
#define all_poison(p, n)            at_all_poison((p), (n), POISON)

/* ------------------------------------------------------------------
 * external32
 * ---------------------------------------------------------------- */

/* Packs count elements of t at val; the image must be want[0..n), with
 * MPI_Pack_external_size (+ _c) == n and nothing written past it.  Then
 * unpacks the image into `back` (poisoned first, `backlen` bytes). */
static void image(MPI_Datatype t, const void *val, int count, const unsigned char *want, int n,
                  void *back, size_t backlen, const char *what)
{
    unsigned char out[512];
    MPI_Aint size = -1, pos = 0;
    MPI_Count size_c = -1, pos_c = 0;

    ck_assert_int_le(n, 256);
    AT_OK(MPI_Pack_external_size(X32, count, t, &size));
    ck_assert_msg(size == n, "%s: MPI_Pack_external_size %lld, expected %d", what, (long long)size,
                  n);
    AT_OK(MPI_Pack_external_size_c(X32, count, t, &size_c));
    ck_assert_int_eq(size_c, n);
    memset(out, POISON, sizeof out);
    AT_OK(MPI_Pack_external(X32, val, count, t, out, (MPI_Aint)sizeof out, &pos));
    ck_assert_msg(pos == n, "%s: position %lld after MPI_Pack_external, expected %d", what,
                  (long long)pos, n);
    for (int i = 0; i < n; i++)
        ck_assert_msg(out[i] == want[i], "%s: external32 byte %d is %02x, expected %02x", what, i,
                      out[i], want[i]);
    ck_assert_msg(all_poison(out + n, sizeof out - (size_t)n), "%s: wrote past the image", what);
    /* the _c form, at a nonzero position */
    memset(out, POISON, sizeof out);
    pos_c = 3;
    AT_OK(MPI_Pack_external_c(X32, val, count, t, out, 3 + n, &pos_c));
    ck_assert_int_eq(pos_c, 3 + n);
    ck_assert_msg(memcmp(out + 3, want, (size_t)n) == 0, "%s: MPI_Pack_external_c image", what);
    ck_assert(all_poison(out, 3));
    if (back) {
        memset(back, POISON, backlen);
        pos = 0;
        AT_OK(MPI_Unpack_external(X32, want, n, &pos, back, count, t));
        ck_assert_int_eq(pos, n);
    }
}

#define B(...) ((const unsigned char[]){__VA_ARGS__})

START_TEST(test_x32_integers)
{
    int i[3] = {0x01020304, -1, 0x7fffffff}, ib[3];
    short s[2] = {0x0102, -2}, sb[2];
    unsigned u = 0xdeadbeefu, ub;
    long long ll = 0x0102030405060708LL, llb;
    unsigned char uc = 0xfe, ucb;

    image(MPI_INT, i, 1, B(0x01, 0x02, 0x03, 0x04), 4, ib, sizeof ib, "MPI_INT");
    ck_assert_int_eq(ib[0], 0x01020304);
    ck_assert(all_poison(ib + 1, 8));
    image(MPI_INT, i, 3, B(0x01, 0x02, 0x03, 0x04, 0xff, 0xff, 0xff, 0xff, 0x7f, 0xff, 0xff, 0xff),
          12, ib, sizeof ib, "MPI_INT x3");
    ck_assert_int_eq(ib[1], -1);
    ck_assert_int_eq(ib[2], 0x7fffffff);
    image(MPI_SHORT, s, 2, B(0x01, 0x02, 0xff, 0xfe), 4, sb, sizeof sb, "MPI_SHORT");
    ck_assert_int_eq(sb[0], 0x0102);
    ck_assert_int_eq(sb[1], -2);
    image(MPI_UNSIGNED, &u, 1, B(0xde, 0xad, 0xbe, 0xef), 4, &ub, sizeof ub, "MPI_UNSIGNED");
    ck_assert_uint_eq(ub, 0xdeadbeefu);
    image(MPI_LONG_LONG, &ll, 1, B(1, 2, 3, 4, 5, 6, 7, 8), 8, &llb, sizeof llb, "MPI_LONG_LONG");
    ck_assert(llb == ll);
    image(MPI_UNSIGNED_CHAR, &uc, 1, B(0xfe), 1, &ucb, 1, "MPI_UNSIGNED_CHAR");
    ck_assert_uint_eq(ucb, 0xfe);
}
END_TEST

/* C long is 8 bytes here, 4 in external32 */
START_TEST(test_x32_long)
{
    long l[3] = {0x12345678L, -2L, (long)INT32_MIN}, lb[3], big;
    unsigned long ul = 0xffffffffUL, ulb, ubig = 0x100000000UL;
    unsigned char out[32];
    MPI_Aint size = -1, pos;

    AT_OK(MPI_Pack_external_size(X32, 1, MPI_LONG, &size));
    ck_assert_int_eq(size, 4);
    AT_OK(MPI_Pack_external_size(X32, 1, MPI_UNSIGNED_LONG, &size));
    ck_assert_int_eq(size, 4);
    image(MPI_LONG, l, 1, B(0x12, 0x34, 0x56, 0x78), 4, lb, sizeof lb, "MPI_LONG");
    ck_assert(lb[0] == 0x12345678L);
    ck_assert(all_poison(lb + 1, 16));
    image(MPI_LONG, l, 3, B(0x12, 0x34, 0x56, 0x78, 0xff, 0xff, 0xff, 0xfe, 0x80, 0, 0, 0), 12, lb,
          sizeof lb, "MPI_LONG x3");
    ck_assert(lb[1] == -2L); /* sign-extended back to 8 bytes */
    ck_assert(lb[2] == (long)INT32_MIN);
    image(MPI_UNSIGNED_LONG, &ul, 1, B(0xff, 0xff, 0xff, 0xff), 4, &ulb, sizeof ulb,
          "MPI_UNSIGNED_LONG");
    ck_assert(ulb == 0xffffffffUL); /* not sign-extended */

    /* values that do not fit 4 bytes: a conversion error */
    big = 0x100000000L;
    pos = 0;
    EXPECT_ERROR(MPI_Pack_external(X32, &big, 1, MPI_LONG, out, sizeof out, &pos),
                 MPI_ERR_CONVERSION, "MPI_Pack_external");
    big = (long)INT32_MAX + 1;
    pos = 0;
    EXPECT_ERROR(MPI_Pack_external(X32, &big, 1, MPI_LONG, out, sizeof out, &pos),
                 MPI_ERR_CONVERSION, "MPI_Pack_external");
    big = (long)INT32_MIN - 1;
    pos = 0;
    EXPECT_ERROR(MPI_Pack_external(X32, &big, 1, MPI_LONG, out, sizeof out, &pos),
                 MPI_ERR_CONVERSION, "MPI_Pack_external");
    pos = 0;
    EXPECT_ERROR(MPI_Pack_external(X32, &ubig, 1, MPI_UNSIGNED_LONG, out, sizeof out, &pos),
                 MPI_ERR_CONVERSION, "MPI_Pack_external");
}
END_TEST

START_TEST(test_x32_float_double)
{
    double d[2] = {1.0, -0.0}, db[2];
    float f[2] = {1.0f, -2.5f}, fb[2];

    image(MPI_DOUBLE, d, 2, B(0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0), 16, db,
          sizeof db, "MPI_DOUBLE");
    ck_assert(db[0] == 1.0);
    ck_assert(db[1] == 0.0 && signbit(db[1]));
    image(MPI_FLOAT, f, 2, B(0x3f, 0x80, 0, 0, 0xc0, 0x20, 0, 0), 8, fb, sizeof fb, "MPI_FLOAT");
    ck_assert(fb[0] == 1.0f);
    ck_assert(fb[1] == -2.5f);
}
END_TEST

/* x87 extended precision <-> IEEE binary128 */
START_TEST(test_x32_long_double)
{
    static const struct {
        long double v;
        unsigned char img[16];
        const char *what;
    } cases[] = {
        {1.5L, {0x3f, 0xff, 0x80}, "1.5L"},
        {1.0L, {0x3f, 0xff}, "1.0L"},
        {-2.0L, {0xc0, 0x00}, "-2.0L"},
        {-0.0L, {0x80}, "-0.0L"},
        {HUGE_VALL, {0x7f, 0xff}, "inf"},
        {-HUGE_VALL, {0xff, 0xff}, "-inf"},
        {LDBL_MIN, {0x00, 0x01}, "LDBL_MIN"},
#if LDBL_MANT_DIG == 64 /* x87 extended: 63 fraction bits, denormals down to 2^-16445 */
        {LDBL_MAX, {0x7f, 0xfe, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xfe}, "LDBL_MAX"},
        {LDBL_TRUE_MIN, {0, 0, 0, 0, 0, 0, 0, 0, 0, 0x02}, "LDBL_TRUE_MIN (denormal)"},
#endif
    };
    long double back[2], nan = __builtin_nanl(""), two[2] = {1.5L, -0.0L};
    unsigned char out[64];
    MPI_Aint pos = 0, size;

    AT_OK(MPI_Pack_external_size(X32, 1, MPI_LONG_DOUBLE, &size));
    ck_assert_int_eq(size, 16);
    for (size_t k = 0; k < sizeof cases / sizeof cases[0]; k++) {
        image(MPI_LONG_DOUBLE, &cases[k].v, 1, cases[k].img, 16, back, sizeof back, cases[k].what);
        ck_assert_msg(back[0] == cases[k].v && !!signbit(back[0]) == !!signbit(cases[k].v),
                      "%s: unpacked %Lg", cases[k].what, back[0]);
        ck_assert_msg(all_poison(back + 1, sizeof(long double)), "%s: wrote past the element",
                      cases[k].what);
    }
    image(MPI_LONG_DOUBLE, two, 2,
          B(0x3f, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x80, 0, 0, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0),
          32, back, sizeof back, "two long doubles");
    ck_assert(back[0] == 1.5L && back[1] == 0.0L && signbit(back[1]));
    /* NaN: all-ones exponent, nonzero fraction, and a NaN again */
    AT_OK(MPI_Pack_external(X32, &nan, 1, MPI_LONG_DOUBLE, out, sizeof out, &pos));
    ck_assert_int_eq(pos, 16);
    ck_assert_uint_eq(out[0] & 0x7f, 0x7f);
    ck_assert_uint_eq(out[1], 0xff);
    {
        int nonzero = 0;
        for (int i = 2; i < 16; i++)
            nonzero |= out[i];
        ck_assert_msg(nonzero, "NaN packed with a zero fraction (an infinity)");
    }
    pos = 0;
    AT_OK(MPI_Unpack_external(X32, out, 16, &pos, back, 1, MPI_LONG_DOUBLE));
    ck_assert(isnan(back[0]));
}
END_TEST

START_TEST(test_x32_wchar_bool)
{
    wchar_t w[2] = {0x263A, L'A'}, wb[2];
    bool b[2] = {true, false}, bb[2];
    MPI_Aint size;

    AT_OK(MPI_Pack_external_size(X32, 1, MPI_WCHAR, &size));
    ck_assert_int_eq(size, 2);
    image(MPI_WCHAR, w, 2, B(0x26, 0x3a, 0x00, 0x41), 4, wb, sizeof wb, "MPI_WCHAR");
    ck_assert_int_eq(wb[0], 0x263A);
    ck_assert_int_eq(wb[1], L'A');
    AT_OK(MPI_Pack_external_size(X32, 1, MPI_C_BOOL, &size));
    ck_assert_int_eq(size, 1);
    image(MPI_C_BOOL, b, 2, B(0x01, 0x00), 2, bb, sizeof bb, "MPI_C_BOOL");
    ck_assert(bb[0] == true && bb[1] == false);
}
END_TEST

START_TEST(test_x32_pairs)
{
    int two[2] = {1, -2}, twob[2];
    struct {
        double d;
        int i;
    } di = {1.0, 3}, dib;
    struct {
        long l;
        int i;
    } li = {-1L, 2}, lib;
    struct {
        short s;
        int i;
    } si = {0x0102, 5}, sib;
    struct {
        float f;
        int i;
    } fi = {-2.5f, 7}, fib;
    struct {
        long double ld;
        int i;
    } ldi = {1.5L, 9}, ldib;

    image(MPI_2INT, two, 1, B(0, 0, 0, 1, 0xff, 0xff, 0xff, 0xfe), 8, twob, sizeof twob,
          "MPI_2INT");
    ck_assert(twob[0] == 1 && twob[1] == -2);
    image(MPI_DOUBLE_INT, &di, 1, B(0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 3), 12, &dib, sizeof dib,
          "MPI_DOUBLE_INT");
    ck_assert(dib.d == 1.0 && dib.i == 3);
    ck_assert(all_poison((char *)&dib + 12, sizeof dib - 12)); /* the padding */
    image(MPI_LONG_INT, &li, 1, B(0xff, 0xff, 0xff, 0xff, 0, 0, 0, 2), 8, &lib, sizeof lib,
          "MPI_LONG_INT");
    ck_assert(lib.l == -1L && lib.i == 2);
    image(MPI_SHORT_INT, &si, 1, B(0x01, 0x02, 0, 0, 0, 5), 6, &sib, sizeof sib, "MPI_SHORT_INT");
    ck_assert(sib.s == 0x0102 && sib.i == 5);
    ck_assert(all_poison((char *)&sib + 2, 2));
    image(MPI_FLOAT_INT, &fi, 1, B(0xc0, 0x20, 0, 0, 0, 0, 0, 7), 8, &fib, sizeof fib,
          "MPI_FLOAT_INT");
    ck_assert(fib.f == -2.5f && fib.i == 7);
    image(MPI_LONG_DOUBLE_INT, &ldi, 1,
          B(0x3f, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 9), 20, &ldib,
          sizeof ldib, "MPI_LONG_DOUBLE_INT");
    ck_assert(ldib.ld == 1.5L && ldib.i == 9);
}
END_TEST

START_TEST(test_x32_struct_complex)
{
    struct rec {
        int i;
        double d;
        char c;
    } r[2] = {{0x01020304, 1.0, 'A'}, {-1, -0.0, 'z'}}, rb[2];
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {offsetof(struct rec, i), offsetof(struct rec, d), offsetof(struct rec, c)};
    MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, t, v;
    MPI_Aint size;
    double _Complex z = 1.0 + 2.0 * I, zb;
    float _Complex fz = 1.0f - 2.0f * I, fzb;
    long double _Complex lz = 1.5L + 1.0L * I, lzb;
    long l4[4] = {1, 99, -1, 99}, l4b[4];

    AT_OK(MPI_Type_create_struct(3, bl, disp, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    AT_OK(MPI_Pack_external_size(X32, 3, t, &size));
    ck_assert_int_eq(size, 39);
    image(t, r, 2,
          B(0x01, 0x02, 0x03, 0x04, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x41, 0xff, 0xff, 0xff, 0xff,
            0x80, 0, 0, 0, 0, 0, 0, 0, 0x7a),
          26, rb, sizeof rb, "struct{int,double,char}");
    for (int k = 0; k < 2; k++) {
        ck_assert_int_eq(rb[k].i, r[k].i);
        ck_assert(rb[k].d == r[k].d && !!signbit(rb[k].d) == !!signbit(r[k].d));
        ck_assert_int_eq(rb[k].c, r[k].c);
        ck_assert(all_poison((char *)&rb[k] + 4, 4));
        ck_assert(all_poison((char *)&rb[k] + 17, sizeof(struct rec) - 17));
    }
    AT_OK(MPI_Type_free(&t));

    image(MPI_C_DOUBLE_COMPLEX, &z, 1,
          B(0x3f, 0xf0, 0, 0, 0, 0, 0, 0, 0x40, 0x00, 0, 0, 0, 0, 0, 0), 16, &zb, sizeof zb,
          "MPI_C_DOUBLE_COMPLEX");
    ck_assert(zb == z);
    image(MPI_C_FLOAT_COMPLEX, &fz, 1, B(0x3f, 0x80, 0, 0, 0xc0, 0, 0, 0), 8, &fzb, sizeof fzb,
          "MPI_C_FLOAT_COMPLEX");
    ck_assert(fzb == fz);
    image(MPI_C_LONG_DOUBLE_COMPLEX, &lz, 1,
          B(0x3f, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x3f, 0xff, 0, 0, 0, 0, 0, 0,
            0, 0, 0, 0, 0, 0, 0, 0),
          32, &lzb, sizeof lzb, "MPI_C_LONG_DOUBLE_COMPLEX");
    ck_assert(lzb == lz);

    /* a derived type of longs: 4 bytes each, gaps untouched on unpack */
    AT_OK(MPI_Type_vector(2, 1, 2, MPI_LONG, &v));
    AT_OK(MPI_Type_commit(&v));
    image(v, l4, 1, B(0, 0, 0, 1, 0xff, 0xff, 0xff, 0xff), 8, l4b, sizeof l4b, "vector of long");
    ck_assert(l4b[0] == 1 && l4b[2] == -1);
    ck_assert(all_poison(&l4b[1], sizeof(long)));
    ck_assert(all_poison(&l4b[3], sizeof(long)));
    AT_OK(MPI_Type_free(&v));
}
END_TEST

/* several calls share one buffer through position */
START_TEST(test_x32_position)
{
    int i = 0x0a0b0c0d, ib = 0;
    double d = 1.0, db = 0;
    unsigned char out[16];
    MPI_Aint pos = 0;

    AT_OK(MPI_Pack_external(X32, &i, 1, MPI_INT, out, sizeof out, &pos));
    AT_OK(MPI_Pack_external(X32, &d, 1, MPI_DOUBLE, out, sizeof out, &pos));
    ck_assert_int_eq(pos, 12);
    ck_assert_mem_eq(out, B(0x0a, 0x0b, 0x0c, 0x0d, 0x3f, 0xf0, 0, 0, 0, 0, 0, 0), 12);
    pos = 0;
    AT_OK(MPI_Unpack_external(X32, out, 12, &pos, &ib, 1, MPI_INT));
    AT_OK(MPI_Unpack_external(X32, out, 12, &pos, &db, 1, MPI_DOUBLE));
    ck_assert_int_eq(pos, 12);
    ck_assert_int_eq(ib, i);
    ck_assert(db == 1.0);
}
END_TEST

START_TEST(test_x32_bad_input)
{
    int a[4] = {1, 2, 3, 4}, b[4];
    unsigned char out[32];
    MPI_Aint pos = 0, size = -7;
    MPI_Count size_c;
    MPI_Datatype u;

    memset(out, POISON, sizeof out);
    memset(b, POISON, sizeof b);
    EXPECT_ERROR(MPI_Pack_external("native", a, 1, MPI_INT, out, sizeof out, &pos), MPI_ERR_ARG,
                 "MPI_Pack_external");
    EXPECT_ERROR(MPI_Pack_external(NULL, a, 1, MPI_INT, out, sizeof out, &pos), MPI_ERR_ARG,
                 "MPI_Pack_external");
    EXPECT_ERROR(MPI_Unpack_external("native", out, 4, &pos, b, 1, MPI_INT), MPI_ERR_ARG,
                 "MPI_Unpack_external");
    EXPECT_ERROR(MPI_Unpack_external(NULL, out, 4, &pos, b, 1, MPI_INT), MPI_ERR_ARG,
                 "MPI_Unpack_external");
    EXPECT_ERROR(MPI_Pack_external_size("native", 1, MPI_INT, &size), MPI_ERR_ARG,
                 "MPI_Pack_external_size");
    EXPECT_ERROR(MPI_Pack_external_size(NULL, 1, MPI_INT, &size), MPI_ERR_ARG,
                 "MPI_Pack_external_size");
    EXPECT_ERROR(MPI_Pack_external_size_c("external64", 1, MPI_INT, &size_c), MPI_ERR_ARG,
                 "MPI_Pack_external_size_c");
    ck_assert_int_eq(size, -7);
    /* too small, negative count, uncommitted type */
    EXPECT_ERROR(MPI_Pack_external(X32, a, 4, MPI_INT, out, 15, &pos), MPI_ERR_TRUNCATE,
                 "MPI_Pack_external");
    pos = 20;
    EXPECT_ERROR(MPI_Pack_external(X32, a, 3, MPI_INT, out, 31, &pos), MPI_ERR_TRUNCATE,
                 "MPI_Pack_external");
    ck_assert_int_eq(pos, 20);
    pos = 0;
    EXPECT_ERROR(MPI_Unpack_external(X32, out, 7, &pos, b, 2, MPI_INT), MPI_ERR_TRUNCATE,
                 "MPI_Unpack_external");
    EXPECT_ERROR(MPI_Pack_external(X32, a, -1, MPI_INT, out, sizeof out, &pos), MPI_ERR_COUNT,
                 "MPI_Pack_external");
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &u));
    EXPECT_ERROR(MPI_Pack_external(X32, a, 1, u, out, sizeof out, &pos), MPI_ERR_TYPE,
                 "MPI_Pack_external");
    EXPECT_ERROR(MPI_Unpack_external(X32, out, 8, &pos, b, 1, u), MPI_ERR_TYPE,
                 "MPI_Unpack_external");
    AT_OK(MPI_Type_free(&u));
    ck_assert_int_eq(pos, 0);
    ck_assert(all_poison(out, sizeof out));
    ck_assert(all_poison(b, sizeof b));
}
END_TEST

/* ------------------------------------------------------------------
 * status
 * ---------------------------------------------------------------- */

/* struct{int@0, double@8}: size 12, extent 16 */
static MPI_Datatype int_double(void)
{
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {0, 8};
    MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE}, t;

    AT_OK(MPI_Type_create_struct(2, bl, d, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    ck_assert_int_eq(at_size(t), 12);
    return t;
}

START_TEST(test_status_partial_bytes)
{
    static const int elems[27] = {0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 1, 2, 2,
                                  2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 4, 4, 4};
    MPI_Datatype t = int_double();
    MPI_Status s;

    at_status_init(&s);
    for (int n = 0; n <= 26; n++) {
        int c = -5, e = -5;
        MPI_Count cx = -5, ex = -5, ec = -5;
        AT_OK(MPI_Status_set_elements_x(&s, MPI_BYTE, n));
        AT_OK(MPI_Get_elements(&s, t, &e));
        AT_OK(MPI_Get_elements_x(&s, t, &ex));
        AT_OK(MPI_Get_elements_c(&s, t, &ec));
        ck_assert_msg(e == elems[n] && ex == elems[n] && ec == elems[n],
                      "%d bytes: Get_elements %d/%lld/%lld, expected %d", n, e, (long long)ex,
                      (long long)ec, elems[n]);
        AT_OK(MPI_Get_count(&s, t, &c));
        AT_OK(MPI_Get_count_c(&s, t, &cx));
        ck_assert_msg(c == (n % 12 ? MPI_UNDEFINED : n / 12), "%d bytes: Get_count %d", n, c);
        ck_assert_msg(cx == (n % 12 ? MPI_UNDEFINED : n / 12), "%d bytes: Get_count_c %lld", n,
                      (long long)cx);
        AT_OK(MPI_Get_count(&s, MPI_BYTE, &c));
        ck_assert_int_eq(c, n);
        AT_OK(MPI_Get_elements(&s, MPI_BYTE, &e));
        ck_assert_int_eq(e, n);
    }
    at_status_fields_kept(&s);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* n basic elements, not n copies of the type (MPICH 4.0.2 differs) */
START_TEST(test_status_set_elements)
{
    static const int ns[6] = {0, 1, 2, 3, 5, 6}, bytes[6] = {0, 4, 12, 16, 28, 36};
    MPI_Datatype t = int_double();
    MPI_Status s;

    at_status_init(&s);
    for (int k = 0; k < 6; k++) {
        int e = -5, c = -5;
        MPI_Count ex = -5;
        AT_OK(MPI_Status_set_elements(&s, t, ns[k]));
        AT_OK(MPI_Get_elements(&s, MPI_BYTE, &e));
        ck_assert_msg(e == bytes[k], "MPI_Status_set_elements(%d): %d bytes, expected %d", ns[k], e,
                      bytes[k]);
        AT_OK(MPI_Get_elements(&s, t, &e));
        ck_assert_int_eq(e, ns[k]);
        AT_OK(MPI_Get_count(&s, t, &c));
        ck_assert_int_eq(c, ns[k] % 2 ? MPI_UNDEFINED : ns[k] / 2);
        AT_OK(MPI_Status_set_elements_x(&s, t, ns[k]));
        AT_OK(MPI_Get_elements_x(&s, MPI_BYTE, &ex));
        ck_assert_int_eq(ex, bytes[k]);
    }
    AT_OK(MPI_Status_set_elements(&s, MPI_INT, 7));
    {
        int c;
        AT_OK(MPI_Get_count(&s, MPI_BYTE, &c));
        ck_assert_int_eq(c, 28);
    }
    at_status_fields_kept(&s);
    EXPECT_ERROR(MPI_Status_set_elements(&s, t, -1), MPI_ERR_COUNT, "MPI_Status_set_elements");
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* Elements whose bytes pass 2^63 - 1: (2^61 + 1) doubles once wrapped to 8
 * bytes, and Get_elements_x then said 1.  The status keeps what it had. */
START_TEST(test_status_set_elements_overflow)
{
    const MPI_Count big = ((MPI_Count)1 << 61) + 1;
    MPI_Datatype pair;
    MPI_Status s;
    MPI_Count e = -5;

    at_status_init(&s);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_DOUBLE, 3));
    EXPECT_ERROR(MPI_Status_set_elements_x(&s, MPI_DOUBLE, big), MPI_ERR_COUNT,
                 "MPI_Status_set_elements_x");
    EXPECT_ERROR(MPI_Status_set_elements_x(&s, MPI_LONG_DOUBLE, (MPI_Count)1 << 60), MPI_ERR_COUNT,
                 "MPI_Status_set_elements_x");
    AT_OK(MPI_Get_elements_x(&s, MPI_DOUBLE, &e));
    ck_assert_int_eq(e, 3);
    AT_OK(MPI_Get_elements_c(&s, MPI_DOUBLE, &e));
    ck_assert_int_eq(e, 3);
    /* a derived type: whole elements times the size overflow too */
    AT_OK(MPI_Type_contiguous(2, MPI_DOUBLE, &pair));
    AT_OK(MPI_Type_commit(&pair));
    EXPECT_ERROR(MPI_Status_set_elements_x(&s, pair, big), MPI_ERR_COUNT,
                 "MPI_Status_set_elements_x");
    /* the largest that fits still does: 2^60 - 1 doubles */
    AT_OK(MPI_Status_set_elements_x(&s, pair, ((MPI_Count)1 << 60) - 1));
    AT_OK(MPI_Get_elements_x(&s, MPI_DOUBLE, &e));
    ck_assert_int_eq(e, ((MPI_Count)1 << 60) - 1);
    AT_OK(MPI_Type_free(&pair));
}
END_TEST

START_TEST(test_status_zero_size)
{
    MPI_Datatype z;
    MPI_Status s;
    int c = -5;

    AT_OK(MPI_Type_contiguous(0, MPI_INT, &z));
    AT_OK(MPI_Type_commit(&z));
    at_status_init(&s);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_BYTE, 0));
    AT_OK(MPI_Get_count(&s, z, &c));
    ck_assert_int_eq(c, 0);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_BYTE, 4));
    AT_OK(MPI_Get_count(&s, z, &c));
    ck_assert_int_eq(c, MPI_UNDEFINED);
    AT_OK(MPI_Type_free(&z));
}
END_TEST

START_TEST(test_status_cancelled)
{
    MPI_Status s;
    MPI_Count ex = -5;
    int flag = -5, c = -5;

    at_status_init(&s);
    AT_OK(MPI_Test_cancelled(&s, &flag));
    ck_assert_int_eq(flag, 0);
    AT_OK(MPI_Status_set_cancelled(&s, 1));
    AT_OK(MPI_Test_cancelled(&s, &flag));
    ck_assert_int_eq(flag, 1);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_BYTE, 100));
    AT_OK(MPI_Test_cancelled(&s, &flag));
    ck_assert_int_eq(flag, 1);
    AT_OK(MPI_Get_count(&s, MPI_BYTE, &c));
    ck_assert_int_eq(c, 100);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_BYTE, 5000000000LL));
    AT_OK(MPI_Test_cancelled(&s, &flag));
    ck_assert_int_eq(flag, 1);
    AT_OK(MPI_Status_set_cancelled(&s, 0));
    AT_OK(MPI_Test_cancelled(&s, &flag));
    ck_assert_int_eq(flag, 0);
    AT_OK(MPI_Get_elements_x(&s, MPI_BYTE, &ex));
    ck_assert_int_eq(ex, 5000000000LL);
    AT_OK(MPI_Status_set_cancelled(&s, 1));
    AT_OK(MPI_Get_elements_x(&s, MPI_BYTE, &ex));
    ck_assert_int_eq(ex, 5000000000LL);
    AT_OK(MPI_Status_set_elements(&s, MPI_INT, 3));
    AT_OK(MPI_Test_cancelled(&s, &flag));
    ck_assert_int_eq(flag, 1);
    at_status_fields_kept(&s);
}
END_TEST

START_TEST(test_status_large)
{
    MPI_Status s;
    MPI_Count ex = -5, cx = -5;
    int e = -5, c = -5;

    at_status_init(&s);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_BYTE, 5000000000LL));
    AT_OK(MPI_Get_elements_x(&s, MPI_BYTE, &ex));
    ck_assert_int_eq(ex, 5000000000LL);
    AT_OK(MPI_Get_elements_c(&s, MPI_BYTE, &ex));
    ck_assert_int_eq(ex, 5000000000LL);
    AT_OK(MPI_Get_count_c(&s, MPI_BYTE, &cx));
    ck_assert_int_eq(cx, 5000000000LL);
    AT_OK(MPI_Get_count(&s, MPI_BYTE, &c));
    ck_assert_int_eq(c, MPI_UNDEFINED);
    AT_OK(MPI_Get_elements(&s, MPI_BYTE, &e));
    ck_assert_int_eq(e, MPI_UNDEFINED);
    AT_OK(MPI_Get_count(&s, MPI_INT, &c)); /* 1.25e9 ints fit an int */
    ck_assert_int_eq(c, 1250000000);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_INT, 2000000000LL));
    AT_OK(MPI_Get_elements_x(&s, MPI_BYTE, &ex));
    ck_assert_int_eq(ex, 8000000000LL);
    AT_OK(MPI_Get_count_c(&s, MPI_DOUBLE, &cx));
    ck_assert_int_eq(cx, 1000000000LL);
    at_status_fields_kept(&s);
}
END_TEST

/* Every status reader and writer, given MPI_STATUS_IGNORE or NULL, fails
 * with MPI_ERR_ARG naming status, and writes nothing (MPICH 4.0.2 crashes
 * on MPI_STATUS_IGNORE). */
START_TEST(test_status_ignore)
{
    MPI_Status *const bad[2] = {MPI_STATUS_IGNORE, NULL};
    MPI_Count cx = -5;
    int c = -5, flag = -5;

    for (int i = 0; i < 2; i++) {
        MPI_Status *s = bad[i];

        at_expect_error(MPI_Get_count(s, MPI_INT, &c), MPI_ERR_ARG, "MPI_Get_count", "status",
                        "MPI_Get_count");
        at_expect_error(MPI_Get_count_c(s, MPI_INT, &cx), MPI_ERR_ARG, "MPI_Get_count_c", "status",
                        "MPI_Get_count_c");
        at_expect_error(MPI_Get_elements(s, MPI_INT, &c), MPI_ERR_ARG, "MPI_Get_elements", "status",
                        "MPI_Get_elements");
        at_expect_error(MPI_Get_elements_x(s, MPI_INT, &cx), MPI_ERR_ARG, "MPI_Get_elements_x",
                        "status", "MPI_Get_elements_x");
        at_expect_error(MPI_Get_elements_c(s, MPI_INT, &cx), MPI_ERR_ARG, "MPI_Get_elements_c",
                        "status", "MPI_Get_elements_c");
        at_expect_error(MPI_Test_cancelled(s, &flag), MPI_ERR_ARG, "MPI_Test_cancelled", "status",
                        "MPI_Test_cancelled");
        at_expect_error(MPI_Status_set_elements(s, MPI_INT, 3), MPI_ERR_ARG,
                        "MPI_Status_set_elements", "status", "MPI_Status_set_elements");
        at_expect_error(MPI_Status_set_elements_x(s, MPI_INT, 3), MPI_ERR_ARG,
                        "MPI_Status_set_elements_x", "status", "MPI_Status_set_elements_x");
        at_expect_error(MPI_Status_set_cancelled(s, 1), MPI_ERR_ARG, "MPI_Status_set_cancelled",
                        "status", "MPI_Status_set_cancelled");
        ck_assert_int_eq(c, -5);
        ck_assert_int_eq(cx, -5);
        ck_assert_int_eq(flag, -5);
    }
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *external_suite(void)
{
    Suite *s = suite_create("external32");
    TCase *tc = tcase_create("images");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_x32_integers);
    tcase_add_test(tc, test_x32_long);
    tcase_add_test(tc, test_x32_float_double);
    tcase_add_test(tc, test_x32_long_double);
    tcase_add_test(tc, test_x32_wchar_bool);
    tcase_add_test(tc, test_x32_pairs);
    tcase_add_test(tc, test_x32_struct_complex);
    tcase_add_test(tc, test_x32_position);
    tcase_add_test(tc, test_x32_bad_input);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *status_suite(void)
{
    Suite *s = suite_create("status");
    TCase *tc = tcase_create("counts");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_status_partial_bytes);
    tcase_add_test(tc, test_status_set_elements);
    tcase_add_test(tc, test_status_zero_size);
    tcase_add_test(tc, test_status_set_elements_overflow);
    tcase_add_test(tc, test_status_cancelled);
    tcase_add_test(tc, test_status_ignore);
    tcase_add_test(tc, test_status_large);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[2];

    suites[0] = external_suite();
    suites[1] = status_suite();
    return at_run(suites, 2, 1);
}

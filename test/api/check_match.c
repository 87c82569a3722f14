/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_match.c - typeshim_type_match, black box: MPI's type matching of
 * (scount, stype) against (rcount, rtype), a prefix (a receive) or equal
 * (a collective); the position of the first difference and the line
 * describing it; MPI_PACKED; which predefined types share a basic type;
 * huge counts; nested types of repeated signatures; bad arguments.
 */
#include <stdint.h>

#include "apitest.h"

#define WHY 1024

static int match;
static MPI_Count pos;
static char why[WHY];

/* typeshim_type_match, outputs poisoned first; returns *match. */
static int try(MPI_Count sc, MPI_Datatype st, MPI_Count rc, MPI_Datatype rt, int how)
{
    match = -7;
    pos = -9;
    memset(why, 'x', sizeof why);
    AT_OK(typeshim_type_match(sc, st, rc, rt, how, &match, &pos, why, WHY));
    ck_assert_msg(match == 0 || match == 1, "match %d", match);
    ck_assert_msg(memchr(why, '\0', WHY) != NULL, "why not terminated");
    if (match) {
        ck_assert_int_eq(pos, -1);
        ck_assert_str_eq(why, "");
    }
    return match;
}

#define HAS(s) ck_assert_msg(strstr(why, (s)) != NULL, "'%s' not in '%s'", (s), why)

static MPI_Datatype make_struct(int n, const int *lens, const MPI_Datatype *types)
{
    MPI_Aint disps[16];
    MPI_Datatype t;

    for (int i = 0; i < n; i++)
        disps[i] = 32 * i;
    AT_OK(MPI_Type_create_struct(n, lens, disps, types, &t));
    AT_OK(MPI_Type_commit(&t));
    return t;
}

START_TEST(test_predefined)
{
    /* equal, prefix, longer */
    ck_assert(try(3, MPI_INT, 3, MPI_INT, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(3, MPI_INT, 5, MPI_INT, TYPESHIM_MATCH_PREFIX));
    ck_assert(!try(3, MPI_INT, 5, MPI_INT, TYPESHIM_MATCH_EQUAL));
    ck_assert_int_eq(pos, 3);
    HAS("the send's type signature is shorter than the receive's, which it must equal: it ends "
        "at basic element 3 (from 0), where MPI_INT is received; send: MPI_INT x3; receive: "
        "MPI_INT x5");
    ck_assert(!try(6, MPI_INT, 5, MPI_INT, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 5);
    HAS("the send's type signature is longer than the receive's: basic element 5 (from 0), "
        "MPI_INT, is sent where the receive's has ended");
    /* different types of one size */
    ck_assert(!try(1, MPI_INT, 1, MPI_FLOAT, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 0);
    ck_assert_str_eq(why, "type signatures differ at basic element 0 (from 0): MPI_INT sent where "
                          "MPI_FLOAT is received; send: MPI_INT x1; receive: MPI_FLOAT x1");
    ck_assert(!try(1, MPI_LONG, 1, MPI_LONG_LONG, TYPESHIM_MATCH_EQUAL));
    ck_assert(!try(2, MPI_DOUBLE, 1, MPI_LONG_DOUBLE, TYPESHIM_MATCH_PREFIX));
    ck_assert(!try(1, MPI_UNSIGNED, 1, MPI_INT, TYPESHIM_MATCH_PREFIX));
    /* MPI_BYTE is no typed value (MPI-4.1 section 3.3.1) */
    ck_assert(!try(4, MPI_BYTE, 1, MPI_INT, TYPESHIM_MATCH_PREFIX));
    HAS("MPI_BYTE sent where MPI_INT is received");
    ck_assert(!try(1, MPI_INT, 4, MPI_BYTE, TYPESHIM_MATCH_PREFIX));
    ck_assert(!try(1, MPI_CHAR, 1, MPI_BYTE, TYPESHIM_MATCH_PREFIX));
    ck_assert(try(8, MPI_BYTE, 8, MPI_BYTE, TYPESHIM_MATCH_EQUAL));
    /* names of one representation share a basic type (typeshim_type_match(3)) */
    ck_assert(try(2, MPI_INT, 2, MPI_INT32_T, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(2, MPI_INT, 2, MPI_INTEGER, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(2, MPI_CHAR, 2, MPI_SIGNED_CHAR, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(2, MPI_BYTE, 2, MPI_UNSIGNED_CHAR, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(2, MPI_DOUBLE, 2, MPI_REAL8, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(2, MPI_LONG_LONG, 2, MPI_INT64_T, TYPESHIM_MATCH_EQUAL));
    ck_assert(!try(2, MPI_CHAR, 2, MPI_UNSIGNED_CHAR, TYPESHIM_MATCH_EQUAL));
    ck_assert(!try(1, MPI_C_BOOL, 1, MPI_CHAR, TYPESHIM_MATCH_EQUAL));
    /* pair types are their two members */
    ck_assert(try(1, MPI_2INT, 2, MPI_INT, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(3, MPI_FLOAT_INT, 6, MPI_2INT, TYPESHIM_MATCH_PREFIX) == 0);
    ck_assert_int_eq(pos, 0);
    HAS("MPI_FLOAT sent where MPI_INT is received; send: MPI_FLOAT x1, MPI_INT x1, MPI_FLOAT x1, "
        "MPI_INT x1, ... (6 basic elements); receive: MPI_INT x12");
    ck_assert(!try(1, MPI_2REAL, 1, MPI_2DOUBLE_PRECISION, TYPESHIM_MATCH_EQUAL));
    HAS("MPI_REAL sent where MPI_DOUBLE_PRECISION is received");
    /* empty signatures */
    ck_assert(try(0, MPI_INT, 0, MPI_DOUBLE, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(0, MPI_INT, 4, MPI_DOUBLE, TYPESHIM_MATCH_PREFIX));
    ck_assert(!try(0, MPI_INT, 4, MPI_DOUBLE, TYPESHIM_MATCH_EQUAL));
    HAS("it ends at basic element 0 (from 0), where MPI_DOUBLE is received; send: empty; "
        "receive: MPI_DOUBLE x4");
    ck_assert(try(5, MPI_UB, 0, MPI_INT, TYPESHIM_MATCH_EQUAL));
}
END_TEST

/* MPI_PACKED on either side matches anything (MPI-4.1 section 5.2). */
START_TEST(test_packed)
{
    MPI_Datatype p;
    int lens[2] = {1, 1};

    p = make_struct(2, lens, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE});
    ck_assert(try(100, MPI_PACKED, 1, p, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(3, p, 1, MPI_PACKED, TYPESHIM_MATCH_PREFIX));
    ck_assert(try(3, MPI_PACKED, 1, MPI_INT, TYPESHIM_MATCH_PREFIX));
    ck_assert(try(1, MPI_PACKED, 0, MPI_PACKED, TYPESHIM_MATCH_EQUAL));
    /* a derived type made of MPI_PACKED is bytes like MPI_BYTE's */
    {
        MPI_Datatype c;
        AT_OK(MPI_Type_contiguous(4, MPI_PACKED, &c));
        ck_assert(!try(1, c, 1, MPI_INT, TYPESHIM_MATCH_PREFIX));
        ck_assert(try(1, c, 4, MPI_BYTE, TYPESHIM_MATCH_EQUAL));
        AT_OK(MPI_Type_free(&c));
    }
    AT_OK(MPI_Type_free(&p));
}
END_TEST

/* A mismatch at the first, a middle and the last element; the names the
 * line uses are those the types were built from. */
START_TEST(test_positions)
{
    int lens[3] = {2, 1, 3};
    MPI_Datatype s, first, middle, last, ints;

    s = make_struct(3, lens, (MPI_Datatype[]){MPI_INTEGER, MPI_REAL, MPI_INTEGER});
    first = make_struct(3, lens, (MPI_Datatype[]){MPI_REAL, MPI_REAL, MPI_INTEGER});
    middle = make_struct(3, lens, (MPI_Datatype[]){MPI_INTEGER, MPI_DOUBLE_PRECISION, MPI_INTEGER});
    last = make_struct(4, (int[]){2, 1, 2, 1},
                       (MPI_Datatype[]){MPI_INTEGER, MPI_REAL, MPI_INTEGER, MPI_REAL});
    AT_OK(MPI_Type_contiguous(6, MPI_INTEGER, &ints));
    ck_assert(!try(1, s, 1, first, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 0);
    HAS("MPI_INTEGER sent where MPI_REAL is received; send: MPI_INTEGER x2, MPI_REAL x1, "
        "MPI_INTEGER x3; receive: MPI_REAL x3, MPI_INTEGER x3");
    ck_assert(!try(1, s, 1, middle, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 2);
    HAS("basic element 2 (from 0): MPI_REAL sent where MPI_DOUBLE_PRECISION is received");
    /* the last element of each copy */
    ck_assert(!try(1, s, 1, last, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 5);
    HAS("basic element 5 (from 0): MPI_INTEGER sent where MPI_REAL is received");
    ck_assert(!try(10, last, 10, s, TYPESHIM_MATCH_EQUAL));
    ck_assert_int_eq(pos, 5);
    HAS("basic element 5 (from 0): MPI_REAL sent where MPI_INTEGER is received");
    ck_assert(!try(2, s, 2, ints, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 2);
    /* the last element of a long message */
    {
        MPI_Datatype tail;
        int tl[2] = {599, 1};
        tail = make_struct(2, tl, (MPI_Datatype[]){MPI_INTEGER, MPI_REAL});
        ck_assert(!try(100, ints, 1, tail, TYPESHIM_MATCH_EQUAL));
        ck_assert_int_eq(pos, 599);
        HAS("basic element 599 (from 0): MPI_INTEGER sent where MPI_REAL is received; send: "
            "MPI_INTEGER x600; receive: MPI_INTEGER x599, MPI_REAL x1");
        ck_assert(try(99, ints, 1, tail, TYPESHIM_MATCH_PREFIX));
        AT_OK(MPI_Type_free(&tail));
    }
    AT_OK(MPI_Type_free(&ints));
    AT_OK(MPI_Type_free(&last));
    AT_OK(MPI_Type_free(&middle));
    AT_OK(MPI_Type_free(&first));
    AT_OK(MPI_Type_free(&s));
}
END_TEST

/* Nested types whose signatures repeat: equal whatever the nesting. */
START_TEST(test_nested_repeats)
{
    int lens[2] = {1, 1};
    MPI_Datatype pair, v, vv, c, sub, nope;

    pair = make_struct(2, lens, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE});
    AT_OK(MPI_Type_vector(3, 2, 5, pair, &v));          /* 6 pairs */
    AT_OK(MPI_Type_create_hvector(4, 1, 1000, v, &vv)); /* 24 pairs */
    AT_OK(MPI_Type_contiguous(8, pair, &c));            /* 8 pairs */
    AT_OK(MPI_Type_create_subarray(1, (int[]){10}, (int[]){4}, (int[]){3}, MPI_ORDER_C, pair,
                                   &sub)); /* 4 pairs */
    nope = make_struct(2, lens, (MPI_Datatype[]){MPI_DOUBLE, MPI_INT});
    ck_assert(try(1, vv, 3, c, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(2, sub, 1, c, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(5, vv, 30, sub, TYPESHIM_MATCH_EQUAL));
    ck_assert(try(5, vv, 31, sub, TYPESHIM_MATCH_PREFIX));
    ck_assert(!try(5, vv, 29, sub, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 232);
    HAS("basic element 232 (from 0), MPI_INT, is sent where the receive's has ended; send: "
        "MPI_INT x1, MPI_DOUBLE x1, MPI_INT x1, MPI_DOUBLE x1, ... (240 basic elements); "
        "receive: MPI_INT x1, MPI_DOUBLE x1, MPI_INT x1, MPI_DOUBLE x1, ... (232 basic "
        "elements)");
    ck_assert(try(3, vv, 9, c, TYPESHIM_MATCH_EQUAL));
    ck_assert(!try(1, vv, 24, nope, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 0);
    AT_OK(MPI_Type_free(&nope));
    AT_OK(MPI_Type_free(&sub));
    AT_OK(MPI_Type_free(&c));
    AT_OK(MPI_Type_free(&vv));
    AT_OK(MPI_Type_free(&v));
    AT_OK(MPI_Type_free(&pair));
}
END_TEST

/* Counts whose signatures pass 2^64 elements; a walk element by element,
 * or copy by copy, would not end before the test's timeout. */
START_TEST(test_huge_counts)
{
    const MPI_Count big = INT64_MAX;
    int lens[2] = {1, 1};
    MPI_Datatype pair, c, c2;

    pair = make_struct(2, lens, (MPI_Datatype[]){MPI_INT, MPI_DOUBLE});
    AT_OK(MPI_Type_contiguous(1000, pair, &c));
    AT_OK(MPI_Type_contiguous(2, pair, &c2));
    ck_assert(try(big, MPI_INT, big, MPI_INT32_T, TYPESHIM_MATCH_EQUAL));
    ck_assert(!try(big, c, big, c2, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, INT64_MAX); /* 4 (2^63 - 1) elements: clamped */
    HAS("basic element 36893488147419103228 (from 0), MPI_INT, is sent where the receive's has "
        "ended; send: MPI_INT x1, MPI_DOUBLE x1, MPI_INT x1, MPI_DOUBLE x1, ... "
        "(18446744073709551614000 basic elements)");
    ck_assert(try((MPI_Count)1 << 62, pair, (MPI_Count)1 << 61, c2, TYPESHIM_MATCH_EQUAL));
    ck_assert(try((MPI_Count)1000 << 40, pair, (MPI_Count)1 << 40, c, TYPESHIM_MATCH_EQUAL));
    ck_assert(!try(((MPI_Count)1 << 62) + 1, pair, (MPI_Count)1 << 61, c2, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, INT64_MAX); /* 2^63 */
    ck_assert(!try(big, MPI_INT, big, MPI_FLOAT, TYPESHIM_MATCH_PREFIX));
    ck_assert_int_eq(pos, 0);
    AT_OK(MPI_Type_free(&c2));
    AT_OK(MPI_Type_free(&c));
    AT_OK(MPI_Type_free(&pair));
}
END_TEST

/* Uncommitted types (a signature is there from construction), freed
 * handles, optional outputs, a short buffer. */
START_TEST(test_arguments)
{
    MPI_Datatype raw, gone, stale;
    char small[24];
    int m = -1;

    AT_OK(MPI_Type_contiguous(3, MPI_INT, &raw));
    ck_assert(try(1, raw, 3, MPI_INT, TYPESHIM_MATCH_EQUAL));
    AT_OK(typeshim_type_match(1, raw, 1, MPI_FLOAT, TYPESHIM_MATCH_PREFIX, &m, NULL, NULL, 0));
    ck_assert_int_eq(m, 0);
    memset(small, 'x', sizeof small);
    AT_OK(typeshim_type_match(1, raw, 1, MPI_FLOAT, TYPESHIM_MATCH_PREFIX, &m, NULL, small,
                              (int)sizeof small));
    ck_assert_str_eq(small, "type signatures differ ");
    AT_OK(typeshim_type_match(1, raw, 1, MPI_FLOAT, TYPESHIM_MATCH_PREFIX, &m, NULL, small, 1));
    ck_assert_str_eq(small, "");
    AT_OK(MPI_Type_dup(raw, &gone));
    stale = gone;
    AT_OK(MPI_Type_free(&gone));
    AT_OK(MPI_Type_free(&raw));
    {
        struct {
            const char *what;
            int rc, cls;
            const char *arg;
        } bad[] = {
            {"scount", typeshim_type_match(-1, MPI_INT, 1, MPI_INT, 0, &m, NULL, NULL, 0),
             MPI_ERR_COUNT, "scount=-1"},
            {"rcount", typeshim_type_match(1, MPI_INT, -2, MPI_INT, 0, &m, NULL, NULL, 0),
             MPI_ERR_COUNT, "rcount=-2"},
            {"stype", typeshim_type_match(1, MPI_DATATYPE_NULL, 1, MPI_INT, 0, &m, NULL, NULL, 0),
             MPI_ERR_TYPE, "stype"},
            {"rtype", typeshim_type_match(1, MPI_INT, 1, stale, 0, &m, NULL, NULL, 0), MPI_ERR_TYPE,
             "rtype"},
            {"how", typeshim_type_match(1, MPI_INT, 1, MPI_INT, 2, &m, NULL, NULL, 0), MPI_ERR_ARG,
             "how=2"},
            {"match", typeshim_type_match(1, MPI_INT, 1, MPI_INT, 0, NULL, NULL, NULL, 0),
             MPI_ERR_ARG, "match"},
            {"len", typeshim_type_match(1, MPI_INT, 1, MPI_INT, 0, &m, NULL, small, 0), MPI_ERR_ARG,
             "len=0"},
        };
        for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
            at_expect_error(bad[i].rc, bad[i].cls, "typeshim_type_match", bad[i].arg, bad[i].what);
    }
    /* a failed call writes nothing */
    m = 5;
    ck_assert(typeshim_type_match(-1, MPI_INT, 1, MPI_INT, 0, &m, NULL, NULL, 0) != MPI_SUCCESS);
    ck_assert_int_eq(m, 5);
}
END_TEST

int main(void)
{
    Suite *s = suite_create("match");
    TCase *tc = tcase_create("core");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_predefined);
    tcase_add_test(tc, test_packed);
    tcase_add_test(tc, test_positions);
    tcase_add_test(tc, test_nested_repeats);
    tcase_add_test(tc, test_huge_counts);
    tcase_add_test(tc, test_arguments);
    suite_add_tcase(s, tc);
    return at_run(&s, 1, 1);
}

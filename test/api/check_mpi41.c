/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_mpi41.c - the MPI-4.1 functions MPICH 4.0.2's mpi.h lacks and
 * typeshim.h declares, black-box.
 *
 * Suites: value_index (MPI_Type_get_value_index: the named pairs, the
 * unnamed ones laid out as C structs and decoded as
 * MPI_COMBINER_VALUE_INDEX, one handle per pair even across threads, never
 * freed, MPI_DATATYPE_NULL where no pair exists, bad arguments), status
 * (MPI_Status_get/set_source, _tag, _error, MPI_Status_set_elements_c).
 */
#include "apitest.h"

#include <pthread.h>
#include <stdint.h>

static MPI_Datatype pair_of(MPI_Datatype v, MPI_Datatype i)
{
    MPI_Datatype p = (MPI_Datatype)0x5a5a5a5a;

    AT_OK(MPI_Type_get_value_index(v, i, &p));
    return p;
}

/* (value, index) and the pair MPI_Type_get_value_index must give. */
typedef struct {
    MPI_Datatype v, i, want;
} pair_case;

static void check_pairs(const pair_case *c, size_t n)
{
    for (size_t k = 0; k < n; k++)
        ck_assert_msg(pair_of(c[k].v, c[k].i) == c[k].want, "case %zu: got %#x, want %#x", k,
                      (unsigned)pair_of(c[k].v, c[k].i), (unsigned)c[k].want);
}

START_TEST(test_named_pairs)
{
    static const pair_case named[] = {
        {MPI_FLOAT, MPI_INT, MPI_FLOAT_INT},
        {MPI_DOUBLE, MPI_INT, MPI_DOUBLE_INT},
        {MPI_LONG, MPI_INT, MPI_LONG_INT},
        {MPI_INT, MPI_INT, MPI_2INT},
        {MPI_SHORT, MPI_INT, MPI_SHORT_INT},
        {MPI_LONG_DOUBLE, MPI_INT, MPI_LONG_DOUBLE_INT},
        {MPI_REAL, MPI_REAL, MPI_2REAL},
        {MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_2DOUBLE_PRECISION},
        {MPI_INTEGER, MPI_INTEGER, MPI_2INTEGER},
    };
    check_pairs(named, sizeof(named) / sizeof(named[0]));
}
END_TEST

/* An unnamed pair: size, bounds and decoding of struct { V v; I i; }. */
static void check_unnamed(MPI_Datatype v, MPI_Datatype i, MPI_Aint size, MPI_Aint extent)
{
    MPI_Datatype p = pair_of(v, i), d[2] = {MPI_DATATYPE_NULL, MPI_DATATYPE_NULL};
    int ni = -1, na = -1, nd = -1, comb = -1, len = -1;
    char name[MPI_MAX_OBJECT_NAME];
    MPI_Aint lb, ext;

    ck_assert_int_ne(p, MPI_DATATYPE_NULL);
    ck_assert_int_eq(pair_of(v, i), p); /* made once */
    ck_assert_int_eq(at_size(p), size);
    at_extent(p, &lb, &ext);
    ck_assert_int_eq(lb, 0);
    ck_assert_int_eq(ext, extent);
    at_true_extent(p, &lb, &ext);
    ck_assert_int_eq(lb, 0);
    AT_OK(MPI_Type_get_envelope(p, &ni, &na, &nd, &comb));
    ck_assert_int_eq(comb, MPI_COMBINER_VALUE_INDEX);
    ck_assert_int_eq(ni, 0);
    ck_assert_int_eq(na, 0);
    ck_assert_int_eq(nd, 2);
    AT_OK(MPI_Type_get_contents(p, 0, 0, 2, NULL, NULL, d));
    ck_assert_int_eq(d[0], v);
    ck_assert_int_eq(d[1], i);
    /* predefined and unnamed, like the f90 types */
    AT_OK(MPI_Type_get_name(p, name, &len));
    ck_assert_int_eq(len, 0);
}

/* The unnamed pairs are predefined and made once: not live derived types
 * (typeshim_live_types), however often asked for. */
START_TEST(test_pairs_not_live)
{
    long live = typeshim_live_types();

    ck_assert_int_ne(pair_of(MPI_SHORT, MPI_LONG), MPI_DATATYPE_NULL);
    ck_assert_int_ne(pair_of(MPI_DOUBLE, MPI_INT64_T), MPI_DATATYPE_NULL);
    ck_assert_int_eq(pair_of(MPI_SHORT, MPI_LONG), pair_of(MPI_SHORT, MPI_LONG));
    ck_assert_int_eq(typeshim_live_types(), live);
}
END_TEST

START_TEST(test_unnamed_layout)
{
    struct dll {
        double v;
        long long i;
    };
    struct sl {
        short v;
        int64_t i;
    };
    struct ldsh {
        long double v;
        short i;
    };
    struct cc {
        signed char v;
        unsigned char i;
    };
    struct fu {
        float v;
        unsigned long i;
    };
    struct i8 {
        int64_t v;
        int8_t i;
    };

    check_unnamed(MPI_DOUBLE, MPI_LONG_LONG, 16, sizeof(struct dll));
    check_unnamed(MPI_SHORT, MPI_INT64_T, 10, sizeof(struct sl));
    check_unnamed(MPI_LONG_DOUBLE, MPI_SHORT, 18, sizeof(struct ldsh));
    check_unnamed(MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR, 2, sizeof(struct cc));
    check_unnamed(MPI_FLOAT, MPI_UNSIGNED_LONG, 12, sizeof(struct fu));
    check_unnamed(MPI_INT64_T, MPI_INT8_T, 9, sizeof(struct i8));
    check_unnamed(MPI_DOUBLE, MPI_AINT, 16, 16);
    check_unnamed(MPI_REAL8, MPI_INTEGER4, 12, 16);
}
END_TEST

START_TEST(test_no_pair)
{
    /* no such predefined type: MPI_DATATYPE_NULL, and success */
    static const pair_case none[] = {
        {MPI_C_DOUBLE_COMPLEX, MPI_INT, MPI_DATATYPE_NULL},
        {MPI_C_BOOL, MPI_INT, MPI_DATATYPE_NULL},
        {MPI_CHAR, MPI_INT, MPI_DATATYPE_NULL},
        {MPI_BYTE, MPI_INT, MPI_DATATYPE_NULL},
        {MPI_DOUBLE, MPI_FLOAT, MPI_DATATYPE_NULL},
        {MPI_DOUBLE, MPI_LOGICAL, MPI_DATATYPE_NULL},
        {MPI_LB, MPI_INT, MPI_DATATYPE_NULL},
        {MPI_FLOAT_INT, MPI_INT, MPI_DATATYPE_NULL},
    };
    MPI_Datatype dup;

    check_pairs(none, sizeof(none) / sizeof(none[0]));
    /* a derived type, even a dup of MPI_INT, is not predefined */
    AT_OK(MPI_Type_dup(MPI_INT, &dup));
    ck_assert_int_eq(pair_of(dup, MPI_INT), MPI_DATATYPE_NULL);
    ck_assert_int_eq(pair_of(MPI_DOUBLE, dup), MPI_DATATYPE_NULL);
    AT_OK(MPI_Type_free(&dup));
}
END_TEST

START_TEST(test_bad_arguments)
{
    MPI_Datatype p = (MPI_Datatype)0x5a5a5a5a, freed;

    at_expect_error(MPI_Type_get_value_index(MPI_DATATYPE_NULL, MPI_INT, &p), MPI_ERR_TYPE,
                    "MPI_Type_get_value_index", "value_type", "null value_type");
    at_expect_error(MPI_Type_get_value_index(MPI_INT, (MPI_Datatype)0x4c00ffee, &p), MPI_ERR_TYPE,
                    "MPI_Type_get_value_index", "index_type", "unknown index_type");
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &freed));
    {
        MPI_Datatype copy = freed;
        AT_OK(MPI_Type_free(&copy));
    }
    at_expect_error(MPI_Type_get_value_index(freed, MPI_INT, &p), MPI_ERR_TYPE,
                    "MPI_Type_get_value_index", "value_type", "freed value_type");
    at_expect_error(MPI_Type_get_value_index(MPI_DOUBLE, MPI_LONG, NULL), MPI_ERR_ARG,
                    "MPI_Type_get_value_index", "pair_type", "NULL pair_type");
    ck_assert_int_eq(p, (MPI_Datatype)0x5a5a5a5a); /* nothing written */
}
END_TEST

START_TEST(test_predefined_lifetime)
{
    MPI_Datatype p = pair_of(MPI_UNSIGNED, MPI_UNSIGNED_SHORT), copy = p, dup, d[1];
    long live0 = typeshim_live_types();
    int ni, na, nd, comb;

    at_expect_error(MPI_Type_free(&copy), MPI_ERR_TYPE, "MPI_Type_free", NULL, "free of a pair");
    ck_assert_int_eq(copy, p);
    /* committed already, like every predefined type */
    AT_OK(MPI_Type_commit(&copy));
    /* a dup is derived, decodes to the pair, and frees */
    AT_OK(MPI_Type_dup(p, &dup));
    AT_OK(MPI_Type_get_envelope(dup, &ni, &na, &nd, &comb));
    ck_assert_int_eq(comb, MPI_COMBINER_DUP);
    AT_OK(MPI_Type_get_contents(dup, 0, 0, 1, NULL, NULL, d));
    ck_assert_int_eq(d[0], p);
    AT_OK(MPI_Type_free(&dup));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* Threads asking for the same pairs at once get one handle each. */
#define NTHREADS 8
static MPI_Datatype seen[NTHREADS][4];

static void *ask(void *arg)
{
    MPI_Datatype *out = seen[(intptr_t)arg];
    const MPI_Datatype v[4] = {MPI_UINT8_T, MPI_UINT16_T, MPI_UINT32_T, MPI_DOUBLE};

    for (int k = 0; k < 4; k++)
        if (MPI_Type_get_value_index(v[k], MPI_INT16_T, &out[k]) != MPI_SUCCESS)
            out[k] = MPI_DATATYPE_NULL;
    return NULL;
}

START_TEST(test_threads_one_handle)
{
    pthread_t th[NTHREADS];

    for (intptr_t t = 0; t < NTHREADS; t++)
        ck_assert_int_eq(pthread_create(&th[t], NULL, ask, (void *)t), 0);
    for (int t = 0; t < NTHREADS; t++)
        ck_assert_int_eq(pthread_join(th[t], NULL), 0);
    for (int k = 0; k < 4; k++) {
        ck_assert_int_ne(seen[0][k], MPI_DATATYPE_NULL);
        for (int t = 1; t < NTHREADS; t++)
            ck_assert_int_eq(seen[t][k], seen[0][k]);
    }
}
END_TEST

START_TEST(test_status_fields)
{
    MPI_Status st;
    int v = -1;

    memset(&st, 0, sizeof(st));
    AT_OK(MPI_Status_set_source(&st, 5));
    AT_OK(MPI_Status_set_tag(&st, 1234));
    AT_OK(MPI_Status_set_error(&st, MPI_ERR_TRUNCATE));
    ck_assert_int_eq(st.MPI_SOURCE, 5);
    ck_assert_int_eq(st.MPI_TAG, 1234);
    ck_assert_int_eq(st.MPI_ERROR, MPI_ERR_TRUNCATE);
    AT_OK(MPI_Status_get_source(&st, &v));
    ck_assert_int_eq(v, 5);
    AT_OK(MPI_Status_get_tag(&st, &v));
    ck_assert_int_eq(v, 1234);
    AT_OK(MPI_Status_get_error(&st, &v));
    ck_assert_int_eq(v, MPI_ERR_TRUNCATE);
    /* MPI_ANY_SOURCE and MPI_PROC_NULL are values like any other here */
    AT_OK(MPI_Status_set_source(&st, MPI_PROC_NULL));
    AT_OK(MPI_Status_get_source(&st, &v));
    ck_assert_int_eq(v, MPI_PROC_NULL);
}
END_TEST

START_TEST(test_status_bad_arguments)
{
    MPI_Status st = {0};
    int v = -7;

    at_expect_error(MPI_Status_get_tag(&st, NULL), MPI_ERR_ARG, "MPI_Status_get_tag", "tag",
                    "NULL tag");
    at_expect_error(MPI_Status_get_source(NULL, &v), MPI_ERR_ARG, "MPI_Status_get_source", "status",
                    "NULL status");
    at_expect_error(MPI_Status_set_error(MPI_STATUS_IGNORE, 0), MPI_ERR_ARG, "MPI_Status_set_error",
                    "status", "MPI_STATUS_IGNORE");
    at_expect_error(MPI_Status_get_error(MPI_STATUS_IGNORE, &v), MPI_ERR_ARG,
                    "MPI_Status_get_error", "status", "MPI_STATUS_IGNORE");
    ck_assert_int_eq(v, -7);
}
END_TEST

START_TEST(test_status_set_elements_c)
{
    MPI_Status st = {0};
    MPI_Count n = -1, big = (MPI_Count)5 << 33;
    int count = -1;

    AT_OK(MPI_Status_set_elements_c(&st, MPI_DOUBLE, big));
    AT_OK(MPI_Get_elements_c(&st, MPI_DOUBLE, &n));
    ck_assert_int_eq(n, big);
    AT_OK(MPI_Get_count(&st, MPI_DOUBLE, &count));
    ck_assert_int_eq(count, MPI_UNDEFINED); /* too large for an int */
    at_expect_error(MPI_Status_set_elements_c(&st, MPI_DOUBLE, -1), MPI_ERR_COUNT,
                    "MPI_Status_set_elements_c", "count", "negative count");
    at_expect_error(MPI_Status_set_elements_c(&st, MPI_DOUBLE, (MPI_Count)1 << 61), MPI_ERR_COUNT,
                    "MPI_Status_set_elements_c", "count", "overflowing count");
}
END_TEST

int main(void)
{
    Suite *s[2] = {suite_create("value_index"), suite_create("status")};
    TCase *tv = tcase_create("value_index"), *ts = tcase_create("status");

    tcase_add_test(tv, test_named_pairs);
    tcase_add_test(tv, test_unnamed_layout);
    tcase_add_test(tv, test_pairs_not_live);
    tcase_add_test(tv, test_no_pair);
    tcase_add_test(tv, test_bad_arguments);
    tcase_add_test(tv, test_predefined_lifetime);
    tcase_add_test(tv, test_threads_one_handle);
    suite_add_tcase(s[0], tv);
    tcase_add_test(ts, test_status_fields);
    tcase_add_test(ts, test_status_bad_arguments);
    tcase_add_test(ts, test_status_set_elements_c);
    suite_add_tcase(s[1], ts);
    return at_run(s, 2, 1);
}

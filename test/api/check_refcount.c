/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_refcount.c - ownership of datatypes, black-box.
 *
 * Suites: refcount (a type keeps its children alive, get_contents returns
 * new references, predefined types come back as themselves, creating and
 * freeing many types leaks nothing, keyvals live while used), decode (dup of a predefined type, the
 * f90 types).  Leaks are measured with typeshim_live_types().
 */
#include "apitest.h"

static void envelope(MPI_Datatype t, int *ni, int *na, int *nd, int *comb)
{
    AT_OK(MPI_Type_get_envelope(t, ni, na, nd, comb));
}

/* ------------------------------------------------------------------
 * References
 * ---------------------------------------------------------------- */

/* Freeing a child leaves the parent valid, and decoding the parent gives a
 * valid handle for the freed child, which the caller frees. */
START_TEST(test_refcount_free_child_first)
{
    long live0 = typeshim_live_types();
    MPI_Datatype a, b, got[2] = {MPI_DATATYPE_NULL, MPI_DATATYPE_NULL};
    int ni, na, nd, comb, ints[4];
    MPI_Aint addrs[2], lb, ext;

    AT_OK(MPI_Type_contiguous(3, MPI_INT, &a));
    AT_OK(MPI_Type_vector(2, 1, 2, a, &b));
    AT_OK(MPI_Type_free(&a));
    ck_assert_int_eq(a, MPI_DATATYPE_NULL);

    /* b still works: queries, commit, decoding */
    ck_assert_int_eq(at_size(b), 24);
    at_extent(b, &lb, &ext);
    ck_assert_int_eq(lb, 0);
    ck_assert_int_eq(ext, 36);
    AT_OK(MPI_Type_commit(&b));
    envelope(b, &ni, &na, &nd, &comb);
    ck_assert_int_eq(comb, MPI_COMBINER_VECTOR);
    ck_assert_int_eq(ni, 3);
    ck_assert_int_eq(na, 0);
    ck_assert_int_eq(nd, 1);
    AT_OK(MPI_Type_get_contents(b, 4, 2, 2, ints, addrs, got));
    ck_assert_int_eq(ints[0], 2);
    ck_assert_int_eq(ints[1], 1);
    ck_assert_int_eq(ints[2], 2);

    /* the returned child is a valid handle of the freed contiguous type */
    ck_assert_int_eq(at_size(got[0]), 12);
    envelope(got[0], &ni, &na, &nd, &comb);
    ck_assert_int_eq(comb, MPI_COMBINER_CONTIGUOUS);
    ck_assert_int_eq(ni, 1);
    ck_assert_int_eq(nd, 1);
    {
        MPI_Datatype inner = MPI_DATATYPE_NULL;
        int cnt = -1;

        AT_OK(MPI_Type_get_contents(got[0], 1, 0, 1, &cnt, addrs, &inner));
        ck_assert_int_eq(cnt, 3);
        ck_assert_int_eq(inner, MPI_INT); /* predefined: itself, not freed */
    }

    /* still valid after the parent is gone, until the caller frees it */
    AT_OK(MPI_Type_free(&b));
    ck_assert_int_eq(at_size(got[0]), 12);
    AT_OK(MPI_Type_free(&got[0]));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* get_contents returns new references; predefined ones are themselves. */
START_TEST(test_refcount_contents_new_references)
{
    long live0 = typeshim_live_types();
    MPI_Datatype a, r, s, got[3];
    int bl[3] = {1, 2, 1}, ints[4] = {0};
    MPI_Aint disp[3] = {0, 8, 40}, addrs[3] = {0};
    MPI_Datatype ty[3];
    int ni, na, nd, comb, round;

    AT_OK(MPI_Type_contiguous(2, MPI_INT, &a));
    AT_OK(MPI_Type_create_resized(MPI_SHORT, 0, 4, &r));
    ty[0] = MPI_DOUBLE;
    ty[1] = a;
    ty[2] = r;
    AT_OK(MPI_Type_create_struct(3, bl, disp, ty, &s));
    envelope(s, &ni, &na, &nd, &comb);
    ck_assert_int_eq(comb, MPI_COMBINER_STRUCT);
    ck_assert_int_eq(ni, 4);
    ck_assert_int_eq(na, 3);
    ck_assert_int_eq(nd, 3);

    /* decode twice: every derived handle returned is one more reference */
    for (round = 0; round < 2; round++) {
        got[0] = got[1] = got[2] = MPI_DATATYPE_NULL;
        AT_OK(MPI_Type_get_contents(s, 4, 3, 3, ints, addrs, got));
        ck_assert_int_eq(ints[0], 3);
        ck_assert_int_eq(ints[1], 1);
        ck_assert_int_eq(ints[2], 2);
        ck_assert_int_eq(ints[3], 1);
        ck_assert_int_eq(addrs[0], 0);
        ck_assert_int_eq(addrs[1], 8);
        ck_assert_int_eq(addrs[2], 40);
        ck_assert_int_eq(got[0], MPI_DOUBLE);
        ck_assert_int_eq(at_size(got[1]), 8);
        ck_assert_int_eq(at_size(got[2]), 2);
        if (round == 0) {
            /* drop the caller's own references first: the returned ones
             * keep the types alive */
            AT_OK(MPI_Type_free(&a));
            AT_OK(MPI_Type_free(&r));
            ck_assert_int_eq(at_size(got[1]), 8);
            ck_assert_int_eq(at_size(got[2]), 2);
        }
        AT_OK(MPI_Type_free(&got[1]));
        AT_OK(MPI_Type_free(&got[2]));
    }
    /* s is untouched by all that */
    ck_assert_int_eq(at_size(s), 8 + 16 + 2);
    AT_OK(MPI_Type_commit(&s));
    AT_OK(MPI_Type_free(&s));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* 10000 types created and freed: live count back to the start */
START_TEST(test_refcount_many_types)
{
    long live0 = typeshim_live_types();
    int i;

    for (i = 0; i < 10000; i++) {
        MPI_Datatype c, v, s, d;
        int bl[2] = {1, 1};
        MPI_Aint disp[2] = {0, 64};
        MPI_Datatype ty[2] = {MPI_CHAR, MPI_DATATYPE_NULL};

        AT_OK(MPI_Type_contiguous(i % 7 + 1, MPI_INT, &c));
        AT_OK(MPI_Type_vector(2, 1, 3, c, &v));
        ty[1] = v;
        AT_OK(MPI_Type_create_struct(2, bl, disp, ty, &s));
        AT_OK(MPI_Type_dup(s, &d));
        AT_OK(MPI_Type_commit(&d));
        /* free in an order that leaves children referenced by parents */
        AT_OK(MPI_Type_free(&c));
        AT_OK(MPI_Type_free(&s));
        AT_OK(MPI_Type_free(&v));
        ck_assert_int_eq(at_size(d), 1 + 8 * (i % 7 + 1));
        AT_OK(MPI_Type_free(&d));
    }
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* ------------------------------------------------------------------
 * Decoding
 * ---------------------------------------------------------------- */

START_TEST(test_decode_dup_predefined)
{
    long live0 = typeshim_live_types();
    MPI_Datatype d, got = MPI_DATATYPE_NULL;
    int ni = -1, na = -1, nd = -1, comb = -1, ints[1];
    MPI_Aint addrs[1];

    AT_OK(MPI_Type_dup(MPI_INT, &d));
    ck_assert_int_ne(d, MPI_INT);
    ck_assert_int_eq(at_size(d), 4);
    envelope(d, &ni, &na, &nd, &comb);
    ck_assert_int_eq(comb, MPI_COMBINER_DUP);
    ck_assert_int_eq(ni, 0);
    ck_assert_int_eq(na, 0);
    ck_assert_int_eq(nd, 1);
    AT_OK(MPI_Type_get_contents(d, 0, 0, 1, ints, addrs, &got));
    ck_assert_int_eq(got, MPI_INT);
    AT_OK(MPI_Type_free(&d));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

START_TEST(test_decode_f90_real)
{
    MPI_Datatype a = MPI_DATATYPE_NULL, b = MPI_DATATYPE_NULL, dt[1] = {MPI_DATATYPE_NULL};
    int ni = -1, na = -1, nd = -1, comb = -1, ints[2] = {0, 0};
    MPI_Aint addrs[1];

    AT_OK(MPI_Type_create_f90_real(6, 30, &a));
    AT_OK(MPI_Type_create_f90_real(6, 30, &b));
    ck_assert_int_ne(a, MPI_DATATYPE_NULL);
    ck_assert_int_eq(a, b);
    ck_assert_int_eq(at_size(a), 4);
    envelope(a, &ni, &na, &nd, &comb);
    ck_assert_int_eq(comb, MPI_COMBINER_F90_REAL);
    ck_assert_int_eq(ni, 2);
    ck_assert_int_eq(na, 0);
    ck_assert_int_eq(nd, 0);
    AT_OK(MPI_Type_get_contents(a, 2, 0, 0, ints, addrs, dt));
    ck_assert_int_eq(ints[0], 6);
    ck_assert_int_eq(ints[1], 30);
    ck_assert_int_eq(dt[0], MPI_DATATYPE_NULL);
    /* f90 types are predefined: not freed by the program */
}
END_TEST

/* A keyval lives while the program or an attribute holds it.  Freed by
 * the program, it still names the attributes that use it (as in MPICH);
 * once the last one is deleted its value is invalid, also after a new
 * keyval takes its slot, and freeing it twice is an error. */
static int deletes;

static int count_delete(MPI_Datatype t, int keyval, void *val, void *extra)
{
    deletes++;
    return MPI_SUCCESS;
}

START_TEST(test_keyval_lifetime)
{
    MPI_Datatype t;
    int k, old, k2, copy, flag = 0;
    void *val = NULL;

    at_errors_return();
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &t));
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, count_delete, &k, NULL));
    old = k;
    AT_OK(MPI_Type_set_attr(t, k, (void *)(intptr_t)7));
    AT_OK(MPI_Type_free_keyval(&k));
    ck_assert_int_eq(k, MPI_KEYVAL_INVALID);
    /* still in use by t's attribute */
    AT_OK(MPI_Type_get_attr(t, old, &val, &flag));
    ck_assert_int_eq(flag, 1);
    ck_assert_ptr_eq(val, (void *)(intptr_t)7);
    copy = old;
    at_expect_error(MPI_Type_free_keyval(&copy), MPI_ERR_KEYVAL, "MPI_Type_free_keyval",
                    "already freed", "second MPI_Type_free_keyval");
    ck_assert_int_eq(copy, old);
    AT_OK(MPI_Type_delete_attr(t, old));
    ck_assert_int_eq(deletes, 1);
    /* the last reference went with the attribute */
    at_expect_error(MPI_Type_set_attr(t, old, NULL), MPI_ERR_KEYVAL, "MPI_Type_set_attr",
                    "type_keyval", "MPI_Type_set_attr(freed keyval)");
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, count_delete, &k2, NULL));
    ck_assert_int_ne(k2, old); /* even when it takes the same slot */
    at_expect_error(MPI_Type_get_attr(t, old, &val, &flag), MPI_ERR_KEYVAL, "MPI_Type_get_attr",
                    "type_keyval", "MPI_Type_get_attr(stale keyval)");
    AT_OK(MPI_Type_set_attr(t, k2, NULL));
    AT_OK(MPI_Type_free(&t)); /* runs the delete callback of k2's attribute */
    ck_assert_int_eq(deletes, 2);
    AT_OK(MPI_Type_free_keyval(&k2));
    at_errors_fatal();
}
END_TEST

/* ------------------------------------------------------------------ */

/* A freed handle stays invalid while its slot is reused: the old 4-bit
 * generation made it name a new type after about 20 create/free cycles.
 * Two million cycles, the stale handle asked about after each. */
START_TEST(test_stale_handle_stays_invalid)
{
    MPI_Datatype stale, t, kept;
    long live0 = typeshim_live_types();
    int size = -5, rc;

    AT_OK(MPI_Type_contiguous(3, MPI_INT, &kept));
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &stale));
    t = stale;
    AT_OK(MPI_Type_free(&t));
    for (long i = 0; i < 2000000; i++) {
        AT_OK(MPI_Type_contiguous(1, MPI_DOUBLE, &t));
        ck_assert_msg(t != stale, "cycle %ld: the new type got the freed handle %#x", i,
                      (unsigned)stale);
        AT_OK(MPI_Type_free(&t));
        if ((rc = MPI_Type_size(stale, &size)) == MPI_SUCCESS)
            ck_abort_msg("cycle %ld: the freed handle %#x answers MPI_Type_size = %d", i,
                         (unsigned)stale, size);
        if (i % 100000 == 0)
            ck_assert_int_eq(at_class(rc), MPI_ERR_TYPE);
    }
    /* the types held through the cycles are untouched */
    AT_OK(MPI_Type_size(kept, &size));
    ck_assert_int_eq(size, 12);
    AT_OK(MPI_Type_free(&kept));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

static Suite *refcount_suite(void)
{
    Suite *s = suite_create("refcount");
    TCase *tc = tcase_create("references");

    tcase_set_timeout(tc, 300); /* the 10000-type loop under valgrind */
    tcase_add_test(tc, test_refcount_free_child_first);
    tcase_add_test(tc, test_refcount_contents_new_references);
    tcase_add_test(tc, test_refcount_many_types);
    tcase_add_test(tc, test_keyval_lifetime);
    tcase_add_test(tc, test_stale_handle_stays_invalid);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *decode_suite(void)
{
    Suite *s = suite_create("decode");
    TCase *tc = tcase_create("predefined");

    tcase_add_test(tc, test_decode_dup_predefined);
    tcase_add_test(tc, test_decode_f90_real);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[2];

    suites[0] = refcount_suite();
    suites[1] = decode_suite();
    return at_run(suites, 2, 1);
}

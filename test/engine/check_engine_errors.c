/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_engine_errors.c - the engine's error paths, white box.
 *
 * Suites: overflow (counts, strides and displacements whose products or
 * sums leave int64: TSD_ERR_OVERFLOW, no type, nothing leaked), nomem (the
 * N-th allocation fails, for N = 1, 2, ... until the call succeeds: each
 * failure gives TSD_ERR_NOMEM, no type and no leak, a failed commit leaves
 * a usable uncommitted type; the final success equals a reference built
 * without failures), check (tsd_check rejects damaged objects),
 * engine_bugs (only with -DTS_ENGINE_KNOWN_BUGS).
 * Allocations are counted through typeshim_set_alloc_funcs (et.c).
 */
#include "et.h"

#include <string.h>

/* An out pointer no constructor may touch on failure. */
static tsd_type sentinel_obj;
#define SENTINEL (&sentinel_obj)

#define P2(n) ((int64_t)1 << (n))

/* ==================================================================
 * overflow
 * ================================================================ */

#define ET_OVERFLOW(call)                                                                          \
    do {                                                                                           \
        tsd_type *out = SENTINEL;                                                                  \
        long live0 = et_live();                                                                    \
        int rc_ = (call);                                                                          \
        ck_assert_msg(rc_ == TSD_ERR_OVERFLOW, "%s returned %d, expected TSD_ERR_OVERFLOW", #call, \
                      rc_);                                                                        \
        ck_assert_msg(out == SENTINEL, "%s set its out argument on failure", #call);               \
        ck_assert_msg(et_live() == live0, "%s leaked %ld block(s)", #call, et_live() - live0);     \
    } while (0)

/* contiguous: (count - 1) * 4 + 4 and count * 4 exceed INT64_MAX when
 * count = INT64_MAX/4 + 1 (= 2^61); two levels of 2^32 each: the inner
 * type is fine (2^34 bytes), the outer needs (2^32 - 1) * 2^34 > 2^63; a
 * zero-extent child keeps the bounds small but not the size: 2^62 * 4. */
START_TEST(test_overflow_contiguous)
{
    tsd_type *inner = NULL, *zero_ext = NULL;

    ET_OVERFLOW(tsd_create_contiguous(INT64_MAX / 4 + 1, I4, &out));
    ET_RC(tsd_create_contiguous(P2(32), I4, &inner));
    ck_assert_int_eq(inner->size, P2(34));
    ET_OVERFLOW(tsd_create_contiguous(P2(32), inner, &out));
    ET_RC(tsd_create_resized(I4, 0, 0, &zero_ext));
    ET_OVERFLOW(tsd_create_contiguous(P2(62), zero_ext, &out));
    tsd_type_free(zero_ext);
    tsd_type_free(inner);
}
END_TEST

/* hvector: 2 * (INT64_MAX/2 + 1) overflows; with stride INT64_MIN/2 the
 * copies reach exactly INT64_MIN (representable) but the extent 4 -
 * INT64_MIN does not fit; a blocklength of INT64_MAX/2 ints overflows
 * inside the block; stride INT64_MAX for 2 blocks: ub INT64_MAX + 4. */
START_TEST(test_overflow_hvector)
{
    ET_OVERFLOW(tsd_create_hvector(3, 1, INT64_MAX / 2 + 1, I4, &out));
    ET_OVERFLOW(tsd_create_hvector(3, 1, INT64_MIN / 2, I4, &out));
    ET_OVERFLOW(tsd_create_hvector(2, INT64_MAX / 2, 8, I4, &out));
    ET_OVERFLOW(tsd_create_hvector(2, 1, INT64_MAX, I4, &out));
    ET_OVERFLOW(tsd_create_hvector(P2(31), 2, P2(33), F8, &out));
}
END_TEST

/* hindexed: a displacement near INT64_MAX plus the int's 4 bytes; a block
 * of 2^60 copies of a 16-byte type (bounds and size 2^64); the uniform
 * form with the same block. */
START_TEST(test_overflow_hindexed)
{
    tsd_type *c4 = NULL;

    ET_OVERFLOW(tsd_create_hindexed(2, A64(1, 1), 0, A64(INT64_MAX - 2, 0), I4, &out));
    ET_RC(tsd_create_contiguous(4, I4, &c4));
    ET_OVERFLOW(tsd_create_hindexed(1, A64(P2(60)), 0, A64(0), c4, &out));
    ET_OVERFLOW(tsd_create_hindexed(2, NULL, P2(60), A64(0, 16), c4, &out));
    ET_OVERFLOW(tsd_create_hindexed(2, A64(1, 1), 0, A64(INT64_MIN, 16), I4, &out));
    tsd_type_free(c4);
}
END_TEST

/* struct: an int at INT64_MAX - 1 ends past INT64_MAX; 2^62 copies of a
 * zero-extent int: size 2^64; the epsilon step: LB at INT64_MIN and data
 * up to 4 -> ub - lb does not fit (the padding is computed from it);
 * markers alone: LB at INT64_MIN, UB at 1. */
START_TEST(test_overflow_struct)
{
    tsd_type *zero_ext = NULL;

    ET_OVERFLOW(tsd_create_struct(1, A64(1), A64(INT64_MAX - 1), TY(I4), TSD_EPS_NONE, &out));
    ET_RC(tsd_create_resized(I4, 0, 0, &zero_ext));
    ET_OVERFLOW(
        tsd_create_struct(2, A64(1, P2(62)), A64(0, 0), TY(I4, zero_ext), TSD_EPS_NONE, &out));
    ET_OVERFLOW(
        tsd_create_struct(2, A64(1, 1), A64(INT64_MIN, 0), TY(MLB, I4), TSD_EPS_MARKED, &out));
    ET_OVERFLOW(
        tsd_create_struct(2, A64(1, 1), A64(INT64_MIN, 1), TY(MLB, MUB), TSD_EPS_NONE, &out));
    tsd_type_free(zero_ext);
}
END_TEST

/* resized: lb + extent must fit: INT64_MAX + 1, INT64_MIN + -1. */
START_TEST(test_overflow_resized)
{
    ET_OVERFLOW(tsd_create_resized(I4, INT64_MAX, 1, &out));
    ET_OVERFLOW(tsd_create_resized(I4, INT64_MIN, -1, &out));
}
END_TEST

/* subarray: 2^40 x 2^40 ints = 2^82 bytes for the whole array (the
 * resize), though the subarray itself is one int; Fortran order too.
 * darray: 2^40 x 2^40 ints, BLOCK x BLOCK on one process: the row stride
 * 2^42 times 2^40 rows. */
START_TEST(test_overflow_arrays)
{
    ET_OVERFLOW(
        tsd_create_subarray(2, A64(P2(40), P2(40)), A64(1, 1), A64(0, 0), TSD_ORDER_C, I4, &out));
    ET_OVERFLOW(tsd_create_subarray(2, A64(P2(40), P2(40)), A64(1, 1), A64(5, 7), TSD_ORDER_FORTRAN,
                                    I4, &out));
    ET_OVERFLOW(tsd_create_darray(1, 0, 2, A64(P2(40), P2(40)), AI(TSD_DIST_BLOCK, TSD_DIST_BLOCK),
                                  AI(TSD_DARG_DEFAULT, TSD_DARG_DEFAULT), AI(1, 1), TSD_ORDER_C, I4,
                                  &out));
    ET_OVERFLOW(tsd_create_darray(1, 0, 2, A64(P2(40), P2(40)),
                                  AI(TSD_DIST_CYCLIC, TSD_DIST_CYCLIC), AI(1, 1), AI(1, 1),
                                  TSD_ORDER_FORTRAN, I4, &out));
}
END_TEST

#if 1 /* regressions of fixed engine bugs */
/* B3 (fails only under -fsanitize=undefined, i.e. --enable-sanitizers):
 * tsd_darray.c multiplies without a check (cyclic_dim: gsizes[dim] * ext,
 * count * stride, coord * blksize * ext; block_dim: blksize * coord; the
 * corner offset: tmp *= gsizes, tmp * offsets), so a darray whose extent
 * just leaves int64 overflows a signed multiplication before the checked
 * total does.  1-D, 2^61 ints, CYCLIC(1) over 2 processes, rank 0: the
 * hvector (2^60 blocks, stride 8) still fits, then 2^61 * 4 = 2^63 does
 * not: the result must be TSD_ERR_OVERFLOW without undefined behaviour. */
START_TEST(test_bug_darray_unchecked_mul)
{
    ET_OVERFLOW(tsd_create_darray(2, 0, 1, A64(P2(61)), AI(TSD_DIST_CYCLIC), AI(1), AI(2),
                                  TSD_ORDER_C, I4, &out));
}
END_TEST
#endif

static Suite *overflow_suite(void)
{
    Suite *s = suite_create("overflow");
    TCase *tc = tcase_create("overflow");

    et_fixture(tc);
    tcase_add_test(tc, test_overflow_contiguous);
    tcase_add_test(tc, test_overflow_hvector);
    tcase_add_test(tc, test_overflow_hindexed);
    tcase_add_test(tc, test_overflow_struct);
    tcase_add_test(tc, test_overflow_resized);
    tcase_add_test(tc, test_overflow_arrays);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * nomem
 * ================================================================ */

/* Inputs shared by the builders below, made without failures. */
static tsd_type *f8_i1, *seed_dt, *nested;

/* OPAL's dt, committed */
static tsd_type *make_seed_dt(void)
{
    tsd_type *dt1 = NULL, *dt2 = NULL, *dt = NULL;

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(0, 4, 6), TY(U4, U2, U2), TSD_EPS_ALWAYS, &dt1));
    ET_RC(tsd_create_resized(U2, 0, 4, &dt2));
    ET_RC(tsd_create_struct(3, A64(1, 2, 3), A64(0, 8, 24), TY(U8, dt1, dt2), TSD_EPS_ALWAYS, &dt));
    tsd_type_free(dt2);
    tsd_type_free(dt1);
    ET_COMMIT(dt);
    return dt;
}

static long nomem_live0;

static void nomem_setup(void)
{
    tsd_type *a = NULL, *b = NULL;

    et_fail_at(0);
    nomem_live0 = et_live();
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 8), TY(F8, I1), TSD_EPS_ALWAYS, &f8_i1));
    seed_dt = make_seed_dt();
    /* three levels of loops, a negative stride, uncommitted */
    ET_RC(tsd_create_hvector(2, 1, 8, I4, &a));
    ET_RC(tsd_create_hvector(3, 1, -16, a, &b));
    ET_RC(tsd_create_hvector(2, 2, 1000, b, &nested));
    tsd_type_free(b);
    tsd_type_free(a);
}

static void nomem_teardown(void)
{
    tsd_type_free(nested);
    tsd_type_free(seed_dt);
    tsd_type_free(f8_i1);
    nested = seed_dt = f8_i1 = NULL;
    et_fail_at(0);
    ck_assert_msg(et_live() == nomem_live0, "the test leaked %ld block(s) of the library",
                  et_live() - nomem_live0);
}

typedef int (*build_fn)(tsd_type **out);

static int b_contig(tsd_type **o)
{
    return tsd_create_contiguous(2, f8_i1, o);
}
static int b_contig0(tsd_type **o)
{
    return tsd_create_contiguous(0, I4, o);
}
static int b_hvector(tsd_type **o)
{
    return tsd_create_hvector(3, 2, 16, I4, o);
}
static int b_hvector0(tsd_type **o)
{
    return tsd_create_hvector(3, 0, 16, I4, o);
}
static int b_hindexed(tsd_type **o)
{
    return tsd_create_hindexed(3, A64(1, 2, 1), 0, A64(48, 0, -40), f8_i1, o);
}
static int b_hindexed_block(tsd_type **o)
{
    return tsd_create_hindexed(2, NULL, 2, A64(48, 0), f8_i1, o);
}
static int b_hindexed_block0(tsd_type **o)
{
    return tsd_create_hindexed(2, NULL, 0, A64(8, -4), I4, o);
}
static int b_struct(tsd_type **o)
{
    return tsd_create_struct(4, A64(1, 2, 3, 1), A64(-8, 0, 64, 200), TY(MLB, seed_dt, nested, I4),
                             TSD_EPS_ALWAYS, o);
}
static int b_resized(tsd_type **o)
{
    return tsd_create_resized(seed_dt, -8, 64, o);
}
static int b_dup(tsd_type **o)
{
    return tsd_create_dup(seed_dt, o);
}
static int b_dup_uncommitted(tsd_type **o)
{
    return tsd_create_dup(nested, o);
}
static int b_subarray(tsd_type **o)
{
    return tsd_create_subarray(3, A64(3, 4, 5), A64(2, 2, 2), A64(1, 0, 3), TSD_ORDER_C, F8, o);
}
static int b_subarray_f(tsd_type **o)
{
    return tsd_create_subarray(3, A64(3, 4, 5), A64(2, 2, 2), A64(1, 0, 3), TSD_ORDER_FORTRAN,
                               f8_i1, o);
}
static int b_darray(tsd_type **o)
{
    return tsd_create_darray(4, 1, 2, A64(5, 6), AI(TSD_DIST_BLOCK, TSD_DIST_CYCLIC),
                             AI(TSD_DARG_DEFAULT, 2), AI(2, 2), TSD_ORDER_C, I4, o);
}
static int b_darray_rem(tsd_type **o)
{
    return tsd_create_darray(3, 2, 1, A64(11), AI(TSD_DIST_CYCLIC), AI(2), AI(3), TSD_ORDER_C, I4,
                             o);
}
static int b_darray_f(tsd_type **o)
{
    return tsd_create_darray(4, 2, 2, A64(5, 7), AI(TSD_DIST_CYCLIC, TSD_DIST_NONE),
                             AI(2, TSD_DARG_DEFAULT), AI(4, 1), TSD_ORDER_FORTRAN, f8_i1, o);
}

/* Fails allocation 1, 2, ... of f until f no longer reaches the failing
 * allocation; returns how many failures were injected. */
static long chaos_build(const char *name, build_fn f)
{
    tsd_type *ref = NULL;
    long failures = 0;

    ET_RC(f(&ref));
    ET_OK(ref);
    for (long n = 1;; n++) {
        tsd_type *out = SENTINEL;
        long live0 = et_live();
        int rc, hit;

        ck_assert_msg(n < 100000, "%s: no end to the allocations", name);
        et_fail_at(n);
        rc = f(&out);
        hit = et_failed();
        et_fail_at(0);
        if (!hit) {
            ck_assert_msg(rc == TSD_OK, "%s: returned %d with no failed allocation", name, rc);
            ET_OK(out);
            et_same_type(out, ref);
            tsd_type_free(out);
            break;
        }
        failures++;
        ck_assert_msg(rc == TSD_ERR_NOMEM, "%s: allocation %ld failed, returned %d", name, n, rc);
        ck_assert_msg(out == SENTINEL, "%s: allocation %ld failed, out was set", name, n);
        ck_assert_msg(et_live() == live0, "%s: allocation %ld failed, %ld block(s) leaked", name, n,
                      et_live() - live0);
    }
    tsd_type_free(ref);
    return failures;
}

/* The same for tsd_commit of a fresh f() each time: a failed commit leaves
 * the type valid and uncommitted, and committing it again succeeds with
 * the reference's result. */
static long chaos_commit(const char *name, build_fn f)
{
    tsd_type *ref = NULL;
    long failures = 0;

    ET_RC(f(&ref));
    ET_COMMIT(ref);
    for (long n = 1;; n++) {
        tsd_type *t = NULL;
        long live0 = et_live();
        int rc, hit;

        ck_assert_msg(n < 100000, "%s: no end to the allocations", name);
        ET_RC(f(&t));
        et_fail_at(n);
        rc = tsd_commit(t);
        hit = et_failed();
        et_fail_at(0);
        if (!hit) {
            ck_assert_msg(rc == TSD_OK, "%s: commit returned %d", name, rc);
            ET_OK(t);
            et_same_type(t, ref);
            tsd_type_free(t);
            break;
        }
        failures++;
        ck_assert_msg(rc == TSD_ERR_NOMEM, "%s: allocation %ld failed, commit returned %d", name, n,
                      rc);
        ck_assert_msg(!(t->flags & TSD_FLAG_COMMITTED), "%s: committed after a failure", name);
        ck_assert_msg(tsd_check(t) == 0, "%s: tsd_check rejects the type after a failed commit",
                      name);
        ET_COMMIT(t);
        et_same_type(t, ref);
        tsd_type_free(t);
        ck_assert_msg(et_live() == live0, "%s: allocation %ld failed, %ld block(s) leaked", name, n,
                      et_live() - live0);
    }
    tsd_type_free(ref);
    return failures;
}

#define CHAOS(f)        chaos_build(#f, f)
#define CHAOS_COMMIT(f) chaos_commit(#f, f)

/* Every constructor allocates at least its type object, so every one has
 * at least one injected failure; builders with children and loops more. */
START_TEST(test_nomem_basic_ctors)
{
    ck_assert_int_ge(CHAOS(b_contig), 2);
    ck_assert_int_ge(CHAOS(b_contig0), 1);
    /* the type only: its block of basics is not on the heap, its three
     * records are in the type */
    ck_assert_int_eq(CHAOS(b_hvector), 1);
    ck_assert_int_ge(CHAOS(b_hvector0), 2);
    ck_assert_int_ge(CHAOS(b_hindexed), 2);
    ck_assert_int_ge(CHAOS(b_hindexed_block), 2);
    ck_assert_int_ge(CHAOS(b_hindexed_block0), 2);
}
END_TEST

/* struct with a marker, a committed child and a loop child; resized and
 * dup of a committed type (both descriptions copied); dup of an
 * uncommitted one. */
START_TEST(test_nomem_struct_resized_dup)
{
    ck_assert_int_ge(CHAOS(b_struct), 2);
    ck_assert_int_ge(CHAOS(b_resized), 2);
    ck_assert_int_ge(CHAOS(b_dup), 3);
    ck_assert_int_ge(CHAOS(b_dup_uncommitted), 2);
}
END_TEST

/* subarray and darray chain several constructors and free the steps. */
START_TEST(test_nomem_arrays)
{
    ck_assert_int_ge(CHAOS(b_subarray), 5);
    ck_assert_int_ge(CHAOS(b_subarray_f), 5);
    ck_assert_int_ge(CHAOS(b_darray), 5);
    ck_assert_int_ge(CHAOS(b_darray_rem), 5);
    ck_assert_int_ge(CHAOS(b_darray_f), 5);
}
END_TEST

/* commit: zero-length, a single run, unrolled loops, kept loops, nested
 * loops, a struct of all of them.  An opt_desc of up to TSD_OPT_SMALL
 * records (a vector's, this darray's) is kept in the type: that commit
 * allocates nothing; the struct's moves out of it as it grows. */
START_TEST(test_nomem_commit)
{
    ck_assert_int_ge(CHAOS_COMMIT(b_contig0), 1);
    ck_assert_int_eq(CHAOS_COMMIT(b_hvector), 0);
    ck_assert_int_ge(CHAOS_COMMIT(b_hindexed), 1);
    ck_assert_int_ge(CHAOS_COMMIT(b_dup_uncommitted), 2);
    ck_assert_int_ge(CHAOS_COMMIT(b_struct), 2);
    ck_assert_int_ge(CHAOS_COMMIT(b_subarray), 2);
    ck_assert_int_eq(CHAOS_COMMIT(b_darray_f), 0); /* fits too */
}
END_TEST

static Suite *nomem_suite(void)
{
    Suite *s = suite_create("nomem");
    TCase *tc = tcase_create("nomem");

    /* this fixture makes the inputs and checks for leaks itself */
    tcase_add_checked_fixture(tc, nomem_setup, nomem_teardown);
    tcase_add_test(tc, test_nomem_basic_ctors);
    tcase_add_test(tc, test_nomem_struct_resized_dup);
    tcase_add_test(tc, test_nomem_arrays);
    tcase_add_test(tc, test_nomem_commit);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * check: tsd_check rejects damaged objects
 * ================================================================ */

/* NULL, a wrong magic (a freed or foreign object), a loop whose end_loop
 * disagrees on items, an elem with count 0, an unknown basic id, a
 * committed description without its final end_loop, an unclosed loop. */
START_TEST(test_check_rejects)
{
    tsd_type *t = NULL, *u = NULL;
    tsd_rec save;

    ck_assert_int_eq(tsd_check(NULL), -1);
    ck_assert_int_eq(tsd_check(I4), 0);
    ck_assert_int_eq(tsd_check(MLB), 0);

    /* loop {3, 2, 16} {INT4, 2, ..} end_loop {2, 8, 0}, committed */
    ET_RC(tsd_create_hvector(3, 2, 16, I4, &t));
    ET_COMMIT(t);

    t->magic = 0;
    ck_assert_int_eq(tsd_check(t), -1);
    t->magic = TSD_MAGIC;

    save = t->desc.rec[2];
    t->desc.rec[2].end_loop.items = 3;
    ck_assert_int_eq(tsd_check(t), -1);
    t->desc.rec[2] = save;

    save = t->desc.rec[1];
    t->desc.rec[1].elem.count = 0;
    ck_assert_int_eq(tsd_check(t), -1);
    t->desc.rec[1].elem.count = 2;
    t->desc.rec[1].common.type = TSD_ID_MAX;
    ck_assert_int_eq(tsd_check(t), -1);
    t->desc.rec[1].common.type = TSD_LB;
    ck_assert_int_eq(tsd_check(t), -1);
    t->desc.rec[1] = save;

    save = t->desc.rec[3];
    t->desc.rec[3].common.type = TSD_INT4;
    ck_assert_int_eq(tsd_check(t), -1);
    t->desc.rec[3] = save;

    save = t->opt_desc.rec[0];
    t->opt_desc.rec[0].elem.blocklen = 0;
    ck_assert_int_eq(tsd_check(t), -1);
    t->opt_desc.rec[0] = save;

    t->size = -1;
    ck_assert_int_eq(tsd_check(t), -1);
    t->size = 24;
    ck_assert_int_eq(tsd_check(t), 0);

    /* an uncommitted description whose loop is never closed */
    ET_RC(tsd_create_contiguous(2, t, &u));
    ck_assert_int_eq(u->desc.used, 5); /* loop {2, 4, 40} around t's 3 records */
    u->desc.used = 4;
    ck_assert_int_eq(tsd_check(u), -1);
    u->desc.used = 5;
    ck_assert_int_eq(tsd_check(u), 0);
    tsd_type_free(u);
    tsd_type_free(t);
}
END_TEST

static Suite *check_suite(void)
{
    Suite *s = suite_create("check");
    TCase *tc = tcase_create("check");

    et_fixture(tc);
    tcase_add_test(tc, test_check_rejects);
    suite_add_tcase(s, tc);
    return s;
}

/* engine_bugs: see test_bug_darray_unchecked_mul (B3). */
static Suite *engine_bugs_suite(void)
{
    Suite *s = suite_create("engine_bugs");
    TCase *tc = tcase_create("engine_bugs");

    et_fixture(tc);
#if 1 /* regressions of fixed engine bugs */
    tcase_add_test(tc, test_bug_darray_unchecked_mul);
#endif
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[] = {overflow_suite(), nomem_suite(), check_suite(), engine_bugs_suite()};

    return et_run(suites, 4);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_engine.c - white-box tests of the engine (tsd_*): the predefined
 * types and the vector-like constructors.
 *
 * Suites: predefined, contiguous, hvector, hindexed, engine_bugs (only
 * with -DTS_ENGINE_KNOWN_BUGS).  check_engine_struct.c has struct, resized,
 * dup, the worked examples and nesting; check_engine_layout.c subarray and
 * darray; check_engine_errors.c overflow, allocation failures, tsd_check.
 *
 * Every expected value is derived by hand, in the comment above it, from
 * the type map and the record semantics of OPAL / tsd.h:
 *  - elem {T, count, blocklen, extent, disp}: count blocks of blocklen T,
 *    block i at disp + i * extent (absolute within the type);
 *  - loop {loops, items, extent}: the next items records (end_loop included)
 *    repeated loops times, extent apart; end_loop {items, size of one
 *    iteration, first_elem_disp}; a committed description ends with an
 *    extra end_loop {records before it, type size, first elem disp};
 *  - construction (OPAL's opal_datatype_add): a predefined child becomes
 *    one elem {T, count, extent = the stride}; a child whose description is
 *    one elem stays one elem when count == 1 or its copies tile exactly
 *    (count * extent == stride); otherwise count > 1 wraps the child's
 *    records in a loop and count == 1 copies them shifted; an elem that
 *    continues the previous one (same T and extent) merges into it;
 *  - commit (opt_desc): runs adjacent in signature order and memory merge
 *    (into UINT1 bytes when their types differ); a loop whose body is one
 *    run becomes a strided elem {T, count = loops, blocklen = run, extent},
 *    first merging its first iteration into an adjacent preceding run, and
 *    is unrolled into UINT1 runs when at most two iterations remain.
 */
#include "et.h"

/* ==================================================================
 * predefined
 * ================================================================ */

/* tsd_init_basic(INT4): OPAL's basic record {INT4, count 1, disp 0,
 * extent = size}, flags BASIC, bounds 0..4, one element. */
START_TEST(test_predefined_int)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_END(1, 4, 0)};

    ET_OK(I4);
    ET_FLAGS(I4, TSD_FLAG_BASIC);
    ck_assert_int_eq(I4->id, TSD_INT4);
    ET_BOUNDS(I4, 4, 0, 4, 0, 4, 1, 4);
    ET_DESC_C(I4, d);
    ET_OPT(I4, d);
    ET_BTYPES(I4, {TSD_INT4, 1});
    ck_assert(!tsd_is_marker(I4));
    ck_assert_int_eq(tsd_extent(I4), 4);
}
END_TEST

/* The markers: size 0, no records (OPAL: desc holds no LB/UB), not
 * DATA, committed; USER_LB/USER_UB are not set on the markers themselves. */
START_TEST(test_predefined_markers)
{
    static const et_rec d[] = {ET_END(0, 0, 0)};
    const tsd_type *m[2] = {MLB, MUB};

    for (int i = 0; i < 2; i++) {
        ET_OK(m[i]);
        ck_assert(tsd_is_marker(m[i]));
        ET_FLAGS(m[i],
                 TSD_FLAG_PREDEFINED | TSD_FLAG_COMMITTED | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS);
        ET_BOUNDS(m[i], 0, 0, 0, 0, 0, 0, 1);
        ET_DESC_C(m[i], d);
        ET_OPT(m[i], d);
        ET_NO_BTYPES(m[i]);
    }
    ck_assert_int_eq(MLB->id, TSD_LB);
    ck_assert_int_eq(MUB->id, TSD_UB);
}
END_TEST

/* ==================================================================
 * contiguous
 * ================================================================ */

/* contiguous(3, int): type map (int,0),(int,4),(int,8).  A predefined child
 * is one elem {INT4, 3, extent 4, disp 0}; bounds 0..12; the opt_desc is
 * the same single run, so CONTIGUOUS, and extent 12 == size 12: NO_GAPS. */
START_TEST(test_contiguous_basic)
{
    static const et_rec d[] = {ET_ELEM(INT4, 3, 1, 4, 0)};
    static const et_rec dc[] = {ET_ELEM(INT4, 3, 1, 4, 0), ET_END(1, 12, 0)};
    static const et_ent map[] = {{TSD_INT4, 0}, {TSD_INT4, 4}, {TSD_INT4, 8}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_contiguous(3, I4, &t));
    ET_OK(t);
    ET_DESC(t, d);
    ET_BOUNDS(t, 12, 0, 12, 0, 12, 3, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA);
    ck_assert_int_eq(t->id, 0);
    ck_assert_int_eq(tsd_opt_of(t)->used, 0);
    ET_BTYPES(t, {TSD_INT4, 3});
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, dc);
    ET_OPT(t, dc);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* contiguous(2, contiguous(3, int)): the child is one elem {INT4, 3, 4, 0}
 * spanning 12 bytes == its extent, so the copies tile: one elem of 6. */
START_TEST(test_contiguous_of_contiguous)
{
    static const et_rec d[] = {ET_ELEM(INT4, 6, 1, 4, 0)};
    tsd_type *c3 = NULL, *t = NULL;

    ET_RC(tsd_create_contiguous(3, I4, &c3));
    ET_RC(tsd_create_contiguous(2, c3, &t));
    ET_DESC(t, d);
    ET_BOUNDS(t, 24, 0, 24, 0, 24, 6, 4);
    ET_BTYPES(t, {TSD_INT4, 6});
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(c3);
}
END_TEST

/* T = {F8@0, I1@8} (extent 16): desc {F8,1,1,8,0} {INT1,1,1,1,8}; its
 * opt_desc merges the two adjacent runs into 9 bytes: CONTIGUOUS, but
 * extent 16 != size 9: no NO_GAPS.
 * contiguous(2, T): two records, count 2 -> loop {2, items 3, extent 16},
 * end_loop {3, size 9, fed 0}; bounds 0..32, true 0..16+9 = 25.  opt: the
 * loop body is one 9-byte run, stride 16 != 9, two iterations: unrolled
 * into UINT1 9 @0 and UINT1 9 @16. */
START_TEST(test_contiguous_struct_child)
{
    static const et_rec td[] = {ET_ELEM(FLOAT8, 1, 1, 8, 0), ET_ELEM(INT1, 1, 1, 1, 8),
                                ET_END(2, 9, 0)};
    static const et_rec to[] = {ET_ELEM(UINT1, 9, 1, 1, 0), ET_END(1, 9, 0)};
    static const et_rec d[] = {ET_LOOP(2, 3, 16), ET_ELEM(FLOAT8, 1, 1, 8, 0),
                               ET_ELEM(INT1, 1, 1, 1, 8), ET_END(3, 9, 0), ET_END(4, 18, 0)};
    static const et_rec o[] = {ET_ELEM(UINT1, 9, 1, 1, 0), ET_ELEM(UINT1, 9, 1, 1, 16),
                               ET_END(2, 18, 0)};
    tsd_type *s = et_make_f8_i1(), *t = NULL;

    ET_BOUNDS(s, 9, 0, 16, 0, 9, 2, 8);
    ET_COMMIT(s);
    ET_DESC_C(s, td);
    ET_OPT(s, to);
    ET_FLAGS(s, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);

    ET_RC(tsd_create_contiguous(2, s, &t));
    ET_BOUNDS(t, 18, 0, 32, 0, 25, 4, 8);
    ET_BTYPES(t, {TSD_FLOAT8, 2}, {TSD_INT1, 2});
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(s);
}
END_TEST

/* contiguous(3, resized(int, 0, -8)): copies at 0, -8, -16 (stride = the
 * negative extent).  Bounds by the marker rule (a resized type behaves as
 * LB@lb, UB@ub markers): lb = min(0, -8, -16) = -16, ub = max(-8, -16,
 * -24) = -8 (MPICH 4.0.2: lb -16, extent 8); true -16..4.  desc: the child
 * is one elem spanning 4 != -8 -> loop {3, 2, -8}.  opt: one-run body, 3
 * iterations -> {INT4, count 3, blocklen 1, extent -8}. */
START_TEST(test_contiguous_negative_extent)
{
    static const et_rec d[] = {ET_LOOP(3, 2, -8), ET_ELEM(INT4, 1, 1, 4, 0), ET_END(2, 4, 0),
                               ET_END(3, 12, FINAL_FED(0, -16))};
    static const et_rec o[] = {ET_ELEM(INT4, 3, 1, -8, 0), ET_END(1, 12, FINAL_FED(0, -16))};
    static const et_ent map[] = {{TSD_INT4, 0}, {TSD_INT4, -8}, {TSD_INT4, -16}};
    tsd_type *r = NULL, *t = NULL;

    ET_RC(tsd_create_resized(I4, 0, -8, &r));
    ck_assert_int_eq(tsd_extent(r), -8);
    ET_RC(tsd_create_contiguous(3, r, &t));
    ET_BOUNDS(t, 12, -16, -8, -16, 4, 3, 4);
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(r);
}
END_TEST

/* contiguous(3, resized(int, 0, 2)): ints at 0, 2, 4 overlap.  bounds 0..6
 * (lb 0, ub 2*2 + 2), true 0..8; opt {INT4, 3, 1, extent 2, 0}: OVERLAP. */
START_TEST(test_contiguous_overlap)
{
    static const et_rec d[] = {ET_LOOP(3, 2, 2), ET_ELEM(INT4, 1, 1, 4, 0), ET_END(2, 4, 0),
                               ET_END(3, 12, 0)};
    static const et_rec o[] = {ET_ELEM(INT4, 3, 1, 2, 0), ET_END(1, 12, 0)};
    tsd_type *r = NULL, *t = NULL;

    ET_RC(tsd_create_resized(I4, 0, 2, &r));
    ET_RC(tsd_create_contiguous(3, r, &t));
    ET_BOUNDS(t, 12, 0, 6, 0, 8, 3, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_OVERLAP | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(r);
}
END_TEST

/* contiguous(3, dt1) with dt1 = struct{u32@0, u16@4, u16@6} (size 8 ==
 * extent 8, two records): a loop {3, 3, 8}.  In opt_desc the body becomes
 * one 8-byte run (UINT1, mixed types) whose iterations tile (extent 8 ==
 * 8 bytes): one run of 24 bytes, CONTIGUOUS | NO_GAPS. */
START_TEST(test_contiguous_tiling_loop)
{
    static const et_rec d[] = {ET_LOOP(3, 3, 8), ET_ELEM(UINT4, 1, 1, 4, 0),
                               ET_ELEM(UINT2, 2, 1, 2, 4), ET_END(3, 8, 0), ET_END(4, 24, 0)};
    static const et_rec o[] = {ET_ELEM(UINT1, 24, 1, 1, 0), ET_END(1, 24, 0)};
    tsd_type *dt1 = NULL, *t = NULL;

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(0, 4, 6), TY(U4, U2, U2), TSD_EPS_ALWAYS, &dt1));
    ET_RC(tsd_create_contiguous(3, dt1, &t));
    ET_BOUNDS(t, 24, 0, 24, 0, 24, 9, 4);
    ET_BTYPES(t, {TSD_UINT4, 3}, {TSD_UINT2, 6});
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(dt1);
}
END_TEST

/* A child with no data but marker bounds is not empty: contiguous(3,
 * struct{LB@-3, UB@6}) (extent 9) has copies at 0, 9, 18: LB markers at
 * -3, 6, 15 -> lb -3; UB markers at 6, 15, 24 -> ub 24; still size 0, no
 * records, true 0/0, USER_LB | USER_UB, not DATA. */
START_TEST(test_contiguous_markers_only_child)
{
    tsd_type *m = NULL, *t = NULL;

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(-3, 6), TY(MLB, MUB), TSD_EPS_ALWAYS, &m));
    ET_RC(tsd_create_contiguous(3, m, &t));
    ET_OK(t);
    ET_BOUNDS(t, 0, -3, 24, 0, 0, 0, 1);
    ET_PREFLAGS(t, TSD_FLAG_USER_LB | TSD_FLAG_USER_UB);
    ck_assert_int_eq(tsd_desc_of(t)->used, 0);
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_USER_LB | TSD_FLAG_USER_UB | TSD_FLAG_COMMITTED | EMPTY_CONTIG);
    tsd_type_free(t);
    tsd_type_free(m);
}
END_TEST

/* Zero counts: contiguous(0, int) and contiguous(5, <empty type>) have an
 * empty type map: MPICH's zero-length type, bounds and true bounds 0/0
 * (typeshim(7)), alignment 1, no records. */
START_TEST(test_contiguous_zero)
{
    tsd_type *z = NULL, *t = NULL;

    ET_RC(tsd_create_contiguous(0, I4, &z));
    et_check_zerolen(z);
    ET_RC(tsd_create_contiguous(5, z, &t));
    et_check_zerolen(t);
    tsd_type_free(t);
    tsd_type_free(z);
}
END_TEST

static Suite *contiguous_suite(void)
{
    Suite *s = suite_create("contiguous");
    TCase *tc = tcase_create("contiguous");

    et_fixture(tc);
    tcase_add_test(tc, test_contiguous_basic);
    tcase_add_test(tc, test_contiguous_of_contiguous);
    tcase_add_test(tc, test_contiguous_struct_child);
    tcase_add_test(tc, test_contiguous_negative_extent);
    tcase_add_test(tc, test_contiguous_overlap);
    tcase_add_test(tc, test_contiguous_tiling_loop);
    tcase_add_test(tc, test_contiguous_markers_only_child);
    tcase_add_test(tc, test_contiguous_zero);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *predefined_suite(void)
{
    Suite *s = suite_create("predefined");
    TCase *tc = tcase_create("predefined");

    et_fixture(tc);
    tcase_add_test(tc, test_predefined_int);
    tcase_add_test(tc, test_predefined_markers);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * hvector
 * ================================================================ */

/* hvector(3, 2, 16, int): blocks of 2 ints at 0, 16, 32.  The block is
 * contiguous(2, int) = {INT4, 2, 1, 4, 0} spanning 8 != 16 -> loop {3, 2,
 * 16}, end_loop {2, 8, 0}; bounds 0..32+8 = 40.  opt: one run of 2 INT4,
 * 3 iterations -> {INT4, count 3, blocklen 2, extent 16, 0}. */
START_TEST(test_hvector_blocks)
{
    static const et_rec d[] = {ET_LOOP(3, 2, 16), ET_ELEM(INT4, 2, 1, 4, 0), ET_END(2, 8, 0),
                               ET_END(3, 24, 0)};
    static const et_rec o[] = {ET_ELEM(INT4, 3, 2, 16, 0), ET_END(1, 24, 0)};
    static const et_ent map[] = {{TSD_INT4, 0},  {TSD_INT4, 4},  {TSD_INT4, 16},
                                 {TSD_INT4, 20}, {TSD_INT4, 32}, {TSD_INT4, 36}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_hvector(3, 2, 16, I4, &t));
    ET_BOUNDS(t, 24, 0, 40, 0, 40, 6, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA);
    ET_BTYPES(t, {TSD_INT4, 6});
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* hvector(3, 1, 12, int): a predefined child keeps the stride in its elem:
 * {INT4, 3, 1, extent 12, 0}; bounds 0..24+4 = 28.  opt: a strided elem of
 * 3 blocks stays as it is. */
START_TEST(test_hvector_blocklen1)
{
    static const et_rec d[] = {ET_ELEM(INT4, 3, 1, 12, 0), ET_END(1, 12, 0)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_hvector(3, 1, 12, I4, &t));
    ET_BOUNDS(t, 12, 0, 28, 0, 28, 3, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* hvector(2, 3, -20, int): blocks of 3 ints at 0 and -20.  lb = -20, ub =
 * 0 + 12 = 12 (MPICH 4.0.2: lb -20, extent 32).  desc: loop {2, 2, -20}
 * around {INT4, 3, 1, 4, 0}.  opt: 12-byte run, 2 iterations, unrolled:
 * UINT1 12 @0, UINT1 12 @-20 (signature order kept). */
START_TEST(test_hvector_negative_stride)
{
    static const et_rec d[] = {ET_LOOP(2, 2, -20), ET_ELEM(INT4, 3, 1, 4, 0), ET_END(2, 12, 0),
                               ET_END(3, 24, FINAL_FED(0, -20))};
    static const et_rec o[] = {ET_ELEM(UINT1, 12, 1, 1, 0), ET_ELEM(UINT1, 12, 1, 1, -20),
                               ET_END(2, 24, FINAL_FED(0, -20))};
    static const et_ent map[] = {{TSD_INT4, 0},   {TSD_INT4, 4},   {TSD_INT4, 8},
                                 {TSD_INT4, -20}, {TSD_INT4, -16}, {TSD_INT4, -12}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_hvector(2, 3, -20, I4, &t));
    ET_BOUNDS(t, 24, -20, 12, -20, 12, 6, 4);
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* hvector(4, 1, 0, int): four ints at 0.  {INT4, 4, 1, extent 0, 0};
 * bounds 0..4 (every copy at 0), size 16: OVERLAP. */
START_TEST(test_hvector_zero_stride)
{
    static const et_rec d[] = {ET_ELEM(INT4, 4, 1, 0, 0), ET_END(1, 16, 0)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_hvector(4, 1, 0, I4, &t));
    ET_BOUNDS(t, 16, 0, 4, 0, 4, 4, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_OVERLAP | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* hvector(1, 5, 9, int): one block of 5 ints; the stride never applies:
 * {INT4, 5, 1, 4, 0}, bounds 0..20, CONTIGUOUS and NO_GAPS. */
START_TEST(test_hvector_count1)
{
    static const et_rec d[] = {ET_ELEM(INT4, 5, 1, 4, 0), ET_END(1, 20, 0)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_hvector(1, 5, 9, I4, &t));
    ET_BOUNDS(t, 20, 0, 20, 0, 20, 5, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* Zero-length blocks keep their position (MPICH 4.0.2, measured: vector /
 * hvector with blocklength 0 are not MPICH's zero-length type): each empty
 * block sits at old's lb, with true bounds true_lb .. lb + (true_ub - ub).
 * hvector(3, 0, 16, int): blocks at 0, 16, 32 -> lb 0, ub 32, true 0..32
 * (MPICH: extent 32, true extent 32).
 * hvector(3, 0, 16, resized(int, -4, 12)): empty block lb = ub = -4, true
 * 0 .. -4 + (4 - 8) = -8; copies at 0, 16, 32 -> lb -4, ub 28, true 0..24
 * (MPICH: lb -4, extent 32, true lb 0, true extent 24). */
START_TEST(test_hvector_zero_blocklen)
{
    tsd_type *t = NULL, *r = NULL, *u = NULL;

    ET_RC(tsd_create_hvector(3, 0, 16, I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 0, 0, 32, 0, 32, 0, 1);
    ck_assert_int_eq(tsd_desc_of(t)->used, 0);
    ET_PREFLAGS(t, 0);
    ET_NO_BTYPES(t);
    ET_COMMIT(t);
    ck_assert_int_eq(tsd_opt_of(t)->used, 0);
    /* extent 32 != size 0: never NO_GAPS */
    ET_FLAGS(t, TSD_FLAG_COMMITTED | EMPTY_CONTIG);

    ET_RC(tsd_create_resized(I4, -4, 12, &r));
    ET_RC(tsd_create_hvector(3, 0, 16, r, &u));
    ET_OK(u);
    ET_BOUNDS(u, 0, -4, 28, 0, 24, 0, 1);
    tsd_type_free(u);
    tsd_type_free(r);
    tsd_type_free(t);
}
END_TEST

/* hvector(0, 2, 8, int): no blocks: the zero-length type. */
START_TEST(test_hvector_zero_count)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_hvector(0, 2, 8, I4, &t));
    et_check_zerolen(t);
    tsd_type_free(t);
}
END_TEST

/* What tsd_build_add makes of count copies, stride apart, of
 * contiguous(n, old) (old itself when n is 1): the general route that
 * tsd_create_hvector and tsd_create_contiguous skip for basic types. */
static int built_hvector(int64_t count, int64_t n, int64_t stride, const tsd_type *old,
                         tsd_type **out)
{
    tsd_builder b;
    tsd_type *block = NULL;
    const tsd_type *unit = old;
    int rc;

    if (n > 1) {
        if ((rc = tsd_build_begin(&b, 3)))
            return rc;
        tsd_build_add(&b, old, n, 0, tsd_extent(old));
        if ((rc = tsd_build_finish(&b, 0, &block)))
            return rc;
        unit = block;
    }
    if (!(rc = tsd_build_begin(&b, unit->desc.used + 2))) {
        tsd_build_add(&b, unit, count, 0, stride);
        rc = tsd_build_finish(&b, 0, out);
    }
    tsd_type_free(block);
    return rc;
}

/* Every field and record alike, before commit and after, and desc in the
 * type itself alike. */
static void same_type(tsd_type *x, tsd_type *y)
{
    ck_assert_int_eq(x->desc.fixed, y->desc.fixed);
    et_same_type(x, y);
    ET_COMMIT(x);
    ET_COMMIT(y);
    et_same_type(x, y);
}

/* The direct construction of vectors and contiguous types of a basic type
 * against the builder's, over counts, block lengths and strides that take
 * each of its shapes (one elem, tiled blocks, a loop; negative, zero and
 * overlapping strides) and the overflow edges. */
START_TEST(test_hvector_basic_as_built)
{
    static const int64_t counts[] = {1, 2, 3, 4, 1000, INT64_MAX / 8, INT64_MAX};
    static const int64_t lens[] = {1, 2, 3, 5, INT64_MAX / 16, INT64_MAX};
    static const int64_t strides[] = {
        0, 1, 4, 8, 12, 16, 24, 40, -8, -16, -40, 1 << 20, INT64_MAX / 4, INT64_MIN / 4};
    const tsd_type *olds[] = {F8, I4, U1, U2};
    int compared = 0;

    for (size_t o = 0; o < sizeof(olds) / sizeof(*olds); o++)
        for (size_t c = 0; c < sizeof(counts) / sizeof(*counts); c++)
            for (size_t l = 0; l < sizeof(lens) / sizeof(*lens); l++)
                for (size_t s = 0; s < sizeof(strides) / sizeof(*strides); s++) {
                    tsd_type *x = NULL, *y = NULL;
                    int rx = tsd_create_hvector(counts[c], lens[l], strides[s], olds[o], &x);
                    int ry = built_hvector(counts[c], lens[l], strides[s], olds[o], &y);

                    ck_assert_int_eq(rx, ry);
                    if (rx == TSD_OK) {
                        same_type(x, y);
                        compared++;
                    }
                    tsd_type_free(x);
                    tsd_type_free(y);
                }
    for (size_t o = 0; o < sizeof(olds) / sizeof(*olds); o++)
        for (size_t c = 0; c < sizeof(counts) / sizeof(*counts); c++) {
            tsd_type *x = NULL, *y = NULL;
            int rx = tsd_create_contiguous(counts[c], olds[o], &x);
            int ry = built_hvector(counts[c], 1, tsd_extent(olds[o]), olds[o], &y);

            ck_assert_int_eq(rx, ry);
            if (rx == TSD_OK)
                same_type(x, y);
            tsd_type_free(x);
            tsd_type_free(y);
        }
    /* most of the grid builds: the comparison is not vacuous */
    ck_assert_int_gt(compared, 200);
}
END_TEST

static Suite *hvector_suite(void)
{
    Suite *s = suite_create("hvector");
    TCase *tc = tcase_create("hvector");

    et_fixture(tc);
    tcase_add_test(tc, test_hvector_blocks);
    tcase_add_test(tc, test_hvector_blocklen1);
    tcase_add_test(tc, test_hvector_negative_stride);
    tcase_add_test(tc, test_hvector_zero_stride);
    tcase_add_test(tc, test_hvector_count1);
    tcase_add_test(tc, test_hvector_zero_blocklen);
    tcase_add_test(tc, test_hvector_zero_count);
    tcase_add_test(tc, test_hvector_basic_as_built);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * hindexed
 * ================================================================ */

/* hindexed({2, 0, 1}, {0, 100, -8}, int): (int,0),(int,4),(int,-8); the
 * empty block at 100 is no part of the type map and has no bounds (MPICH
 * 4.0.2: lb -8, extent 16).  {INT4,2,1,4,0} then {INT4,1,1,4,-8}: -8 does
 * not continue the first (it ends at 8), two elems; same in opt. */
START_TEST(test_hindexed_blocklens)
{
    static const et_rec d[] = {ET_ELEM(INT4, 2, 1, 4, 0), ET_ELEM(INT4, 1, 1, 4, -8),
                               ET_END(2, 12, FINAL_FED(0, -8))};
    static const et_ent map[] = {{TSD_INT4, 0}, {TSD_INT4, 4}, {TSD_INT4, -8}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_hindexed(3, A64(2, 0, 1), 0, A64(0, 100, -8), I4, &t));
    ET_BOUNDS(t, 12, -8, 8, -8, 8, 3, 4);
    ET_BTYPES(t, {TSD_INT4, 3});
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* hindexed({2, 3, 1}, {0, 8, 20}, int): each block starts where the last
 * ends (0+8, 8+12), so the elems merge: {INT4, 6, 1, 4, 0}; contiguous
 * 0..24 with extent 24: CONTIGUOUS | NO_GAPS. */
START_TEST(test_hindexed_merge_adjacent)
{
    static const et_rec d[] = {ET_ELEM(INT4, 6, 1, 4, 0), ET_END(1, 24, 0)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_hindexed(3, A64(2, 3, 1), 0, A64(0, 8, 20), I4, &t));
    ET_BOUNDS(t, 24, 0, 24, 0, 24, 6, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* hindexed_block(blocklen 2, {48, 0}, T = {F8@0, I1@8}, extent 16): two
 * records per T, count 2 -> a loop {2, 3, 16} per block, shifted by 48
 * then 0.  bounds: block @48: 48..80, true 48..73; block @0: 0..32, true
 * 0..25 -> lb 0, ub 80, true 0..73.  opt: each loop body is one 9-byte run
 * with 2 iterations: unrolled, 4 runs in signature order. */
START_TEST(test_hindexed_uniform_derived)
{
    /* clang-format off */
    static const et_rec d[] = {
        ET_LOOP(2, 3, 16),
            ET_ELEM(FLOAT8, 1, 1, 8, 48),
            ET_ELEM(INT1, 1, 1, 1, 56),
        ET_END(3, 9, 48),
        ET_LOOP(2, 3, 16),
            ET_ELEM(FLOAT8, 1, 1, 8, 0),
            ET_ELEM(INT1, 1, 1, 1, 8),
        ET_END(3, 9, 0),
        ET_END(8, 36, FINAL_FED(48, 0))};
    /* clang-format on */
    static const et_rec o[] = {ET_ELEM(UINT1, 9, 1, 1, 48), ET_ELEM(UINT1, 9, 1, 1, 64),
                               ET_ELEM(UINT1, 9, 1, 1, 0), ET_ELEM(UINT1, 9, 1, 1, 16),
                               ET_END(4, 36, FINAL_FED(48, 0))};
    tsd_type *s = et_make_f8_i1(), *t = NULL;

    ET_RC(tsd_create_hindexed(2, NULL, 2, A64(48, 0), s, &t));
    ET_BOUNDS(t, 36, 0, 80, 0, 73, 8, 8);
    ET_BTYPES(t, {TSD_FLOAT8, 4}, {TSD_INT1, 4});
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(s);
}
END_TEST

/* hindexed_block(blocklen 0, {8, -4}, int): the block form keeps the
 * positions of its empty blocks (MPICH 4.0.2, measured: lb -4, extent 12,
 * true lb -4, true extent 12): empty blocks at 8 and -4 -> -4..8. */
START_TEST(test_hindexed_uniform_zero_blocklen)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_hindexed(2, NULL, 0, A64(8, -4), I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 0, -4, 8, -4, 8, 0, 1);
    ck_assert_int_eq(tsd_desc_of(t)->used, 0);
    ET_PREFLAGS(t, 0);
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_COMMITTED | EMPTY_CONTIG);
    tsd_type_free(t);
}
END_TEST

/* hindexed({0, 0}, ...) and hindexed(count 0): empty type map, and unlike
 * the block form no positions (MPICH: 0/0): the zero-length type. */
START_TEST(test_hindexed_zero)
{
    tsd_type *t = NULL, *u = NULL;

    ET_RC(tsd_create_hindexed(2, A64(0, 0), 0, A64(8, -4), I4, &t));
    et_check_zerolen(t);
    ET_RC(tsd_create_hindexed(0, NULL, 3, NULL, I4, &u));
    et_check_zerolen(u);
    tsd_type_free(u);
    tsd_type_free(t);
}
END_TEST

static Suite *hindexed_suite(void)
{
    Suite *s = suite_create("hindexed");
    TCase *tc = tcase_create("hindexed");

    et_fixture(tc);
    tcase_add_test(tc, test_hindexed_blocklens);
    tcase_add_test(tc, test_hindexed_merge_adjacent);
    tcase_add_test(tc, test_hindexed_uniform_derived);
    tcase_add_test(tc, test_hindexed_uniform_zero_blocklen);
    tcase_add_test(tc, test_hindexed_zero);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * engine_bugs: regression tests of engine bugs these tests found (B1, B2
 * here, B3 in check_engine_errors.c), fixed since.
 * B3 (unchecked multiplications in darray) is in check_engine_errors.c.
 * ================================================================ */
#if 1 /* regressions of fixed engine bugs */
/* B2: the extra end_loop closing a committed desc / opt_desc has
 * first_elem_disp = the displacement of the first elem of desc (OPAL:
 * "the displacement of the first block in the loop"; OPAL's
 * opal_datatype_commit takes it from GET_FIRST_NON_LOOP).  The engine
 * stores true_lb.  hvector(2, 3, -20, int): first elem at 0, true_lb -20. */
START_TEST(test_bug_final_first_elem_disp)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_hvector(2, 3, -20, I4, &t));
    ET_RC(tsd_commit(t));
    ck_assert_int_eq(tsd_desc_of(t)->rec[tsd_desc_of(t)->used].end_loop.first_elem_disp, 0);
    ck_assert_int_eq(tsd_opt_of(t)->rec[tsd_opt_of(t)->used].end_loop.first_elem_disp, 0);
    tsd_type_free(t);
}
END_TEST

/* B1: an empty type map is vacuously contiguous (OPAL: CONTIGUOUS when
 * the data lie without gap in type-map order, LB/UB ignored; NO_GAPS when
 * also extent == size), as the engine's own empty predefined types (MPI_LB,
 * MPI_UB) are and OPAL's fresh types are.  A committed contiguous(0, int)
 * gets neither flag. */
START_TEST(test_bug_empty_contiguous)
{
    tsd_type *t = NULL, *m = NULL;

    ET_RC(tsd_create_contiguous(0, I4, &t));
    ET_RC(tsd_commit(t));
    ck_assert(t->flags & TSD_FLAG_CONTIGUOUS);
    ck_assert(t->flags & TSD_FLAG_NO_GAPS);
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(-3, 6), TY(MLB, MUB), TSD_EPS_ALWAYS, &m));
    ET_RC(tsd_commit(m));
    ck_assert(m->flags & TSD_FLAG_CONTIGUOUS);
    ck_assert(!(m->flags & TSD_FLAG_NO_GAPS));
    tsd_type_free(m);
    tsd_type_free(t);
}
END_TEST
#endif

static Suite *engine_bugs_suite(void)
{
    Suite *s = suite_create("engine_bugs");
    TCase *tc = tcase_create("engine_bugs");

    et_fixture(tc);
#if 1 /* regressions of fixed engine bugs */
    tcase_add_test(tc, test_bug_final_first_elem_disp);
    tcase_add_test(tc, test_bug_empty_contiguous);
#endif
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[] = {predefined_suite(), contiguous_suite(), hvector_suite(), hindexed_suite(),
                       engine_bugs_suite()};

    return et_run(suites, (int)(sizeof(suites) / sizeof(suites[0])));
}

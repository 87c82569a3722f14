/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_engine_struct.c - white-box tests of the engine (tsd_*): struct
 * (epsilon modes, MPI_LB / MPI_UB markers, sticky and non-sticky bounds),
 * resized, dup, the worked examples, deep nesting.
 *
 * Suites: struct, resized, dup, examples (OPAL's worked example, the
 * dump-format example of typeshim(7), and its flag examples; MPI-1.1 §3.12.3's MPI_LB /
 * MPI_UB example), nesting.
 *
 * Every expected value is derived by hand, in the comment above it, from
 * the type map and the record rules summarised at the top of
 * check_engine.c.
 */
#include "et.h"

/* ==================================================================
 * struct
 * ================================================================ */

/* OPAL's CONTIGUOUS / NO_GAPS examples, with the struct epsilon
 * (alignment 4 from uint32):
 * a) {(u32,0),(u16,4),(u8,6)}: runs 0..4, 4..6, 6..7 merge into 7 bytes:
 *    CONTIGUOUS; ub 7 -> 8 so extent 8 != size 7: no NO_GAPS.
 * b) {(u32,0),(u16,4),(u8,6),(u8,7)}: the two u8 merge in desc ({UINT1, 2,
 *    ..., 6}); 8 bytes, extent 8 == size: CONTIGUOUS | NO_GAPS.
 * c) {(u16,4),(u8,6),(u32,0)}: no gap but out of order: u16+u8 merge into
 *    3 bytes @4, then u32 @0 does not continue them: two runs, neither. */
START_TEST(test_struct_opal_flags)
{
    static const et_rec ad[] = {ET_ELEM(UINT4, 1, 1, 4, 0), ET_ELEM(UINT2, 1, 1, 2, 4),
                                ET_ELEM(UINT1, 1, 1, 1, 6), ET_END(3, 7, 0)};
    static const et_rec ao[] = {ET_ELEM(UINT1, 7, 1, 1, 0), ET_END(1, 7, 0)};
    static const et_rec bd[] = {ET_ELEM(UINT4, 1, 1, 4, 0), ET_ELEM(UINT2, 1, 1, 2, 4),
                                ET_ELEM(UINT1, 2, 1, 1, 6), ET_END(3, 8, 0)};
    static const et_rec bo[] = {ET_ELEM(UINT1, 8, 1, 1, 0), ET_END(1, 8, 0)};
    static const et_rec cd[] = {ET_ELEM(UINT2, 1, 1, 2, 4), ET_ELEM(UINT1, 1, 1, 1, 6),
                                ET_ELEM(UINT4, 1, 1, 4, 0), ET_END(3, 7, FINAL_FED(4, 0))};
    static const et_rec co[] = {ET_ELEM(UINT1, 3, 1, 1, 4), ET_ELEM(UINT4, 1, 1, 4, 0),
                                ET_END(2, 7, FINAL_FED(4, 0))};
    tsd_type *a = NULL, *b = NULL, *c = NULL;

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(0, 4, 6), TY(U4, U2, U1), TSD_EPS_ALWAYS, &a));
    ET_BOUNDS(a, 7, 0, 8, 0, 7, 3, 4);
    ET_BTYPES(a, {TSD_UINT4, 1}, {TSD_UINT2, 1}, {TSD_UINT1, 1});
    ET_COMMIT(a);
    ET_DESC_C(a, ad);
    ET_OPT(a, ao);
    ET_FLAGS(a, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);

    ET_RC(tsd_create_struct(4, A64(1, 1, 1, 1), A64(0, 4, 6, 7), TY(U4, U2, U1, U1), TSD_EPS_ALWAYS,
                            &b));
    ET_BOUNDS(b, 8, 0, 8, 0, 8, 4, 4);
    ET_BTYPES(b, {TSD_UINT4, 1}, {TSD_UINT2, 1}, {TSD_UINT1, 2});
    ET_COMMIT(b);
    ET_DESC_C(b, bd);
    ET_OPT(b, bo);
    ET_FLAGS(b, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(4, 6, 0), TY(U2, U1, U4), TSD_EPS_ALWAYS, &c));
    ET_BOUNDS(c, 7, 0, 8, 0, 7, 3, 4);
    ET_COMMIT(c);
    ET_DESC_C(c, cd);
    ET_OPT(c, co);
    ET_FLAGS(c, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(c);
    tsd_type_free(b);
    tsd_type_free(a);
}
END_TEST

/* {int@0, H@4} with H = hvector(4, 1, 8, int) ({INT4, 4, 1, 8, 0}, bounds
 * 0..28): ints at 0, 4, 12, 20, 28.  desc: {INT4,1,1,4,0} then H shifted:
 * {INT4,4,1,8,4} (extent 8 != 4: no merge); bounds 0..32.  opt: H's first
 * int @4 continues the run at 0 -> {INT4, 2, 1, 4, 0}; three blocks remain
 * -> {INT4, 3, 1, 8, 12}. */
START_TEST(test_struct_merge_first_block)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_ELEM(INT4, 4, 1, 8, 4),
                               ET_END(2, 20, 0)};
    static const et_rec o[] = {ET_ELEM(INT4, 2, 1, 4, 0), ET_ELEM(INT4, 3, 1, 8, 12),
                               ET_END(2, 20, 0)};
    static const et_ent map[] = {
        {TSD_INT4, 0}, {TSD_INT4, 4}, {TSD_INT4, 12}, {TSD_INT4, 20}, {TSD_INT4, 28}};
    tsd_type *h = NULL, *t = NULL;

    ET_RC(tsd_create_hvector(4, 1, 8, I4, &h));
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 4), TY(I4, h), TSD_EPS_NONE, &t));
    ET_BOUNDS(t, 20, 0, 32, 0, 32, 5, 4);
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(h);
}
END_TEST

/* {int@0, int@-2}: the two ints share bytes -2..2 although the second
 * lies before the first: OVERLAP.  desc and opt_desc: two elems in
 * signature order ({INT4,1,1,4,-2} does not continue the first); bounds
 * -2..4, size 8. */
START_TEST(test_struct_overlap_unordered)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_ELEM(INT4, 1, 1, 4, -2),
                               ET_END(2, 8, FINAL_FED(0, -2))};
    tsd_type *t = NULL;

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, -2), TY(I4, I4), TSD_EPS_NONE, &t));
    ET_BOUNDS(t, 8, -2, 4, -2, 4, 2, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_OVERLAP | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* The epsilon modes on {F8@0, I1@8} (alignment 8, data 0..9): ALWAYS
 * rounds the extent 9 up to 16; NONE keeps 9; MARKED pads only with an
 * MPI_LB marker, and there is none: 9.  {I4@-2, I1@2}: data -2..3, extent
 * 5 rounds up to 8, so ub = -2 + 8 = 6 (ub - lb is rounded, not ub). */
START_TEST(test_struct_epsilon_modes)
{
    static const int eps[3] = {TSD_EPS_ALWAYS, TSD_EPS_NONE, TSD_EPS_MARKED};
    static const int64_t ub[3] = {16, 9, 9};
    tsd_type *t = NULL;

    for (int i = 0; i < 3; i++) {
        ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 8), TY(F8, I1), eps[i], &t));
        ET_OK(t);
        ET_BOUNDS(t, 9, 0, ub[i], 0, 9, 2, 8);
        ET_PREFLAGS(t, TSD_FLAG_DATA);
        tsd_type_free(t);
    }
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(-2, 2), TY(I4, I1), TSD_EPS_ALWAYS, &t));
    ET_BOUNDS(t, 5, -2, 6, -2, 3, 2, 4);
    tsd_type_free(t);
}
END_TEST

/* typeshim(7): struct{LB@4, LB@-2, int@0}: lb = min of the markers = -2; no
 * UB marker, so ub = max end 4 plus epsilon: (4 - -2) = 6 rounded up to
 * the alignment 4 -> 8, ub 6, in the modes that pad (MARKED: an LB marker
 * is present; ALWAYS); NONE: ub 4.  USER_LB only; the markers are no part
 * of desc, which is the one int; CONTIGUOUS (one run), extent != size.
 * With an UB marker as well ({LB@-2, int@0, UB@5}) no epsilon: ub 5. */
START_TEST(test_struct_lb_markers_epsilon)
{
    static const int eps[3] = {TSD_EPS_MARKED, TSD_EPS_ALWAYS, TSD_EPS_NONE};
    static const int64_t ub[3] = {6, 6, 4};
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_END(1, 4, 0)};
    tsd_type *t = NULL;

    for (int i = 0; i < 3; i++) {
        ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(4, -2, 0), TY(MLB, MLB, I4), eps[i], &t));
        ET_BOUNDS(t, 4, -2, ub[i], 0, 4, 1, 4);
        ET_PREFLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_LB);
        ET_BTYPES(t, {TSD_INT4, 1});
        ET_COMMIT(t);
        ET_DESC_C(t, d);
        ET_OPT(t, d);
        ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);
        tsd_type_free(t);
    }
    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(-2, 0, 5), TY(MLB, I4, MUB), TSD_EPS_ALWAYS, &t));
    ET_BOUNDS(t, 4, -2, 5, 0, 4, 1, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_USER_UB);
    tsd_type_free(t);
}
END_TEST

/* Several MPI_UB markers: ub = the highest (typeshim(7)), even below the data
 * end: {UB@10, UB@3, int@0} -> ub 10; {int@0, UB@2} -> ub 2 < true_ub 4. */
START_TEST(test_struct_several_ub)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(10, 3, 0), TY(MUB, MUB, I4), TSD_EPS_ALWAYS, &t));
    ET_BOUNDS(t, 4, 0, 10, 0, 4, 1, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_UB);
    tsd_type_free(t);
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 2), TY(I4, MUB), TSD_EPS_ALWAYS, &t));
    ET_BOUNDS(t, 4, 0, 2, 0, 4, 1, 4);
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_UB | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* Markers inherited from a child are sticky (MPI-1.1 §3.12.3's rule, typeshim(7)):
 * child = {LB@8, int@12}: lb 8, ub 16, USER_LB.  {int@0, child@100}: the
 * child's LB lands at 108 and wins over the data at 0: lb 108; ub = max(4,
 * 116) = 116; true 0..116.  child2 = {int@0, UB@20}: {child2@0, int@40}:
 * ub = the inherited UB 20, although data reach 44. */
START_TEST(test_struct_sticky_markers)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_ELEM(INT4, 1, 1, 4, 112)};
    static const et_rec d2[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_ELEM(INT4, 1, 1, 4, 40)};
    tsd_type *c = NULL, *t = NULL, *c2 = NULL, *t2 = NULL;

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(8, 12), TY(MLB, I4), TSD_EPS_NONE, &c));
    ET_BOUNDS(c, 4, 8, 16, 12, 16, 1, 4);
    ET_PREFLAGS(c, TSD_FLAG_DATA | TSD_FLAG_USER_LB);
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 100), TY(I4, c), TSD_EPS_NONE, &t));
    ET_OK(t);
    ET_DESC(t, d);
    ET_BOUNDS(t, 8, 108, 116, 0, 116, 2, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_LB);

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 20), TY(I4, MUB), TSD_EPS_NONE, &c2));
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 40), TY(c2, I4), TSD_EPS_NONE, &t2));
    ET_OK(t2);
    ET_DESC(t2, d2);
    ET_BOUNDS(t2, 8, 0, 20, 0, 44, 2, 4);
    ET_PREFLAGS(t2, TSD_FLAG_DATA | TSD_FLAG_USER_UB);
    ET_COMMIT(t2);
    ET_FLAGS(t2, TSD_FLAG_DATA | TSD_FLAG_USER_UB | TSD_FLAG_COMMITTED);
    tsd_type_free(t2);
    tsd_type_free(c2);
    tsd_type_free(t);
    tsd_type_free(c);
}
END_TEST

/* Resized bounds are not sticky (OPAL: USER_LB/USER_UB only from
 * markers): {int@0, resized(int, 8, 8)@100}: the member's bounds 108..116
 * take part as ordinary bounds: lb min(0, 108) = 0, ub 116, true 0..104,
 * no USER_* flag. */
START_TEST(test_struct_resized_not_sticky)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_ELEM(INT4, 1, 1, 4, 100)};
    tsd_type *r = NULL, *t = NULL;

    ET_RC(tsd_create_resized(I4, 8, 8, &r));
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 100), TY(I4, r), TSD_EPS_NONE, &t));
    ET_OK(t);
    ET_DESC(t, d);
    ET_BOUNDS(t, 8, 0, 116, 0, 104, 2, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA);
    tsd_type_free(t);
    tsd_type_free(r);
}
END_TEST

/* {LB@-3, UB@6}: an empty type map but bounds from markers: size 0, lb -3,
 * ub 6, true 0/0 (typeshim(7)), USER_LB | USER_UB, not DATA, no records. */
START_TEST(test_struct_markers_only)
{
    static const et_rec final[] = {ET_END(0, 0, 0)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(-3, 6), TY(MLB, MUB), TSD_EPS_ALWAYS, &t));
    ET_OK(t);
    ET_BOUNDS(t, 0, -3, 6, 0, 0, 0, 1);
    ET_PREFLAGS(t, TSD_FLAG_USER_LB | TSD_FLAG_USER_UB);
    ck_assert_int_eq(tsd_desc_of(t)->used, 0);
    ET_NO_BTYPES(t);
    ET_COMMIT(t);
    ET_DESC_C(t, final);
    ET_OPT(t, final);
    /* extent 9 != size 0: never NO_GAPS */
    ET_FLAGS(t, TSD_FLAG_USER_LB | TSD_FLAG_USER_UB | TSD_FLAG_COMMITTED | EMPTY_CONTIG);
    tsd_type_free(t);
}
END_TEST

/* Zero blocklengths: such members are no part of the type map, give no
 * bounds and no alignment.  {int x0, double x0}: the zero-length type.
 * {int x2 @4, double x0 @100, LB x0 @-50}: the two ints only, {INT4, 2,
 * 1, 4, 4}, bounds 4..12, alignment 4, no USER_LB. */
START_TEST(test_struct_zero_blocklens)
{
    static const et_rec d[] = {ET_ELEM(INT4, 2, 1, 4, 4)};
    tsd_type *z = NULL, *t = NULL;

    ET_RC(tsd_create_struct(2, A64(0, 0), A64(0, 8), TY(I4, F8), TSD_EPS_ALWAYS, &z));
    et_check_zerolen(z);
    ET_RC(tsd_create_struct(3, A64(2, 0, 0), A64(4, 100, -50), TY(I4, F8, MLB), TSD_EPS_NONE, &t));
    ET_OK(t);
    ET_DESC(t, d);
    ET_BOUNDS(t, 8, 4, 12, 4, 12, 2, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA);
    tsd_type_free(t);
    tsd_type_free(z);
}
END_TEST

static Suite *struct_suite(void)
{
    Suite *s = suite_create("struct");
    TCase *tc = tcase_create("struct");

    et_fixture(tc);
    tcase_add_test(tc, test_struct_opal_flags);
    tcase_add_test(tc, test_struct_merge_first_block);
    tcase_add_test(tc, test_struct_overlap_unordered);
    tcase_add_test(tc, test_struct_epsilon_modes);
    tcase_add_test(tc, test_struct_lb_markers_epsilon);
    tcase_add_test(tc, test_struct_several_ub);
    tcase_add_test(tc, test_struct_sticky_markers);
    tcase_add_test(tc, test_struct_resized_not_sticky);
    tcase_add_test(tc, test_struct_markers_only);
    tcase_add_test(tc, test_struct_zero_blocklens);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * worked examples
 * ================================================================ */

/* OPAL's worked example (dump-format example of typeshim(7)).
 * dt1 = struct{u32@0, u16@4, u16@6} (the two u16 continue each other:
 * {UINT2, 2, ..., 4}), size 8, extent 8, alignment 4.
 * dt2 = resized(u16, 0, 4): {UINT2, 1, ..., 0}, size 2, bounds 0..4.
 * dt = struct{u64 x1 @0, dt1 x2 @8, dt2 x3 @24}:
 *  desc: {UINT8,1,..,0}; dt1 x2 has two records -> loop {2, items 3,
 *  extent 8} [{UINT4,1,..,8} {UINT2,2,..,12}] end_loop {3, size 8, fed 8};
 *  dt2 x3 is one elem spanning 2 != its extent 4 -> loop {3, 2, 4}
 *  [{UINT2,1,..,24}] end_loop {2, 2, 24}; final end_loop {8, 30, 0}.
 *  bounds: size 8 + 2*8 + 3*2 = 30; lb 0; ub max(8, 8+8+8, 24+8+4) = 36
 *  rounded up to the alignment 8 -> 40 (MPICH: extent 40); true ub
 *  24+8+2 = 34; nbElems 1 + 2*3 + 3 = 10.
 *  opt_desc (OPAL's): u64 run 0..8; dt1 body = 8 bytes @8, extent 8:
 *  16 bytes @8, merged -> 24 bytes @0; dt2's first u16 @24 merges -> 26
 *  bytes @0; two iterations remain: UINT1 2 @28 and UINT1 2 @32. */
START_TEST(test_examples_opal)
{
    static const et_rec d1[] = {ET_ELEM(UINT4, 1, 1, 4, 0), ET_ELEM(UINT2, 2, 1, 2, 4)};
    static const et_rec d2[] = {ET_ELEM(UINT2, 1, 1, 2, 0)};
    /* clang-format off */
    static const et_rec d[] = {
        ET_ELEM(UINT8, 1, 1, 8, 0),
        ET_LOOP(2, 3, 8),
            ET_ELEM(UINT4, 1, 1, 4, 8),
            ET_ELEM(UINT2, 2, 1, 2, 12),
        ET_END(3, 8, 8),
        ET_LOOP(3, 2, 4),
            ET_ELEM(UINT2, 1, 1, 2, 24),
        ET_END(2, 2, 24),
        ET_END(8, 30, 0)};
    /* clang-format on */
    static const et_rec o[] = {ET_ELEM(UINT1, 26, 1, 1, 0), ET_ELEM(UINT1, 2, 1, 1, 28),
                               ET_ELEM(UINT1, 2, 1, 1, 32), ET_END(3, 30, 0)};
    tsd_type *dt1 = NULL, *dt2 = NULL, *dt = NULL;

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(0, 4, 6), TY(U4, U2, U2), TSD_EPS_ALWAYS, &dt1));
    ET_OK(dt1);
    ET_DESC(dt1, d1);
    ET_BOUNDS(dt1, 8, 0, 8, 0, 8, 3, 4);
    ET_RC(tsd_create_resized(U2, 0, 4, &dt2));
    ET_OK(dt2);
    ET_DESC(dt2, d2);
    ET_BOUNDS(dt2, 2, 0, 4, 0, 2, 1, 2);
    ET_PREFLAGS(dt2, TSD_FLAG_DATA);

    ET_RC(tsd_create_struct(3, A64(1, 2, 3), A64(0, 8, 24), TY(U8, dt1, dt2), TSD_EPS_ALWAYS, &dt));
    ET_OK(dt);
    ET_BOUNDS(dt, 30, 0, 40, 0, 34, 10, 8);
    ck_assert_int_eq(tsd_extent(dt), 40);
    ET_PREFLAGS(dt, TSD_FLAG_DATA);
    ET_BTYPES(dt, {TSD_UINT8, 1}, {TSD_UINT4, 2}, {TSD_UINT2, 7});
    ET_COMMIT(dt);
    ET_DESC_C(dt, d);
    ET_OPT(dt, o);
    ET_FLAGS(dt, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    /* committing again changes nothing */
    ET_RC(tsd_commit(dt));
    ET_DESC_C(dt, d);
    ET_OPT(dt, o);
    tsd_type_free(dt);
    tsd_type_free(dt2);
    tsd_type_free(dt1);
}
END_TEST

/* MPI-1.1 §3.12.3: type1 = struct{(LB,-3), (int,0), (UB,6)}: extent 9 (-3..6),
 * an int at 0; contiguous(2, type1) = {(lb,-3),(int,0),(int,9),(ub,15)}:
 * the copy is one extent (9) further, lb -3, ub 6 + 9 = 15.
 * type1: one elem, CONTIGUOUS, extent 9 != 4: no NO_GAPS; USER_LB/UB.
 * type2: the child is one elem spanning 4 != 9: loop {2, 2, 9}; true
 * 0..13; opt: two iterations unrolled: UINT1 4 @0, UINT1 4 @9. */
START_TEST(test_examples_lbub)
{
    static const et_rec d1[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_END(1, 4, 0)};
    static const et_rec d2[] = {ET_LOOP(2, 2, 9), ET_ELEM(INT4, 1, 1, 4, 0), ET_END(2, 4, 0),
                                ET_END(3, 8, 0)};
    static const et_rec o2[] = {ET_ELEM(UINT1, 4, 1, 1, 0), ET_ELEM(UINT1, 4, 1, 1, 9),
                                ET_END(2, 8, 0)};
    static const et_ent map[] = {{TSD_INT4, 0}, {TSD_INT4, 9}};
    tsd_type *t1 = et_make_lbub_type1(), *t2 = NULL;

    ET_OK(t1);
    ET_BOUNDS(t1, 4, -3, 6, 0, 4, 1, 4);
    ck_assert_int_eq(tsd_extent(t1), 9);
    ET_PREFLAGS(t1, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_USER_UB);
    ET_BTYPES(t1, {TSD_INT4, 1});

    ET_RC(tsd_create_contiguous(2, t1, &t2));
    ET_BOUNDS(t2, 8, -3, 15, 0, 13, 2, 4);
    ET_PREFLAGS(t2, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_USER_UB);
    ET_TYPEMAP(t2, map);

    ET_COMMIT(t1);
    ET_DESC_C(t1, d1);
    ET_OPT(t1, d1);
    ET_FLAGS(t1, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_USER_UB | TSD_FLAG_CONTIGUOUS |
                     TSD_FLAG_COMMITTED);
    ET_COMMIT(t2);
    ET_DESC_C(t2, d2);
    ET_OPT(t2, o2);
    ET_FLAGS(t2, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_USER_UB | TSD_FLAG_COMMITTED);
    tsd_type_free(t2);
    tsd_type_free(t1);
}
END_TEST

static Suite *examples_suite(void)
{
    Suite *s = suite_create("examples");
    TCase *tc = tcase_create("examples");

    et_fixture(tc);
    tcase_add_test(tc, test_examples_opal);
    tcase_add_test(tc, test_examples_lbub);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * resized
 * ================================================================ */

/* resized(int, -4, 12): bounds -4..8, true bounds and desc those of int;
 * id 0 (a derived type), not committed, no opt_desc yet.  After commit:
 * one run, CONTIGUOUS; extent 12 != 4: no NO_GAPS. */
START_TEST(test_resized_basic)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_END(1, 4, 0)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_resized(I4, -4, 12, &t));
    ET_OK(t);
    ET_BOUNDS(t, 4, -4, 8, 0, 4, 1, 4);
    ck_assert_int_eq(t->id, 0);
    ET_PREFLAGS(t, TSD_FLAG_DATA);
    ck_assert_int_eq(tsd_opt_of(t)->used, 0);
    ET_BTYPES(t, {TSD_INT4, 1});
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* resized(int, 0, 4): same bounds as int: CONTIGUOUS | NO_GAPS, and still
 * no USER_LB / USER_UB (OPAL: resize never sets them). */
START_TEST(test_resized_same_extent)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_resized(I4, 0, 4, &t));
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    ET_BOUNDS(t, 4, 0, 4, 0, 4, 1, 4);
    tsd_type_free(t);
}
END_TEST

/* Negative extents: resized(int, 0, -8) -> lb 0, ub -8; resized(int, 10,
 * -20) -> lb 10, ub -10; true bounds stay 0..4. */
START_TEST(test_resized_negative_extent)
{
    tsd_type *t = NULL, *u = NULL;

    ET_RC(tsd_create_resized(I4, 0, -8, &t));
    ET_BOUNDS(t, 4, 0, -8, 0, 4, 1, 4);
    ck_assert_int_eq(tsd_extent(t), -8);
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);
    ET_RC(tsd_create_resized(I4, 10, -20, &u));
    ET_BOUNDS(u, 4, 10, -10, 0, 4, 1, 4);
    ET_OK(u);
    tsd_type_free(u);
    tsd_type_free(t);
}
END_TEST

/* Resizing a type whose bounds come from markers (committed MPI-1.1 §3.12.3
 * type1, -3..6) to 0..4 erases the markers: no USER_*, not committed, no
 * opt_desc; the type map is still the one int, so after commit extent 4 ==
 * size: CONTIGUOUS | NO_GAPS. */
START_TEST(test_resized_erases_markers)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0)};
    tsd_type *t1 = et_make_lbub_type1(), *t = NULL;

    ET_COMMIT(t1);
    ET_RC(tsd_create_resized(t1, 0, 4, &t));
    ET_OK(t);
    ET_DESC(t, d);
    ET_BOUNDS(t, 4, 0, 4, 0, 4, 1, 4);
    ET_PREFLAGS(t, TSD_FLAG_DATA);
    ck_assert_int_eq(tsd_opt_of(t)->used, 0);
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(t1);
}
END_TEST

/* Resizing a committed derived type (OPAL's dt) to -8..56: the same
 * desc (the 8 records), size 30, true 0..34, 10 elements, alignment 8; a
 * new type: not committed until committed, then the same opt_desc. */
START_TEST(test_resized_of_committed)
{
    /* clang-format off */
    static const et_rec d[] = {
        ET_ELEM(UINT8, 1, 1, 8, 0),
        ET_LOOP(2, 3, 8),
            ET_ELEM(UINT4, 1, 1, 4, 8),
            ET_ELEM(UINT2, 2, 1, 2, 12),
        ET_END(3, 8, 8),
        ET_LOOP(3, 2, 4),
            ET_ELEM(UINT2, 1, 1, 2, 24),
        ET_END(2, 2, 24),
        ET_END(8, 30, 0)};
    /* clang-format on */
    static const et_rec o[] = {ET_ELEM(UINT1, 26, 1, 1, 0), ET_ELEM(UINT1, 2, 1, 1, 28),
                               ET_ELEM(UINT1, 2, 1, 1, 32), ET_END(3, 30, 0)};
    tsd_type *dt1 = NULL, *dt2 = NULL, *dt = NULL, *t = NULL;

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(0, 4, 6), TY(U4, U2, U2), TSD_EPS_ALWAYS, &dt1));
    ET_RC(tsd_create_resized(U2, 0, 4, &dt2));
    ET_RC(tsd_create_struct(3, A64(1, 2, 3), A64(0, 8, 24), TY(U8, dt1, dt2), TSD_EPS_ALWAYS, &dt));
    ET_COMMIT(dt);
    ET_RC(tsd_create_resized(dt, -8, 64, &t));
    ET_OK(t);
    ET_BOUNDS(t, 30, -8, 56, 0, 34, 10, 8);
    ET_PREFLAGS(t, TSD_FLAG_DATA);
    ck_assert_int_eq(tsd_desc_of(t)->used, 8);
    ck_assert_int_eq(tsd_opt_of(t)->used, 0);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
    tsd_type_free(dt);
    tsd_type_free(dt2);
    tsd_type_free(dt1);
}
END_TEST

static Suite *resized_suite(void)
{
    Suite *s = suite_create("resized");
    TCase *tc = tcase_create("resized");

    et_fixture(tc);
    tcase_add_test(tc, test_resized_basic);
    tcase_add_test(tc, test_resized_same_extent);
    tcase_add_test(tc, test_resized_negative_extent);
    tcase_add_test(tc, test_resized_erases_markers);
    tcase_add_test(tc, test_resized_of_committed);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * dup
 * ================================================================ */

/* dup(int) (OPAL's clone): same id INT4, PREDEFINED dropped, so CONTIGUOUS
 * | NO_GAPS | DATA | COMMITTED; its own copies of desc and opt_desc.  As a
 * child it is one elem that tiles: contiguous(3, dup) = {INT4, 3, ..}. */
START_TEST(test_dup_predefined)
{
    static const et_rec d[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_END(1, 4, 0)};
    static const et_rec d3[] = {ET_ELEM(INT4, 3, 1, 4, 0)};
    tsd_type *t = NULL, *c = NULL;

    ET_RC(tsd_create_dup(I4, &t));
    ET_OK(t);
    ck_assert_int_eq(t->id, TSD_INT4);
    ET_FLAGS(t, TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    ET_BOUNDS(t, 4, 0, 4, 0, 4, 1, 4);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_BTYPES(t, {TSD_INT4, 1});
    ck_assert_str_eq(t->name, "");
    ck_assert_ptr_ne(tsd_desc_of(t)->rec, I4->desc.rec);
    ck_assert_ptr_ne(tsd_opt_of(t)->rec, I4->opt_desc.rec);
    ck_assert(!tsd_is_marker(t));

    ET_RC(tsd_create_contiguous(3, t, &c));
    ET_DESC(c, d3);
    ET_BOUNDS(c, 12, 0, 12, 0, 12, 3, 4);
    tsd_type_free(c);
    tsd_type_free(t);
}
END_TEST

/* dup of a committed derived type (MPI-1.1 §3.12.3's contiguous(2, type1)): the
 * same records, bounds and flags (committed, markers kept), id 0, name
 * cleared, separate arrays. */
START_TEST(test_dup_committed)
{
    static const et_rec d2[] = {ET_LOOP(2, 2, 9), ET_ELEM(INT4, 1, 1, 4, 0), ET_END(2, 4, 0),
                                ET_END(3, 8, 0)};
    static const et_rec o2[] = {ET_ELEM(UINT1, 4, 1, 1, 0), ET_ELEM(UINT1, 4, 1, 1, 9),
                                ET_END(2, 8, 0)};
    tsd_type *t1 = et_make_lbub_type1(), *t2 = NULL, *t = NULL;

    ET_RC(tsd_create_contiguous(2, t1, &t2));
    ET_COMMIT(t2);
    snprintf(t2->name, sizeof t2->name, "%s", "type2");
    ET_RC(tsd_create_dup(t2, &t));
    ET_OK(t);
    ck_assert_int_eq(t->id, 0);
    ck_assert_str_eq(t->name, "");
    ET_DESC_C(t, d2);
    ET_OPT(t, o2);
    ET_BOUNDS(t, 8, -3, 15, 0, 13, 2, 4);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_USER_UB | TSD_FLAG_COMMITTED);
    ET_BTYPES(t, {TSD_INT4, 2});
    ck_assert_ptr_ne(tsd_desc_of(t)->rec, tsd_desc_of(t2)->rec);
    ck_assert_ptr_ne(tsd_opt_of(t)->rec, tsd_opt_of(t2)->rec);
    tsd_type_free(t);
    tsd_type_free(t2);
    tsd_type_free(t1);
}
END_TEST

/* dup of an uncommitted type (MPI-1.1 §3.12.3 type1): still uncommitted, no
 * opt_desc, markers kept; committing the dup gives type1's opt_desc. */
START_TEST(test_dup_uncommitted)
{
    static const et_rec d1[] = {ET_ELEM(INT4, 1, 1, 4, 0), ET_END(1, 4, 0)};
    tsd_type *t1 = et_make_lbub_type1(), *t = NULL;

    ET_RC(tsd_create_dup(t1, &t));
    ET_OK(t);
    ET_PREFLAGS(t, TSD_FLAG_DATA | TSD_FLAG_USER_LB | TSD_FLAG_USER_UB);
    ck_assert_int_eq(tsd_opt_of(t)->used, 0);
    ET_BOUNDS(t, 4, -3, 6, 0, 4, 1, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d1);
    ET_OPT(t, d1);
    tsd_type_free(t);
    tsd_type_free(t1);
}
END_TEST

static Suite *dup_suite(void)
{
    Suite *s = suite_create("dup");
    TCase *tc = tcase_create("dup");

    et_fixture(tc);
    tcase_add_test(tc, test_dup_predefined);
    tcase_add_test(tc, test_dup_committed);
    tcase_add_test(tc, test_dup_uncommitted);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * nesting: six constructors deep, negative strides and displacements
 * ================================================================ */

/* T1 = hvector(2, 1, 8, int)      ints at 0, 8: {INT4, 2, 1, 8, 0};
 *                                 bounds 0..12, size 8.
 * T2 = hvector(3, 1, -16, T1)     one elem spanning 16 != -16: loop {3, 2,
 *                                 -16}; copies at 0, -16, -32: -32..12.
 * T3 = contiguous(2, T2)          extent 44: loop {2, 4, 44} around T2's 3
 *                                 records; -32..56, size 48.
 * T4 = hvector(2, 1, 1000, T3)    loop {2, 6, 1000}; -32..1056, size 96.
 * T5 = hindexed({2}, {-3000}, T4) extent 1088: loop {2, 8, 1088}, every
 *                                 disp shifted by -3000; copies at -3000
 *                                 and -1912: -3032..-856, size 192.
 * T6 = hvector(3, 1, 5000, T5)    loop {3, 10, 5000}; -3032..9144, size
 *                                 576, 144 ints; no two of them overlap.
 * end_loops carry one iteration's size (8, 24, 48, 96, 192) and the first
 * elem's disp (-3000).  opt_desc: the inner elem (2 ints 8 apart) is a
 * two-block strided elem: unrolled into UINT1 4 @-3000 and @-2992; every
 * loop above keeps its loop, its items one more than its body. */
START_TEST(test_nesting_six_deep)
{
    /* clang-format off */
    static const et_rec d[] = {
        ET_LOOP(3, 10, 5000),
          ET_LOOP(2, 8, 1088),
            ET_LOOP(2, 6, 1000),
              ET_LOOP(2, 4, 44),
                ET_LOOP(3, 2, -16),
                  ET_ELEM(INT4, 2, 1, 8, -3000),
                ET_END(2, 8, -3000),
              ET_END(4, 24, -3000),
            ET_END(6, 48, -3000),
          ET_END(8, 96, -3000),
        ET_END(10, 192, -3000),
        ET_END(11, 576, FINAL_FED(-3000, -3032))};
    static const et_rec o[] = {
        ET_LOOP(3, 11, 5000),
          ET_LOOP(2, 9, 1088),
            ET_LOOP(2, 7, 1000),
              ET_LOOP(2, 5, 44),
                ET_LOOP(3, 3, -16),
                  ET_ELEM(UINT1, 4, 1, 1, -3000),
                  ET_ELEM(UINT1, 4, 1, 1, -2992),
                ET_END(3, 8, -3000),
              ET_END(5, 24, -3000),
            ET_END(7, 48, -3000),
          ET_END(9, 96, -3000),
        ET_END(11, 192, -3000),
        ET_END(12, 576, FINAL_FED(-3000, -3032))};
    /* clang-format on */
    tsd_type *t1 = NULL, *t2 = NULL, *t3 = NULL, *t4 = NULL, *t5 = NULL, *t6 = NULL;

    ET_RC(tsd_create_hvector(2, 1, 8, I4, &t1));
    ET_BOUNDS(t1, 8, 0, 12, 0, 12, 2, 4);
    ET_RC(tsd_create_hvector(3, 1, -16, t1, &t2));
    ET_BOUNDS(t2, 24, -32, 12, -32, 12, 6, 4);
    ET_RC(tsd_create_contiguous(2, t2, &t3));
    ET_BOUNDS(t3, 48, -32, 56, -32, 56, 12, 4);
    ET_RC(tsd_create_hvector(2, 1, 1000, t3, &t4));
    ET_BOUNDS(t4, 96, -32, 1056, -32, 1056, 24, 4);
    ET_RC(tsd_create_hindexed(1, A64(2), 0, A64(-3000), t4, &t5));
    ET_BOUNDS(t5, 192, -3032, -856, -3032, -856, 48, 4);
    ET_RC(tsd_create_hvector(3, 1, 5000, t5, &t6));
    ET_OK(t6);
    ET_BOUNDS(t6, 576, -3032, 9144, -3032, 9144, 144, 4);
    ET_BTYPES(t6, {TSD_INT4, 144});
    ET_PREFLAGS(t6, TSD_FLAG_DATA);
    ET_COMMIT(t6);
    ET_DESC_C(t6, d);
    ET_OPT(t6, o);
    ET_FLAGS(t6, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t6);
    tsd_type_free(t5);
    tsd_type_free(t4);
    tsd_type_free(t3);
    tsd_type_free(t2);
    tsd_type_free(t1);
}
END_TEST

static Suite *nesting_suite(void)
{
    Suite *s = suite_create("nesting");
    TCase *tc = tcase_create("nesting");

    et_fixture(tc);
    tcase_add_test(tc, test_nesting_six_deep);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[] = {struct_suite(), resized_suite(), dup_suite(), examples_suite(),
                       nesting_suite()};

    return et_run(suites, (int)(sizeof(suites) / sizeof(suites[0])));
}

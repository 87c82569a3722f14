/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_engine_layout.c - white-box tests of the array constructors:
 * tsd_create_subarray (C and Fortran order) and tsd_create_darray (BLOCK,
 * CYCLIC with and without darg, NONE).
 *
 * Expected values are derived by hand from the MPI definitions (MPI-4.x
 * §5.1.3 subarray, §5.1.4 darray: the element at index (i0, ..., in-1) of
 * the global array lies at its row-major (C) or column-major (Fortran)
 * offset times the old extent; the result is resized to the whole array),
 * and the record rules summarised at the top of check_engine.c, following
 * the construction the engine documents (nested hvectors from the fastest
 * dimension, moved to the corner, resized; darray dimension by dimension as
 * MPICH / ROMIO build it).
 */
#include "et.h"

/* ==================================================================
 * subarray
 * ================================================================ */

/* C order, int, sizes {4,5}, subsizes {2,3}, starts {1,2}: rows 1-2,
 * columns 2-4: offsets (r*5 + c)*4 = 28,32,36 and 48,52,56.
 * Built as contiguous(3, int) = {INT4,3,1,4,0} (12 bytes), hvector(2, 1,
 * 20) of it -> loop {2, 2, 20}, moved by (1*5 + 2)*4 = 28 (count 1: the
 * records shifted), resized to 0..4*5*4 = 80.  True bounds 28..60.
 * opt: the 12-byte run, 2 iterations 20 apart: unrolled. */
START_TEST(test_subarray_c)
{
    static const et_rec d[] = {ET_LOOP(2, 2, 20), ET_ELEM(INT4, 3, 1, 4, 28), ET_END(2, 12, 28),
                               ET_END(3, 24, 28)};
    static const et_rec o[] = {ET_ELEM(UINT1, 12, 1, 1, 28), ET_ELEM(UINT1, 12, 1, 1, 48),
                               ET_END(2, 24, 28)};
    static const et_ent map[] = {{TSD_INT4, 28}, {TSD_INT4, 32}, {TSD_INT4, 36},
                                 {TSD_INT4, 48}, {TSD_INT4, 52}, {TSD_INT4, 56}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_subarray(2, A64(4, 5), A64(2, 3), A64(1, 2), TSD_ORDER_C, I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 24, 0, 80, 28, 60, 6, 4);
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

/* Fortran order, same arguments: dimension 0 varies fastest; elements
 * (i, j), i in 1..2, j in 2..4, at (i + 4j)*4: 36,40, 52,56, 68,72.
 * contiguous(2, int) (8 bytes), hvector(3, 1, 16) -> loop {3, 2, 16},
 * moved by (1 + 2*4)*4 = 36, resized to 0..80; true 36..76.  opt: a
 * one-run body of 3 iterations -> {INT4, 3, blocklen 2, extent 16, 36}. */
START_TEST(test_subarray_fortran)
{
    static const et_rec d[] = {ET_LOOP(3, 2, 16), ET_ELEM(INT4, 2, 1, 4, 36), ET_END(2, 8, 36),
                               ET_END(3, 24, 36)};
    static const et_rec o[] = {ET_ELEM(INT4, 3, 2, 16, 36), ET_END(1, 24, 36)};
    static const et_ent map[] = {{TSD_INT4, 36}, {TSD_INT4, 40}, {TSD_INT4, 52},
                                 {TSD_INT4, 56}, {TSD_INT4, 68}, {TSD_INT4, 72}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_subarray(2, A64(4, 5), A64(2, 3), A64(1, 2), TSD_ORDER_FORTRAN, I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 24, 0, 80, 36, 76, 6, 4);
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* 3-D, C order, double, sizes {3,4,5}, subsizes {2,2,2}, starts {1,0,3}:
 * element (i,j,k) at ((i*4 + j)*5 + k)*8; the corner (1,0,3) at 184; k
 * steps 8, j steps 40, i steps 160.  contiguous(2, double) (16 bytes),
 * hvector(2, 1, 40) -> loop {2, 2, 40}, hvector(2, 1, 160) -> loop {2, 4,
 * 160}, shifted by 184, resized to 0..3*4*5*8 = 480.  True 184..400.
 * opt: the inner loop (16-byte run, 2 iterations) unrolls into UINT1 16
 * @184 and @224; the outer loop keeps its loop around those two. */
START_TEST(test_subarray_3d)
{
    static const et_rec d[] = {
        ET_LOOP(2, 4, 160), ET_LOOP(2, 2, 40),  ET_ELEM(FLOAT8, 2, 1, 8, 184),
        ET_END(2, 16, 184), ET_END(4, 32, 184), ET_END(5, 64, 184)};
    static const et_rec o[] = {ET_LOOP(2, 3, 160), ET_ELEM(UINT1, 16, 1, 1, 184),
                               ET_ELEM(UINT1, 16, 1, 1, 224), ET_END(3, 32, 184),
                               ET_END(4, 64, 184)};
    static const et_ent map[] = {{TSD_FLOAT8, 184}, {TSD_FLOAT8, 192}, {TSD_FLOAT8, 224},
                                 {TSD_FLOAT8, 232}, {TSD_FLOAT8, 344}, {TSD_FLOAT8, 352},
                                 {TSD_FLOAT8, 384}, {TSD_FLOAT8, 392}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_subarray(3, A64(3, 4, 5), A64(2, 2, 2), A64(1, 0, 3), TSD_ORDER_C, F8, &t));
    ET_OK(t);
    ET_BOUNDS(t, 64, 0, 480, 184, 400, 8, 8);
    ET_BTYPES(t, {TSD_FLOAT8, 8});
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* The whole array (subsizes == sizes, starts 0): 6 ints in a row; each
 * level tiles the previous one, so one elem {INT4, 6, 1, 4, 0}, bounds
 * 0..24: CONTIGUOUS | NO_GAPS. */
START_TEST(test_subarray_whole)
{
    static const et_rec d[] = {ET_ELEM(INT4, 6, 1, 4, 0), ET_END(1, 24, 0)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_subarray(2, A64(2, 3), A64(2, 3), A64(0, 0), TSD_ORDER_C, I4, &t));
    ET_BOUNDS(t, 24, 0, 24, 0, 24, 6, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

static Suite *subarray_suite(void)
{
    Suite *s = suite_create("subarray");
    TCase *tc = tcase_create("subarray");

    et_fixture(tc);
    tcase_add_test(tc, test_subarray_c);
    tcase_add_test(tc, test_subarray_fortran);
    tcase_add_test(tc, test_subarray_3d);
    tcase_add_test(tc, test_subarray_whole);
    suite_add_tcase(s, tc);
    return s;
}

/* ==================================================================
 * darray
 * ================================================================ */

/* 4 processes on a 2x2 grid, C order, int, gsizes {5, 6}, distribs {BLOCK,
 * CYCLIC(2)}; rank 1 has grid coordinates (0, 1) (row-major over psizes).
 * Rows: BLOCK, blksize ceil(5/2) = 3, process 0 gets rows 0..2.
 * Columns: CYCLIC(2) over 2 processes: process 1 gets columns 2,3 (the
 * next cycle, 6..7, is past the end).  Type map: (r*6 + c)*4 for r in
 * 0..2, c in 2..3: 8,12, 32,36, 56,60; true 8..64; resized to 0..5*6*4 =
 * 120.  Construction: columns first (C): hvector(1, 2, 16) of int = {INT4,
 * 2, ..., 0}, placed at 2*4 = 8, resized to 0..24; rows: hvector(3, 1, 24)
 * of it: one elem spanning 8 != 24 -> loop {3, 2, 24}.  opt: a one-run body
 * of 3 iterations: {INT4, 3, blocklen 2, extent 24, 8}. */
START_TEST(test_darray_block_cyclic)
{
    static const et_rec d[] = {ET_LOOP(3, 2, 24), ET_ELEM(INT4, 2, 1, 4, 8), ET_END(2, 8, 8),
                               ET_END(3, 24, 8)};
    static const et_rec o[] = {ET_ELEM(INT4, 3, 2, 24, 8), ET_END(1, 24, 8)};
    static const et_ent map[] = {{TSD_INT4, 8},  {TSD_INT4, 12}, {TSD_INT4, 32},
                                 {TSD_INT4, 36}, {TSD_INT4, 56}, {TSD_INT4, 60}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_darray(4, 1, 2, A64(5, 6), AI(TSD_DIST_BLOCK, TSD_DIST_CYCLIC),
                            AI(TSD_DARG_DEFAULT, 2), AI(2, 2), TSD_ORDER_C, I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 24, 0, 120, 8, 64, 6, 4);
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

/* 1-D, 11 ints, CYCLIC(2) over 3 processes, rank 2: blocks start at 2*2 =
 * 4 and every 6: indices 4,5 and 10 (11 is past the end): a full block and
 * a last block of 1.  Bytes 16,20,40; true 16..44; resized to 0..44.
 * Construction: hvector(1, 2, 24) = {INT4, 2, ..., 0}; the short block is
 * added by struct{that @0, int @24} -> {INT4,2,..,0} {INT4,1,..,24}
 * (24 does not continue 0..8); placed at 4*4 = 16: both shifted. */
START_TEST(test_darray_cyclic_remainder)
{
    static const et_rec d[] = {ET_ELEM(INT4, 2, 1, 4, 16), ET_ELEM(INT4, 1, 1, 4, 40),
                               ET_END(2, 12, 16)};
    static const et_ent map[] = {{TSD_INT4, 16}, {TSD_INT4, 20}, {TSD_INT4, 40}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_darray(3, 2, 1, A64(11), AI(TSD_DIST_CYCLIC), AI(2), AI(3), TSD_ORDER_C, I4,
                            &t));
    ET_OK(t);
    ET_BOUNDS(t, 12, 0, 44, 16, 44, 3, 4);
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* Fortran order, 4x3 ints, distribs {NONE, BLOCK}, psizes {1, 2}, rank 1:
 * coordinates (0, 1).  NONE: all 4 rows; BLOCK over 2: blksize 2, process
 * 1 gets column 2 only (3 - 2 = 1 left).  Column 2 in Fortran order: (i +
 * 4*2)*4 = 32..44: one run of 4 ints @32, resized to 0..48: CONTIGUOUS
 * (one run), extent 48 != 16: no NO_GAPS. */
START_TEST(test_darray_none_block_fortran)
{
    static const et_rec d[] = {ET_ELEM(INT4, 4, 1, 4, 32), ET_END(1, 16, 32)};
    tsd_type *t = NULL;

    ET_RC(tsd_create_darray(2, 1, 2, A64(4, 3), AI(TSD_DIST_NONE, TSD_DIST_BLOCK),
                            AI(TSD_DARG_DEFAULT, TSD_DARG_DEFAULT), AI(1, 2), TSD_ORDER_FORTRAN, I4,
                            &t));
    ET_OK(t);
    ET_BOUNDS(t, 16, 0, 48, 32, 48, 4, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* C order, 5x3 ints, distribs {CYCLIC, NONE} (darg default = 1), psizes
 * {2, 1}, rank 1: coordinates (1, 0): rows 1 and 3, all 3 columns: bytes
 * (r*3 + c)*4 = 12,16,20 and 36,40,44; true 12..48; resized to 0..60.
 * Construction: columns: contiguous(3, int) resized to 0..12; rows (not
 * the fastest dimension): hvector(2, 1, 3*4*2 = 24) -> loop {2, 2, 24},
 * the process's first row (1) as an offset: moved by 1*3*4 = 12.  opt: a
 * 12-byte run twice: unrolled. */
START_TEST(test_darray_cyclic_rows)
{
    static const et_rec d[] = {ET_LOOP(2, 2, 24), ET_ELEM(INT4, 3, 1, 4, 12), ET_END(2, 12, 12),
                               ET_END(3, 24, 12)};
    static const et_rec o[] = {ET_ELEM(UINT1, 12, 1, 1, 12), ET_ELEM(UINT1, 12, 1, 1, 36),
                               ET_END(2, 24, 12)};
    static const et_ent map[] = {{TSD_INT4, 12}, {TSD_INT4, 16}, {TSD_INT4, 20},
                                 {TSD_INT4, 36}, {TSD_INT4, 40}, {TSD_INT4, 44}};
    tsd_type *t = NULL;

    ET_RC(tsd_create_darray(2, 1, 2, A64(5, 3), AI(TSD_DIST_CYCLIC, TSD_DIST_NONE),
                            AI(TSD_DARG_DEFAULT, TSD_DARG_DEFAULT), AI(2, 1), TSD_ORDER_C, I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 24, 0, 60, 12, 48, 6, 4);
    ET_TYPEMAP(t, map);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, o);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* BLOCK with darg: 10 ints, blocks of 4 over 3 processes; rank 2 gets
 * 8..9 (min(4, 10 - 8) = 2): contiguous(2, int) at offset 8*4 = 32,
 * resized to 0..40; CONTIGUOUS. */
START_TEST(test_darray_block_darg)
{
    static const et_rec d[] = {ET_ELEM(INT4, 2, 1, 4, 32), ET_END(1, 8, 32)};
    tsd_type *t = NULL;

    ET_RC(
        tsd_create_darray(3, 2, 1, A64(10), AI(TSD_DIST_BLOCK), AI(4), AI(3), TSD_ORDER_C, I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 8, 0, 40, 32, 40, 2, 4);
    ET_COMMIT(t);
    ET_DESC_C(t, d);
    ET_OPT(t, d);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_CONTIGUOUS | TSD_FLAG_COMMITTED);
    tsd_type_free(t);
}
END_TEST

/* A process with nothing: 3 ints, BLOCK over 4, blksize ceil(3/4) = 1;
 * rank 3 starts at 3, past the end: empty type map, but the type still
 * spans the array: size 0, bounds 0..12, true 0/0. */
START_TEST(test_darray_empty_rank)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_darray(4, 3, 1, A64(3), AI(TSD_DIST_BLOCK), AI(TSD_DARG_DEFAULT), AI(4),
                            TSD_ORDER_C, I4, &t));
    ET_OK(t);
    ET_BOUNDS(t, 0, 0, 12, 0, 0, 0, 1);
    ck_assert_int_eq(tsd_desc_of(t)->used, 0);
    ET_PREFLAGS(t, 0);
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_COMMITTED | EMPTY_CONTIG);
    tsd_type_free(t);
}
END_TEST

/* Every rank of the 2x2 BLOCK x CYCLIC(2) case together covers each of the
 * 30 elements exactly once (the distribution is a partition). */
START_TEST(test_darray_partition)
{
    int seen[30] = {0};

    for (int rank = 0; rank < 4; rank++) {
        et_ent map[64];
        tsd_type *t = NULL;
        int64_t n;

        ET_RC(tsd_create_darray(4, rank, 2, A64(5, 6), AI(TSD_DIST_BLOCK, TSD_DIST_CYCLIC),
                                AI(TSD_DARG_DEFAULT, 2), AI(2, 2), TSD_ORDER_C, I4, &t));
        ET_OK(t);
        ck_assert_int_eq(t->lb, 0);
        ck_assert_int_eq(t->ub, 120);
        n = et_typemap(tsd_desc_of(t), map, 64);
        ck_assert_int_eq(n * 4, t->size);
        for (int64_t i = 0; i < n; i++) {
            ck_assert(map[i].disp % 4 == 0 && map[i].disp >= 0 && map[i].disp < 120);
            seen[map[i].disp / 4]++;
        }
        tsd_type_free(t);
    }
    for (int i = 0; i < 30; i++)
        ck_assert_msg(seen[i] == 1, "element %d covered %d times", i, seen[i]);
}
END_TEST

static Suite *darray_suite(void)
{
    Suite *s = suite_create("darray");
    TCase *tc = tcase_create("darray");

    et_fixture(tc);
    tcase_add_test(tc, test_darray_block_cyclic);
    tcase_add_test(tc, test_darray_cyclic_remainder);
    tcase_add_test(tc, test_darray_none_block_fortran);
    tcase_add_test(tc, test_darray_cyclic_rows);
    tcase_add_test(tc, test_darray_block_darg);
    tcase_add_test(tc, test_darray_empty_rank);
    tcase_add_test(tc, test_darray_partition);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[] = {subarray_suite(), darray_suite()};

    return et_run(suites, 2);
}

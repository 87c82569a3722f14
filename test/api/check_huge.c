/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_huge.c - types whose size, extent or bounds pass 2^31, 2^32 and
 * approach 2^63, through the public MPI API.  No buffer is ever touched:
 * only constructors, queries, pack sizes and status counts.
 *
 * Suites:
 *   queries   valid huge types: MPI_Type_size (and MPI_Pack_size) give
 *             MPI_UNDEFINED past INT_MAX (MPI-4.1 section 5.1.5 and 5.2),
 *             the _x/_c forms, the extents and MPI_Pack_external_size the
 *             exact values;
 *   overflow  constructors whose size, extent, bounds or true bounds
 *             would pass 2^63 - 1: MPI_ERR_ARG naming the function, the
 *             output handle untouched, no type left behind;
 *   packsize  MPI_Pack_size(_c) past INT_MAX and 2^63 - 1 (MPI_UNDEFINED),
 *             MPI_Pack_external_size(_c) past 2^63 - 1 (MPI_ERR_COUNT,
 *             *size untouched);
 *   status    element and datatype counts of byte counts up to 2^63 - 1,
 *             and MPI_Status_set_elements(_x, _c) whose bytes overflow.
 *
 * The same source runs standalone (check_huge) and layered over MPICH
 * (test/layered/lt_huge.sh runs its layered build).
 */
#include "apitest.h"

#include <limits.h>
#include <stdint.h>

#define P2(k)    ((MPI_Count)1 << (k))
#define SENTINEL ((MPI_Datatype)0x5a5a5a5a)
#define NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

#define EXPECT_ERROR(call, cls, fn) at_expect_error((call), (cls), (fn), NULL, #call)

/* Helper types the builders below share, made by make_helpers(). */
enum {
    H_G33,     /* contiguous_c(2^30, DOUBLE): 2^33 bytes */
    H_G62,     /* contiguous_c(2^59, DOUBLE): 2^62 bytes */
    H_HIGH,    /* a DOUBLE at 2^62, resized to [0, 8) */
    H_LOW,     /* a DOUBLE at -2^62, resized to [0, 8) */
    H_LONGMAX, /* contiguous_c(2^60 - 1, LONG): 2^63 - 8 bytes, 2^62 - 4 in external32 */
    NHELPERS
};
static MPI_Datatype H[NHELPERS];

static MPI_Datatype placed_double(MPI_Count disp)
{
    MPI_Count bl = 1;
    MPI_Datatype h, r;

    AT_OK(MPI_Type_create_hindexed_c(1, &bl, &disp, MPI_DOUBLE, &h));
    AT_OK(MPI_Type_create_resized(h, 0, 8, &r));
    AT_OK(MPI_Type_free(&h));
    return r;
}

static void make_helpers(void)
{
    AT_OK(MPI_Type_contiguous_c(P2(30), MPI_DOUBLE, &H[H_G33]));
    AT_OK(MPI_Type_contiguous_c(P2(59), MPI_DOUBLE, &H[H_G62]));
    H[H_HIGH] = placed_double(P2(62));
    H[H_LOW] = placed_double(-P2(62));
    AT_OK(MPI_Type_contiguous_c(P2(60) - 1, MPI_LONG, &H[H_LONGMAX]));
    for (int i = 0; i < NHELPERS; i++)
        AT_OK(MPI_Type_commit(&H[i]));
}

static void free_helpers(void)
{
    for (int i = 0; i < NHELPERS; i++)
        AT_OK(MPI_Type_free(&H[i]));
}

/* ------------------------------------------------------------------
 * queries: valid types, exact values
 * ---------------------------------------------------------------- */

static int mk_contig_2g(MPI_Datatype *t)
{
    return MPI_Type_contiguous_c(P2(28), MPI_DOUBLE, t);
}
static int mk_contig_intmax(MPI_Datatype *t)
{
    return MPI_Type_contiguous(INT_MAX, MPI_BYTE, t);
}
/* 2^32 + 8 bytes: an int cast would give 8 */
static int mk_contig_4g8(MPI_Datatype *t)
{
    return MPI_Type_contiguous_c(P2(29) + 1, MPI_DOUBLE, t);
}
static int mk_contig_nested(MPI_Datatype *t)
{
    MPI_Datatype a;
    int rc;

    AT_OK(MPI_Type_contiguous(65536, MPI_DOUBLE, &a));
    rc = MPI_Type_contiguous(65536, a, t);
    AT_OK(MPI_Type_free(&a));
    return rc;
}
static int mk_contig_max(MPI_Datatype *t)
{
    return MPI_Type_contiguous_c(P2(60) - 1, MPI_DOUBLE, t);
}
static int mk_vector(MPI_Datatype *t)
{
    return MPI_Type_vector(1 << 20, 1 << 12, 1 << 13, MPI_DOUBLE, t);
}
static int mk_hvector_c(MPI_Datatype *t)
{
    return MPI_Type_create_hvector_c(P2(30), 1, P2(32), MPI_DOUBLE, t);
}
static int mk_vector_of_big(MPI_Datatype *t)
{
    return MPI_Type_vector(2, 1, 1 << 29, H[H_G33], t);
}
static int mk_resized(MPI_Datatype *t)
{
    return MPI_Type_create_resized(MPI_DOUBLE, -P2(62), P2(62) + P2(61), t);
}
static int mk_resized_max(MPI_Datatype *t)
{
    return MPI_Type_create_resized_c(MPI_DOUBLE, -P2(62), INT64_MAX, t);
}
static int mk_hindexed_c(MPI_Datatype *t)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {-P2(62), P2(62) - 16};
    return MPI_Type_create_hindexed_c(2, bl, d, MPI_DOUBLE, t);
}
static int mk_hindexed(MPI_Datatype *t)
{
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {-P2(62), P2(62) - 16};
    return MPI_Type_create_hindexed(2, bl, d, MPI_DOUBLE, t);
}
static int mk_struct_c(MPI_Datatype *t)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {-P2(62), P2(62) - 64};
    MPI_Datatype ty[2] = {MPI_DOUBLE, MPI_INT};
    return MPI_Type_create_struct_c(2, bl, d, ty, t);
}
/* extent 24, true extent 2^63 - 8 */
static int mk_struct_true(MPI_Datatype *t)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {-16, 0};
    MPI_Datatype ty[2] = {H[H_HIGH], H[H_LOW]};
    return MPI_Type_create_struct_c(2, bl, d, ty, t);
}
static int mk_indexed(MPI_Datatype *t)
{
    int bl = 1, d = -(1 << 29);
    return MPI_Type_indexed(1, &bl, &d, H[H_G33], t);
}
static int mk_indexed_block_c(MPI_Datatype *t)
{
    MPI_Count d = -P2(60);
    return MPI_Type_create_indexed_block_c(1, 1, &d, MPI_DOUBLE, t);
}
static int mk_subarray_c(MPI_Datatype *t)
{
    int sz[2] = {1 << 30, 1 << 29}, sub[2] = {1, 2}, st[2] = {(1 << 30) - 1, 0};
    return MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_DOUBLE, t);
}
static int mk_subarray_f(MPI_Datatype *t)
{
    int sz[2] = {1 << 30, 1 << 29}, sub[2] = {1, 2}, st[2] = {(1 << 30) - 1, 0};
    return MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_FORTRAN, MPI_DOUBLE, t);
}
static int mk_darray(MPI_Datatype *t)
{
    int gs[2] = {1 << 30, 1 << 29}, di[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC},
        da[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, ps[2] = {1, 1};
    return MPI_Type_create_darray(1, 0, 2, gs, di, da, ps, MPI_ORDER_C, MPI_DOUBLE, t);
}

typedef struct {
    const char *name;
    int (*make)(MPI_Datatype *t);
    MPI_Count size, lb, extent, true_lb, true_extent;
} huge_case;

static const huge_case valid[] = {
    {"contiguous_c(2^28, DOUBLE)", mk_contig_2g, P2(31), 0, P2(31), 0, P2(31)},
    {"contiguous(INT_MAX, BYTE)", mk_contig_intmax, INT_MAX, 0, INT_MAX, 0, INT_MAX},
    {"contiguous_c(2^29 + 1, DOUBLE)", mk_contig_4g8, P2(32) + 8, 0, P2(32) + 8, 0, P2(32) + 8},
    {"contiguous(2^16, contiguous(2^16, DOUBLE))", mk_contig_nested, P2(35), 0, P2(35), 0, P2(35)},
    {"contiguous_c(2^60 - 1, DOUBLE)", mk_contig_max, INT64_MAX - 7, 0, INT64_MAX - 7, 0,
     INT64_MAX - 7},
    {"vector(2^20, 2^12, 2^13, DOUBLE)", mk_vector, P2(35), 0, ((P2(20) - 1) * P2(13) + P2(12)) * 8,
     0, ((P2(20) - 1) * P2(13) + P2(12)) * 8},
    {"hvector_c(2^30, 1, 2^32, DOUBLE)", mk_hvector_c, P2(33), 0, (P2(30) - 1) * P2(32) + 8, 0,
     (P2(30) - 1) * P2(32) + 8},
    {"vector(2, 1, 2^29, 2^33 bytes)", mk_vector_of_big, P2(34), 0, P2(62) + P2(33), 0,
     P2(62) + P2(33)},
    {"resized(DOUBLE, -2^62, 3 * 2^61)", mk_resized, 8, -P2(62), P2(62) + P2(61), 0, 8},
    {"resized_c(DOUBLE, -2^62, 2^63 - 1)", mk_resized_max, 8, -P2(62), INT64_MAX, 0, 8},
    {"hindexed_c({-2^62, 2^62 - 16}, DOUBLE)", mk_hindexed_c, 16, -P2(62), INT64_MAX - 7, -P2(62),
     INT64_MAX - 7},
    {"hindexed({-2^62, 2^62 - 16}, DOUBLE)", mk_hindexed, 16, -P2(62), INT64_MAX - 7, -P2(62),
     INT64_MAX - 7},
    /* the int ends at 2^62 - 60, padded to 8: ub 2^62 - 56 */
    {"struct_c{DOUBLE at -2^62, INT at 2^62 - 64}", mk_struct_c, 12, -P2(62), INT64_MAX - 55,
     -P2(62), INT64_MAX - 59},
    {"struct_c{[DOUBLE at 2^62] at -16, [DOUBLE at -2^62] at 0}", mk_struct_true, 16, -16, 24,
     -P2(62), INT64_MAX - 7},
    {"indexed({-2^29}, 2^33 bytes)", mk_indexed, P2(33), -P2(62), P2(33), -P2(62), P2(33)},
    {"indexed_block_c({-2^60}, DOUBLE)", mk_indexed_block_c, 8, INT64_MIN, 8, INT64_MIN, 8},
    {"subarray C (2^30 x 2^29 DOUBLE)", mk_subarray_c, 16, 0, P2(62), P2(62) - P2(32), 16},
    {"subarray Fortran (2^30 x 2^29 DOUBLE)", mk_subarray_f, 16, 0, P2(62), (P2(30) - 1) * 8,
     P2(33) + 8},
    {"darray block/cyclic (2^30 x 2^29 DOUBLE), 1 process", mk_darray, P2(62), 0, P2(62), 0,
     P2(62)},
};

static void check_valid(const huge_case *c)
{
    MPI_Datatype t = SENTINEL;
    MPI_Count cx = -5, cc = -5, lbx = -5, extx = -5, lbc = -5, extc = -5;
    MPI_Aint lb = -5, ext = -5, esize = -5;
    int isz = -5, psz = -5;
    const int narrow = c->size > INT_MAX ? MPI_UNDEFINED : (int)c->size;

    AT_OK(c->make(&t));
    AT_OK(MPI_Type_commit(&t));
    AT_OK(MPI_Type_size(t, &isz));
    ck_assert_msg(isz == narrow, "%s: MPI_Type_size %d, expected %d", c->name, isz, narrow);
    AT_OK(MPI_Type_size_x(t, &cx));
    AT_OK(MPI_Type_size_c(t, &cc));
    ck_assert_msg(cx == c->size && cc == c->size, "%s: size_x %lld, size_c %lld, expected %lld",
                  c->name, (long long)cx, (long long)cc, (long long)c->size);

    AT_OK(MPI_Type_get_extent(t, &lb, &ext));
    AT_OK(MPI_Type_get_extent_x(t, &lbx, &extx));
    AT_OK(MPI_Type_get_extent_c(t, &lbc, &extc));
    ck_assert_msg(lb == c->lb && lbx == c->lb && lbc == c->lb && ext == c->extent &&
                      extx == c->extent && extc == c->extent,
                  "%s: lb %lld/%lld/%lld extent %lld/%lld/%lld, expected %lld, %lld", c->name,
                  (long long)lb, (long long)lbx, (long long)lbc, (long long)ext, (long long)extx,
                  (long long)extc, (long long)c->lb, (long long)c->extent);
    AT_OK(MPI_Type_get_true_extent(t, &lb, &ext));
    AT_OK(MPI_Type_get_true_extent_x(t, &lbx, &extx));
    AT_OK(MPI_Type_get_true_extent_c(t, &lbc, &extc));
    ck_assert_msg(lb == c->true_lb && lbx == c->true_lb && lbc == c->true_lb &&
                      ext == c->true_extent && extx == c->true_extent && extc == c->true_extent,
                  "%s: true lb %lld/%lld/%lld extent %lld/%lld/%lld, expected %lld, %lld", c->name,
                  (long long)lb, (long long)lbx, (long long)lbc, (long long)ext, (long long)extx,
                  (long long)extc, (long long)c->true_lb, (long long)c->true_extent);

    /* native and external32 sizes agree for BYTE, INT and DOUBLE */
    AT_OK(MPI_Pack_size(1, t, MPI_COMM_WORLD, &psz));
    ck_assert_msg(psz == narrow, "%s: MPI_Pack_size %d, expected %d", c->name, psz, narrow);
    AT_OK(MPI_Pack_size_c(1, t, MPI_COMM_WORLD, &cc));
    ck_assert_msg(cc == c->size, "%s: MPI_Pack_size_c %lld", c->name, (long long)cc);
    AT_OK(MPI_Pack_external_size("external32", 1, t, &esize));
    AT_OK(MPI_Pack_external_size_c("external32", 1, t, &cc));
    ck_assert_msg(esize == c->size && cc == c->size, "%s: MPI_Pack_external_size %lld/%lld",
                  c->name, (long long)esize, (long long)cc);
    AT_OK(MPI_Type_free(&t));
}

START_TEST(test_valid)
{
    long live = typeshim_live_types();

    make_helpers();
    check_valid(&valid[_i]);
    free_helpers();
    ck_assert_int_eq(typeshim_live_types(), live);
}
END_TEST

/* ------------------------------------------------------------------
 * overflow: clean errors at construction
 * ---------------------------------------------------------------- */

/* size 2^63 */
static int ov_contig_c(MPI_Datatype *t)
{
    return MPI_Type_contiguous_c(P2(60), MPI_DOUBLE, t);
}
static int ov_contig_nested(MPI_Datatype *t)
{
    return MPI_Type_contiguous(2, H[H_G62], t);
}
/* stride * extent: 2 * 2^62, (2^31 - 1) * 2^33, 2^61 * 8 */
static int ov_vector_stride(MPI_Datatype *t)
{
    return MPI_Type_vector(2, 1, 2, H[H_G62], t);
}
static int ov_vector_intmax(MPI_Datatype *t)
{
    return MPI_Type_vector(3, 1, INT_MAX, H[H_G33], t);
}
static int ov_vector_c_stride(MPI_Datatype *t)
{
    return MPI_Type_vector_c(3, 1, P2(61), MPI_DOUBLE, t);
}
/* (count - 1) * stride: 2 * 2^62 */
static int ov_vector_c_span(MPI_Datatype *t)
{
    return MPI_Type_vector_c(3, 1, P2(59), MPI_DOUBLE, t);
}
/* blocklength * size: 2^61 * 8 */
static int ov_hvector_c_block(MPI_Datatype *t)
{
    return MPI_Type_create_hvector_c(1, P2(61), 0, MPI_DOUBLE, t);
}
/* ub 2^63 - 1 + 8 */
static int ov_hvector_c_ub(MPI_Datatype *t)
{
    return MPI_Type_create_hvector_c(2, 1, INT64_MAX, MPI_DOUBLE, t);
}
/* lb -2^63 and ub 8 fit, the extent 2^63 + 8 does not */
static int ov_hvector_extent(MPI_Datatype *t)
{
    return MPI_Type_create_hvector(3, 1, -P2(62), MPI_DOUBLE, t);
}
static int ov_resized_ub(MPI_Datatype *t)
{
    return MPI_Type_create_resized_c(MPI_DOUBLE, P2(62), P2(62), t);
}
static int ov_resized_low(MPI_Datatype *t)
{
    return MPI_Type_create_resized(MPI_DOUBLE, INT64_MIN, -1, t);
}
static int ov_hindexed_c_extent(MPI_Datatype *t)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {-P2(62), P2(62)};
    return MPI_Type_create_hindexed_c(2, bl, d, MPI_DOUBLE, t);
}
static int ov_hindexed_ub(MPI_Datatype *t)
{
    int bl = 1;
    MPI_Aint d = INT64_MAX - 4;
    return MPI_Type_create_hindexed(1, &bl, &d, MPI_DOUBLE, t);
}
static int ov_hindexed_block_c(MPI_Datatype *t)
{
    MPI_Count d[2] = {0, 0};
    return MPI_Type_create_hindexed_block_c(2, P2(61), d, MPI_DOUBLE, t);
}
static int ov_struct_c_extent(MPI_Datatype *t)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {-P2(62), P2(62)};
    MPI_Datatype ty[2] = {MPI_DOUBLE, MPI_INT};
    return MPI_Type_create_struct_c(2, bl, d, ty, t);
}
static int ov_struct_ub(MPI_Datatype *t)
{
    int bl = 1;
    MPI_Aint d = INT64_MAX - 7;
    MPI_Datatype ty = MPI_DOUBLE;
    return MPI_Type_create_struct(1, &bl, &d, &ty, t);
}
/* bounds [0, 8), true bounds [-2^62, 2^62 + 8) */
static int ov_struct_true(MPI_Datatype *t)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {0, 0};
    MPI_Datatype ty[2] = {H[H_HIGH], H[H_LOW]};
    return MPI_Type_create_struct_c(2, bl, d, ty, t);
}
/* displacement * extent: 2^31 - 1 times 2^33, 2^61 times 8 */
static int ov_indexed(MPI_Datatype *t)
{
    int bl = 1, d = INT_MAX;
    return MPI_Type_indexed(1, &bl, &d, H[H_G33], t);
}
static int ov_indexed_c(MPI_Datatype *t)
{
    MPI_Count bl = 1, d = P2(61);
    return MPI_Type_indexed_c(1, &bl, &d, MPI_DOUBLE, t);
}
static int ov_indexed_block(MPI_Datatype *t)
{
    int d = INT_MAX;
    return MPI_Type_create_indexed_block(1, 1, &d, H[H_G33], t);
}
/* -2^63 - 8 */
static int ov_indexed_block_c(MPI_Datatype *t)
{
    MPI_Count d = -P2(60) - 1;
    return MPI_Type_create_indexed_block_c(1, 1, &d, MPI_DOUBLE, t);
}
/* the product of the sizes: 2^90 elements, 2^62 * 8 bytes */
static int ov_subarray(MPI_Datatype *t)
{
    int sz[3] = {1 << 30, 1 << 30, 1 << 30}, sub[3] = {1, 1, 1}, st[3] = {0, 0, 0};
    return MPI_Type_create_subarray(3, sz, sub, st, MPI_ORDER_C, MPI_DOUBLE, t);
}
static int ov_subarray_c(MPI_Datatype *t)
{
    MPI_Count sz[2] = {P2(31), P2(31)}, sub[2] = {1, 1}, st[2] = {0, 0};
    return MPI_Type_create_subarray_c(2, sz, sub, st, MPI_ORDER_FORTRAN, MPI_DOUBLE, t);
}
static int ov_darray(MPI_Datatype *t)
{
    int gs[3] = {1 << 30, 1 << 30, 1 << 30},
        di[3] = {MPI_DISTRIBUTE_NONE, MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_CYCLIC},
        da[3] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG},
        ps[3] = {1, 1, 1};
    return MPI_Type_create_darray(1, 0, 3, gs, di, da, ps, MPI_ORDER_C, MPI_DOUBLE, t);
}
static int ov_darray_c(MPI_Datatype *t)
{
    MPI_Count gs[2] = {P2(31), P2(31)};
    int di[2] = {MPI_DISTRIBUTE_BLOCK, MPI_DISTRIBUTE_NONE},
        da[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG}, ps[2] = {1, 1};
    return MPI_Type_create_darray_c(1, 0, 2, gs, di, da, ps, MPI_ORDER_FORTRAN, MPI_DOUBLE, t);
}

typedef struct {
    const char *name, *fn;
    int (*make)(MPI_Datatype *t);
} overflow_case;

static const overflow_case overflows[] = {
    {"contiguous_c(2^60, DOUBLE)", "MPI_Type_contiguous_c", ov_contig_c},
    {"contiguous(2, 2^62 bytes)", "MPI_Type_contiguous", ov_contig_nested},
    {"vector(2, 1, 2, 2^62 bytes)", "MPI_Type_vector", ov_vector_stride},
    {"vector(3, 1, INT_MAX, 2^33 bytes)", "MPI_Type_vector", ov_vector_intmax},
    {"vector_c(3, 1, 2^61, DOUBLE)", "MPI_Type_vector_c", ov_vector_c_stride},
    {"vector_c(3, 1, 2^59, DOUBLE)", "MPI_Type_vector_c", ov_vector_c_span},
    {"hvector_c(1, 2^61, 0, DOUBLE)", "MPI_Type_create_hvector_c", ov_hvector_c_block},
    {"hvector_c(2, 1, 2^63 - 1, DOUBLE)", "MPI_Type_create_hvector_c", ov_hvector_c_ub},
    {"hvector(3, 1, -2^62, DOUBLE)", "MPI_Type_create_hvector", ov_hvector_extent},
    {"resized_c(DOUBLE, 2^62, 2^62)", "MPI_Type_create_resized_c", ov_resized_ub},
    {"resized(DOUBLE, -2^63, -1)", "MPI_Type_create_resized", ov_resized_low},
    {"hindexed_c({-2^62, 2^62}, DOUBLE)", "MPI_Type_create_hindexed_c", ov_hindexed_c_extent},
    {"hindexed({2^63 - 5}, DOUBLE)", "MPI_Type_create_hindexed", ov_hindexed_ub},
    {"hindexed_block_c(2, 2^61, DOUBLE)", "MPI_Type_create_hindexed_block_c", ov_hindexed_block_c},
    {"struct_c{DOUBLE at -2^62, INT at 2^62}", "MPI_Type_create_struct_c", ov_struct_c_extent},
    {"struct{DOUBLE at 2^63 - 8}", "MPI_Type_create_struct", ov_struct_ub},
    {"struct_c true bounds [-2^62, 2^62 + 8)", "MPI_Type_create_struct_c", ov_struct_true},
    {"indexed({INT_MAX}, 2^33 bytes)", "MPI_Type_indexed", ov_indexed},
    {"indexed_c({2^61}, DOUBLE)", "MPI_Type_indexed_c", ov_indexed_c},
    {"indexed_block({INT_MAX}, 2^33 bytes)", "MPI_Type_create_indexed_block", ov_indexed_block},
    {"indexed_block_c({-2^60 - 1}, DOUBLE)", "MPI_Type_create_indexed_block_c", ov_indexed_block_c},
    {"subarray(2^30 x 2^30 x 2^30 DOUBLE)", "MPI_Type_create_subarray", ov_subarray},
    {"subarray_c(2^31 x 2^31 DOUBLE)", "MPI_Type_create_subarray_c", ov_subarray_c},
    {"darray(2^30 x 2^30 x 2^30 DOUBLE)", "MPI_Type_create_darray", ov_darray},
    {"darray_c(2^31 x 2^31 DOUBLE)", "MPI_Type_create_darray_c", ov_darray_c},
};

START_TEST(test_overflow)
{
    const overflow_case *c = &overflows[_i];
    long live = typeshim_live_types(), made;
    MPI_Datatype t = SENTINEL;
    char msg[MPI_MAX_ERROR_STRING];
    int rc, len = 0;

    make_helpers();
    made = typeshim_live_types();
    at_errors_return();
    rc = c->make(&t);
    at_errors_fatal();
    EXPECT_ERROR(rc, MPI_ERR_ARG, c->fn);
    AT_OK(MPI_Error_string(rc, msg, &len));
    ck_assert_msg(strstr(msg, "overflow") != NULL, "%s: message '%s'", c->name, msg);
    ck_assert_msg(t == SENTINEL, "%s: newtype written (%#x)", c->name, (unsigned)t);
    ck_assert_int_eq(typeshim_live_types(), made);
    free_helpers();
    ck_assert_int_eq(typeshim_live_types(), live);
}
END_TEST

/* ------------------------------------------------------------------
 * packsize
 * ---------------------------------------------------------------- */

START_TEST(test_pack_size)
{
    MPI_Count sc = -5;
    int s = -5;

    make_helpers();
    AT_OK(MPI_Pack_size(INT_MAX, MPI_BYTE, MPI_COMM_WORLD, &s));
    ck_assert_int_eq(s, INT_MAX);
    /* 2^33 bytes; once MPI_ERR_COUNT */
    AT_OK(MPI_Pack_size(1 << 30, MPI_DOUBLE, MPI_COMM_WORLD, &s));
    ck_assert_int_eq(s, MPI_UNDEFINED);
    AT_OK(MPI_Pack_size_c(1 << 30, MPI_DOUBLE, MPI_COMM_WORLD, &sc));
    ck_assert_int_eq(sc, P2(33));
    /* (2^31 - 1) * 2^62 passes 2^63 - 1: neither form can express it */
    s = -5;
    AT_OK(MPI_Pack_size(INT_MAX, H[H_G62], MPI_COMM_WORLD, &s));
    ck_assert_int_eq(s, MPI_UNDEFINED);
    AT_OK(MPI_Pack_size_c(INT_MAX, H[H_G62], MPI_COMM_WORLD, &sc));
    ck_assert_int_eq(sc, MPI_UNDEFINED);
    AT_OK(MPI_Pack_size_c(P2(62), MPI_DOUBLE, MPI_COMM_WORLD, &sc));
    ck_assert_int_eq(sc, MPI_UNDEFINED);
    AT_OK(MPI_Pack_size_c(P2(60) - 1, MPI_DOUBLE, MPI_COMM_WORLD, &sc));
    ck_assert_int_eq(sc, INT64_MAX - 7);
    AT_OK(MPI_Pack_size_c(1, H[H_LONGMAX], MPI_COMM_WORLD, &sc));
    ck_assert_int_eq(sc, INT64_MAX - 7);
    free_helpers();
}
END_TEST

/* C long is 4 bytes in external32: a type of 2^63 - 8 native bytes packs
 * into 2^62 - 4, twice fits, three times does not. */
START_TEST(test_pack_external_size)
{
    MPI_Aint a = -5;
    MPI_Count c = -5;

    make_helpers();
    AT_OK(MPI_Pack_external_size("external32", 1 << 30, MPI_DOUBLE, &a));
    ck_assert_int_eq(a, P2(33));
    AT_OK(MPI_Pack_external_size("external32", 1, H[H_LONGMAX], &a));
    ck_assert_int_eq(a, P2(62) - 4);
    AT_OK(MPI_Pack_external_size_c("external32", 2, H[H_LONGMAX], &c));
    ck_assert_int_eq(c, INT64_MAX - 7);
    at_errors_return();
    /* the size stays as it was: once the wrapped product was written */
    EXPECT_ERROR(MPI_Pack_external_size("external32", 3, H[H_LONGMAX], &a), MPI_ERR_COUNT,
                 "MPI_Pack_external_size");
    ck_assert_int_eq(a, P2(62) - 4);
    EXPECT_ERROR(MPI_Pack_external_size("external32", INT_MAX, H[H_G62], &a), MPI_ERR_COUNT,
                 "MPI_Pack_external_size");
    ck_assert_int_eq(a, P2(62) - 4);
    EXPECT_ERROR(MPI_Pack_external_size_c("external32", P2(62), MPI_DOUBLE, &c), MPI_ERR_COUNT,
                 "MPI_Pack_external_size_c");
    ck_assert_int_eq(c, INT64_MAX - 7);
    at_errors_fatal();
    free_helpers();
}
END_TEST

/* ------------------------------------------------------------------
 * status
 * ---------------------------------------------------------------- */

static MPI_Count bytes_of(const MPI_Status *s)
{
    MPI_Count b = -5;

    AT_OK(MPI_Get_elements_x(s, MPI_BYTE, &b));
    return b;
}

/* count of datatype in s: int, _c; elements: int, _x, _c */
static void expect_counts(const MPI_Status *s, MPI_Datatype t, MPI_Count count, MPI_Count elems)
{
    int ci = -5, ei = -5;
    MPI_Count cc = -5, ex = -5, ec = -5;
    const int count_i = count > INT_MAX ? MPI_UNDEFINED : (int)count;
    const int elems_i = elems > INT_MAX ? MPI_UNDEFINED : (int)elems;

    AT_OK(MPI_Get_count(s, t, &ci));
    AT_OK(MPI_Get_count_c(s, t, &cc));
    ck_assert_msg(ci == count_i && cc == count, "Get_count %d, _c %lld; expected %d, %lld", ci,
                  (long long)cc, count_i, (long long)count);
    AT_OK(MPI_Get_elements(s, t, &ei));
    AT_OK(MPI_Get_elements_x(s, t, &ex));
    AT_OK(MPI_Get_elements_c(s, t, &ec));
    ck_assert_msg(ei == elems_i && ex == elems && ec == elems,
                  "Get_elements %d, _x %lld, _c %lld; expected %d, %lld", ei, (long long)ex,
                  (long long)ec, elems_i, (long long)elems);
}

START_TEST(test_status_huge_bytes)
{
    MPI_Datatype t40, mixed;
    MPI_Status s;

    AT_OK(MPI_Type_contiguous_c(P2(40), MPI_BYTE, &t40));
    AT_OK(MPI_Type_commit(&t40));
    {
        /* {int, double} is 12 bytes, 2 elements */
        int bl[2] = {1, 1};
        MPI_Aint d[2] = {0, 4};
        MPI_Datatype ty[2] = {MPI_INT, MPI_DOUBLE};
        AT_OK(MPI_Type_create_struct(2, bl, d, ty, &mixed));
        AT_OK(MPI_Type_commit(&mixed));
    }
    at_status_init(&s);
    AT_OK(MPI_Status_set_elements_x(&s, MPI_BYTE, P2(62)));
    ck_assert_int_eq(bytes_of(&s), P2(62));
    expect_counts(&s, MPI_BYTE, P2(62), P2(62));
    expect_counts(&s, MPI_DOUBLE, P2(59), P2(59));
    /* 2^22 copies fit an int, their 2^62 elements do not */
    expect_counts(&s, t40, P2(22), P2(62));
    /* 2^62 = 12 * 384307168202282325 + 4: the incomplete copy holds its int */
    expect_counts(&s, mixed, MPI_UNDEFINED, 2 * 384307168202282325LL + 1);

    /* the largest byte count a status holds */
    AT_OK(MPI_Status_set_elements_c(&s, MPI_BYTE, INT64_MAX));
    ck_assert_int_eq(bytes_of(&s), INT64_MAX);
    expect_counts(&s, MPI_BYTE, INT64_MAX, INT64_MAX);
    /* a basic type counts whole ones only, elements too (as MPICH) */
    expect_counts(&s, MPI_SHORT, MPI_UNDEFINED, MPI_UNDEFINED);
    expect_counts(&s, t40, MPI_UNDEFINED, INT64_MAX);

    /* INT_MAX bytes: the int forms still answer */
    AT_OK(MPI_Status_set_elements(&s, MPI_BYTE, INT_MAX));
    expect_counts(&s, MPI_BYTE, INT_MAX, INT_MAX);
    at_status_fields_kept(&s);
    AT_OK(MPI_Type_free(&t40));
    AT_OK(MPI_Type_free(&mixed));
}
END_TEST

/* Elements are basic elements (MPI-4.1 section 13.3 by way of
 * MPI_Get_elements): n elements of a type of 2^37 doubles are 8n bytes,
 * not n * 2^40 (which MPICH 4.0.2 stores, wrapped). */
START_TEST(test_status_set_elements)
{
    MPI_Datatype t;
    MPI_Status s;

    AT_OK(MPI_Type_contiguous_c(P2(37), MPI_DOUBLE, &t));
    AT_OK(MPI_Type_commit(&t));
    at_status_init(&s);
    AT_OK(MPI_Status_set_elements(&s, t, 1 << 30));
    ck_assert_int_eq(bytes_of(&s), P2(33));
    expect_counts(&s, t, MPI_UNDEFINED, P2(30));
    AT_OK(MPI_Status_set_elements_x(&s, t, 3 * P2(37)));
    ck_assert_int_eq(bytes_of(&s), 3 * P2(40));
    expect_counts(&s, t, 3, 3 * P2(37));
    /* 2^60 - 1 doubles: 2^63 - 8 bytes, the most that fits */
    AT_OK(MPI_Status_set_elements_c(&s, t, P2(60) - 1));
    ck_assert_int_eq(bytes_of(&s), INT64_MAX - 7);
    expect_counts(&s, t, MPI_UNDEFINED, P2(60) - 1);
    expect_counts(&s, MPI_DOUBLE, P2(60) - 1, P2(60) - 1);

    /* 2^60 doubles, 2^61: the bytes pass 2^63 - 1; the status keeps its count */
    at_errors_return();
    EXPECT_ERROR(MPI_Status_set_elements_x(&s, t, P2(60)), MPI_ERR_COUNT,
                 "MPI_Status_set_elements_x");
    EXPECT_ERROR(MPI_Status_set_elements_c(&s, t, P2(61)), MPI_ERR_COUNT,
                 "MPI_Status_set_elements_c");
    EXPECT_ERROR(MPI_Status_set_elements_c(&s, MPI_DOUBLE, INT64_MAX), MPI_ERR_COUNT,
                 "MPI_Status_set_elements_c");
    at_errors_fatal();
    ck_assert_int_eq(bytes_of(&s), INT64_MAX - 7);
    at_status_fields_kept(&s);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* ------------------------------------------------------------------ */

/* The layered run says which mode it must run in (CHECK_HUGE_MODE), so a
 * run that silently fell back to standalone fails. */
START_TEST(test_mode)
{
    const char *want = getenv("CHECK_HUGE_MODE");

    ck_assert_int_eq(typeshim_mode(), want ? atoi(want) : TYPESHIM_MODE_STANDALONE);
}
END_TEST

static Suite *huge_suite(void)
{
    Suite *s = suite_create("huge");
    TCase *tc;

    tc = tcase_create("queries");
    tcase_add_loop_test(tc, test_valid, 0, NELEM(valid));
    suite_add_tcase(s, tc);
    tc = tcase_create("overflow");
    tcase_add_loop_test(tc, test_overflow, 0, NELEM(overflows));
    suite_add_tcase(s, tc);
    tc = tcase_create("packsize");
    tcase_add_test(tc, test_pack_size);
    tcase_add_test(tc, test_pack_external_size);
    suite_add_tcase(s, tc);
    tc = tcase_create("status");
    tcase_add_test(tc, test_status_huge_bytes);
    tcase_add_test(tc, test_status_set_elements);
    suite_add_tcase(s, tc);
    tc = tcase_create("mode");
    tcase_add_test(tc, test_mode);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[] = {huge_suite()};
    return at_run(suites, 1, 0);
}

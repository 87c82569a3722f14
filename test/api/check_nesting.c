/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_nesting.c - types nested deeply over a repeated member.
 *
 * A struct of two copies of one type at a constant step doubles its type
 * map at every level; its description must not double with it (it is one
 * loop around the member's).  Copies at irregular displacements are kept
 * flat, and a description that would outgrow its budget is refused with
 * MPI_ERR_NO_MEM, never built at the cost of all memory.  Every answer
 * is compared with what the construction arguments imply: sizes and
 * extents by recurrence, packed bytes by a walker that follows the
 * construction tree, folded types against the same layout built from
 * distinct member types of one construction, which nothing folds (a dup
 * is the same member as its source: it folds).
 */
#include <malloc.h>
#include <stdint.h>
#include <time.h>

#include "apitest.h"

static double now(void)
{
    struct timespec ts;

    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* A wall-time bound, which these tests keep to catch a superlinear
 * algorithm; memcheck (make check with --enable-valgrind-tests, which
 * exports TS_VALGRIND=yes) runs code some fifty times slower. */
static double time_limit(double seconds)
{
    const char *vg = getenv("TS_VALGRIND");

    return vg && !strcmp(vg, "yes") ? 50 * seconds : seconds;
}

/* How many lines typeshim_type_dump writes for t. */
static long dump_lines(MPI_Datatype t)
{
    FILE *f = tmpfile();
    long lines = 0;
    int ch;

    ck_assert_ptr_nonnull(f);
    AT_OK(typeshim_type_dump(t, f));
    rewind(f);
    while ((ch = getc(f)) != EOF)
        lines += ch == '\n';
    fclose(f);
    return lines;
}

/* The base member: double@0, int@8, char@12 (13 bytes, extent 16). */
static MPI_Datatype base_type(void)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint d[3] = {0, 8, 12};
    MPI_Datatype ty[3] = {MPI_DOUBLE, MPI_INT, MPI_CHAR}, t;

    AT_OK(MPI_Type_create_struct(3, bl, d, ty, &t));
    return t;
}

/* Memory offset of byte p of the packed stream of level k of a tower
 * whose level j holds `ways` copies of level j - 1 at disp[j][i]. */
#define MAXLEV 40
static int64_t level_size[MAXLEV + 1];
static int64_t level_disp[MAXLEV + 1][3];

static int64_t offset_of(int k, int64_t p)
{
    int64_t off = 0;

    for (; k > 0; k--) {
        int64_t i = p / level_size[k - 1];
        off += level_disp[k][i];
        p -= i * level_size[k - 1];
    }
    /* the base is gap-free up to its 13th byte: double@0, int@8, char@12 */
    return off + p;
}

/* Packs bytes [first, first + n) of one t at origin (an address standing
 * for offset 0, possibly outside mem) and compares them with mem read
 * at offset_of. */
static void check_segment(MPI_Datatype t, int k, const unsigned char *mem, size_t memlen,
                          uintptr_t origin, int64_t first, int64_t n)
{
    unsigned char out[512], back[512];

    ck_assert_int_le(n, (int64_t)sizeof out);
    AT_OK(typeshim_pack_segment((const void *)origin, 1, t, first, first + n, out));
    for (int64_t p = 0; p < n; p++) {
        uintptr_t at = origin + (uintptr_t)offset_of(k, first + p);
        ck_assert_msg(at >= (uintptr_t)mem && at < (uintptr_t)mem + memlen,
                      "level %d: packed byte %lld maps outside the test buffer", k,
                      (long long)(first + p));
        ck_assert_msg(out[p] == *(const unsigned char *)at,
                      "level %d: packed byte %lld is %#x, expected %#x", k, (long long)(first + p),
                      out[p], *(const unsigned char *)at);
    }
    /* and back: unpacking the segment rewrites exactly those bytes */
    memcpy(back, out, (size_t)n);
    AT_OK(typeshim_unpack_segment(back, first, first + n, (void *)origin, 1, t));
    for (int64_t p = 0; p < n; p++)
        ck_assert_int_eq(back[p],
                         *(const unsigned char *)(origin + (uintptr_t)offset_of(k, first + p)));
}

static int64_t pow3(int k)
{
    int64_t p = 1;

    while (k-- > 0)
        p *= 3;
    return p;
}

static void fill(unsigned char *mem, size_t n)
{
    for (size_t i = 0; i < n; i++)
        mem[i] = (unsigned char)(i * 131 + (i >> 8) * 7 + 1);
}

/* T_k = struct{T_{k-1}@0, T_{k-1}@extent+8}: 32 levels, 2^32 copies of
 * the base, built, committed and asked everything in well under a second. */
START_TEST(test_nesting_doubling)
{
    enum { LEVELS = 32 };
    MPI_Datatype t[LEVELS + 1];
    int64_t ext[LEVELS + 1];
    MPI_Count size, lb, extent, tlb, text, psize;
    int ni, na, nd, comb, ints[3];
    MPI_Aint addrs[2];
    MPI_Datatype kids[2];
    static unsigned char mem[1 << 16];
    double t0, elapsed;
    long live0 = typeshim_live_types();

    t0 = now();
    t[0] = base_type();
    ext[0] = 16;
    level_size[0] = 13;
    for (int k = 1; k <= LEVELS; k++) {
        int bl[2] = {1, 1};
        MPI_Aint d[2] = {0, (MPI_Aint)ext[k - 1] + 8};
        MPI_Datatype ty[2] = {t[k - 1], t[k - 1]};

        AT_OK(MPI_Type_create_struct(2, bl, d, ty, &t[k]));
        ext[k] = 2 * ext[k - 1] + 8; /* 8-aligned already: no padding */
        level_size[k] = 2 * level_size[k - 1];
        level_disp[k][0] = 0;
        level_disp[k][1] = ext[k - 1] + 8;
    }
    AT_OK(MPI_Type_commit(&t[LEVELS]));
    elapsed = now() - t0;
    ck_assert_msg(elapsed < time_limit(1.0), "32 levels took %.3f s to build and commit", elapsed);

    AT_OK(MPI_Type_size_x(t[LEVELS], &size));
    ck_assert_int_eq(size, (MPI_Count)13 << 32);
    AT_OK(MPI_Type_get_extent_x(t[LEVELS], &lb, &extent));
    ck_assert_int_eq(lb, 0);
    ck_assert_int_eq(extent, ext[LEVELS]);
    AT_OK(MPI_Type_get_true_extent_x(t[LEVELS], &tlb, &text));
    ck_assert_int_eq(tlb, 0);
    ck_assert_int_eq(text, ext[LEVELS] - 3); /* the last char ends 3 short */
    AT_OK(MPI_Pack_size_c(1, t[LEVELS], MPI_COMM_WORLD, &psize));
    ck_assert_int_ge(psize, size);
    /* elements: 3 per base copy; a status of 2^33 + 5 of them holds the
     * bytes of 2^33 / 3 whole bases and 2 more elements (double, int) */
    {
        MPI_Status st;
        MPI_Count e = -1, ext32 = -1;
        const MPI_Count n = ((MPI_Count)1 << 33) + 5;

        memset(&st, 0, sizeof st);
        AT_OK(MPI_Status_set_elements_x(&st, t[LEVELS], n));
        AT_OK(MPI_Get_elements_x(&st, t[LEVELS], &e));
        ck_assert_int_eq(e, n);
        AT_OK(MPI_Get_count_c(&st, MPI_BYTE, &e));
        ck_assert_int_eq(e, n / 3 * 13 + (n % 3 == 1 ? 8 : n % 3 == 2 ? 12 : 0));
        AT_OK(MPI_Pack_external_size_c("external32", 1, t[LEVELS], &ext32));
        ck_assert_int_eq(ext32, (MPI_Count)13 << 32);
    }
    /* the dump: desc and opt_desc, a few lines per level, not 2^32 */
    {
        long lines = dump_lines(t[LEVELS]);
        ck_assert_msg(lines > 2 * LEVELS && lines < 40 * LEVELS, "dump of %ld lines", lines);
    }
    AT_OK(MPI_Type_get_envelope(t[LEVELS], &ni, &na, &nd, &comb));
    ck_assert_int_eq(comb, MPI_COMBINER_STRUCT);
    ck_assert_int_eq(ni, 3);
    AT_OK(MPI_Type_get_contents(t[LEVELS], 3, 2, 2, ints, addrs, kids));
    ck_assert(ints[0] == 2 && ints[1] == 1 && ints[2] == 1);
    ck_assert_int_eq(addrs[1], ext[LEVELS - 1] + 8);
    ck_assert(kids[0] == t[LEVELS - 1] && kids[1] == t[LEVELS - 1]);
    AT_OK(MPI_Type_free(&kids[0]));
    AT_OK(MPI_Type_free(&kids[1]));

    /* packed bytes: the first ones, and some in the middle of the stream
     * (their memory lies gigabytes away: the origin is moved so that the
     * test buffer holds them) */
    fill(mem, sizeof mem);
    check_segment(t[LEVELS], LEVELS, mem, sizeof mem, (uintptr_t)mem, 0, 300);
    for (int64_t first = (13LL << 31) - 100; first < (13LL << 31) + 300; first += 131) {
        int64_t off = offset_of(LEVELS, first);
        check_segment(t[LEVELS], LEVELS, mem, sizeof mem, (uintptr_t)mem + 1024 - (uintptr_t)off,
                      first, 200);
    }
    for (int k = 0; k <= LEVELS; k++)
        AT_OK(MPI_Type_free(&t[k]));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* Three copies at irregular displacements {0, e + 8, 3e + 40}: nothing
 * folds them, the description doubles per level, and the constructor
 * that would pass the budget fails cleanly; the levels before it work. */
START_TEST(test_nesting_irregular_budget)
{
    MPI_Datatype t[MAXLEV + 1], out;
    int64_t ext[MAXLEV + 1];
    static unsigned char mem[1 << 16];
    double t0 = now(), elapsed;
    long live0 = typeshim_live_types(), live;
    int k, rc = MPI_SUCCESS;

    t[0] = base_type();
    ext[0] = 16;
    level_size[0] = 13;
    for (k = 1; k <= MAXLEV; k++) {
        int bl[3] = {1, 1, 1};
        MPI_Aint d[3] = {0, (MPI_Aint)ext[k - 1] + 8, 3 * (MPI_Aint)ext[k - 1] + 40};
        MPI_Datatype ty[3] = {t[k - 1], t[k - 1], t[k - 1]};

        live = typeshim_live_types();
        out = (MPI_Datatype)0x5a5a5a5a;
        rc = MPI_Type_create_struct(3, bl, d, ty, &out);
        if (rc != MPI_SUCCESS)
            break;
        t[k] = out;
        ext[k] = 4 * ext[k - 1] + 40;
        level_size[k] = 3 * level_size[k - 1];
        level_disp[k][0] = 0;
        level_disp[k][1] = ext[k - 1] + 8;
        level_disp[k][2] = 3 * ext[k - 1] + 40;
    }
    elapsed = now() - t0;
    ck_assert_msg(k <= 24, "irregular nesting reached level %d without an error", k);
    ck_assert_msg(k >= 12, "irregular nesting refused at level %d already", k);
    at_expect_error(rc, MPI_ERR_NO_MEM, "MPI_Type_create_struct", "flattened description",
                    "MPI_Type_create_struct(level past the budget)");
    ck_assert_msg(out == (MPI_Datatype)0x5a5a5a5a, "the failed constructor wrote %#x",
                  (unsigned)out);
    ck_assert_int_eq(typeshim_live_types(), live);
    ck_assert_msg(elapsed < time_limit(20.0), "reaching the budget took %.1f s", elapsed);

    /* the deepest level built is a real type: size, extent, bytes */
    k--;
    AT_OK(MPI_Type_commit(&t[k]));
    {
        MPI_Count size, lb, extent;
        AT_OK(MPI_Type_size_x(t[k], &size));
        ck_assert_int_eq(size, level_size[k]);
        AT_OK(MPI_Type_get_extent_x(t[k], &lb, &extent));
        ck_assert_int_eq(lb, 0);
        ck_assert_int_eq(extent, ext[k]);
    }
    fill(mem, sizeof mem);
    check_segment(t[k], k, mem, sizeof mem, (uintptr_t)mem, 0, 500);
    {
        int64_t first = level_size[k] / 2 + 77, off = offset_of(k, first);
        check_segment(t[k], k, mem, sizeof mem, (uintptr_t)mem + 4096 - (uintptr_t)off, first, 400);
    }
    for (int j = 0; j <= k; j++)
        AT_OK(MPI_Type_free(&t[j]));
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* Folded and unfolded builds of one layout pack the same bytes: a member
 * type with a long description (8 separate ints), repeated by hindexed
 * and struct at constant steps (positive, negative, with blocklength > 1),
 * against the same members as dups (the same member: folded too) and
 * built again (distinct types: copies). */
static void same_bytes(MPI_Datatype a, MPI_Datatype b, int count)
{
    static unsigned char mem[1 << 15], pa[1 << 14], pb[1 << 14];
    MPI_Count sa, sb, la, lb2, ea, eb;
    int pos_a = 0, pos_b = 0;
    unsigned char *origin = mem + (1 << 14);

    AT_OK(MPI_Type_commit(&a));
    AT_OK(MPI_Type_commit(&b));
    AT_OK(MPI_Type_size_x(a, &sa));
    AT_OK(MPI_Type_size_x(b, &sb));
    ck_assert_int_eq(sa, sb);
    AT_OK(MPI_Type_get_extent_x(a, &la, &ea));
    AT_OK(MPI_Type_get_extent_x(b, &lb2, &eb));
    ck_assert_int_eq(la, lb2);
    ck_assert_int_eq(ea, eb);
    ck_assert_int_le(sa * count, (MPI_Count)sizeof pa);
    fill(mem, sizeof mem);
    memset(pa, 0, sizeof pa);
    memset(pb, 1, sizeof pb);
    AT_OK(MPI_Pack(origin, count, a, pa, (int)sizeof pa, &pos_a, MPI_COMM_WORLD));
    AT_OK(MPI_Pack(origin, count, b, pb, (int)sizeof pb, &pos_b, MPI_COMM_WORLD));
    ck_assert_int_eq(pos_a, pos_b);
    ck_assert_int_eq(pos_a, sa * count);
    ck_assert_msg(memcmp(pa, pb, (size_t)pos_a) == 0, "folded and unfolded pack differ");
    /* unpack the folded type's stream into zeros; repack with the
     * unfolded one: the same stream */
    memset(mem, 0, sizeof mem);
    pos_a = 0;
    AT_OK(MPI_Unpack(pa, (int)sizeof pa, &pos_a, origin, count, a, MPI_COMM_WORLD));
    pos_b = 0;
    memset(pb, 2, sizeof pb);
    AT_OK(MPI_Pack(origin, count, b, pb, (int)sizeof pb, &pos_b, MPI_COMM_WORLD));
    ck_assert_msg(memcmp(pa, pb, (size_t)pos_b) == 0, "unpack of the folded type lost bytes");
}

START_TEST(test_nesting_fold_equivalence)
{
    int id[8] = {0, 2, 5, 9, 14, 20, 27, 35};
    int one[8] = {1, 1, 1, 1, 1, 1, 1, 1};
    MPI_Datatype m, dups[4], others[4], a, b, c;
    MPI_Aint steps[3] = {200, -200, 0};

    AT_OK(MPI_Type_indexed(8, one, id, MPI_INT, &m));
    for (int i = 0; i < 4; i++) {
        AT_OK(MPI_Type_dup(m, &dups[i]));
        AT_OK(MPI_Type_indexed(8, one, id, MPI_INT, &others[i]));
    }
    for (int s = 0; s < 3; s++) {
        for (int bl = 1; bl <= 3; bl++) {
            MPI_Aint d[4], lb, ext;
            int bls[4];
            for (int i = 0; i < 4; i++) {
                d[i] = 64 + i * steps[s] + (s == 2 ? i * 37 * (i % 2) : 0);
                bls[i] = bl;
            }
            AT_OK(MPI_Type_create_hindexed(4, bls, d, m, &a));
            AT_OK(MPI_Type_create_struct(4, bls, d, dups, &b));
            same_bytes(a, b, 2);
            AT_OK(MPI_Type_free(&b));
            /* distinct types of one construction: copies, and padded
             * (MPICH pads a struct of several types): the same bytes at
             * the same extent */
            AT_OK(MPI_Type_get_extent(a, &lb, &ext));
            AT_OK(MPI_Type_create_struct(4, bls, d, others, &c));
            AT_OK(MPI_Type_create_resized(c, lb, ext, &b));
            same_bytes(a, b, 2);
            AT_OK(MPI_Type_free(&a));
            AT_OK(MPI_Type_free(&b));
            AT_OK(MPI_Type_free(&c));
            /* struct of the same member four times folds too */
            MPI_Datatype mm[4] = {m, m, m, m};
            AT_OK(MPI_Type_create_struct(4, bls, d, mm, &a));
            AT_OK(MPI_Type_create_struct(4, bls, d, dups, &b));
            same_bytes(a, b, 3);
            AT_OK(MPI_Type_free(&a));
            AT_OK(MPI_Type_free(&b));
        }
    }
    for (int i = 0; i < 4; i++) {
        AT_OK(MPI_Type_free(&dups[i]));
        AT_OK(MPI_Type_free(&others[i]));
    }
    AT_OK(MPI_Type_free(&m));
}
END_TEST

/* The budget is for repeated copies only: a member type whose own
 * description is past it (an indexed type of 2^22 + 1 blocks) can still
 * be wrapped by every constructor, and two copies of it (a loop) too;
 * three at irregular places are the copies the budget refuses. */
START_TEST(test_nesting_big_member)
{
    enum { N = (1 << 22) + 1 };
    int *bl = malloc(N * sizeof *bl), *disp = malloc(N * sizeof *disp);
    MPI_Datatype big, w, ty[3];
    int bls[3] = {1, 1, 1};
    MPI_Aint d[3], lb, ext;
    long live;
    int rc;

    ck_assert_ptr_nonnull(bl);
    ck_assert_ptr_nonnull(disp);
    for (int i = 0; i < N; i++) {
        bl[i] = 1;
        disp[i] = 2 * i; /* every other int: one record per block */
    }
    AT_OK(MPI_Type_indexed(N, bl, disp, MPI_INT, &big));
    free(bl);
    free(disp);
    AT_OK(MPI_Type_get_extent(big, &lb, &ext));
    AT_OK(MPI_Type_contiguous(3, big, &w));
    AT_OK(MPI_Type_commit(&w));
    ck_assert_int_eq(at_size(w), 3 * 4 * (MPI_Aint)N);
    AT_OK(MPI_Type_free(&w));
    AT_OK(MPI_Type_create_resized(big, 0, ext + 64, &w));
    AT_OK(MPI_Type_free(&w));
    ty[0] = ty[1] = ty[2] = big;
    d[0] = 0, d[1] = ext + 8, d[2] = 3 * ext + 40;
    AT_OK(MPI_Type_create_struct(2, bls, d, ty, &w));
    ck_assert_int_eq(at_size(w), 2 * 4 * (MPI_Aint)N);
    AT_OK(MPI_Type_free(&w));
    live = typeshim_live_types();
    w = (MPI_Datatype)0x5a5a5a5a;
    rc = MPI_Type_create_struct(3, bls, d, ty, &w);
    at_expect_error(rc, MPI_ERR_NO_MEM, "MPI_Type_create_struct", "flattened description",
                    "MPI_Type_create_struct(3 irregular copies of 2^22 + 1 blocks)");
    ck_assert(w == (MPI_Datatype)0x5a5a5a5a);
    ck_assert_int_eq(typeshim_live_types(), live);
    AT_OK(MPI_Type_free(&big));
}
END_TEST

/* More blocks than the description reserves at once (TSD_DESC_BUDGET,
 * 2^22 records, rounded up to 2^23 by the allocator): an indexed type of
 * 2^23 + 1000 separate ints grows its description on the way, and packs
 * every int. */
START_TEST(test_nesting_many_blocks)
{
    enum { N = (1 << 23) + 1000 };
    int *bl = malloc(N * sizeof *bl), *disp = malloc(N * sizeof *disp);
    int *src = malloc(2 * (size_t)N * sizeof *src), *packed = malloc(N * sizeof *packed);
    MPI_Datatype t;
    int pos = 0;

    ck_assert(bl && disp && src && packed);
    for (int i = 0; i < N; i++) {
        bl[i] = 1;
        disp[i] = 2 * i; /* every other int: one record per block */
        src[2 * i] = i;
        src[2 * i + 1] = -1;
    }
    AT_OK(MPI_Type_indexed(N, bl, disp, MPI_INT, &t));
    AT_OK(MPI_Type_commit(&t));
    ck_assert_int_eq(at_size(t), 4 * (MPI_Aint)N);
    AT_OK(MPI_Pack(src, 1, t, packed, 4 * N, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 4 * N);
    for (int i = 0; i < N; i++)
        if (packed[i] != i)
            ck_abort_msg("packed int %d is %d", i, packed[i]);
    AT_OK(MPI_Type_free(&t));
    free(bl);
    free(disp);
    free(src);
    free(packed);
}
END_TEST

/* Bytes the library holds, through typeshim_set_alloc_funcs: the peak
 * is deterministic where the resident set is not.  Blocks allocated
 * before it was installed are subtracted when freed, which can only
 * lower the count. */
static int64_t held_bytes, held_peak;

static void *held_malloc(size_t n)
{
    void *p = malloc(n);

    if (p) {
        held_bytes += (int64_t)malloc_usable_size(p);
        if (held_bytes > held_peak)
            held_peak = held_bytes;
    }
    return p;
}

static void held_free(void *p)
{
    if (p)
        held_bytes -= (int64_t)malloc_usable_size(p);
    free(p);
}

/* The predefined bases of the towers below: 1, 4 and 8 bytes. */
static MPI_Datatype basic_base(int i, int64_t *bytes)
{
    static const MPI_Datatype b[3] = {MPI_CHAR, MPI_INT, MPI_DOUBLE};
    static const int64_t n[3] = {1, 4, 8};

    *bytes = n[i];
    return b[i];
}

/* Level k of the tower at origin mem + off, in packed order: the bytes
 * of its basic elements, as the construction places them. */
static void ref_pack(int k, const unsigned char *mem, int64_t off, unsigned char **out)
{
    if (k == 0) {
        memcpy(*out, mem + off, (size_t)level_size[0]);
        *out += level_size[0];
        return;
    }
    for (int i = 0; i < 2; i++)
        ref_pack(k - 1, mem, off + level_disp[k][i], out);
}

/* T_k = struct{T_{k-1}@0, T_{k-1}@extent+8} over MPI_CHAR, MPI_INT and
 * MPI_DOUBLE, whose first levels are in the runs form (and, from _i = 3
 * on, struct{T_{k-1}, dup(T_{k-1})}: a dup is the same member): 40 levels (2^40
 * elements) built and committed in well under a second and a few
 * kilobytes, the library holding under 2 MiB on the way (744 KiB with
 * glibc: a description of about 130 records a level; a list copied at
 * each level would hold 2^k runs, 2 MiB by level 17); sizes and bounds by
 * recurrence; levels 10 to 16 pack and unpack the bytes of a walk of the
 * construction tree. */
START_TEST(test_nesting_basic_doubling)
{
    enum { LEVELS = 40, PACKED = 16 };
    MPI_Datatype t[LEVELS + 1], dup[LEVELS + 1];
    int64_t ext[LEVELS + 1], bsize, base_held;
    MPI_Count size, lb, extent, tlb, text;
    const int dups = _i >= 3;
    double t0, elapsed;
    long live0 = typeshim_live_types();

    held_bytes = held_peak = 0;
    typeshim_set_alloc_funcs(held_malloc, held_free);
    base_held = held_bytes;
    t0 = now();
    t[0] = basic_base(_i % 3, &bsize);
    ext[0] = bsize;
    level_size[0] = bsize;
    for (int k = 1; k <= LEVELS; k++) {
        int bl[2] = {1, 1};
        MPI_Aint d[2] = {0, (MPI_Aint)ext[k - 1] + 8};
        MPI_Datatype ty[2] = {t[k - 1], t[k - 1]};

        if (dups) {
            AT_OK(MPI_Type_dup(t[k - 1], &dup[k - 1]));
            ty[1] = dup[k - 1];
        }
        AT_OK(MPI_Type_create_struct(2, bl, d, ty, &t[k]));
        /* stopped at the first level that holds too much, before the
         * next ones double it again */
        ck_assert_msg(held_peak - base_held < (2 << 20),
                      "base of %lld bytes, level %d: the library held %lld bytes", (long long)bsize,
                      k, (long long)(held_peak - base_held));
        ext[k] = 2 * ext[k - 1] + 8; /* a multiple of the base: no padding */
        level_size[k] = 2 * level_size[k - 1];
        level_disp[k][0] = 0;
        level_disp[k][1] = ext[k - 1] + 8;
    }
    AT_OK(MPI_Type_commit(&t[32]));
    AT_OK(MPI_Type_commit(&t[LEVELS]));
    elapsed = now() - t0;
    ck_assert_msg(elapsed < time_limit(1.0), "40 levels took %.3f s to build and commit", elapsed);
    ck_assert_msg(held_peak - base_held < (2 << 20), "committing held %lld bytes",
                  (long long)(held_peak - base_held));

    for (int k = 1; k <= LEVELS; k++) {
        AT_OK(MPI_Type_size_x(t[k], &size));
        ck_assert_int_eq(size, bsize << k);
        ck_assert_int_eq(size, level_size[k]);
        AT_OK(MPI_Type_get_extent_x(t[k], &lb, &extent));
        ck_assert_int_eq(lb, 0);
        ck_assert_int_eq(extent, ext[k]);
        AT_OK(MPI_Type_get_true_extent_x(t[k], &tlb, &text));
        ck_assert_int_eq(tlb, 0);
        ck_assert_int_eq(text, ext[k]);
    }
    /* the dump: desc and opt_desc, a few lines per level */
    {
        long lines = dump_lines(t[LEVELS]);
        ck_assert_msg(lines > LEVELS && lines < 40 * LEVELS, "dump of %ld lines", lines);
    }

    /* whole levels packed (count 1 and 3, one extent apart) and unpacked */
    for (int k = 10; k <= PACKED; k++) {
        const int count = k == 10 ? 3 : 1;
        int64_t span = (count - 1) * ext[k] + ext[k], n = count * level_size[k];
        unsigned char *mem = malloc((size_t)span), *back = calloc(1, (size_t)span);
        unsigned char *packed = malloc((size_t)n), *ref = malloc((size_t)n), *r = ref;
        int pos = 0;

        ck_assert(mem && back && packed && ref);
        fill(mem, (size_t)span);
        for (int c = 0; c < count; c++)
            ref_pack(k, mem, c * ext[k], &r);
        AT_OK(MPI_Type_commit(&t[k]));
        AT_OK(MPI_Pack(mem, count, t[k], packed, (int)n, &pos, MPI_COMM_WORLD));
        ck_assert_int_eq(pos, n);
        ck_assert_msg(memcmp(packed, ref, (size_t)n) == 0, "level %d: packed bytes differ", k);
        pos = 0;
        AT_OK(MPI_Unpack(packed, (int)n, &pos, back, count, t[k], MPI_COMM_WORLD));
        ck_assert_int_eq(pos, n);
        /* back holds exactly the packed bytes, in their places: packing
         * it again gives them, and the bytes it has are mem's */
        for (int64_t b = 0; b < span; b++)
            ck_assert_msg(back[b] == 0 || back[b] == mem[b], "level %d: unpack wrote byte %lld", k,
                          (long long)b);
        memset(packed, 0, (size_t)n);
        pos = 0;
        AT_OK(MPI_Pack(back, count, t[k], packed, (int)n, &pos, MPI_COMM_WORLD));
        ck_assert_msg(memcmp(packed, ref, (size_t)n) == 0, "level %d: unpack lost bytes", k);
        free(mem);
        free(back);
        free(packed);
        free(ref);
    }
    for (int k = 1; k <= LEVELS; k++) {
        AT_OK(MPI_Type_free(&t[k]));
        if (dups)
            AT_OK(MPI_Type_free(&dup[k - 1]));
    }
    typeshim_set_alloc_funcs(NULL, NULL);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* Three copies at irregular displacements {0, e + 8, 3e + 40} over the
 * predefined bases: the runs form of the first levels does not keep
 * copying its list; the level whose description would pass the budget
 * is refused with MPI_ERR_NO_MEM in seconds, the library holding at most
 * a few budgets of records (160 MiB each) on the way: the levels below
 * (the last of 4M records, grown by doubling), and the refused one's
 * first copy, 1.0 GB with glibc, never more than 1.25 GiB. */
START_TEST(test_nesting_basic_irregular)
{
    MPI_Datatype t[MAXLEV + 1], out;
    int64_t ext[MAXLEV + 1], bsize, base_held;
    double t0, elapsed;
    long live0 = typeshim_live_types();
    int k, rc = MPI_SUCCESS;

    held_bytes = held_peak = 0;
    typeshim_set_alloc_funcs(held_malloc, held_free);
    base_held = held_bytes;
    t0 = now();
    t[0] = basic_base(_i, &bsize);
    ext[0] = bsize;
    for (k = 1; k <= MAXLEV; k++) {
        int bl[3] = {1, 1, 1};
        MPI_Aint d[3] = {0, (MPI_Aint)ext[k - 1] + 8, 3 * (MPI_Aint)ext[k - 1] + 40};
        MPI_Datatype ty[3] = {t[k - 1], t[k - 1], t[k - 1]};

        out = (MPI_Datatype)0x5a5a5a5a;
        rc = MPI_Type_create_struct(3, bl, d, ty, &out);
        if (rc != MPI_SUCCESS)
            break;
        t[k] = out;
        ext[k] = 4 * ext[k - 1] + 40;
    }
    elapsed = now() - t0;
    ck_assert_msg(k <= 24, "irregular nesting reached level %d without an error", k);
    ck_assert_msg(k >= 12, "irregular nesting refused at level %d already", k);
    at_expect_error(rc, MPI_ERR_NO_MEM, "MPI_Type_create_struct", "flattened description",
                    "MPI_Type_create_struct(level past the budget)");
    ck_assert(out == (MPI_Datatype)0x5a5a5a5a);
    ck_assert_msg(elapsed < time_limit(20.0), "reaching the budget took %.1f s", elapsed);
    ck_assert_msg(held_peak - base_held < ((int64_t)5 << 28), "the library held %lld bytes",
                  (long long)(held_peak - base_held));
    {
        MPI_Count size;
        AT_OK(MPI_Type_size_x(t[k - 1], &size));
        ck_assert_int_eq(size, bsize * (MPI_Count)pow3(k - 1));
    }
    for (int j = 1; j < k; j++)
        AT_OK(MPI_Type_free(&t[j]));
    typeshim_set_alloc_funcs(NULL, NULL);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

static Suite *nesting_suite(void)
{
    Suite *s = suite_create("nesting");
    TCase *tc = tcase_create("repeated members");

    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_nesting_doubling);
    tcase_add_test(tc, test_nesting_irregular_budget);
    tcase_add_test(tc, test_nesting_fold_equivalence);
    tcase_add_test(tc, test_nesting_big_member);
    tcase_add_test(tc, test_nesting_many_blocks);
    tcase_add_loop_test(tc, test_nesting_basic_doubling, 0, 6);
    tcase_add_loop_test(tc, test_nesting_basic_irregular, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[1];

    suites[0] = nesting_suite();
    return at_run(suites, 1, 1);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_engine_runs - the runs form (tsd_runs.c): indexed, hindexed and
 * struct types of one basic type kept as their block list alone.
 *
 * Every case builds one layout twice: in the runs form (blocks of a
 * predefined basic type) and through the general builder (the same blocks
 * of contiguous(1, basic), a derived type, which makes records).  The two
 * must agree on everything the engine answers: bounds, flags (OVERLAP
 * included), the records made on demand, the signature and element
 * counts, pack and unpack of whole elements and of every byte range
 * (count 2, so ranges cross elements), external32, and the same again
 * after dup, resized and nesting.  Both list forms are covered: one
 * displacement per unit (short runs) and one entry per run (long runs).
 */
#include "typeshim_config.h"

#include <check.h>
#include <inttypes.h>
#include <string.h>

#include "engine/tsd.h"
#include "et.h"

#define MAXN 512

typedef struct layout {
    int64_t n;
    int64_t len[MAXN], disp[MAXN]; /* disp in bytes */
} layout;

static uint64_t rng;
static int64_t next(int64_t mod)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (int64_t)((rng >> 33) % (uint64_t)mod);
}

/* n blocks of 1..maxlen elements of `size` bytes; gaps of 0..maxgap
 * elements (0: blocks touch and merge); shuffle: out of order; back: some
 * blocks step back into earlier ones (an overlapping type map). */
static void make_layout(layout *l, uint64_t seed, int64_t n, int64_t maxlen, int64_t maxgap,
                        int64_t size, int shuffle, int back)
{
    int64_t pos = 0;

    rng = seed;
    l->n = n;
    for (int64_t i = 0; i < n; i++) {
        l->len[i] = 1 + next(maxlen);
        if (back && i > 0 && next(4) == 0)
            pos -= next(pos / size + 1) * size;
        l->disp[i] = pos;
        pos += (l->len[i] + next(maxgap + 1)) * size;
    }
    for (int64_t i = n - 1; shuffle && i > 0; i--) {
        int64_t j = next(i + 1), a = l->len[i], b = l->disp[i];
        l->len[i] = l->len[j];
        l->disp[i] = l->disp[j];
        l->len[j] = a;
        l->disp[j] = b;
    }
}

/* The layout in the runs form and through the builder. */
static void build_both(const layout *l, const tsd_type *basic, tsd_type **runs, tsd_type **recs)
{
    tsd_type *one = NULL;

    ET_RC(tsd_create_hindexed(l->n, l->len, 0, l->disp, basic, runs));
    ck_assert_int_eq((*runs)->runs_id, basic->id);
    ET_RC(tsd_create_contiguous(1, basic, &one));
    ET_RC(tsd_create_hindexed(l->n, l->len, 0, l->disp, one, recs));
    ck_assert_int_eq((*recs)->runs_id, 0);
    tsd_type_free(one);
}

static void same_records(const tsd_desc *a, const tsd_desc *b, int with_final)
{
    ck_assert_ptr_nonnull(a);
    ck_assert_ptr_nonnull(b);
    ck_assert_int_eq(a->used, b->used);
    for (int64_t i = 0; i < a->used + with_final; i++)
        ck_assert_msg(memcmp(&a->rec[i], &b->rec[i], sizeof(tsd_rec)) == 0,
                      "record %" PRId64 " differs", i);
}

/* A user buffer covering count elements of t, filled with a pattern, and
 * its base pointer (where the type's origin is). */
static unsigned char *user_buffer(const tsd_type *t, int64_t count, int64_t *lo, int64_t *span)
{
    int64_t hi;
    unsigned char *u;

    tsd_span(t, count, lo, &hi);
    *span = hi - *lo;
    u = malloc((size_t)*span);
    ck_assert_ptr_nonnull(u);
    for (int64_t i = 0; i < *span; i++)
        u[i] = (unsigned char)(i * 7 + 3);
    return u;
}

/* What the engine answers about a and b is the same, records apart:
 * bounds, flags, signature, element counts, pack and unpack of whole
 * elements and of byte ranges, external32. */
static void same_answers(tsd_type *a, tsd_type *b)
{
    const int64_t count = 2;
    int64_t size = a->size, total = count * size, lo, span, rest_a, rest_b;
    unsigned char *user, *pa, *pb, *ua, *ub;

    ET_BOUNDS(a, b->size, b->lb, b->ub, b->true_lb, b->true_ub, b->nbElems, b->align);
    ck_assert_uint_eq(tsd_flags(a), tsd_flags(b));
    ck_assert_uint_eq(tsd_signature(a), tsd_signature(b));
    for (int64_t k = 0; k <= total; k += 1 + total / 97) {
        ck_assert_int_eq(tsd_elements_in(a, k, &rest_a), tsd_elements_in(b, k, &rest_b));
        ck_assert_int_eq(rest_a, rest_b);
    }
    for (int64_t e = 0; e <= count * a->nbElems; e += 1 + a->nbElems / 13)
        ck_assert_int_eq(tsd_bytes_of_elements(a, e), tsd_bytes_of_elements(b, e));

    user = user_buffer(a, count, &lo, &span);
    pa = malloc((size_t)total);
    pb = malloc((size_t)total);
    ua = malloc((size_t)span);
    ub = malloc((size_t)span);
    ck_assert(pa && pb && ua && ub);
    /* whole elements */
    ET_RC(tsd_pack(a, user - lo, count, 0, total, pa));
    ET_RC(tsd_pack(b, user - lo, count, 0, total, pb));
    ck_assert(memcmp(pa, pb, (size_t)total) == 0);
    memset(ua, 0xa5, (size_t)span);
    memset(ub, 0xa5, (size_t)span);
    ET_RC(tsd_unpack(a, ua - lo, count, 0, total, pa));
    ET_RC(tsd_unpack(b, ub - lo, count, 0, total, pb));
    ck_assert(memcmp(ua, ub, (size_t)span) == 0);
    /* byte ranges, crossing runs, units and elements */
    for (int64_t first = 0; first < total; first += 1 + next(total / 23 + 1)) {
        int64_t last = first + 1 + next(total - first);
        memset(pa, 0, (size_t)total);
        memset(pb, 0, (size_t)total);
        ET_RC(tsd_pack(a, user - lo, count, first, last, pa));
        ET_RC(tsd_pack(b, user - lo, count, first, last, pb));
        ck_assert_msg(memcmp(pa, pb, (size_t)(last - first)) == 0,
                      "pack [%" PRId64 ", %" PRId64 ")", first, last);
        memset(ua, 0x5a, (size_t)span);
        memset(ub, 0x5a, (size_t)span);
        ET_RC(tsd_unpack(a, ua - lo, count, first, last, pa));
        ET_RC(tsd_unpack(b, ub - lo, count, first, last, pb));
        ck_assert_msg(memcmp(ua, ub, (size_t)span) == 0, "unpack [%" PRId64 ", %" PRId64 ")", first,
                      last);
    }
    /* external32: the records made on demand */
    ck_assert_int_eq(tsd_external32_size(a), tsd_external32_size(b));
    {
        int64_t x = count * tsd_external32_size(a);
        unsigned char *xa = malloc((size_t)x + 1), *xb = malloc((size_t)x + 1);
        ck_assert(xa && xb);
        ET_RC(tsd_external32(a, user - lo, count, xa, 0));
        ET_RC(tsd_external32(b, user - lo, count, xb, 0));
        ck_assert(memcmp(xa, xb, (size_t)x) == 0);
        free(xa);
        free(xb);
    }
    free(user);
    free(pa);
    free(pb);
    free(ua);
    free(ub);
    ET_OK(a);
}

/* Everything the engine answers about a and b is the same. */
static void same_type(tsd_type *a, tsd_type *b)
{
    same_answers(a, b);
    same_records(tsd_desc_of(a), tsd_desc_of(b), (a->flags & TSD_FLAG_COMMITTED) != 0);
    if (a->flags & TSD_FLAG_COMMITTED)
        same_records(tsd_opt_of(a), tsd_opt_of(b), 1);
    ET_OK(a);
}

/* Both built, committed, compared; then dup, resized and nested.  units:
 * the list form expected (1: a displacement per unit, 0: per run). */
static void check_layout(const layout *l, const tsd_type *basic, int units)
{
    tsd_type *a, *b, *da, *db, *na, *nb;

    build_both(l, basic, &a, &b);
    ET_COMMIT(a);
    ET_COMMIT(b);
    if (units >= 0) /* -1: either */
        ck_assert_msg((a->udisp != NULL) == units, "expected %s", units ? "units" : "runs");
    same_type(a, b);

    ET_RC(tsd_create_dup(a, &da));
    ET_RC(tsd_create_dup(b, &db));
    same_type(da, db);
    tsd_type_free(da);
    tsd_type_free(db);

    ET_RC(tsd_create_resized(a, -8, a->ub - a->lb + 40, &da));
    ET_RC(tsd_create_resized(b, -8, b->ub - b->lb + 40, &db));
    ck_assert_int_eq(da->runs_id, basic->id); /* still the list alone */
    ET_COMMIT(da);
    ET_COMMIT(db);
    same_type(da, db);

    ET_RC(tsd_create_contiguous(3, da, &na));
    ET_RC(tsd_create_contiguous(3, db, &nb));
    ET_COMMIT(na);
    ET_COMMIT(nb);
    same_type(na, nb);
    tsd_type_free(na);
    tsd_type_free(nb);
    tsd_type_free(da);
    tsd_type_free(db);
    tsd_type_free(a);
    tsd_type_free(b);
}

/* Short runs of doubles: one displacement per 8-byte unit. */
START_TEST(test_runs_units)
{
    layout l;

    make_layout(&l, 1 + (uint64_t)_i, 200, 3, 3, 8, 0, 0);
    check_layout(&l, F8, 1);
}
END_TEST

/* The MPI-1 indexed forms (32-bit lengths, or one length, and 32-bit
 * displacements in elements) are scanned without overflow checks, which
 * cannot fail there: they must build what the checked 64-bit form builds
 * from the same blocks, with displacements below zero, out of order and
 * overlapping too. */
START_TEST(test_runs_int_arrays)
{
    const tsd_type *basic = _i % 3 == 0 ? F8 : _i % 3 == 1 ? I4 : I1;
    int64_t size = basic->size;
    int32_t len32[MAXN], disp32[MAXN];
    layout l;
    tsd_type *a = NULL, *b = NULL;

    make_layout(&l, 41 + (uint64_t)_i, 300, 1 + 5 * (_i % 2), 3, size, _i >= 2, _i >= 4);
    for (int64_t i = 0; i < l.n; i++) {
        l.disp[i] -= 50 * size; /* some blocks before the origin */
        len32[i] = (int32_t)l.len[i];
        disp32[i] = (int32_t)(l.disp[i] / size);
    }
    {
        /* even cases: blocks of one element, given as one length (the
         * indexed_block form) */
        tsd_blocks bk = {.count = l.n,
                         .len32 = _i % 2 ? len32 : NULL,
                         .len = 1,
                         .disp32 = disp32,
                         .scale = size};
        ET_RC(tsd_create_blocks(&bk, basic, &a));
    }
    ET_RC(tsd_create_hindexed(l.n, l.len, 0, l.disp, basic, &b));
    ck_assert_int_eq(a->runs_id, basic->id);
    ET_COMMIT(a);
    ET_COMMIT(b);
    same_answers(a, b);
    tsd_type_free(a);
    tsd_type_free(b);
}
END_TEST

/* Long runs of ints: one entry per run. */
START_TEST(test_runs_list)
{
    layout l;

    make_layout(&l, 11 + (uint64_t)_i, 150, 40, 5, 4, 0, 0);
    check_layout(&l, I4, 0);
}
END_TEST

/* Blocks that touch (gap 0 often): merged into runs by the constructor;
 * the unit divides every run, not every block (int blocks of 4 and 8
 * bytes make runs of 12). */
START_TEST(test_runs_touching)
{
    layout l;

    make_layout(&l, 21 + (uint64_t)_i, 300, 3, 1, 4, 0, 0);
    check_layout(&l, I4, -1);
    make_layout(&l, 31 + (uint64_t)_i, 300, 30, 1, 1, 0, 0);
    check_layout(&l, I1, 0);
}
END_TEST

/* Out of order, then overlapping: OVERLAP is decided when asked (a
 * sort), the same as for records. */
START_TEST(test_runs_unordered)
{
    layout l;
    tsd_type *a, *b;

    make_layout(&l, 41 + (uint64_t)_i, 100, 3, 2, 8, 1, 0);
    check_layout(&l, F8, 1);
    make_layout(&l, 51 + (uint64_t)_i, 100, 6, 2, 8, 0, 1);
    check_layout(&l, F8, 0);
    build_both(&l, F8, &a, &b);
    ET_COMMIT(a);
    ck_assert_int_eq(a->overlap_pending, 1);
    ck_assert_int_eq(tsd_overlap_settle(a), 1);
    ck_assert_uint_eq(a->flags & TSD_FLAG_OVERLAP, TSD_FLAG_OVERLAP);
    tsd_type_free(a);
    tsd_type_free(b);
}
END_TEST

/* A struct whose members share one basic id is in the runs form too; one
 * of two ids is not.  Zero-length members are skipped (the id is the
 * first nonzero member's). */
START_TEST(test_runs_struct)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_struct(3, A64(0, 2, 1), A64(0, 8, 24), TY(I1, F8, F8), 1, &t));
    ck_assert_int_eq(t->runs_id, TSD_FLOAT8);
    ET_BOUNDS(t, 24, 8, 32, 8, 32, 3, 8);
    ET_COMMIT(t);
    ET_OK(t);
    tsd_type_free(t);
    ET_RC(tsd_create_struct(2, A64(2, 1), A64(0, 8), TY(I4, F8), 1, &t));
    ck_assert_int_eq(t->runs_id, 0);
    tsd_type_free(t);
}
END_TEST

/* One run: contiguous, and NO_GAPS when the extent is the size. */
START_TEST(test_runs_one)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_hindexed(2, A64(2, 3), 0, A64(8, 16), I4, &t));
    ck_assert_int_eq(t->runs_id, TSD_INT4);
    ET_COMMIT(t);
    ET_FLAGS(t, TSD_FLAG_DATA | TSD_FLAG_COMMITTED | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS);
    tsd_type_free(t);
}
END_TEST

/* Displacements in elements that pass 2^63 bytes, and blocks whose bytes
 * do: refused at construction, nothing left behind. */
START_TEST(test_runs_overflow)
{
    const int32_t len[2] = {1, 1}, disp[2] = {0, INT32_MAX};
    const int64_t big[2] = {1, INT64_MAX / 4};
    tsd_blocks bk = {.count = 2, .len32 = len, .disp32 = disp, .scale = INT64_MAX / 1000};
    tsd_type *t = NULL;

    ck_assert_int_eq(tsd_create_blocks(&bk, F8, &t), TSD_ERR_OVERFLOW);
    ck_assert_ptr_null(t);
    ck_assert_int_eq(tsd_create_hindexed(2, big, 0, A64(0, 64), F8, &t), TSD_ERR_OVERFLOW);
    ck_assert_ptr_null(t);
    /* two touching blocks of 2^62 bytes each: every block fits, their run
     * and the size do not */
    ck_assert_int_eq(tsd_create_hindexed(2, A64(INT64_C(1) << 59, INT64_C(1) << 59), 0,
                                         A64(-(INT64_C(1) << 62), 0), F8, &t),
                     TSD_ERR_OVERFLOW);
    ck_assert_ptr_null(t);
    /* a last run ending at INT64_MAX: valid, and the list's spare entries
     * past it are no signed overflow (UBSan in CI) */
    ET_RC(tsd_create_hindexed(2, A64(1, 1), 0, A64(0, INT64_MAX - 8), F8, &t));
    ck_assert_ptr_nonnull(t->udisp);
    ck_assert_int_eq(t->udisp[1], INT64_MAX - 8);
    ET_BOUNDS(t, 16, 0, INT64_MAX, 0, INT64_MAX, 2, 8);
    tsd_type_free(t);
}
END_TEST

/* Every allocation of building, committing, describing and packing a
 * runs-form type fails in turn: NOMEM each time, nothing leaked, then
 * success. */
START_TEST(test_runs_alloc_failure)
{
    layout l;
    long before = et_live();
    int done = 0;

    make_layout(&l, 77, 64, 3, 2, 8, 1, 0);
    for (long n = 1; !done && n < 100; n++) {
        tsd_type *t = NULL, *c = NULL, *st = NULL;
        int rc;
        et_fail_at(n);
        rc = tsd_create_hindexed(l.n, l.len, 0, l.disp, F8, &t);
        if (!rc && !(rc = tsd_commit(t)) && !(rc = tsd_overlap_settle(t) < 0 ? TSD_ERR_NOMEM : 0) &&
            !(rc = tsd_desc_of(t) ? TSD_OK : TSD_ERR_NOMEM) &&
            !(rc = tsd_create_contiguous(2, t, &c)))
            /* a struct of it: the runs form again, its own list */
            rc = tsd_create_struct(3, A64(1, 2, 1), A64(0, 9000, 5000), TY(t, F8, t), 1, &st);
        if (!rc) {
            ck_assert_int_eq(st->runs_id, TSD_FLOAT8);
            rc = tsd_commit(st);
        }
        done = !et_failed();
        ck_assert_msg(done ? rc == TSD_OK : rc == TSD_ERR_NOMEM, "allocation %ld: rc %d", n, rc);
        tsd_type_free(st);
        tsd_type_free(c);
        tsd_type_free(t);
        et_fail_at(0);
        ck_assert_int_eq(et_live(), before);
    }
    ck_assert(done);
}
END_TEST

/* The stream of count elements of t unpacked whole into `back` and in
 * byte ranges of `step` into `ref`, both poisoned first: one image. */
static void unpack_both_ways(const tsd_type *t, int64_t count, int64_t step,
                             const unsigned char *stream, unsigned char *back, unsigned char *ref,
                             int64_t lo, int64_t span)
{
    int64_t total = count * t->size;

    memset(back, 0x5a, (size_t)span);
    memset(ref, 0x5a, (size_t)span);
    ET_RC(tsd_unpack(t, back - lo, count, 0, total, stream));
    for (int64_t first = 0; first < total; first += step)
        ET_RC(tsd_unpack(t, ref - lo, count, first, tsu_min(total, first + step), stream + first));
    ck_assert(memcmp(back, ref, (size_t)span) == 0);
}

/* count elements of committed t through its list (whole elements) and
 * through its records (byte ranges of `step`) give one stream; unpacked
 * both ways into poisoned buffers they give one image (the map's bytes
 * back, the gaps kept), and the stream packs again from it; a stream of
 * other bytes unpacked both ways gives one image too. */
static void whole_vs_ranges(const tsd_type *t, int64_t count, int64_t step)
{
    int64_t lo, span, total = count * t->size;
    unsigned char *user = user_buffer(t, count, &lo, &span);
    unsigned char *whole = malloc((size_t)total), *parts = malloc((size_t)total);
    unsigned char *back = malloc((size_t)span), *ref = malloc((size_t)span);

    ck_assert(whole && parts && back && ref);
    ET_RC(tsd_pack(t, user - lo, count, 0, total, whole));
    for (int64_t first = 0; first < total; first += step)
        ET_RC(tsd_pack(t, user - lo, count, first, tsu_min(total, first + step), parts + first));
    ck_assert(memcmp(whole, parts, (size_t)total) == 0);
    unpack_both_ways(t, count, step, whole, back, ref, lo, span);
    ET_RC(tsd_pack(t, back - lo, count, 0, total, parts));
    ck_assert(memcmp(whole, parts, (size_t)total) == 0);
    /* a stream whose bytes all differ: where elements share user bytes
     * (an extent shorter than the span), the later element's must win */
    for (int64_t i = 0; i < total; i++)
        parts[i] = (unsigned char)(i * 7 + i / 251);
    unpack_both_ways(t, count, step, parts, back, ref, lo, span);
    free(user);
    free(whole);
    free(parts);
    free(back);
    free(ref);
}

/* A struct of one indexed type repeated at a constant step (five fields
 * of particles gathered by one index list) describes a loop around the
 * indexed records; commit still gives it a flat pack list.  Whole
 * elements go through the list, byte ranges through the records: the two
 * must give the same stream. */
START_TEST(test_runs_loop_flattened)
{
    layout l;
    tsd_type *idx, *idx3, *t;
    const tsd_type *ty[6];
    int64_t bl[6] = {1, 1, 1, 1, 1, 1}, disp[6];

    make_layout(&l, 91 + (uint64_t)_i, 64, 2, 3, 8, 0, 0);
    ET_RC(tsd_create_hindexed(l.n, l.len, 0, l.disp, F8, &idx));
    ET_RC(tsd_create_hindexed(l.n, l.len, 0, l.disp, I4, &idx3));
    ty[0] = idx3;
    disp[0] = 0;
    for (int f = 1; f < 6; f++) {
        ty[f] = idx;
        disp[f] = 100000 + f * 20000;
    }
    ET_RC(tsd_create_struct(6, bl, disp, ty, 1, &t));
    ET_COMMIT(t);
    ck_assert_int_gt(t->opt_depth, 0); /* a loop in opt_desc */
    ck_assert_int_gt(t->nblk, 0);      /* and a flat list */
    whole_vs_ranges(t, 3, 7);
    tsd_type_free(t);
    tsd_type_free(idx);
    tsd_type_free(idx3);
}
END_TEST

/* Member k of the struct check below, as runs (over F8) and as records
 * (over a contiguous of one F8): l's blocks, or F8 itself when l is NULL. */
static void member_both(const layout *l, tsd_type **runs, tsd_type **recs)
{
    if (!l) {
        *runs = *recs = (tsd_type *)F8;
        return;
    }
    build_both(l, F8, runs, recs);
}

/* The struct of members m[k] (blocklength bl[k] at disp[k]) over runs
 * members and over the same members as records: runs form expected or
 * not; committed, both answer the same (records apart: repeated members
 * are loops as records), whole elements and byte ranges give one stream;
 * then nested in a contiguous.  runs_form: 0 records, 1 the runs form,
 * 2 the runs form in segments. */
static void check_struct_of(int nm, const layout *const *m, const int64_t *bl, const int64_t *disp,
                            int runs_form)
{
    tsd_type *ra[8], *rb[8], *a, *b, *na, *nb;

    for (int k = 0; k < nm; k++)
        member_both(m[k], &ra[k], &rb[k]);
    ET_RC(tsd_create_struct(nm, bl, disp, (const tsd_type *const *)ra, 1, &a));
    ET_RC(tsd_create_struct(nm, bl, disp, (const tsd_type *const *)rb, 1, &b));
    ck_assert_int_eq(a->runs_id, runs_form ? TSD_FLOAT8 : 0);
    if (runs_form == 2)
        ck_assert_ptr_nonnull(a->seg);
    ck_assert_int_eq(b->runs_id, 0);
    ET_COMMIT(a);
    ET_COMMIT(b);
    same_answers(a, b);
    whole_vs_ranges(a, 3, 7);
    ET_RC(tsd_create_contiguous(2, a, &na));
    ET_RC(tsd_create_contiguous(2, b, &nb));
    ET_COMMIT(na);
    ET_COMMIT(nb);
    same_answers(na, nb);
    tsd_type_free(na);
    tsd_type_free(nb);
    tsd_type_free(a);
    tsd_type_free(b);
    for (int k = 0; k < nm; k++)
        if (m[k]) {
            tsd_type_free(ra[k]);
            tsd_type_free(rb[k]);
        }
}

/* A struct of runs-form members of one basic id (and of that basic type)
 * is in the runs form too, its list the members' shifted. */
START_TEST(test_runs_struct_members)
{
    layout tri, one, two;
    const layout *m[6];
    int64_t bl[6] = {1, 1, 1, 1, 1, 1}, disp[6];
    tsd_type *a, *b;

    /* LAMMPS: a gather of triples, then five of scalars by one index
     * list: runs of 24 then of 8 bytes, in segments of one unit each */
    make_layout(&tri, 5 + (uint64_t)_i, 64, 1, 4, 24, 0, 0);
    make_layout(&one, 5 + (uint64_t)_i, 64, 1, 4, 8, 0, 0);
    for (int64_t j = 0; j < tri.n; j++)
        tri.len[j] = 3;
    m[0] = &tri;
    disp[0] = 0;
    for (int f = 1; f < 6; f++) {
        m[f] = &one;
        disp[f] = 40000 + f * 4000;
    }
    check_struct_of(6, m, bl, disp, 2);

    /* repeated members (one extent apart), a basic member, an empty one,
     * out of order and overlapping, negative displacements */
    make_layout(&two, 17 + (uint64_t)_i, 40, 3, 3, 8, _i % 2, _i == 2);
    m[0] = &two, bl[0] = 2, disp[0] = -4000;
    m[1] = NULL, bl[1] = 3, disp[1] = 16;
    m[2] = &one, bl[2] = 0, disp[2] = 0;
    m[3] = &one, bl[3] = 1, disp[3] = _i == 1 ? -4000 : 9000;
    check_struct_of(4, m, bl, disp, 1);

    /* copies that touch: runs joined across members */
    make_layout(&two, 1, 2, 1, 1, 8, 0, 0); /* [0, 8) and [16, 24) or so */
    m[0] = &two, bl[0] = 3, disp[0] = 0;
    m[1] = &two, bl[1] = 1, disp[1] = 3 * (two.disp[1] + 8);
    check_struct_of(2, m, bl, disp, 1);

    /* blocklengths that would copy the lists more than 8 times: records */
    m[0] = &two, bl[0] = 100, disp[0] = 0;
    check_struct_of(1, m, bl, disp, 0);

    /* a resized member, or another id: records */
    build_both(&two, F8, &a, &b);
    {
        tsd_type *r, *t;
        ET_RC(tsd_create_resized(a, 0, 64, &r));
        ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 100), TY(a, r), 1, &t));
        ck_assert_int_eq(t->runs_id, 0);
        tsd_type_free(t);
        ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 100), TY(a, I4), 1, &t));
        ck_assert_int_eq(t->runs_id, 0);
        tsd_type_free(t);
        tsd_type_free(r);
    }
    tsd_type_free(a);
    tsd_type_free(b);
}
END_TEST

/* Typed copy (the single-process runtime's send to self) between a runs-
 * form type and the same layout as records, count 2, elements larger than
 * the 16 KiB bounce buffer: every byte of the type map arrives, no other
 * byte of the destination changes. */
START_TEST(test_runs_copy)
{
    const int64_t count = 2;
    layout l;
    tsd_type *a, *b;
    int64_t lo, span;
    unsigned char *src, *dst, *want;

    make_layout(&l, 61 + (uint64_t)_i, MAXN, 12, 2, 8, _i == 1, 0);
    build_both(&l, F8, &a, &b);
    ET_COMMIT(a);
    ET_COMMIT(b);
    ck_assert_int_gt(a->size, 16384);
    src = user_buffer(a, count, &lo, &span);
    dst = malloc((size_t)span);
    want = malloc((size_t)span);
    ck_assert(dst && want);
    memset(dst, 0xee, (size_t)span);
    memset(want, 0xee, (size_t)span);
    /* the bytes the type map covers, element by element */
    for (int64_t e = 0; e < count; e++)
        for (int64_t i = 0; i < l.n; i++) {
            int64_t at = e * (a->ub - a->lb) + l.disp[i] - lo;
            memcpy(want + at, src + at, (size_t)(l.len[i] * 8));
        }
    ET_RC(tsd_copy(a, src - lo, b, dst - lo, count));
    ck_assert(memcmp(dst, want, (size_t)span) == 0);
    memset(dst, 0xee, (size_t)span);
    ET_RC(tsd_copy(b, src - lo, a, dst - lo, count));
    ck_assert(memcmp(dst, want, (size_t)span) == 0);
    free(src);
    free(dst);
    free(want);
    tsd_type_free(a);
    tsd_type_free(b);
}
END_TEST

/* Structs of two to five runs of mixed types (records, with a list of one
 * entry per run): whole elements through the list, in its short-list
 * forms, give the stream byte ranges give through the records. */
START_TEST(test_few_runs)
{
    const int nruns = 2 + _i; /* 2..5 */
    const tsd_type *ty[5] = {F8, I4, I1, F8, I4};
    int64_t bl[5] = {3, 1, 1, 2, 1}, disp[5] = {0, 40, 52, 64, 96};
    tsd_type *s, *t;

    ET_RC(tsd_create_struct(nruns, bl, disp, ty, 1, &s));
    ET_RC(tsd_create_resized(s, 0, 128, &t));
    ET_COMMIT(t);
    ck_assert_int_eq(t->nblk, nruns);
    ck_assert_ptr_nonnull(t->blk);
    whole_vs_ranges(t, 7, 5);
    tsd_type_free(t);
    tsd_type_free(s);
}
END_TEST

/* Arrays of small structs are moved a run at a time for a group of
 * elements.  Two runs of every length from 1 to 70 bytes (each length
 * class of the strided moves), 300 elements (two groups, the second
 * partial), against the byte ranges the records give; and with an extent
 * shorter than the span (elements interleave), where an unpack must keep
 * the element order: the last element's bytes win. */
START_TEST(test_columns)
{
    const int64_t len = 1 + _i, other = 71 - len, count = 300;
    const tsd_type *ty[3] = {I1, I1, F8};
    int64_t bl[3] = {len, other, 1}, disp[3] = {0, len + 3, len + other + 8};
    tsd_type *s, *t, *woven;

    ET_RC(tsd_create_struct(3, bl, disp, ty, 1, &s));
    ET_RC(tsd_create_resized(s, 0, 96, &t));
    ET_COMMIT(t);
    ck_assert_int_eq(t->nblk, 3);
    whole_vs_ranges(t, count, 41);
    ET_RC(tsd_create_resized(s, 0, 24, &woven));
    ET_COMMIT(woven);
    ck_assert_int_eq(woven->nblk, 3);
    whole_vs_ranges(woven, count, 37);
    tsd_type_free(woven);
    tsd_type_free(t);
    tsd_type_free(s);
}
END_TEST

/* The struct of a double triple, an int, a char and a 4-byte field in 40 bytes
 * (a particle record): its first three fields are one run of 29 bytes. */
START_TEST(test_columns_struct40)
{
    const tsd_type *ty[4] = {F8, I4, I1, U4};
    int64_t bl[4] = {3, 1, 1, 1}, disp[4] = {0, 24, 28, 32};
    tsd_type *s, *t;

    ET_RC(tsd_create_struct(4, bl, disp, ty, 1, &s));
    ET_RC(tsd_create_resized(s, 0, 40, &t));
    ET_COMMIT(t);
    ck_assert_int_eq(t->nblk, 2);
    ck_assert_int_eq(t->blk[0].len, 29);
    whole_vs_ranges(t, 1000, 333);
    whole_vs_ranges(t, 1, 5);
    tsd_type_free(t);
    tsd_type_free(s);
}
END_TEST

/* Nested copies do not stay in the runs form: T_k = struct{T_{k-1}@0,
 * T_{k-1}@e + 8} over a basic type has 2^k runs, and its list stops
 * within RUNS_SPREAD (8) times the blocks behind it; the levels above are
 * records, one loop more a level.  Repeats that are not neighbours
 * (A_k = struct{A, B, A, B}, B_k = struct{B, A, B, A}) count once too. */
START_TEST(test_runs_nesting)
{
    enum { LEVELS = 40 };
    const tsd_type *basic = _i == 0 ? I1 : _i == 1 ? I4 : F8;
    tsd_type *t[LEVELS + 1], *a[9], *b[9];
    int last_runs = 0;

    t[0] = (tsd_type *)basic;
    for (int k = 1; k <= LEVELS; k++) {
        int64_t e = tsd_extent(t[k - 1]);
        ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, e + 8), TY(t[k - 1], t[k - 1]), 1, &t[k]));
        ck_assert_int_eq(t[k]->size, basic->size << k);
        ck_assert_int_eq(tsd_extent(t[k]), 2 * e + 8);
        if (t[k]->runs_id) {
            ck_assert_int_eq(last_runs, k - 1); /* no records below */
            ck_assert_int_eq(t[k]->desc.used, (int64_t)1 << k);
            ck_assert_int_le(t[k]->desc.used, 8 * t[k]->runs_src + 64);
            last_runs = k;
        } else {
            /* a loop around the last list, then a loop a level */
            ck_assert_int_le(t[k]->desc.used, ((int64_t)1 << last_runs) + 3 * k);
        }
    }
    ck_assert_int_ge(last_runs, 4);
    ck_assert_int_le(last_runs, 8);
    ET_COMMIT(t[LEVELS]);
    ck_assert_int_le(t[LEVELS]->opt_desc.used, ((int64_t)1 << last_runs) + 3 * LEVELS);
    for (int k = 1; k <= LEVELS; k++)
        tsd_type_free(t[k]);

    a[0] = b[0] = (tsd_type *)basic;
    last_runs = 0;
    for (int k = 1; k <= 8; k++) {
        int64_t s = tsd_extent(a[k - 1]) + tsd_extent(b[k - 1]) + 8;
        const int64_t *d = A64(0, s, 2 * s, 3 * s);
        ET_RC(tsd_create_struct(4, A64(1, 1, 1, 1), d, TY(a[k - 1], b[k - 1], a[k - 1], b[k - 1]),
                                1, &a[k]));
        ET_RC(tsd_create_struct(4, A64(1, 1, 1, 1), d, TY(b[k - 1], a[k - 1], b[k - 1], a[k - 1]),
                                1, &b[k]));
        ck_assert_int_eq(a[k]->size, 2 * (a[k - 1]->size + b[k - 1]->size));
        if (a[k]->runs_id) {
            ck_assert_int_le(a[k]->desc.used, 8 * a[k]->runs_src + 64);
            last_runs = k;
        }
    }
    ck_assert_int_ge(last_runs, 2);
    ck_assert_int_le(last_runs, 5);
    for (int k = 1; k <= 8; k++) {
        tsd_type_free(a[k]);
        tsd_type_free(b[k]);
    }
}
END_TEST

static Suite *runs_suite(void)
{
    Suite *s = suite_create("runs");
    TCase *tc = tcase_create("core");

    et_fixture(tc);
    tcase_add_loop_test(tc, test_runs_units, 0, 4);
    tcase_add_loop_test(tc, test_runs_list, 0, 4);
    tcase_add_loop_test(tc, test_runs_int_arrays, 0, 6);
    tcase_add_loop_test(tc, test_runs_touching, 0, 3);
    tcase_add_loop_test(tc, test_runs_unordered, 0, 3);
    tcase_add_test(tc, test_runs_struct);
    tcase_add_loop_test(tc, test_runs_struct_members, 0, 3);
    tcase_add_test(tc, test_runs_one);
    tcase_add_test(tc, test_runs_overflow);
    tcase_add_test(tc, test_runs_alloc_failure);
    tcase_add_loop_test(tc, test_runs_loop_flattened, 0, 3);
    tcase_add_loop_test(tc, test_runs_copy, 0, 2);
    tcase_add_loop_test(tc, test_few_runs, 0, 4);
    tcase_add_loop_test(tc, test_columns, 0, 70);
    tcase_add_test(tc, test_columns_struct40);
    tcase_add_loop_test(tc, test_runs_nesting, 0, 3);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[] = {runs_suite()};

    return et_run(suites, 1);
}

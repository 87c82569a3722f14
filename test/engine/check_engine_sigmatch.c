/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_engine_sigmatch - type matching in the engine (tsd_sigmatch.c,
 * tsd_signature_prefix): whether the signature of (scount, s) begins or
 * equals that of (rcount, r), where they part, and the runs shown in
 * messages.
 *
 * The reference is the expanded sequence of basic ids, read off each
 * type's records (et_typemap) and compared element by element.  Random
 * nested types are matched against types rebuilt from their own expanded
 * sequence (a struct of one basic element per member), cut short,
 * lengthened or changed at a random place: the match, the position, the
 * ids met there and the prefix hashes must all agree with the reference.
 * The huge counts would never end if the engine walked copies (or
 * elements) one at a time: the test's timeout is the check.
 */
#include "typeshim_config.h"

#include <check.h>
#include <inttypes.h>
#include <string.h>

#include "engine/tsd.h"
#include "et.h"

#define MAXSEQ 4096

static uint64_t rng;
static int64_t next(int64_t mod)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return (int64_t)((rng >> 33) % (uint64_t)mod);
}

static const tsd_type *basic_of(int id)
{
    const tsd_type *all[] = {I1, U1, U2, U4, U8, I4, F8};

    for (size_t i = 0; i < sizeof all / sizeof all[0]; i++)
        if (all[i]->id == id)
            return all[i];
    ck_abort_msg("no basic type of id %d", id);
    return NULL;
}

/* A random type of a few basic ids, nested up to `depth` constructors. */
static tsd_type *random_type(int depth)
{
    const tsd_type *basics[] = {I4, F8, I1, U2};
    tsd_type *t = NULL, *a, *b;
    int kind = depth > 0 ? (int)next(4) : 3;

    switch (kind) {
    case 0: /* contiguous */
        a = random_type(depth - 1);
        ET_RC(tsd_create_contiguous(1 + next(4), a, &t));
        tsd_type_free(a);
        break;
    case 1: /* hvector with gaps */
        a = random_type(depth - 1);
        ET_RC(tsd_create_hvector(1 + next(4), 1 + next(3), (1 + next(3)) * 256, a, &t));
        tsd_type_free(a);
        break;
    case 2: /* struct of two */
        a = random_type(depth - 1);
        b = random_type(depth - 1);
        ET_RC(tsd_create_struct(2, A64(1 + next(3), 1 + next(2)), A64(0, 1 << 16), TY(a, b),
                                TSD_EPS_NONE, &t));
        tsd_type_free(a);
        tsd_type_free(b);
        break;
    default: /* a block of one basic */
        ET_RC(tsd_create_contiguous(1 + next(3), basics[next(4)], &t));
        break;
    }
    return t;
}

/* The ids of the signature of (count, t) into seq; their number. */
static int64_t expand(const tsd_type *t, int64_t count, int *seq)
{
    static et_ent ents[MAXSEQ];
    int64_t n = et_typemap(tsd_desc_of(t), ents, MAXSEQ);

    ck_assert_int_ge(n, 0);
    ck_assert_int_le(n * count, MAXSEQ);
    for (int64_t c = 0; c < count; c++)
        for (int64_t i = 0; i < n; i++)
            seq[c * n + i] = ents[i].type;
    return n * count;
}

/* A struct of n members, member i one element of basic id seq[i]. */
static tsd_type *from_seq(const int *seq, int64_t n)
{
    static int64_t lens[MAXSEQ], disps[MAXSEQ];
    static const tsd_type *types[MAXSEQ];
    tsd_type *t = NULL;

    for (int64_t i = 0; i < n; i++) {
        lens[i] = 1;
        disps[i] = 16 * i;
        types[i] = basic_of(seq[i]);
    }
    ET_RC(tsd_create_struct(n, lens, disps, types, TSD_EPS_NONE, &t));
    return t;
}

/* tsd_sig_match against the expanded sequences. */
static void check_against(const tsd_type *s, int64_t sc, const int *sseq, int64_t sn,
                          const tsd_type *r, int64_t rc, const int *rseq, int64_t rn, int equal)
{
    tsd_sigdiff d;
    int64_t at = 0;

    while (at < sn && at < rn && sseq[at] == rseq[at])
        at++;
    ET_RC(tsd_sig_match(s, sc, r, rc, equal, &d));
    ck_assert(d.slen == (tsd_u128)sn && d.rlen == (tsd_u128)rn);
    ck_assert_int_eq(d.match, at == sn && (!equal || sn == rn));
    if (d.match)
        return;
    ck_assert_msg(d.at == (tsd_u128)at, "at %" PRId64 ", expected %" PRId64, (int64_t)d.at, at);
    ck_assert_int_eq(d.sid, at < sn ? sseq[at] : 0);
    ck_assert_int_eq(d.rid, at < rn ? rseq[at] : 0);
}

START_TEST(test_random_against_expansion)
{
    static int sseq[MAXSEQ], rseq[MAXSEQ];
    tsd_type *s, *r;
    int64_t sc, sn, rn, cut;

    rng = 0x5eed0000u + (uint64_t)_i;
    s = random_type(3);
    sc = 1 + next(3);
    if (s->nbElems * sc > MAXSEQ / 2) {
        tsd_type_free(s);
        return;
    }
    sn = expand(s, sc, sseq);
    /* the receive: the same sequence, shorter, longer, or changed */
    memcpy(rseq, sseq, (size_t)sn * sizeof(int));
    rn = sn;
    switch (_i % 4) {
    case 0:
        break;
    case 1:
        rn = next(sn + 1);
        break;
    case 2:
        for (cut = next(5) + 1; cut > 0; cut--)
            rseq[rn++] = next(2) ? TSD_INT4 : TSD_FLOAT8;
        break;
    default:
        cut = next(sn);
        rseq[cut] = rseq[cut] == TSD_INT4 ? TSD_UINT2 : TSD_INT4;
        break;
    }
    if (rn == 0) {
        tsd_type_free(s);
        return;
    }
    r = from_seq(rseq, rn);
    check_against(s, sc, sseq, sn, r, 1, rseq, rn, 0);
    check_against(s, sc, sseq, sn, r, 1, rseq, rn, 1);
    check_against(r, 1, rseq, rn, s, sc, sseq, sn, 0);
    /* the prefix hash of every length is the hash of the prefix itself */
    for (int64_t len = 0; len <= tsu_min(sn, rn); len += 1 + sn / 17) {
        int same = memcmp(sseq, rseq, (size_t)len * sizeof(int)) == 0;
        tsd_type *p = len ? from_seq(sseq, len) : NULL;
        uint64_t hp = p ? tsd_signature_hash(p) : 0;
        ck_assert_uint_eq(tsd_signature_prefix(s, (tsd_u128)len), hp);
        if (same)
            ck_assert_uint_eq(tsd_signature_prefix(r, (tsd_u128)len), hp);
        tsd_type_free(p);
    }
    tsd_type_free(r);
    tsd_type_free(s);
}
END_TEST

/* {INT4@0, FLOAT8@8}: two ids. */
static tsd_type *pair(void)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 8), TY(I4, F8), TSD_EPS_ALWAYS, &t));
    return t;
}

START_TEST(test_basic_cases)
{
    tsd_type *p = pair(), *c3 = NULL, *v = NULL, *q = NULL;
    tsd_sigdiff d;

    ET_RC(tsd_create_contiguous(3, p, &c3));
    ET_RC(tsd_create_hvector(2, 3, 100, p, &v));
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 8), TY(I4, I4), TSD_EPS_ALWAYS, &q));
    /* equal: 6 pairs as vector and as contiguous(3) x2 */
    ET_RC(tsd_sig_match(v, 1, c3, 2, 1, &d));
    ck_assert(d.match && d.at == 12);
    /* a prefix: 5 pairs into 6 (a new copy of c3 begins inside) */
    ET_RC(tsd_sig_match(p, 5, c3, 2, 0, &d));
    ck_assert(d.match && d.at == 10);
    ET_RC(tsd_sig_match(p, 5, c3, 2, 1, &d));
    ck_assert(!d.match && d.at == 10 && d.sid == 0 && d.rid == TSD_INT4);
    /* longer than the receive: the send goes on at 12 */
    ET_RC(tsd_sig_match(p, 7, v, 1, 0, &d));
    ck_assert(!d.match && d.at == 12 && d.sid == TSD_INT4 && d.rid == 0);
    /* first element equal, second differs, in every copy */
    ET_RC(tsd_sig_match(p, 3, q, 3, 0, &d));
    ck_assert(!d.match && d.at == 1 && d.sid == TSD_FLOAT8 && d.rid == TSD_INT4);
    /* the same type: O(1), counts decide */
    ET_RC(tsd_sig_match(p, 4, p, 3, 0, &d));
    ck_assert(!d.match && d.at == 6 && d.sid == TSD_INT4 && d.rid == 0);
    /* empty signatures begin every signature */
    ET_RC(tsd_sig_match(p, 0, q, 1, 0, &d));
    ck_assert(d.match && d.at == 0);
    ET_RC(tsd_sig_match(p, 0, q, 1, 1, &d));
    ck_assert(!d.match && d.at == 0 && d.sid == 0 && d.rid == TSD_INT4);
    tsd_type_free(q);
    tsd_type_free(v);
    tsd_type_free(c3);
    tsd_type_free(p);
}
END_TEST

/* Counts past 2^64 elements: positions are 128-bit, nothing is walked
 * element by element or copy by copy. */
START_TEST(test_huge_counts)
{
    const int64_t big = INT64_MAX;
    tsd_type *p = pair(), *c = NULL, *i4x4 = NULL, *i4x5 = NULL, *p2 = NULL, *odd = NULL;
    tsd_sigdiff d;

    ET_RC(tsd_create_contiguous(1000, p, &c));
    ET_RC(tsd_create_contiguous(4, I4, &i4x4));
    ET_RC(tsd_create_contiguous(5, I4, &i4x5));
    ET_RC(tsd_create_contiguous(2, p, &p2));
    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 16), TY(p, I4), TSD_EPS_NONE, &odd));
    /* one basic id: one piece for all the copies */
    ET_RC(tsd_sig_match(i4x5, big, i4x4, big, 0, &d));
    ck_assert(!d.match && d.at == (tsd_u128)4 * (uint64_t)big && d.sid == TSD_INT4 && d.rid == 0);
    ck_assert(d.slen == (tsd_u128)5 * (uint64_t)big);
    ET_RC(tsd_sig_match(i4x4, big, i4x5, big, 0, &d));
    ck_assert(d.match);
    /* two ids, equal signatures built differently: hashes */
    ET_RC(tsd_sig_match(p, (int64_t)1000 << 50, c, (int64_t)1 << 50, 1, &d));
    ck_assert(d.match && d.at == (tsd_u128)2000 << 50);
    ET_RC(tsd_sig_match(p, (int64_t)1 << 62, c, (int64_t)1 << 53, 0, &d));
    ck_assert(d.match && d.at == (tsd_u128)2 << 62);
    ET_RC(tsd_sig_match(p, 2000, c, 2, 1, &d));
    ck_assert(d.match);
    /* longer than the receive: the walk stops agreeing copies after
     * |s| + |r| elements (2^62 copies walked one by one never end) */
    ET_RC(tsd_sig_match(p, ((int64_t)1 << 62) + 1, p2, (int64_t)1 << 61, 0, &d));
    ck_assert(!d.match && d.at == (tsd_u128)1 << 63 && d.sid == TSD_INT4 && d.rid == 0);
    /* a difference near the start of huge signatures */
    ET_RC(tsd_sig_match(p, big, odd, big / 3, 0, &d));
    ck_assert(!d.match && d.at == 3 && d.sid == TSD_FLOAT8 && d.rid == TSD_INT4);
    ET_RC(tsd_sig_match(odd, big / 3, p2, big / 2, 0, &d));
    ck_assert(!d.match && d.at == 3 && d.sid == TSD_INT4 && d.rid == TSD_FLOAT8);
    tsd_type_free(odd);
    tsd_type_free(p2);
    tsd_type_free(i4x5);
    tsd_type_free(i4x4);
    tsd_type_free(c);
    tsd_type_free(p);
}
END_TEST

/* pair nested in 20 hvectors: loops deeper than the walk's own stack. */
static tsd_type *deep(const tsd_type *inner)
{
    tsd_type *t = NULL, *u;

    ET_RC(tsd_create_hvector(2, 1, 64, inner, &t));
    for (int i = 1; i < 20; i++) {
        ET_RC(tsd_create_hvector(2, 1, (int64_t)64 << i, t, &u));
        tsd_type_free(t);
        t = u;
    }
    return t;
}

START_TEST(test_deep_nesting)
{
    tsd_type *p = pair(), *alt = NULL, *a, *b;
    tsd_sigdiff d;
    long calls;

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 8), TY(I4, U8), TSD_EPS_ALWAYS, &alt));
    a = deep(p);
    b = deep(alt);
    ck_assert_int_eq(a->nbElems, (int64_t)2 << 20);
    /* differ at element 1, found by walking 20 loops in */
    ET_RC(tsd_sig_match(a, 1, b, 1, 1, &d));
    ck_assert(!d.match && d.at == 1 && d.sid == TSD_FLOAT8 && d.rid == TSD_UINT8);
    /* the walk's stack grows on the heap: its failure is reported */
    et_fail_at(1);
    ck_assert_int_eq(tsd_sig_match(a, 1, b, 1, 1, &d), TSD_ERR_NOMEM);
    calls = et_calls();
    et_fail_at(0);
    ck_assert_int_ge(calls, 1);
    ET_RC(tsd_sig_match(a, 3, p, (int64_t)3 << 20, 1, &d));
    ck_assert(d.match);
    tsd_type_free(b);
    tsd_type_free(a);
    tsd_type_free(alt);
    tsd_type_free(p);
}
END_TEST

START_TEST(test_runs_shown)
{
    tsd_type *t = NULL, *u = NULL, *v = NULL;
    tsd_sigrun runs[4];
    int more, n;

    /* {I4, F8, I4} x3: the I4 of one copy and the next merge */
    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(0, 8, 16), TY(I4, F8, I4), TSD_EPS_NONE, &t));
    n = tsd_sig_runs(t, 3, runs, 4, &more);
    ck_assert_int_eq(n, 4);
    ck_assert_int_eq(more, 1);
    ck_assert(runs[0].id == TSD_INT4 && runs[0].len == 1);
    ck_assert(runs[1].id == TSD_FLOAT8 && runs[1].len == 1);
    ck_assert(runs[2].id == TSD_INT4 && runs[2].len == 2);
    ck_assert(runs[3].id == TSD_FLOAT8 && runs[3].len == 1);
    n = tsd_sig_runs(t, 1, runs, 4, &more);
    ck_assert(n == 3 && !more && runs[2].len == 1);
    /* one id: one run however many copies */
    ET_RC(tsd_create_hvector(1000, 3, 100, I4, &u));
    n = tsd_sig_runs(u, INT64_MAX, runs, 4, &more);
    ck_assert(n == 1 && !more && runs[0].len == (tsd_u128)3000 * (uint64_t)INT64_MAX);
    /* a loop whose body is one id is one run, then the next id */
    ET_RC(tsd_create_struct(2, A64(1, 2), A64(0, 1 << 20), TY(u, F8), TSD_EPS_NONE, &v));
    n = tsd_sig_runs(v, 2, runs, 4, &more);
    ck_assert(n == 4 && !more && runs[0].id == TSD_INT4 && runs[0].len == 3000 &&
              runs[1].len == 2 && runs[2].len == 3000);
    ck_assert_int_eq(tsd_sig_runs(v, 0, runs, 4, &more), 0);
    tsd_type_free(v);
    tsd_type_free(u);
    tsd_type_free(t);
}
END_TEST

static Suite *sigmatch_suite(void)
{
    Suite *s = suite_create("sigmatch");
    TCase *tc = tcase_create("core");

    et_fixture(tc);
    tcase_add_loop_test(tc, test_random_against_expansion, 0, 400);
    tcase_add_test(tc, test_basic_cases);
    tcase_add_test(tc, test_huge_counts);
    tcase_add_test(tc, test_deep_nesting);
    tcase_add_test(tc, test_runs_shown);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[] = {sigmatch_suite()};

    return et_run(suites, 1);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* et.c - helpers of the engine white-box tests (see et.h). */
#include "et.h"

#include <inttypes.h>
#include <stdio.h>
#include <string.h>

/* ------------------------------------------------------------------
 * Predefined types: static, as the façade's tsf_builtin.c makes them.
 * ---------------------------------------------------------------- */
static tsd_type b_i1, b_u1, b_u2, b_u4, b_u8, b_i4, b_f8, b_lb, b_ub;
static tsd_rec r_i1[2], r_u1[2], r_u2[2], r_u4[2], r_u8[2], r_i4[2], r_f8[2], r_lb[2], r_ub[2];
const tsd_type *I1 = &b_i1, *U1 = &b_u1, *U2 = &b_u2, *U4 = &b_u4, *U8 = &b_u8, *I4 = &b_i4,
               *F8 = &b_f8, *MLB = &b_lb, *MUB = &b_ub;

void et_init_basics(void)
{
    tsd_init_basic(&b_i1, r_i1, TSD_INT1, 1, 1, "MPI_CHAR");
    tsd_init_basic(&b_u1, r_u1, TSD_UINT1, 1, 1, "MPI_UINT8_T");
    tsd_init_basic(&b_u2, r_u2, TSD_UINT2, 2, 2, "MPI_UINT16_T");
    tsd_init_basic(&b_u4, r_u4, TSD_UINT4, 4, 4, "MPI_UINT32_T");
    tsd_init_basic(&b_u8, r_u8, TSD_UINT8, 8, 8, "MPI_UINT64_T");
    tsd_init_basic(&b_i4, r_i4, TSD_INT4, 4, 4, "MPI_INT");
    tsd_init_basic(&b_f8, r_f8, TSD_FLOAT8, 8, 8, "MPI_DOUBLE");
    tsd_init_basic(&b_lb, r_lb, TSD_LB, 0, 1, "MPI_LB");
    tsd_init_basic(&b_ub, r_ub, TSD_UB, 0, 1, "MPI_UB");
}

/* ------------------------------------------------------------------
 * Counting allocator
 * ---------------------------------------------------------------- */
static long live, calls, fail_at;
static int failed;

static void *et_malloc(size_t n)
{
    void *p;

    calls++;
    if (fail_at && calls == fail_at) {
        failed = 1;
        return NULL;
    }
    p = malloc(n);
    if (p)
        live++;
    return p;
}

static void et_free(void *p)
{
    if (p)
        live--;
    free(p);
}

void et_alloc_install(void)
{
    typeshim_set_alloc_funcs(et_malloc, et_free);
}
long et_live(void)
{
    return live;
}
long et_calls(void)
{
    return calls;
}
int et_failed(void)
{
    return failed;
}

void et_fail_at(long n)
{
    fail_at = n;
    calls = 0;
    failed = 0;
}

static long live_at_setup;

static void leak_setup(void)
{
    et_fail_at(0);
    live_at_setup = live;
}

static void leak_teardown(void)
{
    et_fail_at(0);
    ck_assert_msg(live == live_at_setup, "the test leaked %ld block(s) of the library",
                  live - live_at_setup);
}

void et_fixture(TCase *tc)
{
    tcase_add_checked_fixture(tc, leak_setup, leak_teardown);
}

/* ------------------------------------------------------------------
 * Record comparison
 * ---------------------------------------------------------------- */
static const char *kind_name(int k)
{
    return k == ET_K_ELEM ? "elem" : k == ET_K_LOOP ? "loop" : "end_loop";
}

static void fmt_rec(char *buf, size_t len, const tsd_rec *r)
{
    if (r->common.type == TSD_LOOP)
        snprintf(buf, len, "loop{loops=%" PRId64 " items=%" PRId64 " extent=%" PRId64 "}",
                 r->loop.loops, r->loop.items, r->loop.extent);
    else if (r->common.type == TSD_END_LOOP)
        snprintf(buf, len, "end_loop{items=%" PRId64 " size=%" PRId64 " fed=%" PRId64 "}",
                 r->end_loop.items, r->end_loop.size, r->end_loop.first_elem_disp);
    else
        snprintf(buf, len,
                 "elem{%s count=%" PRId64 " blocklen=%" PRId64 " extent=%" PRId64 " disp=%" PRId64
                 "}",
                 tsd_id_name(r->common.type), r->elem.count, r->elem.blocklen, r->elem.extent,
                 r->elem.disp);
}

static void fmt_exp(char *buf, size_t len, const et_rec *x)
{
    if (x->kind == ET_K_ELEM)
        snprintf(buf, len,
                 "elem{%s count=%" PRId64 " blocklen=%" PRId64 " extent=%" PRId64 " disp=%" PRId64
                 "}",
                 tsd_id_name(x->type), x->f[0], x->f[1], x->f[2], x->f[3]);
    else
        snprintf(buf, len, "%s{%" PRId64 " %" PRId64 " %" PRId64 "}", kind_name(x->kind), x->f[0],
                 x->f[1], x->f[2]);
}

void et_check_desc_at(const char *file, int line, const char *what, const tsd_desc *d,
                      int with_final, const et_rec *x, int64_t nx)
{
    ck_assert_msg(d->used == nx - with_final, "%s:%d: %s.used = %" PRId64 ", expected %" PRId64,
                  file, line, what, d->used, nx - with_final);
    if (nx > 0)
        ck_assert_msg(d->rec != NULL, "%s:%d: %s has no records", file, line, what);
    for (int64_t i = 0; i < nx; i++) {
        const tsd_rec *r = &d->rec[i];
        char got[160], exp[160];
        int same;

        fmt_rec(got, sizeof got, r);
        fmt_exp(exp, sizeof exp, &x[i]);
        switch (x[i].kind) {
        case ET_K_ELEM:
            same = r->common.type == x[i].type && r->elem.count == x[i].f[0] &&
                   r->elem.blocklen == x[i].f[1] && r->elem.extent == x[i].f[2] &&
                   r->elem.disp == x[i].f[3];
            break;
        case ET_K_LOOP:
            same = r->common.type == TSD_LOOP && r->loop.loops == x[i].f[0] &&
                   r->loop.items == x[i].f[1] && r->loop.extent == x[i].f[2];
            break;
        default:
            same = r->common.type == TSD_END_LOOP && r->end_loop.items == x[i].f[0] &&
                   r->end_loop.size == x[i].f[1] && r->end_loop.first_elem_disp == x[i].f[2];
            break;
        }
        ck_assert_msg(same, "%s:%d: %s[%" PRId64 "] is %s, expected %s", file, line, what, i, got,
                      exp);
    }
}

void et_check_bounds_at(const char *file, int line, const tsd_type *t, int64_t size, int64_t lb,
                        int64_t ub, int64_t true_lb, int64_t true_ub, int64_t nbElems,
                        int64_t align)
{
    ck_assert_msg(t->size == size && t->lb == lb && t->ub == ub && t->true_lb == true_lb &&
                      t->true_ub == true_ub && t->nbElems == nbElems && t->align == align,
                  "%s:%d: size/lb/ub/true_lb/true_ub/nbElems/align = %" PRId64 "/%" PRId64
                  "/%" PRId64 "/%" PRId64 "/%" PRId64 "/%" PRId64 "/%" PRId64 ", expected %" PRId64
                  "/%" PRId64 "/%" PRId64 "/%" PRId64 "/%" PRId64 "/%" PRId64 "/%" PRId64,
                  file, line, t->size, t->lb, t->ub, t->true_lb, t->true_ub, t->nbElems, t->align,
                  size, lb, ub, true_lb, true_ub, nbElems, align);
}

/* An engine that may leave OVERLAP undecided at commit (decided when
 * asked, through tsd_flags) defines TSD_OVERLAP_UNDECIDED. */
#ifdef TSD_OVERLAP_UNDECIDED
#define TYPE_FLAGS(t) tsd_flags(t)
#else
#define TYPE_FLAGS(t) ((unsigned)(t)->flags)
#endif

void et_check_flags_at(const char *file, int line, const tsd_type *t, unsigned mask,
                       unsigned expect)
{
    unsigned flags = TYPE_FLAGS(t);
    char got[200], exp[200];

    tsd_flags_str(flags & mask, got, sizeof got);
    tsd_flags_str(expect & mask, exp, sizeof exp);
    ck_assert_msg((flags & mask) == (expect & mask), "%s:%d: flags %s, expected %s", file, line,
                  got, exp);
}

void et_check_btypes_at(const char *file, int line, const tsd_type *t, const et_bt *x)
{
    int64_t want[TSD_ID_MAX] = {0};
    uint64_t bits = 0;
    int id;

    for (; x->id >= 0; x++) {
        want[x->id] = x->n;
        bits |= 1ull << x->id;
    }
    for (id = 0; id < TSD_ID_MAX; id++)
        ck_assert_msg(t->btypes[id] == want[id],
                      "%s:%d: btypes[%s] = %" PRId64 ", expected %" PRId64, file, line,
                      tsd_id_name(id), t->btypes[id], want[id]);
    ck_assert_msg(t->bdt_used == bits, "%s:%d: bdt_used = %#" PRIx64 ", expected %#" PRIx64, file,
                  line, t->bdt_used, bits);
}

/* ------------------------------------------------------------------
 * Type maps
 * ---------------------------------------------------------------- */
static int walk(const tsd_rec *rec, int64_t n, int64_t shift, et_ent *out, int64_t *k, int64_t max)
{
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            for (int64_t l = 0; l < r->loop.loops; l++)
                if (walk(r + 1, r->loop.items - 1, shift + l * r->loop.extent, out, k, max))
                    return -1;
            i += r->loop.items;
        } else if (r->common.type != TSD_END_LOOP) {
            int64_t sz = tsd_id_size(r->common.type);
            for (int64_t c = 0; c < r->elem.count; c++)
                for (int64_t b = 0; b < r->elem.blocklen; b++) {
                    if (*k >= max)
                        return -1;
                    out[*k].type = r->common.type;
                    out[*k].disp = shift + r->elem.disp + c * r->elem.extent + b * sz;
                    (*k)++;
                }
        }
    }
    return 0;
}

int64_t et_typemap(const tsd_desc *d, et_ent *out, int64_t max)
{
    int64_t k = 0;

    return walk(d->rec, d->used, 0, out, &k, max) ? -1 : k;
}

void et_check_typemap_at(const char *file, int line, const tsd_type *t, const et_ent *x, int64_t nx)
{
    et_ent got[256];
    int64_t n = et_typemap(tsd_desc_of(t), got, 256);

    ck_assert_msg(n == nx, "%s:%d: type map has %" PRId64 " entries, expected %" PRId64, file, line,
                  n, nx);
    for (int64_t i = 0; i < n; i++)
        ck_assert_msg(got[i].type == x[i].type && got[i].disp == x[i].disp,
                      "%s:%d: type map entry %" PRId64 " is (%s,%" PRId64 "), expected (%s,%" PRId64
                      ")",
                      file, line, i, tsd_id_name(got[i].type), got[i].disp, tsd_id_name(x[i].type),
                      x[i].disp);
}

/* The bytes a description touches, in signature order; -1 past max. */
static int64_t byte_seq(const tsd_desc *d, int64_t *bytes, int64_t max)
{
    enum { MAXE = 4096 };
    static et_ent ents[MAXE];
    int64_t n = et_typemap(d, ents, MAXE), k = 0;

    if (n < 0)
        return -1;
    for (int64_t i = 0; i < n; i++)
        for (int64_t b = 0; b < tsd_id_size(ents[i].type); b++) {
            if (k >= max)
                return -1;
            bytes[k++] = ents[i].disp + b;
        }
    return k;
}

/* see et.h */
void et_same_type(const tsd_type *a, const tsd_type *b)
{
    int committed = (a->flags & TSD_FLAG_COMMITTED) != 0;

    ck_assert_int_eq(a->flags, b->flags);
    ck_assert_int_eq(a->id, b->id);
    ck_assert(a->size == b->size && a->lb == b->lb && a->ub == b->ub && a->true_lb == b->true_lb &&
              a->true_ub == b->true_ub && a->nbElems == b->nbElems && a->align == b->align &&
              a->bdt_used == b->bdt_used);
    ck_assert(memcmp(a->btypes, b->btypes, sizeof a->btypes) == 0);
    ck_assert_int_eq(tsd_desc_of(a)->used, tsd_desc_of(b)->used);
    if (tsd_desc_of(a)->used + committed > 0)
        ck_assert(memcmp(tsd_desc_of(a)->rec, tsd_desc_of(b)->rec,
                         (size_t)(tsd_desc_of(a)->used + committed) * sizeof(tsd_rec)) == 0);
    if (committed) {
        ck_assert_int_eq(tsd_opt_of(a)->used, tsd_opt_of(b)->used);
        ck_assert(memcmp(tsd_opt_of(a)->rec, tsd_opt_of(b)->rec,
                         (size_t)(tsd_opt_of(a)->used + 1) * sizeof(tsd_rec)) == 0);
        ck_assert_int_eq(a->opt_depth, b->opt_depth);
        ck_assert_int_eq(a->nblk, b->nblk);
    }
}

void et_ok_at(const char *file, int line, const tsd_type *t)
{
    enum { MAXB = 16384 };
    static int64_t a[MAXB], b[MAXB];
    int64_t na, nb;

    ck_assert_msg(tsd_check(t) == 0, "%s:%d: tsd_check rejects the type", file, line);
    if (!(t->flags & TSD_FLAG_COMMITTED))
        return;
    na = byte_seq(tsd_desc_of(t), a, MAXB);
    nb = byte_seq(tsd_opt_of(t), b, MAXB);
    if (na < 0 || nb < 0)
        return; /* too large to compare here */
    ck_assert_msg(na == nb && na == t->size,
                  "%s:%d: desc covers %" PRId64 " bytes, opt_desc %" PRId64 ", size %" PRId64, file,
                  line, na, nb, t->size);
    for (int64_t i = 0; i < na; i++)
        ck_assert_msg(a[i] == b[i],
                      "%s:%d: byte %" PRId64 " of the signature is at %" PRId64
                      " in desc but %" PRId64 " in opt_desc",
                      file, line, i, a[i], b[i]);
}

void et_commit_at(const char *file, int line, tsd_type *t)
{
    int rc = tsd_commit(t);

    ck_assert_msg(rc == TSD_OK, "%s:%d: tsd_commit returned %d", file, line, rc);
    ck_assert_msg(t->flags & TSD_FLAG_COMMITTED, "%s:%d: not COMMITTED after tsd_commit", file,
                  line);
    et_ok_at(file, line, t);
}

void et_check_zerolen_at(const char *file, int line, tsd_type *t)
{
    static const et_rec final[] = {ET_END(0, 0, 0)};

    et_ok_at(file, line, t);
    et_check_bounds_at(file, line, t, 0, 0, 0, 0, 0, 0, 1);
    et_check_flags_at(file, line, t, ET_PRE_MASK, 0);
    ck_assert_msg(tsd_desc_of(t)->used == 0, "%s:%d: desc.used = %" PRId64 ", expected 0", file,
                  line, tsd_desc_of(t)->used);
    et_check_btypes_at(file, line, t, (const et_bt[]){{-1, 0}});
    et_commit_at(file, line, t);
    et_check_desc_at(file, line, "desc", tsd_desc_of(t), 1, final, 1);
    et_check_desc_at(file, line, "opt_desc", tsd_opt_of(t), 1, final, 1);
    et_check_flags_at(file, line, t, 0xffffu, TSD_FLAG_COMMITTED | EMPTY_CONTIG | EMPTY_NO_GAPS);
}

tsd_type *et_make_f8_i1(void)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_struct(2, A64(1, 1), A64(0, 8), TY(F8, I1), TSD_EPS_ALWAYS, &t));
    return t;
}

tsd_type *et_make_lbub_type1(void)
{
    tsd_type *t = NULL;

    ET_RC(tsd_create_struct(3, A64(1, 1, 1), A64(-3, 0, 6), TY(MLB, I4, MUB), TSD_EPS_ALWAYS, &t));
    return t;
}

int et_run(Suite *const *suites, int n)
{
    SRunner *sr;
    int nfailed;

    et_init_basics();
    et_alloc_install();
    sr = srunner_create(suites[0]);
    for (int i = 1; i < n; i++)
        srunner_add_suite(sr, suites[i]);
    srunner_run_all(sr, CK_NORMAL);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

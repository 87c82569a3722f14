/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_threads.c - eight threads under MPI_THREAD_MULTIPLE.
 *
 * Private work: every thread builds, for a bounded number of rounds, a
 * catalogue of types covering every constructor family (nested ones, and
 * large-count ones), commits them, asks every query, decodes them
 * recursively (freeing what get_contents returns), packs and unpacks them
 * against byte runs worked out by hand, duplicates and frees them.
 *
 * Shared work, on types the main thread made: names set and read at once
 * (a name read is always one that was written, whole), attributes set,
 * read, deleted and copied by MPI_Type_dup at once (every value's delete
 * callback runs exactly once, every copy is counted), MPI_Pack of one
 * committed type, decoding it while others duplicate it, and one
 * uncommitted type committed by every thread at once.  A child's last
 * handle freed at the moment its last parent is freed.
 *
 * Every test ends with typeshim_live_types() back where it started.
 * MPI-4.1 section 11.6 (MPI_THREAD_MULTIPLE), 5.1.13 (decoding), 7.7
 * (caching), 7.8 (naming).
 */
#include <pthread.h>
#include <sched.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

#include "apitest.h"

#define NTHREADS      8
#define ROUNDS        200 /* private catalogue rounds per thread */
#define SHARED_ROUNDS 400 /* rounds on the shared types per thread */
#define COMMIT_ROUNDS 72  /* uncommitted types committed by all at once */

/* ---- failures inside threads: the first message is kept ---- */

static atomic_int fails;
static pthread_mutex_t fail_mu = PTHREAD_MUTEX_INITIALIZER;
static char fail_msg[512];

static void tfail(int line, const char *fmt, ...)
{
    va_list ap;

    pthread_mutex_lock(&fail_mu);
    if (atomic_fetch_add(&fails, 1) == 0) {
        int n = snprintf(fail_msg, sizeof fail_msg, "line %d: ", line);
        va_start(ap, fmt);
        vsnprintf(fail_msg + n, sizeof fail_msg - (size_t)n, fmt, ap);
        va_end(ap);
    }
    pthread_mutex_unlock(&fail_mu);
}

#define T_CHECK(cond, ...)                                                                         \
    do {                                                                                           \
        if (!(cond))                                                                               \
            tfail(__LINE__, __VA_ARGS__);                                                          \
    } while (0)
#define T_OK(call)                                                                                 \
    do {                                                                                           \
        int t_rc_ = (call);                                                                        \
        if (t_rc_ != MPI_SUCCESS)                                                                  \
            tfail(__LINE__, "%s returned %d", #call, t_rc_);                                       \
    } while (0)

static void start_threads(pthread_t *th, void *(*fn)(void *))
{
    for (int i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, fn, (void *)(intptr_t)i), 0);
}

static void join_threads(pthread_t *th)
{
    for (int i = 0; i < NTHREADS; i++)
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
    ck_assert_msg(atomic_load(&fails) == 0, "%d failures in threads, first: %s",
                  atomic_load(&fails), fail_msg);
}

static void run_threads(void *(*fn)(void *))
{
    pthread_t th[NTHREADS];

    start_threads(th, fn);
    join_threads(th);
}

/* ---- the source buffer: byte i holds a value that names it ---- */

#define BUFSZ 256
static unsigned char src[BUFSZ];

static void src_fill(void)
{
    for (int i = 0; i < BUFSZ; i++)
        src[i] = (unsigned char)(i * 37 + 11);
}

/* ---- decoding: a type's construction as text ---- */

static const char *named(MPI_Datatype t)
{
    if (t == MPI_CHAR)
        return "char";
    if (t == MPI_SHORT)
        return "short";
    if (t == MPI_INT)
        return "int";
    if (t == MPI_DOUBLE)
        return "double";
    return "?";
}

static const char *comb_name(int c)
{
    switch (c) {
    case MPI_COMBINER_DUP:
        return "dup";
    case MPI_COMBINER_CONTIGUOUS:
        return "contiguous";
    case MPI_COMBINER_VECTOR:
        return "vector";
    case MPI_COMBINER_HVECTOR:
        return "hvector";
    case MPI_COMBINER_INDEXED:
        return "indexed";
    case MPI_COMBINER_HINDEXED:
        return "hindexed";
    case MPI_COMBINER_INDEXED_BLOCK:
        return "indexed_block";
    case MPI_COMBINER_HINDEXED_BLOCK:
        return "hindexed_block";
    case MPI_COMBINER_STRUCT:
        return "struct";
    case MPI_COMBINER_SUBARRAY:
        return "subarray";
    case MPI_COMBINER_DARRAY:
        return "darray";
    case MPI_COMBINER_RESIZED:
        return "resized";
    default:
        return "?";
    }
}

struct text {
    char s[1024];
    size_t n;
};

static void put(struct text *x, const char *fmt, ...)
{
    va_list ap;
    int k;

    if (x->n >= sizeof x->s)
        return;
    va_start(ap, fmt);
    k = vsnprintf(x->s + x->n, sizeof x->s - x->n, fmt, ap);
    va_end(ap);
    x->n = k < 0 ? sizeof x->s : x->n + (size_t)k;
}

/* Writes t as combiner(i:ints;a:addresses;c:large counts|types), through
 * the large-count calls, and frees every derived type get_contents
 * returned; the types are decoded in turn. */
static void decode(MPI_Datatype t, struct text *x)
{
    MPI_Count ni = -1, na = -1, nc = -1, nd = -1;
    int comb = -1;
    int *ints;
    MPI_Aint *addrs;
    MPI_Count *counts;
    MPI_Datatype *types;

    T_OK(MPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &comb));
    if (comb == MPI_COMBINER_NAMED) {
        T_CHECK(ni == 0 && na == 0 && nc == 0 && nd == 0, "named type with arguments");
        put(x, "%s", named(t));
        return;
    }
    ints = malloc(sizeof *ints * (size_t)(ni + 1));
    addrs = malloc(sizeof *addrs * (size_t)(na + 1));
    counts = malloc(sizeof *counts * (size_t)(nc + 1));
    types = malloc(sizeof *types * (size_t)(nd + 1));
    if (!ints || !addrs || !counts || !types) {
        tfail(__LINE__, "out of memory");
        goto out;
    }
    T_OK(MPI_Type_get_contents_c(t, ni, na, nc, nd, ints, addrs, counts, types));
    put(x, "%s(", comb_name(comb));
    for (MPI_Count i = 0; i < ni; i++)
        put(x, "%s%d", i ? "," : "i:", ints[i]);
    for (MPI_Count i = 0; i < na; i++)
        put(x, "%s%ld", i ? "," : ni ? ";a:" : "a:", (long)addrs[i]);
    for (MPI_Count i = 0; i < nc; i++)
        put(x, "%s%lld", i ? "," : ni || na ? ";c:" : "c:", (long long)counts[i]);
    put(x, "|");
    for (MPI_Count i = 0; i < nd; i++) {
        int kc = -1;
        MPI_Count z[4];

        if (i)
            put(x, ",");
        decode(types[i], x);
        T_OK(MPI_Type_get_envelope_c(types[i], &z[0], &z[1], &z[2], &z[3], &kc));
        if (kc != MPI_COMBINER_NAMED) {
            T_OK(MPI_Type_free(&types[i]));
            T_CHECK(types[i] == MPI_DATATYPE_NULL, "MPI_Type_free left the handle");
        }
    }
    put(x, ")");
out:
    free(ints);
    free(addrs);
    free(counts);
    free(types);
}

/* The variant without large counts agrees with the large-count one, or
 * refuses a type a _c constructor made (MPI-4.1 section 5.1.13). */
static void decode_small_agrees(MPI_Datatype t)
{
    MPI_Count ni, na, nc, nd;
    int comb, sni = -1, sna = -1, snd = -1, scomb = -1, rc;

    T_OK(MPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &comb));
    rc = MPI_Type_get_envelope(t, &sni, &sna, &snd, &scomb);
    if (nc > 0) {
        T_CHECK(rc != MPI_SUCCESS && at_class(rc) == MPI_ERR_TYPE,
                "get_envelope of a large-count type returned %d", rc);
        return;
    }
    T_CHECK(rc == MPI_SUCCESS && sni == ni && sna == na && snd == nd && scomb == comb,
            "get_envelope disagrees with get_envelope_c");
    if (comb != MPI_COMBINER_NAMED && rc == MPI_SUCCESS) {
        int ints[64];
        MPI_Aint addrs[64];
        MPI_Count lc[64];
        MPI_Datatype ty[8], tyc[8];

        T_CHECK(ni <= 64 && na <= 64 && nd <= 8, "too many arguments");
        if (ni > 64 || na > 64 || nd > 8)
            return;
        T_OK(MPI_Type_get_contents(t, sni, sna, snd, ints, addrs, ty));
        {
            int ints_c[64];
            MPI_Aint addrs_c[64];

            T_OK(MPI_Type_get_contents_c(t, ni, na, 0, nd, ints_c, addrs_c, lc, tyc));
            T_CHECK(memcmp(ints, ints_c, sizeof *ints * (size_t)ni) == 0 &&
                        memcmp(addrs, addrs_c, sizeof *addrs * (size_t)na) == 0,
                    "get_contents disagrees with get_contents_c");
        }
        for (int i = 0; i < snd; i++) {
            int kc;
            MPI_Count z[4];

            T_OK(MPI_Type_get_envelope_c(ty[i], &z[0], &z[1], &z[2], &z[3], &kc));
            if (kc != MPI_COMBINER_NAMED) {
                T_OK(MPI_Type_free(&ty[i]));
                T_OK(MPI_Type_free(&tyc[i]));
            } else {
                T_CHECK(ty[i] == tyc[i], "two handles for one predefined type");
            }
        }
    }
}

/* ---- the catalogue: what each type is, worked out by hand ---- */

struct run {
    int off, len; /* bytes of the source, in pack order */
};

struct entry {
    const char *what;
    void (*make)(MPI_Datatype *out);
    struct {
        MPI_Aint size, lb, extent, tlb, textent;
    };
    struct run runs[8]; /* up to the first of length 0 */
    const char *text;   /* decode() of it */
};

static void mk_contig(MPI_Datatype *o)
{
    T_OK(MPI_Type_contiguous(3, MPI_INT, o));
}

static void mk_vector(MPI_Datatype *o)
{
    T_OK(MPI_Type_vector(2, 2, 3, MPI_INT, o));
}

static void mk_hvector(MPI_Datatype *o)
{
    T_OK(MPI_Type_create_hvector(2, 1, 10, MPI_SHORT, o));
}

static void mk_indexed(MPI_Datatype *o)
{
    int bl[2] = {2, 1}, d[2] = {3, 0};
    T_OK(MPI_Type_indexed(2, bl, d, MPI_INT, o));
}

static void mk_hindexed(MPI_Datatype *o)
{
    int bl[2] = {1, 2};
    MPI_Aint d[2] = {24, 0};
    T_OK(MPI_Type_create_hindexed(2, bl, d, MPI_DOUBLE, o));
}

static void mk_indexed_block(MPI_Datatype *o)
{
    int d[3] = {4, 0, 8};
    T_OK(MPI_Type_create_indexed_block(3, 2, d, MPI_SHORT, o));
}

static void mk_hindexed_block(MPI_Datatype *o)
{
    MPI_Aint d[2] = {16, 4};
    T_OK(MPI_Type_create_hindexed_block(2, 1, d, MPI_INT, o));
}

static void mk_struct(MPI_Datatype *o)
{
    int bl[3] = {1, 2, 1};
    MPI_Aint d[3] = {0, 4, 16};
    MPI_Datatype ty[3] = {MPI_CHAR, MPI_INT, MPI_DOUBLE};
    T_OK(MPI_Type_create_struct(3, bl, d, ty, o));
}

static void mk_resized(MPI_Datatype *o)
{
    MPI_Datatype c;
    T_OK(MPI_Type_contiguous(2, MPI_INT, &c));
    T_OK(MPI_Type_create_resized(c, -4, 16, o));
    T_OK(MPI_Type_free(&c));
}

static void mk_subarray(MPI_Datatype *o)
{
    int sz[2] = {4, 5}, sub[2] = {2, 2}, st[2] = {1, 3};
    T_OK(MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_INT, o));
}

static void mk_darray_block(MPI_Datatype *o)
{
    int g[1] = {6}, dist[1] = {MPI_DISTRIBUTE_BLOCK}, darg[1] = {MPI_DISTRIBUTE_DFLT_DARG},
        ps[1] = {2};
    T_OK(MPI_Type_create_darray(2, 1, 1, g, dist, darg, ps, MPI_ORDER_C, MPI_INT, o));
}

static void mk_darray_cyclic(MPI_Datatype *o)
{
    int g[1] = {5}, dist[1] = {MPI_DISTRIBUTE_CYCLIC}, darg[1] = {1}, ps[1] = {2};
    T_OK(MPI_Type_create_darray(2, 0, 1, g, dist, darg, ps, MPI_ORDER_C, MPI_INT, o));
}

static void mk_dup(MPI_Datatype *o)
{
    MPI_Datatype v;
    mk_vector(&v);
    T_OK(MPI_Type_dup(v, o));
    T_OK(MPI_Type_free(&v));
}

/* nested, through the large-count constructors */
static void mk_vector_c_of_struct(MPI_Datatype *o)
{
    MPI_Datatype s;
    mk_struct(&s);
    T_OK(MPI_Type_vector_c(2, 1, 2, s, o));
    T_OK(MPI_Type_free(&s));
}

static void mk_contig_c_of_resized(MPI_Datatype *o)
{
    MPI_Datatype r;
    mk_resized(&r);
    T_OK(MPI_Type_contiguous_c(2, r, o));
    T_OK(MPI_Type_free(&r));
}

static void mk_struct_c_of_derived(MPI_Datatype *o)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {0, 40};
    MPI_Datatype ty[2];
    mk_vector(&ty[0]);
    mk_hindexed(&ty[1]);
    T_OK(MPI_Type_create_struct_c(2, bl, d, ty, o));
    T_OK(MPI_Type_free(&ty[0]));
    T_OK(MPI_Type_free(&ty[1]));
}

static void mk_hvector_of_subarray(MPI_Datatype *o)
{
    MPI_Datatype s;
    mk_subarray(&s);
    T_OK(MPI_Type_create_hvector(2, 1, 100, s, o));
    T_OK(MPI_Type_free(&s));
}

static void mk_indexed_c_of_dup(MPI_Datatype *o)
{
    MPI_Count bl[2] = {1, 1}, d[2] = {2, 0};
    MPI_Datatype dp;
    T_OK(MPI_Type_dup(MPI_SHORT, &dp));
    T_OK(MPI_Type_indexed_c(2, bl, d, dp, o));
    T_OK(MPI_Type_free(&dp));
}

static const struct entry cat[] = {
    {"contiguous", mk_contig, {12, 0, 12, 0, 12}, {{0, 12}}, "contiguous(i:3|int)"},
    {"vector", mk_vector, {16, 0, 20, 0, 20}, {{0, 8}, {12, 8}}, "vector(i:2,2,3|int)"},
    {"hvector", mk_hvector, {4, 0, 12, 0, 12}, {{0, 2}, {10, 2}}, "hvector(i:2,1;a:10|short)"},
    {"indexed", mk_indexed, {12, 0, 20, 0, 20}, {{12, 8}, {0, 4}}, "indexed(i:2,2,1,3,0|int)"},
    {"hindexed",
     mk_hindexed,
     {24, 0, 32, 0, 32},
     {{24, 8}, {0, 16}},
     "hindexed(i:2,1,2;a:24,0|double)"},
    {"indexed_block",
     mk_indexed_block,
     {12, 0, 20, 0, 20},
     {{8, 4}, {0, 4}, {16, 4}},
     "indexed_block(i:3,2,4,0,8|short)"},
    {"hindexed_block",
     mk_hindexed_block,
     {8, 4, 16, 4, 16},
     {{16, 4}, {4, 4}},
     "hindexed_block(i:2,1;a:16,4|int)"},
    {"struct",
     mk_struct,
     {17, 0, 24, 0, 24},
     {{0, 1}, {4, 8}, {16, 8}},
     "struct(i:3,1,2,1;a:0,4,16|char,int,double)"},
    {"resized", mk_resized, {8, -4, 16, 0, 8}, {{0, 8}}, "resized(a:-4,16|contiguous(i:2|int))"},
    {"subarray",
     mk_subarray,
     {16, 0, 80, 32, 28},
     {{32, 8}, {52, 8}},
     "subarray(i:2,4,5,2,2,1,3,56|int)"},
    {"darray block",
     mk_darray_block,
     {12, 0, 24, 12, 12},
     {{12, 12}},
     "darray(i:2,1,1,6,121,-49767,2,56|int)"},
    {"darray cyclic",
     mk_darray_cyclic,
     {12, 0, 20, 0, 20},
     {{0, 4}, {8, 4}, {16, 4}},
     "darray(i:2,0,1,5,122,1,2,56|int)"},
    {"dup", mk_dup, {16, 0, 20, 0, 20}, {{0, 8}, {12, 8}}, "dup(|vector(i:2,2,3|int))"},
    {"vector_c of struct",
     mk_vector_c_of_struct,
     {34, 0, 72, 0, 72},
     {{0, 1}, {4, 8}, {16, 8}, {48, 1}, {52, 8}, {64, 8}},
     "vector(c:2,1,2|struct(i:3,1,2,1;a:0,4,16|char,int,double))"},
    {"contiguous_c of resized",
     mk_contig_c_of_resized,
     {16, -4, 32, 0, 24},
     {{0, 8}, {16, 8}},
     "contiguous(c:2|resized(a:-4,16|contiguous(i:2|int)))"},
    {"struct_c of vector, hindexed",
     mk_struct_c_of_derived,
     {40, 0, 72, 0, 72},
     {{0, 8}, {12, 8}, {64, 8}, {40, 16}},
     "struct(c:2,1,1,0,40|vector(i:2,2,3|int),hindexed(i:2,1,2;a:24,0|double))"},
    {"hvector of subarray",
     mk_hvector_of_subarray,
     {32, 0, 180, 32, 128},
     {{32, 8}, {52, 8}, {132, 8}, {152, 8}},
     "hvector(i:2,1;a:100|subarray(i:2,4,5,2,2,1,3,56|int))"},
    {"indexed_c of dup",
     mk_indexed_c_of_dup,
     {4, 0, 6, 0, 6},
     {{4, 2}, {0, 2}},
     "indexed(c:2,1,1,2,0|dup(|short))"},
};
#define NCAT ((int)(sizeof cat / sizeof cat[0]))

/* Every query of t gives what e says. */
static void check_queries(const struct entry *e, MPI_Datatype t)
{
    int size = -1;
    MPI_Count size_c = -1, lb_c = -1, ext_c = -1;
    MPI_Aint lb = -1, ext = -1;

    T_OK(MPI_Type_size(t, &size));
    T_CHECK(size == e->size, "%s: size %d, expected %ld", e->what, size, (long)e->size);
    T_OK(MPI_Type_size_c(t, &size_c));
    T_CHECK(size_c == e->size, "%s: size_c %lld", e->what, (long long)size_c);
    T_OK(MPI_Type_get_extent(t, &lb, &ext));
    T_CHECK(lb == e->lb && ext == e->extent, "%s: lb %ld extent %ld, expected %ld %ld", e->what,
            (long)lb, (long)ext, (long)e->lb, (long)e->extent);
    T_OK(MPI_Type_get_extent_c(t, &lb_c, &ext_c));
    T_CHECK(lb_c == e->lb && ext_c == e->extent, "%s: extent_c", e->what);
    T_OK(MPI_Type_get_true_extent(t, &lb, &ext));
    T_CHECK(lb == e->tlb && ext == e->textent, "%s: true lb %ld extent %ld, expected %ld %ld",
            e->what, (long)lb, (long)ext, (long)e->tlb, (long)e->textent);
    T_OK(MPI_Type_get_true_extent_c(t, &lb_c, &ext_c));
    T_CHECK(lb_c == e->tlb && ext_c == e->textent, "%s: true_extent_c", e->what);
}

/* MPI_Pack of one t from src gives the runs of e, in order; MPI_Unpack
 * of them writes back those bytes and no others. */
static void check_pack(const struct entry *e, MPI_Datatype t)
{
    unsigned char packed[BUFSZ], want[BUFSZ], back[BUFSZ], expect[BUFSZ];
    int pos = 0, psize = -1, n = 0;

    memset(expect, 0, sizeof expect);
    for (int r = 0; e->runs[r].len; r++) {
        memcpy(want + n, src + e->runs[r].off, (size_t)e->runs[r].len);
        memcpy(expect + e->runs[r].off, src + e->runs[r].off, (size_t)e->runs[r].len);
        n += e->runs[r].len;
    }
    T_CHECK(n == e->size, "%s: the runs make %d bytes, not the size", e->what, n);
    T_OK(MPI_Pack_size(1, t, MPI_COMM_WORLD, &psize));
    T_CHECK(psize >= n, "%s: MPI_Pack_size %d < %d", e->what, psize, n);
    memset(packed, 0xa5, sizeof packed);
    T_OK(MPI_Pack(src, 1, t, packed, (int)sizeof packed, &pos, MPI_COMM_WORLD));
    T_CHECK(pos == n, "%s: packed %d bytes, expected %d", e->what, pos, n);
    T_CHECK(memcmp(packed, want, (size_t)n) == 0, "%s: packed bytes differ", e->what);
    T_CHECK(at_all_poison(packed + n, sizeof packed - (size_t)n, 0xa5),
            "%s: MPI_Pack wrote past its output", e->what);
    memset(back, 0, sizeof back);
    pos = 0;
    T_OK(MPI_Unpack(packed, n, &pos, back, 1, t, MPI_COMM_WORLD));
    T_CHECK(pos == n, "%s: unpacked %d bytes", e->what, pos);
    T_CHECK(memcmp(back, expect, sizeof back) == 0, "%s: unpacked bytes differ", e->what);
}

/* t decodes as e says, or as a dup of that. */
static void check_decode(const struct entry *e, MPI_Datatype t, int dup)
{
    struct text x = {.n = 0};
    char want[sizeof x.s];

    decode(t, &x);
    snprintf(want, sizeof want, dup ? "dup(|%s)" : "%s", e->text);
    T_CHECK(strcmp(x.s, want) == 0, "%s: decoded as %s, expected %s", e->what, x.s, want);
    decode_small_agrees(t);
}

/* ---- private work ---- */

static long live0; /* typeshim_live_types() before the test */

static void *private_worker(void *arg)
{
    int me = (int)(intptr_t)arg;

    for (int r = 0; r < ROUNDS && atomic_load(&fails) == 0; r++) {
        MPI_Datatype t[NCAT], d;

        for (int i = 0; i < NCAT; i++) {
            /* each thread walks the catalogue from its own place */
            const struct entry *e = &cat[(i + me) % NCAT];

            t[i] = MPI_DATATYPE_NULL;
            e->make(&t[i]);
            check_decode(e, t[i], 0); /* uncommitted */
            T_OK(MPI_Type_commit(&t[i]));
            check_queries(e, t[i]);
            check_pack(e, t[i]);
            T_OK(MPI_Type_dup(t[i], &d));
            check_queries(e, d);
            check_pack(e, d); /* a dup of a committed type is committed */
            check_decode(e, d, 1);
            T_OK(MPI_Type_free(&d));
        }
        /* others only add theirs to the NCAT of this thread */
        T_CHECK(typeshim_live_types() >= live0 + NCAT, "typeshim_live_types() %ld < %ld",
                typeshim_live_types(), live0 + NCAT);
        for (int i = 0; i < NCAT; i++) {
            check_decode(&cat[(i + me) % NCAT], t[i], 0);
            T_OK(MPI_Type_free(&t[i]));
            T_CHECK(t[i] == MPI_DATATYPE_NULL, "MPI_Type_free left the handle");
        }
    }
    return NULL;
}

static void setup(void)
{
    atomic_store(&fails, 0);
    fail_msg[0] = 0;
    src_fill();
    live0 = typeshim_live_types();
    at_errors_return();
}

static void teardown(void)
{
    at_errors_fatal();
}

START_TEST(test_private_catalogue)
{
    run_threads(private_worker);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* ---- shared: names ---- */

#define NNAMES 8
static char names[NNAMES + 1][MPI_MAX_OBJECT_NAME];
static MPI_Datatype shared_t; /* the shared struct_c-of-derived type */

static void names_make(void)
{
    static const int len[NNAMES + 1] = {0, 1, 5, 17, 40, 63, 90, 127, 9};

    /* names[NNAMES] is the one set before the threads start */
    for (int k = 0; k <= NNAMES; k++) {
        memset(names[k], 'a' + k, (size_t)len[k]);
        names[k][len[k]] = 0;
    }
}

static void check_name(MPI_Datatype t)
{
    char got[MPI_MAX_OBJECT_NAME + 8];
    int len = -1, k;

    memset(got, 0x7f, sizeof got);
    T_OK(MPI_Type_get_name(t, got, &len));
    for (k = 0; k <= NNAMES; k++)
        if (strcmp(got, names[k]) == 0)
            break;
    T_CHECK(k <= NNAMES, "a name never written (torn?): '%.*s'", MPI_MAX_OBJECT_NAME, got);
    T_CHECK(len >= 0 && (size_t)len == strlen(got), "resultlen %d for a name of %zu", len,
            strnlen(got, sizeof got));
}

/* ---- shared: attributes, counted ---- */

enum { KC, KN, KD, NKEYS }; /* copying, not copied, MPI_TYPE_DUP_FN */
static int keys[NKEYS];
static int extra_tag[NKEYS];
#define NTOK (NTHREADS * SHARED_ROUNDS * NKEYS)
static atomic_int deleted[NTOK];    /* delete callbacks of each value set */
static atomic_int dup_copies[NTOK]; /* KD values found on dups */
static atomic_int made_copy[NTOK];  /* KC copies the copy callback made */
static atomic_int deleted_copy[NTOK];
static atomic_int kc_found; /* KC values found on dups */
static atomic_int copy_calls;

/* a value: 1 + index; a copy: COPYBIT | (1 + index) */
#define COPYBIT 0x100000
static int tok_index(int me, int r, int k)
{
    return (me * SHARED_ROUNDS + r) * NKEYS + k;
}

static void *tok_val(int idx)
{
    return (void *)(intptr_t)(idx + 1);
}

/* The token index of v if it is an original value of key k, else -1. */
static int tok_of(void *v, int k)
{
    intptr_t i = (intptr_t)v - 1;

    if (i < 0 || i >= NTOK || i % NKEYS != k)
        return -1;
    return (int)i;
}

static int key_of(int keyval)
{
    for (int k = 0; k < NKEYS; k++)
        if (keys[k] == keyval)
            return k;
    return -1;
}

static int copy_cb(MPI_Datatype old, int keyval, void *extra, void *in, void *out, int *flag)
{
    int k = key_of(keyval), i = tok_of(in, KC);

    (void)old;
    atomic_fetch_add(&copy_calls, 1);
    T_CHECK(k == KC && extra == &extra_tag[KC], "copy callback of keyval %d", keyval);
    T_CHECK(i >= 0, "copy callback given %p", in);
    if (i >= 0)
        atomic_fetch_add(&made_copy[i], 1);
    *(void **)out = (void *)((intptr_t)in | COPYBIT);
    *flag = 1;
    return MPI_SUCCESS;
}

static int del_cb(MPI_Datatype t, int keyval, void *val, void *extra)
{
    int k = key_of(keyval);
    intptr_t v = (intptr_t)val;

    (void)t;
    T_CHECK(k >= 0 && extra == &extra_tag[k], "delete callback of keyval %d", keyval);
    if (k < 0)
        return MPI_SUCCESS;
    if (v & COPYBIT) {
        int i = tok_of((void *)(v & ~(intptr_t)COPYBIT), KC);
        T_CHECK(k == KC && i >= 0, "delete callback given copy %p", val);
        if (i >= 0)
            atomic_fetch_add(&deleted_copy[i], 1);
    } else {
        int i = tok_of(val, k);
        T_CHECK(i >= 0, "delete callback of key %d given %p", k, val);
        if (i >= 0) {
            int before = atomic_fetch_add(&deleted[i], 1);
            /* a KD value is also on the dups that copied it */
            T_CHECK(k == KD || before == 0, "value %p deleted twice", val);
        }
    }
    return MPI_SUCCESS;
}

static void *attr_value(MPI_Datatype t, int k, int *flag)
{
    void *v = NULL;

    *flag = -1;
    T_OK(MPI_Type_get_attr(t, keys[k], &v, flag));
    T_CHECK(*flag == 0 || *flag == 1, "flag %d", *flag);
    return *flag == 1 ? v : NULL;
}

/* A dup of the shared type: its KC value is a copy of a KC value, it has
 * no KN value, its KD value is a KD value; then it goes. */
static void dup_and_count(MPI_Datatype s)
{
    MPI_Datatype d = MPI_DATATYPE_NULL;
    void *v;
    int flag;

    T_OK(MPI_Type_dup(s, &d));
    v = attr_value(d, KC, &flag);
    if (flag == 1) {
        T_CHECK(((intptr_t)v & COPYBIT) &&
                    tok_of((void *)((intptr_t)v & ~(intptr_t)COPYBIT), KC) >= 0,
                "KC on a dup is %p", v);
        atomic_fetch_add(&kc_found, 1);
    }
    attr_value(d, KN, &flag);
    T_CHECK(flag == 0, "MPI_TYPE_NULL_COPY_FN's attribute was copied");
    v = attr_value(d, KD, &flag);
    if (flag == 1) {
        int i = tok_of(v, KD);
        T_CHECK(i >= 0, "KD on a dup is %p", v);
        if (i >= 0)
            atomic_fetch_add(&dup_copies[i], 1);
    }
    T_OK(MPI_Type_free(&d));
}

/* ---- shared: the packed image of shared_t, count 2 ---- */

static const struct entry *shared_e; /* its catalogue entry */
static unsigned char shared_want[2 * 40];

static void *shared_worker(void *arg)
{
    int me = (int)(intptr_t)arg;

    for (int r = 0; r < SHARED_ROUNDS && atomic_load(&fails) == 0; r++) {
        unsigned char packed[160];
        int pos = 0;

        /* names */
        T_OK(MPI_Type_set_name(shared_t, names[(me + r) % NNAMES]));
        check_name(shared_t);
        /* attributes: set all, read all, delete some */
        for (int k = 0; k < NKEYS; k++)
            T_OK(MPI_Type_set_attr(shared_t, keys[k], tok_val(tok_index(me, r, k))));
        for (int k = 0; k < NKEYS; k++) {
            int flag;
            void *v = attr_value(shared_t, k, &flag);
            T_CHECK(flag == 0 || tok_of(v, k) >= 0, "key %d holds %p", k, v);
        }
        if (r % 3 == me % 3)
            T_OK(MPI_Type_delete_attr(shared_t, keys[r % NKEYS]));
        /* dup while others set, delete and decode */
        dup_and_count(shared_t);
        /* decode while others dup */
        check_decode(shared_e, shared_t, 0);
        /* pack the shared committed type */
        T_OK(MPI_Pack(src, 2, shared_t, packed, (int)sizeof packed, &pos, MPI_COMM_WORLD));
        T_CHECK(pos == 2 * shared_e->size, "shared pack: %d bytes", pos);
        T_CHECK(memcmp(packed, shared_want, (size_t)pos) == 0, "shared pack: bytes differ");
        check_queries(shared_e, shared_t);
        check_name(shared_t);
    }
    return NULL;
}

START_TEST(test_shared_types)
{
    const int ntok = NTOK;
    long sets = 0, deletes = 0, copies = 0, found = 0;
    int n = 0;

    shared_e = NULL;
    for (int i = 0; i < NCAT; i++)
        if (cat[i].make == mk_struct_c_of_derived)
            shared_e = &cat[i];
    ck_assert_ptr_nonnull(shared_e);
    /* two elements: the runs, then the runs one extent on */
    for (int c = 0; c < 2; c++)
        for (int r = 0; shared_e->runs[r].len; r++) {
            memcpy(shared_want + n, src + c * shared_e->extent + shared_e->runs[r].off,
                   (size_t)shared_e->runs[r].len);
            n += shared_e->runs[r].len;
        }
    ck_assert_int_eq(n, 2 * shared_e->size);
    ck_assert_int_le(2 * shared_e->extent, BUFSZ);

    names_make();
    for (int i = 0; i < ntok; i++) {
        atomic_store(&deleted[i], 0);
        atomic_store(&dup_copies[i], 0);
        atomic_store(&made_copy[i], 0);
        atomic_store(&deleted_copy[i], 0);
    }
    atomic_store(&kc_found, 0);
    atomic_store(&copy_calls, 0);
    AT_OK(MPI_Type_create_keyval(copy_cb, del_cb, &keys[KC], &extra_tag[KC]));
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_NULL_COPY_FN, del_cb, &keys[KN], &extra_tag[KN]));
    AT_OK(MPI_Type_create_keyval(MPI_TYPE_DUP_FN, del_cb, &keys[KD], &extra_tag[KD]));

    shared_e->make(&shared_t);
    AT_OK(MPI_Type_commit(&shared_t));
    AT_OK(MPI_Type_set_name(shared_t, names[NNAMES]));
    run_threads(shared_worker);

    AT_OK(MPI_Type_free(&shared_t));
    for (int k = 0; k < NKEYS; k++)
        AT_OK(MPI_Type_free_keyval(&keys[k]));
    ck_assert_msg(atomic_load(&fails) == 0, "callbacks after the threads: %s", fail_msg);
    /* every value set was deleted once, plus once per dup holding it */
    for (int i = 0; i < ntok; i++) {
        int want = 1 + (i % NKEYS == KD ? atomic_load(&dup_copies[i]) : 0);
        ck_assert_msg(atomic_load(&deleted[i]) == want, "value %d deleted %d times, expected %d", i,
                      atomic_load(&deleted[i]), want);
        ck_assert_int_eq(atomic_load(&deleted_copy[i]), atomic_load(&made_copy[i]));
        sets++;
        deletes += atomic_load(&deleted[i]);
        copies += atomic_load(&made_copy[i]);
        found += i % NKEYS == KD ? atomic_load(&dup_copies[i]) : 0;
    }
    /* every copy callback made a KC value found on a dup */
    ck_assert_int_eq(copies, atomic_load(&copy_calls));
    ck_assert_int_eq(copies, atomic_load(&kc_found));
    ck_assert_int_eq(deletes, sets + found);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* ---- shared: one uncommitted type, committed by all at once ---- */

static pthread_barrier_t barrier;
static MPI_Datatype fresh;
static const struct entry *fresh_e;

/* Half the threads duplicate fresh while the others commit it: a dup
 * made before the commit is done is committed by its maker. */
static void *commit_worker(void *arg)
{
    int me = (int)(intptr_t)arg;

    for (int r = 0; r < COMMIT_ROUNDS; r++) {
        MPI_Datatype mine, d = MPI_DATATYPE_NULL;

        pthread_barrier_wait(&barrier); /* fresh is made */
        mine = fresh;
        if (me % 2)
            T_OK(MPI_Type_dup(fresh, &d));
        T_OK(MPI_Type_set_name(fresh, names[me % NNAMES]));
        T_OK(MPI_Type_commit(&mine));
        T_CHECK(mine == fresh, "MPI_Type_commit changed the handle");
        check_pack(fresh_e, mine);
        check_queries(fresh_e, mine);
        check_decode(fresh_e, mine, 0);
        check_name(fresh);
        if (!(me % 2))
            T_OK(MPI_Type_dup(fresh, &d));
        T_OK(MPI_Type_commit(&d));
        check_pack(fresh_e, d);
        check_decode(fresh_e, d, 1);
        T_OK(MPI_Type_free(&d));
        pthread_barrier_wait(&barrier); /* fresh may go */
    }
    return NULL;
}

START_TEST(test_commit_together)
{
    pthread_t th[NTHREADS];

    names_make();
    ck_assert_int_eq(pthread_barrier_init(&barrier, NULL, NTHREADS + 1), 0);
    start_threads(th, commit_worker);
    for (int r = 0; r < COMMIT_ROUNDS; r++) {
        fresh_e = &cat[r % NCAT];
        fresh = MPI_DATATYPE_NULL;
        fresh_e->make(&fresh);
        pthread_barrier_wait(&barrier);
        pthread_barrier_wait(&barrier);
        AT_OK(MPI_Type_free(&fresh));
    }
    join_threads(th);
    pthread_barrier_destroy(&barrier);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

/* ---- a child's last handle freed while its last parent is freed ---- */

#define RACE_ROUNDS  200000
#define RACE_SECONDS 5
#define RACE_SHIFT   256     /* spins */
static atomic_int race_stop; /* thread 0's word, read after the meeting */
static MPI_Datatype race_child, race_parent;
static atomic_uint race_turn; /* the round both threads may start */

/* Waits until both threads reach it, spinning: two threads on two cores
 * must leave it together, which a sleeping barrier does not give.  It
 * yields after a while, so a busy machine (the other thread off its core)
 * slows the test, not stalls it. */
static void race_meet(unsigned *arrivals)
{
    unsigned want = (*arrivals += 2);

    atomic_fetch_add(&race_turn, 1);
    for (int spins = 0; atomic_load(&race_turn) < want; spins++)
        if (spins > 4096)
            sched_yield();
}

/* Two threads: thread 0 makes a child and a parent naming it; then it
 * frees the child's handle while thread 1 frees the parent, so the last
 * two references go at once and exactly one of the threads must destroy
 * the child (both is a double free).  A wait of a varying length shifts
 * one free against the other; in odd rounds the handle freed is one
 * MPI_Type_get_contents returned. */
static void *race_worker(void *arg)
{
    int me = (int)(intptr_t)arg;
    unsigned arrivals = 0;
    struct timespec t0, t;

    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0;; r++) {
        if (me == 0) {
            MPI_Datatype c = MPI_DATATYPE_NULL, kid = MPI_DATATYPE_NULL;
            int n = 0;

            clock_gettime(CLOCK_MONOTONIC, &t);
            /* a time bound too: on a loaded machine rounds are slow */
            atomic_store(&race_stop, r == RACE_ROUNDS || atomic_load(&fails) ||
                                         t.tv_sec - t0.tv_sec > RACE_SECONDS);
            if (!atomic_load(&race_stop)) {
                T_OK(MPI_Type_vector(2, 1, 3, MPI_INT, &c));
                T_OK(MPI_Type_contiguous(2, c, &race_parent));
                if (r % 2) {
                    T_OK(MPI_Type_get_contents(race_parent, 1, 0, 1, &n, NULL, &kid));
                    T_OK(MPI_Type_free(&c));
                    c = kid;
                }
                race_child = c;
            }
        }
        race_meet(&arrivals);
        if (atomic_load(&race_stop))
            break;
        /* the parent's free reaches the child after destroying the
         * parent: the child's free waits a varying while to meet it */
        for (volatile int spin = me == 0 ? (r * 7919) % RACE_SHIFT : 0; spin > 0; spin--)
            ;
        T_OK(MPI_Type_free(me == 0 ? &race_child : &race_parent));
        race_meet(&arrivals);
    }
    return NULL;
}

START_TEST(test_free_with_parent)
{
    pthread_t th[2];

    atomic_store(&race_turn, 0);
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_create(&th[i], NULL, race_worker, (void *)(intptr_t)i), 0);
    for (int i = 0; i < 2; i++)
        ck_assert_int_eq(pthread_join(th[i], NULL), 0);
    ck_assert_msg(atomic_load(&fails) == 0, "%d failures in threads, first: %s",
                  atomic_load(&fails), fail_msg);
    ck_assert_int_eq(typeshim_live_types(), live0);
}
END_TEST

static Suite *threads_suite(void)
{
    Suite *s = suite_create("threads");
    TCase *tc = tcase_create("multiple");

    tcase_set_timeout(tc, 120);
    tcase_add_checked_fixture(tc, setup, teardown);
    tcase_add_test(tc, test_private_catalogue);
    tcase_add_test(tc, test_shared_types);
    tcase_add_test(tc, test_commit_together);
    tcase_add_test(tc, test_free_with_parent);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    SRunner *sr;
    int provided = -1, nfailed;

    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_MULTIPLE, &provided) != MPI_SUCCESS ||
        provided != MPI_THREAD_MULTIPLE) {
        fprintf(stderr, "MPI_Init_thread gave level %d, not MPI_THREAD_MULTIPLE\n", provided);
        return EXIT_FAILURE;
    }
    sr = srunner_create(threads_suite());
    srunner_run_all(sr, CK_ENV);
    nfailed = srunner_ntests_failed(sr);
    srunner_free(sr);
    MPI_Finalize();
    return nfailed == 0 ? EXIT_SUCCESS : EXIT_FAILURE;
}

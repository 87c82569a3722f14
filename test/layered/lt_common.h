/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lt_common.h - helpers shared by the layered-mode tests (test/layered/).
 *
 * The lt_* programs are plain MPICH programs: they include MPICH's mpi.h
 * and never typeshim.h, so one binary runs unmodified on MPICH alone, with
 * libtypeshim.so preloaded, or with -ltypeshim linked ahead of -lmpich.
 * What they must observe is chosen by the environment:
 *
 *   LT_EXPECT=mpich     plain MPICH, or typeshim with TYPESHIM_DISABLE=1:
 *                       typeshim_mode is absent or returns 2 (disabled),
 *                       and datatype answers are MPICH's;
 *   LT_EXPECT=typeshim  typeshim is layered (typeshim_mode() == 1), its
 *                       answers differ from MPICH's where typeshim(7)
 *                       says so, and no shadow is left in MPICH at the end;
 *   unset               taken from typeshim_mode() (layered or not).
 *
 * Checks never use assert(): LT_CHECK* print file:line, the expression and
 * the values, count the failure and go on.  Counters are atomic (GCC/Clang
 * __atomic builtins; the rest is C99), so threads may check concurrently.
 *
 * A program: MPI_Init; lt_begin(name) (or, for a typeshim-only program,
 * LT_REQUIRE_TYPESHIM() and lt_stats()); checks; free every type;
 * lt_check_no_leak(); MPI_Finalize; return lt_finish(name, rank), which
 * prints the rank's line, "<prog> rank R: ok (N checks)" or
 * "<prog> rank R: FAILED (F of N checks)", and returns 0 or 1.
 */
#ifndef LT_COMMON_H
#define LT_COMMON_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE /* RTLD_DEFAULT */
#endif

#include <dlfcn.h>
#include <mpi.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define LT_UNUSED   __attribute__((unused))
#define LT_NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))

/* Failures printed in full; later ones are only counted. */
#define LT_MAX_REPORTS 60

static const char *lt_prog = "lt";
static int lt_rank = -1;
static long lt_nchecks;
static long lt_nfailed;

static LT_UNUSED void lt_vfail(const char *file, int line, const char *fmt, va_list ap)
{
    long n = __atomic_add_fetch(&lt_nfailed, 1, __ATOMIC_RELAXED);
    char msg[1024];

    if (n > LT_MAX_REPORTS)
        return;
    vsnprintf(msg, sizeof msg, fmt, ap);
    /* one fprintf per report, so lines of different threads do not mix */
    fprintf(stderr, "%s rank %d: %s:%d: FAIL: %s\n", lt_prog, lt_rank, file, line, msg);
    if (n == LT_MAX_REPORTS)
        fprintf(stderr, "%s rank %d: further failures are counted, not printed\n", lt_prog,
                lt_rank);
}

static LT_UNUSED void lt_fail_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    lt_vfail(file, line, fmt, ap);
    va_end(ap);
}

/* Counts a check; returns cond, so callers can skip what depends on it. */
static LT_UNUSED int lt_count(int cond)
{
    __atomic_add_fetch(&lt_nchecks, 1, __ATOMIC_RELAXED);
    return cond;
}

/* LT_CHECK(expr): a truth value. */
#define LT_CHECK(expr) (lt_count(!!(expr)) ? 1 : (lt_fail_at(__FILE__, __LINE__, "%s", #expr), 0))

/* LT_CHECK_INT(a, op, b): an integer comparison (op one of == != < <= > >=),
 * each side evaluated once, both values printed. */
#define LT_CHECK_INT(a, op, b)                                                                     \
    lt_check_int(__FILE__, __LINE__, #a, #op, #b, (long long)(a), (long long)(b))

static LT_UNUSED int lt_check_int(const char *file, int line, const char *ta, const char *op,
                                  const char *tb, long long a, long long b)
{
    int ok;

    if (strcmp(op, "==") == 0)
        ok = a == b;
    else if (strcmp(op, "!=") == 0)
        ok = a != b;
    else if (strcmp(op, "<") == 0)
        ok = a < b;
    else if (strcmp(op, "<=") == 0)
        ok = a <= b;
    else if (strcmp(op, ">") == 0)
        ok = a > b;
    else if (strcmp(op, ">=") == 0)
        ok = a >= b;
    else
        ok = 0; /* a typo in the test */
    if (lt_count(ok))
        return 1;
    lt_fail_at(file, line, "%s %s %s (%lld vs %lld)", ta, op, tb, a, b);
    return 0;
}

/* LT_CHECK_STR(a, b): two C strings are equal. */
#define LT_CHECK_STR(a, b) lt_check_str(__FILE__, __LINE__, #a, #b, a, b)

static LT_UNUSED int lt_check_str(const char *file, int line, const char *ta, const char *tb,
                                  const char *a, const char *b)
{
    if (lt_count(strcmp(a, b) == 0))
        return 1;
    lt_fail_at(file, line, "%s == %s (\"%s\" vs \"%s\")", ta, tb, a, b);
    return 0;
}

/* Text of an MPI error code (into a caller's buffer: threads use it). */
static LT_UNUSED const char *lt_errstr(int rc, char *buf, int size)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;

    if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
        snprintf(msg, sizeof msg, "(no message)");
    snprintf(buf, (size_t)size, "%d: %s", rc, msg);
    return buf;
}

/* LT_CHECK_MPI(call): an MPI call returns MPI_SUCCESS (the programs set
 * MPI_ERRORS_RETURN on MPI_COMM_WORLD, where datatype errors are raised). */
#define LT_CHECK_MPI(call) lt_check_mpi(__FILE__, __LINE__, #call, call)

static LT_UNUSED int lt_check_mpi(const char *file, int line, const char *text, int rc)
{
    char eb[MPI_MAX_ERROR_STRING + 32];

    if (lt_count(rc == MPI_SUCCESS))
        return 1;
    lt_fail_at(file, line, "%s returned %s", text, lt_errstr(rc, eb, (int)sizeof eb));
    return 0;
}

/* Compares n bytes; prints the first few differing offsets. */
#define LT_CHECK_BYTES(got, want, n, what) lt_check_bytes(__FILE__, __LINE__, got, want, n, what)

static LT_UNUSED int lt_check_bytes(const char *file, int line, const void *got, const void *want,
                                    long n, const char *what)
{
    const unsigned char *g = got, *w = want;
    long bad = 0, first = -1;
    char detail[512] = "";
    size_t used = 0;

    for (long i = 0; i < n; i++) {
        if (g[i] == w[i])
            continue;
        if (bad == 0)
            first = i;
        if (bad < 8 && used < sizeof detail - 40)
            used += (size_t)snprintf(detail + used, sizeof detail - used, " [%ld]=%02x/%02x", i,
                                     g[i], w[i]);
        bad++;
    }
    if (lt_count(bad == 0))
        return 1;
    lt_fail_at(file, line, "%s: %ld of %ld bytes differ, first at %ld (got/want):%s%s", what, bad,
               n, first, detail, bad > 8 ? " ..." : "");
    return 0;
}

/* ------------------------------------------------------------------
 * Proof that typeshim answered (or that it did not).
 *
 * typeshim_mode and typeshim_layer_stats_get are looked up at run time
 * (RTLD_DEFAULT), so the same source serves the preloaded, the linked and
 * the plain-MPICH cases.  The struct mirrors include/typeshim.h.
 * ------------------------------------------------------------------ */

#define LT_EXPECT_MPICH    0
#define LT_EXPECT_TYPESHIM 1

#ifndef TYPESHIM_H /* else typeshim.h declared it */
typedef struct typeshim_layer_stats {
    long shadows, adopted, checks, divergences, intended;
} typeshim_layer_stats;
#endif

static int lt_expect = LT_EXPECT_MPICH;
static long lt_shadows0; /* stats.shadows right after MPI_Init */

/* typeshim_mode(), or -1 when no typeshim is loaded. */
static LT_UNUSED int lt_ts_mode(void)
{
    int (*fn)(void);
    void *sym = dlsym(RTLD_DEFAULT, "typeshim_mode");

    if (sym == NULL)
        return -1;
    memcpy(&fn, &sym, sizeof fn);
    return fn();
}

/* Fills *st from typeshim_layer_stats_get; 0 on success, -1 if absent. */
static LT_UNUSED int lt_ts_stats(typeshim_layer_stats *st)
{
    int (*fn)(typeshim_layer_stats *);
    void *sym = dlsym(RTLD_DEFAULT, "typeshim_layer_stats_get");

    memset(st, 0, sizeof *st);
    if (sym == NULL)
        return -1;
    memcpy(&fn, &sym, sizeof fn);
    return fn(st) == MPI_SUCCESS ? 0 : -1;
}

static LT_UNUSED long lt_shadows_now(void)
{
    typeshim_layer_stats st;

    if (lt_ts_stats(&st) != 0)
        return -1;
    return st.shadows;
}

/* ------------------------------------------------------------------
 * Answers that differ between typeshim and MPICH 4.0.2 (typeshim(7)),
 * measured on this MPICH; used by lt_begin and by lt_p2p's marker cases.
 * ------------------------------------------------------------------ */

/* struct{MPI_LB@4, MPI_LB@-2, MPI_INT@0}: typeshim takes the min of the
 * markers and keeps epsilon (lb -2, ub 6, extent 8); MPICH takes the last
 * marker and drops epsilon (lb -2, ub 4, extent 6).  Both: size 4, true
 * lb 0, true extent 4. */
#define LT_TWO_LB_LB     (-2)
#define LT_TWO_LB_EXTENT (lt_expect == LT_EXPECT_TYPESHIM ? 8 : 6)

/* struct{MPI_INT@0, child@100} with child = struct{MPI_LB@8, MPI_INT@8}:
 * typeshim keeps the inherited marker (lb 108, ub 112, extent 4); MPICH
 * forgets it (lb 0, ub 112, extent 112).  Both: size 8, true lb 0, true
 * extent 112. */
#define LT_STICKY_LB     (lt_expect == LT_EXPECT_TYPESHIM ? 108 : 0)
#define LT_STICKY_EXTENT (lt_expect == LT_EXPECT_TYPESHIM ? 4 : 112)

static LT_UNUSED void lt_make_two_lb(MPI_Datatype *t)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {4, -2, 0};
    MPI_Datatype types[3] = {MPI_LB, MPI_LB, MPI_INT};

    *t = MPI_DATATYPE_NULL;
    LT_CHECK_MPI(MPI_Type_create_struct(3, bl, disp, types, t));
}

static LT_UNUSED void lt_make_sticky(MPI_Datatype *t)
{
    int bl[2] = {1, 1};
    MPI_Aint cdisp[2] = {8, 8}, disp[2] = {0, 100};
    MPI_Datatype ctypes[2] = {MPI_LB, MPI_INT}, types[2] = {MPI_INT, MPI_DATATYPE_NULL};
    MPI_Datatype child = MPI_DATATYPE_NULL;

    *t = MPI_DATATYPE_NULL;
    LT_CHECK_MPI(MPI_Type_create_struct(2, bl, cdisp, ctypes, &child));
    types[1] = child;
    LT_CHECK_MPI(MPI_Type_create_struct(2, bl, disp, types, t));
    LT_CHECK_MPI(MPI_Type_free(&child));
}

/* The bounds of a type, checked against expected values. */
#define LT_CHECK_BOUNDS(t, lb, extent, size, tlb, textent)                                         \
    lt_check_bounds(__FILE__, __LINE__, #t, t, lb, extent, size, tlb, textent)

static LT_UNUSED int lt_check_bounds(const char *file, int line, const char *what, MPI_Datatype t,
                                     long lb, long extent, long size, long tlb, long textent)
{
    MPI_Aint glb = -1, gext = -1, gtlb = -1, gtext = -1;
    int gsize = -1, rc1, rc2, rc3;

    rc1 = MPI_Type_get_extent(t, &glb, &gext);
    rc2 = MPI_Type_get_true_extent(t, &gtlb, &gtext);
    rc3 = MPI_Type_size(t, &gsize);
    if (lt_count(rc1 == MPI_SUCCESS && rc2 == MPI_SUCCESS && rc3 == MPI_SUCCESS && glb == lb &&
                 gext == extent && gsize == size && gtlb == tlb && gtext == textent))
        return 1;
    lt_fail_at(
        file, line,
        "bounds of %s: got lb=%ld extent=%ld size=%d true_lb=%ld true_extent=%ld (rc %d/%d/%d),"
        " want lb=%ld extent=%ld size=%ld true_lb=%ld true_extent=%ld",
        what, (long)glb, (long)gext, gsize, (long)gtlb, (long)gtext, rc1, rc2, rc3, lb, extent,
        size, tlb, textent);
    return 0;
}

/* After MPI_Init: name the program, make errors return, settle what to
 * expect and prove it (mode, shadow count, a semantic difference). */
static LT_UNUSED void lt_begin(const char *prog)
{
    const char *env = getenv("LT_EXPECT");
    int mode, nranks;
    MPI_Datatype t;

    lt_prog = prog;
    MPI_Comm_rank(MPI_COMM_WORLD, &lt_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &nranks);
    LT_CHECK_MPI(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));

    mode = lt_ts_mode();
    if (env == NULL || *env == '\0')
        lt_expect = mode == 1 ? LT_EXPECT_TYPESHIM : LT_EXPECT_MPICH;
    else if (strcmp(env, "typeshim") == 0)
        lt_expect = LT_EXPECT_TYPESHIM;
    else if (strcmp(env, "mpich") == 0)
        lt_expect = LT_EXPECT_MPICH;
    else
        lt_fail_at(__FILE__, __LINE__, "LT_EXPECT=%s: want \"mpich\" or \"typeshim\"", env);

    if (lt_expect == LT_EXPECT_TYPESHIM) {
        typeshim_layer_stats st;

        LT_CHECK_INT(mode, ==, 1); /* layered */
        if (LT_CHECK_INT(lt_ts_stats(&st), ==, 0))
            lt_shadows0 = st.shadows;
    } else {
        LT_CHECK(mode == -1 || mode == 2); /* absent or disabled */
    }
    if (lt_rank == 0)
        printf("%s: %d ranks, expecting %s (typeshim_mode %s%d), shadows at start %ld\n", prog,
               nranks, lt_expect == LT_EXPECT_TYPESHIM ? "typeshim" : "mpich",
               mode < 0 ? "absent " : "", mode, lt_shadows0);

    /* The semantic proof: only typeshim keeps epsilon and takes the least
     * of several MPI_LB markers. */
    lt_make_two_lb(&t);
    LT_CHECK_BOUNDS(t, LT_TWO_LB_LB, LT_TWO_LB_EXTENT, 4, 0, 4);
    LT_CHECK_MPI(MPI_Type_free(&t));
    LT_CHECK(t == MPI_DATATYPE_NULL);
}

/* Under typeshim, while derived types are live, typeshim holds shadows. */
static LT_UNUSED void lt_check_shadows_live(void)
{
    if (lt_expect == LT_EXPECT_TYPESHIM)
        LT_CHECK_INT(lt_shadows_now(), >, lt_shadows0);
}

/* For programs that only make sense layered (LT_EXPECT=typeshim): fails
 * unless typeshim_mode() is 1; shadows are then counted from here. */
#define LT_REQUIRE_TYPESHIM() lt_require_typeshim(__FILE__, __LINE__)

static LT_UNUSED void lt_require_typeshim(const char *file, int line)
{
    int mode = lt_ts_mode();

    if (lt_rank < 0)
        MPI_Comm_rank(MPI_COMM_WORLD, &lt_rank);
    lt_expect = LT_EXPECT_TYPESHIM;
    if (!lt_count(mode == 1))
        lt_fail_at(file, line,
                   "typeshim is not layered here (typeshim_mode %d, -1: absent): preload "
                   "libtypeshim.so or link -ltypeshim ahead of -lmpich",
                   mode);
    lt_shadows0 = lt_shadows_now();
}

/* The layer counters; a failed check (and zeros) without typeshim. */
static LT_UNUSED void lt_stats(typeshim_layer_stats *st)
{
    if (!lt_count(lt_ts_stats(st) == 0))
        lt_fail_at(__FILE__, __LINE__, "typeshim_layer_stats_get is not available");
}

#define LT_CHECK_EQ(a, b) LT_CHECK_INT(a, ==, b)

/* Before MPI_Finalize, with every type freed: under typeshim, no shadow
 * is left in MPICH beyond those of MPI_Init. */
static LT_UNUSED void lt_check_no_leak(void)
{
    if (lt_expect == LT_EXPECT_TYPESHIM)
        LT_CHECK_INT(lt_shadows_now(), ==, lt_shadows0);
}

/* Prints the rank's line and returns the exit status (0 or 1); may be
 * called after MPI_Finalize. */
static LT_UNUSED int lt_finish(const char *prog, int rank)
{
    fflush(stderr);
    if (lt_nfailed == 0)
        printf("%s rank %d: ok (%ld checks)\n", prog, rank, lt_nchecks);
    else
        printf("%s rank %d: FAILED (%ld of %ld checks)\n", prog, rank, lt_nfailed, lt_nchecks);
    fflush(stdout);
    return lt_nfailed == 0 ? 0 : 1;
}

/* ------------------------------------------------------------------
 * Reference layouts ("maps"): the byte blocks of a type map in type-map
 * order, with the bounds, computed by hand from the constructor rules,
 * never by MPI.  Pack of (buf, count, t) must equal the concatenation of
 * the blocks of count copies of t's map shifted by i * extent.
 * ------------------------------------------------------------------ */

typedef struct lt_map {
    long n, cap;
    long *off, *len;
    long lb, extent;
    long size;
} lt_map;

static LT_UNUSED void lt_map_init(lt_map *m)
{
    memset(m, 0, sizeof *m);
}

static LT_UNUSED void lt_map_free(lt_map *m)
{
    free(m->off); /* allocated in lt_map_add */
    free(m->len);
    lt_map_init(m);
}

static LT_UNUSED void lt_map_add(lt_map *m, long off, long len)
{
    if (len == 0)
        return;
    m->size += len;
    if (m->n > 0 && m->off[m->n - 1] + m->len[m->n - 1] == off) {
        m->len[m->n - 1] += len;
        return;
    }
    if (m->n == m->cap) {
        long cap = m->cap ? 2 * m->cap : 16;
        long *o = realloc(m->off, (size_t)cap * sizeof *o);
        long *l = o ? realloc(m->len, (size_t)cap * sizeof *l) : NULL;

        if (o == NULL || l == NULL) {
            fprintf(stderr, "%s: out of memory\n", lt_prog);
            abort();
        }
        m->off = o;
        m->len = l;
        m->cap = cap;
    }
    m->off[m->n] = off;
    m->len[m->n] = len;
    m->n++;
}

/* Appends count copies of src, the i-th shifted by shift + i * src->extent. */
static LT_UNUSED void lt_map_append(lt_map *dst, const lt_map *src, long shift, long count)
{
    for (long i = 0; i < count; i++)
        for (long b = 0; b < src->n; b++)
            lt_map_add(dst, shift + i * src->extent + src->off[b], src->len[b]);
}

/* A basic type of the given size (lb 0, extent size). */
static LT_UNUSED void lt_map_basic(lt_map *m, long size)
{
    lt_map_init(m);
    lt_map_add(m, 0, size);
    m->extent = size;
}

/* Bounds of blocks of `old` copies placed at the given shifts (the
 * MPI-2 rule without markers and without epsilon). */
static LT_UNUSED void lt_map_bounds(lt_map *m, const lt_map *old, long nblk, const long *disp,
                                    const long *bl)
{
    long lb = 0, ub = 0;
    int first = 1;

    for (long i = 0; i < nblk; i++) {
        long l, u;

        if (bl[i] == 0)
            continue;
        l = disp[i] + old->lb;
        u = disp[i] + (bl[i] - 1) * old->extent + old->lb + old->extent;
        if (first || l < lb)
            lb = l;
        if (first || u > ub)
            ub = u;
        first = 0;
    }
    m->lb = lb;
    m->extent = ub - lb;
}

/* hindexed(nblk, bl, disp in bytes, old); vector forms go through it. */
static LT_UNUSED void lt_map_hindexed(lt_map *m, long nblk, const long *bl, const long *disp,
                                      const lt_map *old)
{
    lt_map_init(m);
    for (long i = 0; i < nblk; i++)
        lt_map_append(m, old, disp[i], bl[i]);
    lt_map_bounds(m, old, nblk, disp, bl);
}

static LT_UNUSED void lt_map_hvector(lt_map *m, long count, long bl, long stride, const lt_map *old)
{
    long *d = malloc((size_t)(count ? count : 1) * sizeof *d); /* freed below */
    long *b = malloc((size_t)(count ? count : 1) * sizeof *b);

    for (long i = 0; i < count; i++) {
        d[i] = i * stride;
        b[i] = bl;
    }
    lt_map_hindexed(m, count, b, d, old);
    free(d);
    free(b);
}

static LT_UNUSED void lt_map_resized(lt_map *m, const lt_map *old, long lb, long extent)
{
    lt_map_init(m);
    lt_map_append(m, old, 0, 1);
    m->lb = lb;
    m->extent = extent;
}

/* ------------------------------------------------------------------
 * Reference maps of subarray and darray (the type map lists the selected
 * elements in array storage order, C or Fortran).
 * ------------------------------------------------------------------ */

/* Elements of a ndims array, in storage order, kept when keep[d][idx[d]]
 * holds for every d (keep == NULL: the box [lo, lo + n) per dimension). */
static LT_UNUSED void lt_array_map(lt_map *m, int ndims, const int *sizes, const int *lo,
                                   const int *n, const char *const *keep, int order, long elsize)
{
    int idx[8] = {0};
    long total = 1;

    lt_map_init(m);
    for (int d = 0; d < ndims; d++)
        total *= sizes[d];
    for (long e = 0; e < total; e++) {
        long rem = e, off = 0, mul = 1;
        int in = 1;

        /* e enumerates storage order: the fastest dimension first */
        for (int k = 0; k < ndims; k++) {
            int d = order == MPI_ORDER_C ? ndims - 1 - k : k;

            idx[d] = (int)(rem % sizes[d]);
            rem /= sizes[d];
            off += idx[d] * mul;
            mul *= sizes[d];
            if (keep != NULL ? !keep[d][idx[d]] : idx[d] < lo[d] || idx[d] >= lo[d] + n[d])
                in = 0;
        }
        if (in)
            lt_map_add(m, off * elsize, elsize);
    }
    m->lb = 0;
    m->extent = total * elsize;
}

/* Pattern byte of the sender's buffer at offset off from the buffer
 * pointer; never the 0xA5 poison. */
static LT_UNUSED unsigned char lt_pat(int src, long off, int salt)
{
    unsigned v = (unsigned)(src + 1) * 131u + (unsigned)off * 7u + (unsigned)salt * 29u + 3u;

    v = (v ^ (v >> 8)) & 0xffu;
    return (unsigned char)(v == 0xA5 ? 0x5A : v);
}

#define LT_POISON 0xA5

/* The byte span [lo, hi) that count copies of m touch. */
static LT_UNUSED void lt_map_span(const lt_map *m, long count, long *lo, long *hi)
{
    long l = 0, h = 0;
    int first = 1;

    for (long i = 0; i < count; i++)
        for (long b = 0; b < m->n; b++) {
            long s = i * m->extent + m->off[b], e = s + m->len[b];

            if (first || s < l)
                l = s;
            if (first || e > h)
                h = e;
            first = 0;
        }
    *lo = l;
    *hi = h;
}

/* The packed stream of (buf, count, m) into out (count * m->size bytes). */
static LT_UNUSED void lt_map_pack(const unsigned char *buf, long count, const lt_map *m,
                                  unsigned char *out)
{
    long pos = 0;

    for (long i = 0; i < count; i++)
        for (long b = 0; b < m->n; b++) {
            memcpy(out + pos, buf + i * m->extent + m->off[b], (size_t)m->len[b]);
            pos += m->len[b];
        }
}

/* The inverse: the first nbytes of the stream go to the blocks (a
 * partial receive when nbytes < count * m->size), nothing else moves. */
static LT_UNUSED void lt_map_unpack_n(const unsigned char *in, long nbytes, unsigned char *buf,
                                      long count, const lt_map *m)
{
    long pos = 0;

    for (long i = 0; i < count; i++)
        for (long b = 0; b < m->n && pos < nbytes; b++) {
            long len = m->len[b] < nbytes - pos ? m->len[b] : nbytes - pos;

            memcpy(buf + i * m->extent + m->off[b], in + pos, (size_t)len);
            pos += len;
        }
}

static LT_UNUSED void lt_map_unpack(const unsigned char *in, unsigned char *buf, long count,
                                    const lt_map *m)
{
    lt_map_unpack_n(in, count * m->size, buf, count, m);
}

/* A buffer for count copies of m, with a poisoned margin on both sides:
 * base is the allocation, buf the pointer to pass to MPI. */
typedef struct lt_buf {
    unsigned char *base, *buf;
    long total;
} lt_buf;

#define LT_MARGIN 64

static LT_UNUSED void lt_buf_alloc(lt_buf *b, const lt_map *m, long count)
{
    long lo, hi;

    lt_map_span(m, count, &lo, &hi);
    if (lo > 0) /* keep buf inside the allocation */
        lo = 0;
    if (hi < 0)
        hi = 0;
    b->total = (hi - lo) + 2 * LT_MARGIN;
    b->base = malloc((size_t)b->total); /* freed in lt_buf_free */
    if (b->base == NULL) {
        fprintf(stderr, "%s: out of memory\n", lt_prog);
        abort();
    }
    memset(b->base, LT_POISON, (size_t)b->total);
    b->buf = b->base + LT_MARGIN - lo;
}

static LT_UNUSED void lt_buf_fill(lt_buf *b, int src, int salt)
{
    for (long i = 0; i < b->total; i++)
        b->base[i] = lt_pat(src, (long)(b->base + i - b->buf), salt);
}

static LT_UNUSED void lt_buf_free(lt_buf *b)
{
    free(b->base);
    b->base = b->buf = NULL;
}

/* Checks that b holds exactly what unpacking the first nbytes of stream as
 * count copies of m into a poisoned b gives: the data where m puts it, the
 * poison everywhere else (margins and gaps included). */
#define LT_CHECK_UNPACKED(b, stream, nbytes, count, m, what)                                       \
    lt_check_unpacked(__FILE__, __LINE__, b, stream, nbytes, count, m, what)

static LT_UNUSED int lt_check_unpacked(const char *file, int line, const lt_buf *b,
                                       const unsigned char *stream, long nbytes, long count,
                                       const lt_map *m, const char *what)
{
    unsigned char *want = malloc((size_t)b->total + 1); /* freed below */
    int ok;

    memset(want, LT_POISON, (size_t)b->total);
    lt_map_unpack_n(stream, nbytes, want + (b->buf - b->base), count, m);
    ok = lt_check_bytes(file, line, b->base, want, b->total, what);
    free(want);
    return ok;
}

/* Frees a datatype returned by MPI_Type_get_contents when it must be freed:
 * derived types only; named and f90 (unnamed predefined) ones are not. */
static LT_UNUSED void lt_free_returned(MPI_Datatype *t)
{
    int ni, na, nd, comb;

    if (!LT_CHECK_MPI(MPI_Type_get_envelope(*t, &ni, &na, &nd, &comb)))
        return;
    if (comb == MPI_COMBINER_NAMED || comb == MPI_COMBINER_F90_REAL ||
        comb == MPI_COMBINER_F90_INTEGER || comb == MPI_COMBINER_F90_COMPLEX)
        return;
    LT_CHECK_MPI(MPI_Type_free(t));
}

#endif /* LT_COMMON_H */

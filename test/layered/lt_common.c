/* SPDX-License-Identifier: BSD-3-Clause */
/* lt_common.c: the helpers of the layered test programs (lt_common.h):
 * checks and their counts, what to expect from typeshim or MPICH, and
 * reference layouts. */
#include "lt_common.h"

const char *lt_prog = "lt";
int lt_rank = -1;
long lt_nchecks;
long lt_nfailed;
int lt_standalone;
int lt_expect = LT_EXPECT_MPICH;
long lt_shadows0; /* stats.shadows right after MPI_Init */

void lt_vfail(const char *file, int line, const char *fmt, va_list ap)
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

void lt_fail_at(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    va_start(ap, fmt);
    lt_vfail(file, line, fmt, ap);
    va_end(ap);
}

int lt_count(int cond)
{
    __atomic_add_fetch(&lt_nchecks, 1, __ATOMIC_RELAXED);
    return cond;
}

int lt_check_int(const char *file, int line, const char *ta, const char *op, const char *tb,
                 long long a, long long b)
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

int lt_check_str(const char *file, int line, const char *ta, const char *tb, const char *a,
                 const char *b)
{
    if (lt_count(strcmp(a, b) == 0))
        return 1;
    lt_fail_at(file, line, "%s == %s (\"%s\" vs \"%s\")", ta, tb, a, b);
    return 0;
}

const char *lt_errstr(int rc, char *buf, int size)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0;

    if (MPI_Error_string(rc, msg, &len) != MPI_SUCCESS)
        snprintf(msg, sizeof msg, "(no message)");
    snprintf(buf, (size_t)size, "%d: %s", rc, msg);
    return buf;
}

int lt_check_mpi(const char *file, int line, const char *text, int rc)
{
    char eb[MPI_MAX_ERROR_STRING + 32];

    if (lt_count(rc == MPI_SUCCESS))
        return 1;
    lt_fail_at(file, line, "%s returned %s", text, lt_errstr(rc, eb, (int)sizeof eb));
    return 0;
}

int lt_check_bytes(const char *file, int line, const void *got, const void *want, long n,
                   const char *what)
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

int lt_ts_mode(void)
{
    int (*fn)(void);
    void *sym = dlsym(RTLD_DEFAULT, "typeshim_mode");

    if (sym == NULL)
        return -1;
    memcpy(&fn, &sym, sizeof fn);
    return fn();
}

int lt_ts_stats(typeshim_layer_stats *st)
{
    int (*fn)(typeshim_layer_stats *);
    void *sym = dlsym(RTLD_DEFAULT, "typeshim_layer_stats_get");

    memset(st, 0, sizeof *st);
    if (sym == NULL)
        return -1;
    memcpy(&fn, &sym, sizeof fn);
    return fn(st) == MPI_SUCCESS ? 0 : -1;
}

long lt_shadows_now(void)
{
    typeshim_layer_stats st;

    if (lt_ts_stats(&st) != 0)
        return -1;
    return st.shadows;
}

void lt_make_two_lb(MPI_Datatype *t)
{
    int bl[3] = {1, 1, 1};
    MPI_Aint disp[3] = {4, -2, 0};
    MPI_Datatype types[3] = {MPI_LB, MPI_LB, MPI_INT};

    *t = MPI_DATATYPE_NULL;
    LT_CHECK_MPI(MPI_Type_create_struct(3, bl, disp, types, t));
}

void lt_make_sticky(MPI_Datatype *t)
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

int lt_check_bounds(const char *file, int line, const char *what, MPI_Datatype t, long lb,
                    long extent, long size, long tlb, long textent)
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

void lt_begin(const char *prog)
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
        lt_expect = mode == 1 || mode == 0 ? LT_EXPECT_TYPESHIM : LT_EXPECT_MPICH;
    else if (strcmp(env, "typeshim") == 0 || strcmp(env, "standalone") == 0)
        lt_expect = LT_EXPECT_TYPESHIM;
    else if (strcmp(env, "mpich") == 0)
        lt_expect = LT_EXPECT_MPICH;
    else
        lt_fail_at(__FILE__, __LINE__,
                   "LT_EXPECT=%s: want \"mpich\", \"typeshim\" or \"standalone\"", env);
    lt_standalone = mode == 0;

    if (lt_expect == LT_EXPECT_TYPESHIM) {
        typeshim_layer_stats st;

        /* LT_EXPECT=typeshim: layered; standalone: standalone; unset:
         * either, as found */
        int want = !env || !*env ? mode : strcmp(env, "standalone") == 0 ? 0 : 1;

        LT_CHECK_INT(mode, ==, want);
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

void lt_check_shadows_live(void)
{
    if (lt_expect == LT_EXPECT_TYPESHIM && !lt_standalone) /* standalone: no MPI, no shadow */
        LT_CHECK_INT(lt_shadows_now(), >, lt_shadows0);
}

void lt_require_typeshim(const char *file, int line)
{
    int mode = lt_ts_mode();

    if (lt_rank < 0)
        MPI_Comm_rank(MPI_COMM_WORLD, &lt_rank);
    lt_expect = LT_EXPECT_TYPESHIM;
    lt_standalone = mode == 0;
    if (!lt_count(mode == 1 || mode == 0))
        lt_fail_at(file, line,
                   "typeshim does not answer here (typeshim_mode %d, -1: absent): preload "
                   "libtypeshim.so or link -ltypeshim ahead of -lmpich",
                   mode);
    lt_shadows0 = lt_shadows_now();
}

void lt_stats(typeshim_layer_stats *st)
{
    if (!lt_count(lt_ts_stats(st) == 0))
        lt_fail_at(__FILE__, __LINE__, "typeshim_layer_stats_get is not available");
}

void lt_check_no_leak(void)
{
    if (lt_expect == LT_EXPECT_TYPESHIM)
        LT_CHECK_INT(lt_shadows_now(), ==, lt_shadows0);
}

int lt_finish(const char *prog, int rank)
{
    fflush(stderr);
    if (lt_nfailed == 0)
        printf("%s rank %d: ok (%ld checks)\n", prog, rank, lt_nchecks);
    else
        printf("%s rank %d: FAILED (%ld of %ld checks)\n", prog, rank, lt_nfailed, lt_nchecks);
    fflush(stdout);
    return lt_nfailed == 0 ? 0 : 1;
}

void lt_map_init(lt_map *m)
{
    memset(m, 0, sizeof *m);
}

void lt_map_free(lt_map *m)
{
    free(m->off); /* allocated in lt_map_add */
    free(m->len);
    lt_map_init(m);
}

void lt_map_add(lt_map *m, long off, long len)
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

void lt_map_append(lt_map *dst, const lt_map *src, long shift, long count)
{
    for (long i = 0; i < count; i++)
        for (long b = 0; b < src->n; b++)
            lt_map_add(dst, shift + i * src->extent + src->off[b], src->len[b]);
}

void lt_map_basic(lt_map *m, long size)
{
    lt_map_init(m);
    lt_map_add(m, 0, size);
    m->extent = size;
}

void lt_map_bounds(lt_map *m, const lt_map *old, long nblk, const long *disp, const long *bl)
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

void lt_map_hindexed(lt_map *m, long nblk, const long *bl, const long *disp, const lt_map *old)
{
    lt_map_init(m);
    for (long i = 0; i < nblk; i++)
        lt_map_append(m, old, disp[i], bl[i]);
    lt_map_bounds(m, old, nblk, disp, bl);
}

void lt_map_hvector(lt_map *m, long count, long bl, long stride, const lt_map *old)
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

void lt_map_resized(lt_map *m, const lt_map *old, long lb, long extent)
{
    lt_map_init(m);
    lt_map_append(m, old, 0, 1);
    m->lb = lb;
    m->extent = extent;
}

void lt_array_map(lt_map *m, int ndims, const int *sizes, const int *lo, const int *n,
                  const char *const *keep, int order, long elsize)
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

unsigned char lt_pat(int src, long off, int salt)
{
    unsigned v = (unsigned)(src + 1) * 131u + (unsigned)off * 7u + (unsigned)salt * 29u + 3u;

    v = (v ^ (v >> 8)) & 0xffu;
    return (unsigned char)(v == 0xA5 ? 0x5A : v);
}

void lt_map_span(const lt_map *m, long count, long *lo, long *hi)
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

void lt_map_pack(const unsigned char *buf, long count, const lt_map *m, unsigned char *out)
{
    long pos = 0;

    for (long i = 0; i < count; i++)
        for (long b = 0; b < m->n; b++) {
            memcpy(out + pos, buf + i * m->extent + m->off[b], (size_t)m->len[b]);
            pos += m->len[b];
        }
}

void lt_map_unpack_n(const unsigned char *in, long nbytes, unsigned char *buf, long count,
                     const lt_map *m)
{
    long pos = 0;

    for (long i = 0; i < count; i++)
        for (long b = 0; b < m->n && pos < nbytes; b++) {
            long len = m->len[b] < nbytes - pos ? m->len[b] : nbytes - pos;

            memcpy(buf + i * m->extent + m->off[b], in + pos, (size_t)len);
            pos += len;
        }
}

void lt_map_unpack(const unsigned char *in, unsigned char *buf, long count, const lt_map *m)
{
    lt_map_unpack_n(in, count * m->size, buf, count, m);
}

void lt_buf_alloc(lt_buf *b, const lt_map *m, long count)
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

void lt_buf_fill(lt_buf *b, int src, int salt)
{
    for (long i = 0; i < b->total; i++)
        b->base[i] = lt_pat(src, (long)(b->base + i - b->buf), salt);
}

void lt_buf_free(lt_buf *b)
{
    free(b->base);
    b->base = b->buf = NULL;
}

int lt_check_unpacked(const char *file, int line, const lt_buf *b, const unsigned char *stream,
                      long nbytes, long count, const lt_map *m, const char *what)
{
    unsigned char *want = malloc((size_t)b->total + 1); /* freed below */
    int ok;

    memset(want, LT_POISON, (size_t)b->total);
    lt_map_unpack_n(stream, nbytes, want + (b->buf - b->base), count, m);
    ok = lt_check_bytes(file, line, b->base, want, b->total, what);
    free(want);
    return ok;
}

void lt_free_returned(MPI_Datatype *t)
{
    int ni, na, nd, comb;

    if (!LT_CHECK_MPI(MPI_Type_get_envelope(*t, &ni, &na, &nd, &comb)))
        return;
    if (comb == MPI_COMBINER_NAMED || comb == MPI_COMBINER_F90_REAL ||
        comb == MPI_COMBINER_F90_INTEGER || comb == MPI_COMBINER_F90_COMPLEX)
        return;
    LT_CHECK_MPI(MPI_Type_free(t));
}

void lt_set_alloc(void *(*m)(size_t), void (*f)(void *))
{
    void (*set)(void *(*)(size_t), void (*)(void *));
    void *sym = dlsym(RTLD_DEFAULT, "typeshim_set_alloc_funcs");

    if (LT_CHECK(sym != NULL)) {
        memcpy(&set, &sym, sizeof set);
        set(m, f);
    }
}

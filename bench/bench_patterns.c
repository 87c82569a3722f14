/* SPDX-License-Identifier: BSD-3-Clause */
/* bench_patterns.c: the benchmark's layouts (the DDTBench shapes and the
 * synthetic ones, described in bench_pack.c) and the MPI datatypes that
 * describe them. */
#include "bench.h"

#include <sys/mman.h>

/* ------------------------------------------------------------ rng */

static uint64_t rng_state;
static void rng_seed(uint64_t s)
{
    rng_state = s * 0x9E3779B97F4A7C15ull + 1;
}
static uint32_t rng_next(void)
{
    rng_state ^= rng_state << 13;
    rng_state ^= rng_state >> 7;
    rng_state ^= rng_state << 17;
    return (uint32_t)(rng_state >> 11);
}

/* Buffers of the large tier (MiBs) go on 2 MiB pages where the kernel
 * has them (MADV_HUGEPAGE; transparent huge pages are "madvise" on
 * Debian): on 4 KiB pages a half-MiB block lands on physical pages that
 * differ from process to process, and the three libraries, each in its
 * own process, saw memcpy itself run at 25 or 36 GB/s on one block by
 * that placement alone. */
#define HUGE_FROM ((size_t)4 << 20)
#define HUGE_PAGE ((size_t)2 << 20)

void *xmalloc(size_t n)
{
    void *p;
    size_t align = n >= HUGE_FROM ? HUGE_PAGE : 64;
    if (n == 0)
        n = 1;
    if (posix_memalign(&p, align, n) != 0) {
        fprintf(stderr, "bench_pack: out of memory (%zu bytes)\n", n);
        exit(2);
    }
#ifdef MADV_HUGEPAGE
    if (align == HUGE_PAGE)
        (void)madvise(p, (n + HUGE_PAGE - 1) / HUGE_PAGE * HUGE_PAGE, MADV_HUGEPAGE);
#endif
    return p;
}

/* ascending random subset of k of [0, n) */
static long *random_subset(long k, long n, uint64_t seed)
{
    long *out = malloc(sizeof(long) * (size_t)k);
    long got = 0;
    rng_seed(seed);
    for (long i = 0; i < n && got < k; i++) {
        /* select with probability (k - got) / (n - i) */
        if ((uint64_t)rng_next() % (uint64_t)(n - i) < (uint64_t)(k - got))
            out[got++] = i;
    }
    return out;
}

/* ------------------------------------------------------------ patterns */

pattern_t pats[128];
int npats;

static pattern_t *new_pat(const char *name, const char *tier, int kind)
{
    pattern_t *p = &pats[npats++];
    memset(p, 0, sizeof *p);
    snprintf(p->name, sizeof p->name, "%s", name);
    p->tier = tier;
    p->kind = kind;
    p->count = 1;
    return p;
}

static part_t *add_part(pattern_t *p, int kind, int esize, long off)
{
    part_t *q = &p->parts[p->nparts++];
    memset(q, 0, sizeof *q);
    q->kind = kind;
    q->esize = esize;
    q->off = off;
    for (int i = 0; i < 4; i++)
        q->n[i] = 1;
    return q;
}

static void pat_contig(const char *name, const char *tier, long n)
{
    pattern_t *p = new_pat(name, tier, K_CONTIG);
    p->a = n;
    p->span = (size_t)n * 8;
    part_t *q = add_part(p, PT_STRIDED, 8, 0);
    q->n[0] = n;
}

static void pat_vec(const char *name, const char *tier, int esize, long count, long bl, long stride)
{
    pattern_t *p = new_pat(name, tier, K_VEC);
    p->a = count;
    p->b = bl;
    p->c = stride;
    p->esize = esize;
    p->span = (size_t)((count - 1) * stride + bl) * (size_t)esize;
    part_t *q = add_part(p, PT_STRIDED, esize, 0);
    q->n[0] = bl;
    q->n[1] = count;
    q->s[1] = stride * esize;
}

/* indexed doubles, random lengths in [1, maxlen], random gaps in [mingap, maxgap] */
static void pat_idx(const char *name, const char *tier, long total, int maxlen, int mingap,
                    int maxgap, uint64_t seed)
{
    pattern_t *p = new_pat(name, tier, K_IDX);
    long cap = total + 1, n = 0, sum = 0, pos = 0;
    p->idx = malloc(sizeof(long) * (size_t)cap);
    p->len = malloc(sizeof(int) * (size_t)cap);
    rng_seed(seed);
    while (sum < total) {
        int l = 1 + (int)(rng_next() % (uint32_t)maxlen);
        if (l > total - sum)
            l = (int)(total - sum);
        p->idx[n] = pos; /* in doubles */
        p->len[n] = l;
        n++;
        sum += l;
        pos += l + mingap + (long)(rng_next() % (uint32_t)(maxgap - mingap + 1));
    }
    p->nidx = n;
    p->span = (size_t)pos * 8;
    part_t *q = add_part(p, PT_GATHER, 8, 0);
    q->nidx = n;
    q->idx = p->idx; /* in doubles (q->len set), unlike the other gathers */
    q->len = p->len;
}

static void pat_struct40(const char *name, const char *tier, long count)
{
    pattern_t *p = new_pat(name, tier, K_STRUCT40);
    p->count = (int)count;
    p->span = (size_t)count * 40;
    part_t *q = add_part(p, PT_STRUCT40, 1, 0);
    q->count = count;
}

/* face of an n^3 double array (C order, [z][y][x]); dir 0 = x, 1 = y, 2 = z */
static void pat_face(const char *name, const char *tier, long n, int dir)
{
    pattern_t *p = new_pat(name, tier, K_SUBARRAY);
    p->a = n;
    p->b = dir;
    p->span = (size_t)(n * n * n) * 8;
    /* the face sits at index 1 of its direction */
    part_t *q = add_part(p, PT_STRIDED, 8, 0);
    if (dir == 0) { /* x fixed: n*n runs of 1 */
        q->off = 1 * 8;
        q->n[0] = 1;
        q->n[1] = n, q->s[1] = n * 8;
        q->n[2] = n, q->s[2] = n * n * 8;
    } else if (dir == 1) { /* y fixed: n runs of n */
        q->off = n * 8;
        q->n[0] = n;
        q->n[1] = n, q->s[1] = n * n * 8;
    } else { /* z fixed: one run */
        q->off = n * n * 8;
        q->n[0] = n * n;
    }
}

/* rank 0's piece of an n x n double array on a 2x2 grid */
static void pat_darray(const char *name, const char *tier, long n, int cyclic)
{
    pattern_t *p = new_pat(name, tier, K_DARRAY);
    p->a = n;
    p->b = cyclic;
    p->span = (size_t)(n * n) * 8;
    part_t *q = add_part(p, PT_STRIDED, 8, 0);
    if (!cyclic) {
        q->n[0] = n / 2;
        q->n[1] = n / 2, q->s[1] = n * 8;
    } else {
        q->n[0] = 1;
        q->n[1] = n / 2, q->s[1] = 16;
        q->n[2] = n / 2, q->s[2] = 2 * n * 8;
    }
}

static long idx3(long x, long y, long z, long d1, long d2)
{
    return x + d1 * (y + z * d2);
}

static void pat_mg(const char *name, const char *tier, long dim, int dir)
{
    pattern_t *p = new_pat(name, tier, K_MG);
    p->a = dim;
    p->b = dir;
    p->span = (size_t)(dim * dim * dim) * 8;
    part_t *q = add_part(p, PT_STRIDED, 8, 0);
    if (dir == 0) {
        p->origin = (size_t)idx3(dim - 2, 1, 1, dim, dim) * 8;
        q->n[0] = 1;
        q->n[1] = dim - 2, q->s[1] = dim * 8;
        q->n[2] = dim - 2, q->s[2] = dim * dim * 8;
    } else if (dir == 1) {
        p->origin = (size_t)idx3(1, dim - 2, 1, dim, dim) * 8;
        q->n[0] = dim - 2;
        q->n[1] = dim - 2, q->s[1] = dim * dim * 8;
    } else {
        p->origin = (size_t)idx3(1, 1, 1, dim, dim) * 8;
        q->n[0] = dim - 2;
        q->n[1] = dim - 2, q->s[1] = dim * 8;
    }
}

static void pat_milc(const char *name, const char *tier, long d2, long d3, long d4, long d5)
{
    pattern_t *p = new_pat(name, tier, K_MILC);
    p->a = d2, p->b = d3, p->c = d4, p->d = d5;
    p->span = (size_t)(d2 * d3 * d4 * d5) * 24;
    part_t *q = add_part(p, PT_STRIDED, 4, 0);
    q->n[0] = d2 * d3 / 2 * 6;
    q->n[1] = d5, q->s[1] = d2 * d3 * d4 / 2 * 24;
    q->n[2] = 2, q->s[2] = 24 * d2 * d3 * d4 * d5 / 2;
}

static void pat_lammps(const char *name, const char *tier, long icount, long natoms)
{
    pattern_t *p = new_pat(name, tier, K_LAMMPS);
    p->a = icount, p->b = natoms;
    p->idx = random_subset(icount, natoms, 7);
    p->nidx = icount;
    p->span = (size_t)natoms * 8 * 8; /* x[3] + 5 scalars */
    /* byte offsets: x (stride 24), then 5 arrays of doubles */
    p->idx2 = malloc(sizeof(long) * (size_t)icount * 2);
    p->nidx2 = icount;
    for (long i = 0; i < icount; i++) {
        p->idx2[i] = p->idx[i] * 24;
        p->idx2[icount + i] = p->idx[i] * 8;
    }
    part_t *q = add_part(p, PT_GATHER, 8, 0);
    q->nidx = icount, q->idx = p->idx2, q->blk = 3;
    for (int f = 0; f < 5; f++) {
        q = add_part(p, PT_GATHER, 8, natoms * 24 + f * natoms * 8);
        q->nidx = icount, q->idx = p->idx2 + icount, q->blk = 1;
    }
}

static void pat_spec_oc(const char *name, const char *tier, long icount, long npoints)
{
    pattern_t *p = new_pat(name, tier, K_SPEC_OC);
    p->a = icount, p->b = npoints;
    p->idx = random_subset(icount, npoints, 11);
    p->nidx = icount;
    p->span = (size_t)npoints * 4;
    p->idx2 = malloc(sizeof(long) * (size_t)icount);
    for (long i = 0; i < icount; i++)
        p->idx2[i] = p->idx[i] * 4;
    part_t *q = add_part(p, PT_GATHER, 4, 0);
    q->nidx = icount, q->idx = p->idx2, q->blk = 1;
}

static void pat_spec_cm(const char *name, const char *tier, long ncm, long Ncm, long nic, long Nic)
{
    pattern_t *p = new_pat(name, tier, K_SPEC_CM);
    p->a = ncm, p->b = Ncm, p->c = nic, p->d = Nic;
    long *l1 = random_subset(ncm, Ncm, 13), *l2 = random_subset(nic, Nic, 17);
    p->idx = malloc(sizeof(long) * (size_t)(ncm + nic));
    memcpy(p->idx, l1, sizeof(long) * (size_t)ncm);
    memcpy(p->idx + ncm, l2, sizeof(long) * (size_t)nic);
    free(l1);
    free(l2);
    p->nidx = ncm + nic;
    p->span = (size_t)(Ncm + Nic) * 12;
    p->idx2 = malloc(sizeof(long) * (size_t)(ncm + nic));
    for (long i = 0; i < ncm + nic; i++)
        p->idx2[i] = p->idx[i] * 12;
    part_t *q = add_part(p, PT_GATHER, 4, 0);
    q->nidx = ncm, q->idx = p->idx2, q->blk = 3;
    q = add_part(p, PT_GATHER, 4, Ncm * 12);
    q->nidx = nic, q->idx = p->idx2 + ncm, q->blk = 3;
}

/* WRF geometry (floats): i (d1) fastest, then k (d2), then j (d3) */
enum { WRF_D1 = 70, WRF_D2 = 32, WRF_D3 = 70, WRF_N2D = 2, WRF_N3D = 4, WRF_LIM4 = 5, WRF_FS = 1 };
static void wrf_box(int dir, long *is, long *ni, long *js, long *nj)
{
    if (dir == 0) { /* x halo: 3 columns of i, interior j */
        *is = 3, *ni = 3, *js = 3, *nj = 64;
    } else {
        *is = 3, *ni = 64, *js = 3, *nj = 3;
    }
}
static void pat_wrf(const char *name, const char *tier, int dir)
{
    pattern_t *p = new_pat(name, tier, K_WRF);
    long is, ni, js, nj, d1 = WRF_D1, d2 = WRF_D2, d3 = WRF_D3;
    long a2 = d1 * d3 * 4, a3 = d1 * d2 * d3 * 4;
    p->b = dir;
    wrf_box(dir, &is, &ni, &js, &nj);
    p->span = (size_t)(WRF_N2D * a2 + WRF_N3D * a3 + WRF_LIM4 * a3);
    for (int m = 0; m < WRF_N2D; m++) {
        part_t *q = add_part(p, PT_STRIDED, 4, m * a2 + (js * d1 + is) * 4);
        q->n[0] = ni;
        q->n[1] = nj, q->s[1] = d1 * 4;
    }
    for (int m = 0; m < WRF_N3D; m++) {
        part_t *q = add_part(p, PT_STRIDED, 4, WRF_N2D * a2 + m * a3 + idx3(is, 0, js, d1, d2) * 4);
        q->n[0] = ni;
        q->n[1] = d2, q->s[1] = d1 * 4;
        q->n[2] = nj, q->s[2] = d1 * d2 * 4;
    }
    {
        part_t *q =
            add_part(p, PT_STRIDED, 4,
                     WRF_N2D * a2 + WRF_N3D * a3 + WRF_FS * a3 + idx3(is, 0, js, d1, d2) * 4);
        q->n[0] = ni;
        q->n[1] = d2, q->s[1] = d1 * 4;
        q->n[2] = nj, q->s[2] = d1 * d2 * 4;
        q->n[3] = WRF_LIM4 - WRF_FS, q->s[3] = a3;
    }
}

/* ------------------------------------------------------------ MPI types */

static MPI_Datatype etype(int esize)
{
    return esize == 8 ? MPI_DOUBLE : esize == 4 ? MPI_INT : MPI_CHAR;
}

/* Build and commit p's datatype (everything the timing of create+commit covers). */
MPI_Datatype build_type(const pattern_t *p)
{
    MPI_Datatype t = MPI_DATATYPE_NULL, t1, t2;
    switch (p->kind) {
    case K_CONTIG:
        CK(MPI_Type_contiguous((int)p->a, MPI_DOUBLE, &t));
        break;
    case K_VEC:
        CK(MPI_Type_vector((int)p->a, (int)p->b, (int)p->c, etype(p->esize), &t));
        break;
    case K_IDX: {
        int n = (int)p->nidx;
        int *disp = malloc(sizeof(int) * (size_t)n);
        for (int i = 0; i < n; i++)
            disp[i] = (int)p->idx[i];
        CK(MPI_Type_indexed(n, p->len, disp, MPI_DOUBLE, &t));
        free(disp);
        break;
    }
    case K_STRUCT40: {
        int bl[4] = {3, 1, 1, 1};
        MPI_Aint disp[4] = {0, 24, 28, 32};
        MPI_Datatype ty[4] = {MPI_DOUBLE, MPI_INT, MPI_CHAR, MPI_FLOAT};
        CK(MPI_Type_create_struct(4, bl, disp, ty, &t1));
        CK(MPI_Type_create_resized(t1, 0, 40, &t));
        CK(MPI_Type_free(&t1));
        break;
    }
    case K_SUBARRAY: {
        int n = (int)p->a;
        int sizes[3] = {n, n, n}, sub[3] = {n, n, n}, st[3] = {0, 0, 0};
        int d = 2 - (int)p->b; /* x is the last (fastest) C dimension */
        sub[d] = 1;
        st[d] = 1;
        CK(MPI_Type_create_subarray(3, sizes, sub, st, MPI_ORDER_C, MPI_DOUBLE, &t));
        break;
    }
    case K_DARRAY: {
        int g[2] = {(int)p->a, (int)p->a}, ps[2] = {2, 2};
        int dist[2], darg[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
        dist[0] = dist[1] = p->b ? MPI_DISTRIBUTE_CYCLIC : MPI_DISTRIBUTE_BLOCK;
        CK(MPI_Type_create_darray(4, 0, 2, g, dist, darg, ps, MPI_ORDER_C, MPI_DOUBLE, &t));
        break;
    }
    case K_MG: {
        int dim = (int)p->a;
        if (p->b == 0) {
            CK(MPI_Type_vector(dim - 2, 1, dim, MPI_DOUBLE, &t1));
            CK(MPI_Type_create_hvector(dim - 2, 1, (MPI_Aint)dim * dim * 8, t1, &t));
            CK(MPI_Type_free(&t1));
        } else if (p->b == 1) {
            CK(MPI_Type_vector(dim - 2, dim - 2, dim * dim, MPI_DOUBLE, &t));
        } else {
            CK(MPI_Type_vector(dim - 2, dim - 2, dim, MPI_DOUBLE, &t));
        }
        break;
    }
    case K_MILC: {
        int d2 = (int)p->a, d3 = (int)p->b, d4 = (int)p->c, d5 = (int)p->d;
        CK(MPI_Type_contiguous(6, MPI_FLOAT, &t1));
        CK(MPI_Type_vector(d5, d2 * d3 / 2, d2 * d3 * d4 / 2, t1, &t2));
        CK(MPI_Type_create_hvector(2, 1, (MPI_Aint)24 * d2 * d3 * d4 * d5 / 2, t2, &t));
        CK(MPI_Type_free(&t1));
        CK(MPI_Type_free(&t2));
        break;
    }
    case K_LAMMPS: {
        int n = (int)p->a, natoms = (int)p->b;
        int *d1 = malloc(sizeof(int) * (size_t)n), *d3 = malloc(sizeof(int) * (size_t)n);
        for (int i = 0; i < n; i++) {
            d1[i] = (int)p->idx[i];
            d3[i] = 3 * (int)p->idx[i];
        }
        CK(MPI_Type_create_indexed_block(n, 1, d1, MPI_DOUBLE, &t1));
        CK(MPI_Type_create_indexed_block(n, 3, d3, MPI_DOUBLE, &t2));
        int bl[6] = {1, 1, 1, 1, 1, 1};
        MPI_Aint disp[6];
        MPI_Datatype ty[6] = {t2, t1, t1, t1, t1, t1};
        disp[0] = 0;
        for (int f = 0; f < 5; f++)
            disp[f + 1] = (MPI_Aint)natoms * 24 + (MPI_Aint)f * natoms * 8;
        CK(MPI_Type_create_struct(6, bl, disp, ty, &t));
        CK(MPI_Type_free(&t1));
        CK(MPI_Type_free(&t2));
        free(d1);
        free(d3);
        break;
    }
    case K_SPEC_OC: {
        int n = (int)p->a;
        int *d = malloc(sizeof(int) * (size_t)n);
        for (int i = 0; i < n; i++)
            d[i] = (int)p->idx[i];
        CK(MPI_Type_create_indexed_block(n, 1, d, MPI_FLOAT, &t));
        free(d);
        break;
    }
    case K_SPEC_CM: {
        int ncm = (int)p->a, nic = (int)p->c;
        int *d = malloc(sizeof(int) * (size_t)(ncm + nic));
        for (int i = 0; i < ncm + nic; i++)
            d[i] = 3 * (int)p->idx[i];
        CK(MPI_Type_create_indexed_block(ncm, 3, d, MPI_FLOAT, &t1));
        CK(MPI_Type_create_indexed_block(nic, 3, d + ncm, MPI_FLOAT, &t2));
        int bl[2] = {1, 1};
        MPI_Aint disp[2] = {0, (MPI_Aint)p->b * 12};
        MPI_Datatype ty[2] = {t1, t2};
        CK(MPI_Type_create_struct(2, bl, disp, ty, &t));
        CK(MPI_Type_free(&t1));
        CK(MPI_Type_free(&t2));
        free(d);
        break;
    }
    case K_WRF: {
        long is, ni, js, nj, d1 = WRF_D1, d2 = WRF_D2, d3 = WRF_D3;
        long a2 = d1 * d3 * 4, a3 = d1 * d2 * d3 * 4;
        MPI_Datatype t2d, tk, t3d, t4d, ty[WRF_N2D + WRF_N3D + 1];
        MPI_Aint disp[WRF_N2D + WRF_N3D + 1];
        int bl[WRF_N2D + WRF_N3D + 1], nb = 0;
        wrf_box((int)p->b, &is, &ni, &js, &nj);
        CK(MPI_Type_vector((int)nj, (int)ni, (int)d1, MPI_FLOAT, &t2d));
        CK(MPI_Type_vector((int)d2, (int)ni, (int)d1, MPI_FLOAT, &tk));
        CK(MPI_Type_create_hvector((int)nj, 1, (MPI_Aint)(d1 * d2 * 4), tk, &t3d));
        CK(MPI_Type_create_hvector(WRF_LIM4 - WRF_FS, 1, (MPI_Aint)a3, t3d, &t4d));
        for (int m = 0; m < WRF_N2D; m++) {
            disp[nb] = (MPI_Aint)(m * a2 + (js * d1 + is) * 4);
            ty[nb++] = t2d;
        }
        for (int m = 0; m < WRF_N3D; m++) {
            disp[nb] = (MPI_Aint)(WRF_N2D * a2 + m * a3 + idx3(is, 0, js, d1, d2) * 4);
            ty[nb++] = t3d;
        }
        disp[nb] =
            (MPI_Aint)(WRF_N2D * a2 + WRF_N3D * a3 + WRF_FS * a3 + idx3(is, 0, js, d1, d2) * 4);
        ty[nb++] = t4d;
        for (int i = 0; i < nb; i++)
            bl[i] = 1;
        CK(MPI_Type_create_struct(nb, bl, disp, ty, &t));
        CK(MPI_Type_free(&t2d));
        CK(MPI_Type_free(&tk));
        CK(MPI_Type_free(&t3d));
        CK(MPI_Type_free(&t4d));
        break;
    }
    default:
        abort();
    }
    CK(MPI_Type_commit(&t));
    return t;
}

/* ------------------------------------------------------------ all patterns */

void make_patterns(int smoke)
{
    /* cache tier: 128-256 KiB packed */
    pat_contig("contig", "cache", 16384);
    pat_vec("vec_d_bl1", "cache", 8, 16384, 1, 2);
    pat_vec("vec_d_bl3", "cache", 8, 5461, 3, 6);
    pat_vec("vec_d_bl8", "cache", 8, 2048, 8, 16);
    pat_vec("vec_d_bl64", "cache", 8, 256, 64, 128);
    pat_vec("vec_d_bl1024", "cache", 8, 16, 1024, 2048);
    pat_vec("vec_i_bl1", "cache", 4, 32768, 1, 2);
    pat_vec("vec_c_bl1", "cache", 1, 131072, 1, 2);
    pat_idx("idx_rand", "cache", 16384, 16, 1, 16, 42);
    pat_struct40("struct40", "cache", 4096);
    pat_face("face64_x", "cache", 64, 0);
    pat_face("face64_y", "cache", 64, 1);
    pat_face("face64_z", "cache", 64, 2);
    pat_darray("darray_block", "cache", 256, 0);
    pat_darray("darray_cyclic", "cache", 256, 1);
    pat_mg("ddt_mg_x", "cache", 130, 0);
    pat_mg("ddt_mg_y", "cache", 130, 1);
    pat_mg("ddt_mg_z", "cache", 130, 2);
    pat_milc("ddt_milc_zdown", "cache", 16, 16, 16, 24);
    pat_lammps("ddt_lammps", "cache", 2048, 8192);
    pat_spec_oc("ddt_specfem_oc", "cache", 32768, 65536);
    pat_spec_cm("ddt_specfem_cm", "cache", 8192, 32768, 2731, 8192);
    pat_wrf("ddt_wrf_x", "cache", 0);
    pat_wrf("ddt_wrf_y", "cache", 1);
    /* per-call cost: 64 bytes, 4 blocks of 2 doubles */
    pat_vec("small_vec64B", "call", 8, 4, 2, 4);
    /* construction cost: 131072 blocks of 1 double, irregular gaps */
    pat_idx("idx_131072", "create", 131072, 1, 1, 2, 99);
    /* 64 MiB tier (--smoke shrinks it 64 times: same shapes, 1 MiB) */
    long L = smoke ? 64 : 1, F = smoke ? 4 : 1;
    pat_contig("L_contig", "large", (8L << 20) / L);
    pat_vec("L_vec_d_bl1", "large", 8, (8L << 20) / L, 1, 2);
    pat_vec("L_vec_d_bl8", "large", 8, (1L << 20) / L, 8, 16);
    pat_vec("L_vec_d_bl64", "large", 8, (1L << 17) / L, 64, 128);
    pat_vec("L_vec_d_bl1024", "large", 8, (1L << 13) / L, 1024, 2048);
    pat_idx("L_idx_rand", "large", (8L << 20) / L, 16, 1, 16, 43);
    pat_struct40("L_struct40", "large", (2L << 20) / L);
    pat_face("L_face256_x", "large", 256 / F, 0);
    pat_face("L_face256_y", "large", 256 / F, 1);
    pat_face("L_face256_z", "large", 256 / F, 2);

    for (int i = 0; i < npats; i++) {
        pattern_t *p = &pats[i];
        walk(p, &p->blocks, &p->bytes);
    }
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* bench_pack: MPI_Pack / MPI_Unpack throughput and type construction cost.
 *
 * One source, built three times (bench/local.mk): against typeshim
 * (libtypeshim + libtypeshim-serial, MPICH's mpi.h), against MPICH
 * (pkg-config mpich) and against Open MPI (mpicc.openmpi).  It uses only the
 * MPI API.  For every pattern, in this one process, it times MPI_Pack,
 * MPI_Unpack, a hand-written C loop for the same layout (pack and unpack
 * direction), memcpy of the same number of bytes, and the type's
 * create+commit(+free); each figure is the median of repeated samples.
 * Every result is verified byte for byte first: MPI_Pack's output must equal
 * the hand loop's, and MPI_Unpack into a poisoned buffer must produce exactly
 * what the hand unpack produces (the original bytes at the data positions,
 * the poison everywhere else), with exactly `size` bytes written.
 *
 * Output: one tab-separated line per pattern (see print_header), so that
 * bench/report.sh can merge the three runs.
 *
 *   bench_pack [--smoke] [--tier cache|large|create|all] [--only SUBSTR]
 *              [--samples N] [--ms MS] [--list]
 *
 * --smoke: every pattern, one repetition, verification only (exit 1 on any
 * mismatch, 77 when this build's MPI has no MPI_Pack yet).
 *
 * Tiers: "cache" patterns pack 128-256 KiB (the in-cache tier, L2 is 1 MiB
 * here; 3-D faces of a 64^3 array pack 32 KiB as the issue fixes their
 * size), "large" ones 64 MiB (or a face of a 256^3 array, 128 MiB touched),
 * "call" is the 64-byte per-call pattern and "create" the indexed type with
 * 131072 blocks (construction cost per block).
 *
 * DDTBench shapes (Schneider, Gerstenberger, Hoefler: "Micro-applications
 * for communication data access patterns and MPI datatypes"), rebuilt with
 * the constructors DDTBench uses, at sizes that pack 128-256 KiB:
 *   ddt_mg_{x,y,z}  NAS MG faces of a 130^3 double array (interior 128^2):
 *                   x: hvector(128, 1, 130*130*8, vector(128, 1, 130, dbl))
 *                   y: vector(128, 128, 130*130, dbl)
 *                   z: vector(128, 128, 130, dbl)
 *   ddt_milc_zdown  MILC su3_zdown on a 16x16x16x24 lattice, site =
 *                   su3_vector = contiguous(6, float):
 *                   hvector(2, 1, half lattice, vector(24, 16*16/2,
 *                   16*16*16/2, su3))  (3 KiB blocks)
 *   ddt_lammps      LAMMPS "full": struct of 6 indexed_block types over
 *                   x[3], tag, type, mask, q, molecule (doubles) for 2048
 *                   of 8192 atoms (ascending random send list); the atom
 *                   arrays live in one allocation (relative displacements,
 *                   not MPI_BOTTOM)
 *   ddt_specfem_oc  SPECFEM3D outer core: indexed_block(32768, 1, list,
 *                   float), ascending random list over 65536 points
 *   ddt_specfem_cm  SPECFEM3D crust-mantle + inner core: struct of two
 *                   indexed_block(n, 3, 3*list, float) (8192 + 2731 points)
 *   ddt_wrf_{x,y}   WRF halo, x and y direction (vec variant): struct of
 *                   2 2-D fields vector(sub_j, sub_i, dim_i, float),
 *                   4 3-D fields hvector(sub_j, 1, plane, vector(sub_k,
 *                   sub_i, dim_i, float)), 1 4-D field (4 scalars)
 *                   hvector(4, 1, volume, 3-D); i*k*j = 70*32*70 memory,
 *                   halo 3 wide, interior 64
 */
#include <mpi.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#ifndef BENCH_IMPL
#if defined(OPEN_MPI)
#define BENCH_IMPL "openmpi"
#else
#define BENCH_IMPL "mpich"
#endif
#endif

/* Every build has the pack functions (kept as a hook: a build without them
 * would report n/a instead of failing). */
static int have_pack(void)
{
    return 1;
}

#define POISON    0xFF
#define NOINLINE  __attribute__((noinline))
#define BARRIER() __asm__ __volatile__("" ::: "memory")

/* ------------------------------------------------------------ layouts */

/* A "part" is the hand-written loop's view of (a piece of) the layout.
 * STRIDED: n[3] x n[2] x n[1] runs (outermost first) of n[0] contiguous
 * elements, byte strides s[3], s[2], s[1].  GATHER: nidx blocks at byte
 * offsets idx[], of len[i] (or blk) elements each.  STRUCT40: count
 * elements of struct{double d[3]; int i; char c; float f;}, extent 40. */
enum { PT_STRIDED, PT_GATHER, PT_STRUCT40 };

typedef struct {
    int kind;
    int esize; /* 1, 4 or 8 */
    long off;  /* byte offset from the MPI buffer pointer */
    long n[4];
    long s[4];
    long nidx;
    const long *idx;
    const int *len;
    int blk;
    long count;
} part_t;

enum {
    K_CONTIG,
    K_VEC,
    K_IDX,
    K_STRUCT40,
    K_SUBARRAY,
    K_DARRAY,
    K_MG,
    K_MILC,
    K_LAMMPS,
    K_SPEC_OC,
    K_SPEC_CM,
    K_WRF
};

typedef struct {
    char name[40];
    const char *tier;
    int kind;
    /* parameters, meaning per kind */
    long a, b, c, d;
    int esize;
    int count;     /* count argument of MPI_Pack/MPI_Unpack */
    size_t span;   /* bytes allocated for the unpacked side */
    size_t origin; /* buffer pointer passed to MPI = base + origin */
    long *idx;     /* index lists (owned) */
    int *len;
    long nidx;
    long *idx2;
    long nidx2;
    part_t parts[8];
    int nparts;
    size_t bytes; /* packed bytes */
    long blocks;  /* contiguous runs in the packed order */
} pattern_t;

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

static void *xmalloc(size_t n)
{
    void *p;
    if (n == 0)
        n = 1;
    if (posix_memalign(&p, 64, n) != 0) {
        fprintf(stderr, "bench_pack: out of memory (%zu bytes)\n", n);
        exit(2);
    }
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

static pattern_t pats[128];
static int npats;

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

#define CK(call)                                                                                   \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        if (rc_ != MPI_SUCCESS) {                                                                  \
            fprintf(stderr, "bench_pack: %s failed (%d) at %s:%d\n", #call, rc_, __FILE__,         \
                    __LINE__);                                                                     \
            exit(2);                                                                               \
        }                                                                                          \
    } while (0)

static MPI_Datatype etype(int esize)
{
    return esize == 8 ? MPI_DOUBLE : esize == 4 ? MPI_INT : MPI_CHAR;
}

/* Build and commit p's datatype (everything the timing of create+commit covers). */
static MPI_Datatype build_type(const pattern_t *p)
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

/* ------------------------------------------------------------ hand loops */

/* Written the way a user writes them: nested loops with the loop bounds in
 * locals (so the stores cannot alias them), element assignment for short
 * runs, memcpy for runs of 64 bytes and more. */
#define COPY_RUN(T, PACK, e, o, n)                                                                 \
    do {                                                                                           \
        if ((n) * (long)sizeof(T) >= 64) {                                                         \
            if (PACK)                                                                              \
                memcpy((o), (e), (size_t)(n) * sizeof(T));                                         \
            else                                                                                   \
                memcpy((e), (o), (size_t)(n) * sizeof(T));                                         \
        } else {                                                                                   \
            for (long j_ = 0; j_ < (n); j_++) {                                                    \
                if (PACK)                                                                          \
                    (o)[j_] = (e)[j_];                                                             \
                else                                                                               \
                    (e)[j_] = (o)[j_];                                                             \
            }                                                                                      \
        }                                                                                          \
    } while (0)

#define STRIDED_FN(NAME, T, PACK)                                                                  \
    static char *NAME(const part_t *q, char *base, char *pk)                                       \
    {                                                                                              \
        const long n0 = q->n[0], n1 = q->n[1], n2 = q->n[2], n3 = q->n[3];                         \
        const long s1 = q->s[1], s2 = q->s[2], s3 = q->s[3];                                       \
        char *const b0 = base + q->off;                                                            \
        T *o = (T *)pk;                                                                            \
        for (long i3 = 0; i3 < n3; i3++)                                                           \
            for (long i2 = 0; i2 < n2; i2++) {                                                     \
                char *const b2 = b0 + i3 * s3 + i2 * s2;                                           \
                if (n0 == 1) {                                                                     \
                    for (long i1 = 0; i1 < n1; i1++) {                                             \
                        T *e = (T *)(b2 + i1 * s1);                                                \
                        if (PACK)                                                                  \
                            o[i1] = *e;                                                            \
                        else                                                                       \
                            *e = o[i1];                                                            \
                    }                                                                              \
                    o += n1;                                                                       \
                } else {                                                                           \
                    for (long i1 = 0; i1 < n1; i1++) {                                             \
                        T *e = (T *)(b2 + i1 * s1);                                                \
                        COPY_RUN(T, PACK, e, o, n0);                                               \
                        o += n0;                                                                   \
                    }                                                                              \
                }                                                                                  \
            }                                                                                      \
        return (char *)o;                                                                          \
    }

/* idx[] holds byte offsets, or element offsets when len[] is set (idx_rand) */
#define GATHER_FN(NAME, T, PACK)                                                                   \
    static char *NAME(const part_t *q, char *base, char *pk)                                       \
    {                                                                                              \
        char *const b = base + q->off;                                                             \
        const long n = q->nidx;                                                                    \
        const long *const idx = q->idx;                                                            \
        const int *const len = q->len;                                                             \
        const int blk = q->blk;                                                                    \
        T *o = (T *)pk;                                                                            \
        if (len) {                                                                                 \
            for (long i = 0; i < n; i++) {                                                         \
                T *e = (T *)b + idx[i];                                                            \
                const long l = len[i];                                                             \
                COPY_RUN(T, PACK, e, o, l);                                                        \
                o += l;                                                                            \
            }                                                                                      \
        } else if (blk == 1) {                                                                     \
            for (long i = 0; i < n; i++) {                                                         \
                T *e = (T *)(b + idx[i]);                                                          \
                if (PACK)                                                                          \
                    o[i] = *e;                                                                     \
                else                                                                               \
                    *e = o[i];                                                                     \
            }                                                                                      \
            o += n;                                                                                \
        } else if (blk == 3) {                                                                     \
            for (long i = 0; i < n; i++, o += 3) {                                                 \
                T *e = (T *)(b + idx[i]);                                                          \
                if (PACK)                                                                          \
                    o[0] = e[0], o[1] = e[1], o[2] = e[2];                                         \
                else                                                                               \
                    e[0] = o[0], e[1] = o[1], e[2] = o[2];                                         \
            }                                                                                      \
        } else {                                                                                   \
            for (long i = 0; i < n; i++) {                                                         \
                T *e = (T *)(b + idx[i]);                                                          \
                COPY_RUN(T, PACK, e, o, (long)blk);                                                \
                o += blk;                                                                          \
            }                                                                                      \
        }                                                                                          \
        return (char *)o;                                                                          \
    }

#define STRUCT40_FN(NAME, PACK)                                                                    \
    static char *NAME(const part_t *q, char *base, char *pk)                                       \
    {                                                                                              \
        char *e = base + q->off;                                                                   \
        const long n = q->count;                                                                   \
        for (long i = 0; i < n; i++, e += 40, pk += 33) {                                          \
            if (PACK) {                                                                            \
                memcpy(pk, e, 24);                                                                 \
                memcpy(pk + 24, e + 24, 4);                                                        \
                pk[28] = e[28];                                                                    \
                memcpy(pk + 29, e + 32, 4);                                                        \
            } else {                                                                               \
                memcpy(e, pk, 24);                                                                 \
                memcpy(e + 24, pk + 24, 4);                                                        \
                e[28] = pk[28];                                                                    \
                memcpy(e + 32, pk + 29, 4);                                                        \
            }                                                                                      \
        }                                                                                          \
        return pk;                                                                                 \
    }

STRIDED_FN(strided8_pack, uint64_t, 1)
STRIDED_FN(strided4_pack, uint32_t, 1)
STRIDED_FN(strided1_pack, uint8_t, 1)
STRIDED_FN(strided8_unpack, uint64_t, 0)
STRIDED_FN(strided4_unpack, uint32_t, 0)
STRIDED_FN(strided1_unpack, uint8_t, 0)
GATHER_FN(gather8_pack, uint64_t, 1)
GATHER_FN(gather4_pack, uint32_t, 1)
GATHER_FN(gather8_unpack, uint64_t, 0)
GATHER_FN(gather4_unpack, uint32_t, 0)
STRUCT40_FN(struct40_pack, 1)
STRUCT40_FN(struct40_unpack, 0)

static NOINLINE void hand_pack(const pattern_t *p, char *base, char *pk)
{
    for (int k = 0; k < p->nparts; k++) {
        const part_t *q = &p->parts[k];
        if (q->kind == PT_STRIDED)
            pk = q->esize == 8   ? strided8_pack(q, base, pk)
                 : q->esize == 4 ? strided4_pack(q, base, pk)
                                 : strided1_pack(q, base, pk);
        else if (q->kind == PT_GATHER)
            pk = q->esize == 8 ? gather8_pack(q, base, pk) : gather4_pack(q, base, pk);
        else
            pk = struct40_pack(q, base, pk);
    }
}

static NOINLINE void hand_unpack(const pattern_t *p, char *base, char *pk)
{
    for (int k = 0; k < p->nparts; k++) {
        const part_t *q = &p->parts[k];
        if (q->kind == PT_STRIDED)
            pk = q->esize == 8   ? strided8_unpack(q, base, pk)
                 : q->esize == 4 ? strided4_unpack(q, base, pk)
                                 : strided1_unpack(q, base, pk);
        else if (q->kind == PT_GATHER)
            pk = q->esize == 8 ? gather8_unpack(q, base, pk) : gather4_unpack(q, base, pk);
        else
            pk = struct40_unpack(q, base, pk);
    }
}

/* Walk the layout as (offset, length) runs, in packed order: counts runs
 * (merging adjacent ones) and bytes. */
static void walk(const pattern_t *p, long *runs, size_t *bytes)
{
    long nr = 0, last_end = -1;
    size_t nb = 0;
#define RUN(o, l)                                                                                  \
    do {                                                                                           \
        long o_ = (o), l_ = (l);                                                                   \
        if (o_ != last_end)                                                                        \
            nr++;                                                                                  \
        last_end = o_ + l_;                                                                        \
        nb += (size_t)l_;                                                                          \
    } while (0)
    for (int k = 0; k < p->nparts; k++) {
        const part_t *q = &p->parts[k];
        if (q->kind == PT_STRIDED) {
            for (long i3 = 0; i3 < q->n[3]; i3++)
                for (long i2 = 0; i2 < q->n[2]; i2++)
                    for (long i1 = 0; i1 < q->n[1]; i1++)
                        RUN(q->off + i3 * q->s[3] + i2 * q->s[2] + i1 * q->s[1],
                            q->n[0] * q->esize);
        } else if (q->kind == PT_GATHER) {
            for (long i = 0; i < q->nidx; i++) {
                if (q->len)
                    RUN(q->off + q->idx[i] * q->esize, (long)q->len[i] * q->esize);
                else
                    RUN(q->off + q->idx[i], (long)q->blk * q->esize);
            }
        } else {
            for (long i = 0; i < q->count; i++) {
                RUN(q->off + i * 40, 24 + 4 + 1);
                RUN(q->off + i * 40 + 32, 4);
            }
        }
    }
#undef RUN
    *runs = nr;
    *bytes = nb;
}

/* ------------------------------------------------------------ timing */

static double now_ns(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e9 + (double)ts.tv_nsec;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof(double), cmp_double);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

enum { OP_PACK, OP_UNPACK, OP_HPACK, OP_HUNPACK, OP_MEMCPY, OP_CREATE, NOPS };

typedef struct {
    const pattern_t *p;
    MPI_Datatype t;
    char *src, *dst, *pk, *pk2;
    int pksize;
} ctx_t;

static int g_fail;

static void run_op(ctx_t *c, int op)
{
    const pattern_t *p = c->p;
    int pos = 0;
    switch (op) {
    case OP_PACK:
        MPI_Pack(c->src + p->origin, p->count, c->t, c->pk, c->pksize, &pos, MPI_COMM_WORLD);
        break;
    case OP_UNPACK:
        MPI_Unpack(c->pk, c->pksize, &pos, c->dst + p->origin, p->count, c->t, MPI_COMM_WORLD);
        break;
    case OP_HPACK:
        hand_pack(p, c->src + p->origin, c->pk2);
        break;
    case OP_HUNPACK:
        hand_unpack(p, c->dst + p->origin, c->pk2);
        break;
    case OP_MEMCPY:
        memcpy(c->pk2, c->src, p->bytes);
        break;
    case OP_CREATE: {
        MPI_Datatype t = build_type(p);
        MPI_Type_free(&t);
        break;
    }
    }
    BARRIER();
}

/* ns per call: reps calibrated to about target_ns per sample */
static double time_op(ctx_t *c, int op, long reps)
{
    double t0 = now_ns();
    for (long r = 0; r < reps; r++)
        run_op(c, op);
    return (now_ns() - t0) / (double)reps;
}

static long calibrate(ctx_t *c, int op, double target_ns)
{
    long reps = 1;
    for (;;) {
        double t = time_op(c, op, reps) * (double)reps;
        if (t >= target_ns / 4 || reps >= (1L << 30))
            return t >= target_ns ? reps : (long)((double)reps * target_ns / (t > 1 ? t : 1)) + 1;
        reps *= 4;
    }
}

/* ------------------------------------------------------------ verification */

static void fill_src(char *s, size_t n)
{
    /* values 0..250: never the poison byte */
    unsigned v = 7;
    for (size_t i = 0; i < n; i++) {
        s[i] = (char)v;
        v += 131;
        if (v >= 251)
            v -= 251;
    }
}

static int verify(ctx_t *c, const char *impl)
{
    const pattern_t *p = c->p;
    int ok = 1, pos = 0, psz = -1;
    char *ref = xmalloc(p->bytes), *dref = xmalloc(p->span);

    CK(MPI_Pack_size(p->count, c->t, MPI_COMM_WORLD, &psz));
    if (psz < (int)p->bytes) {
        fprintf(stderr, "%s %s: MPI_Pack_size %d < size %zu\n", impl, p->name, psz, p->bytes);
        ok = 0;
    }
    memset(ref, POISON, p->bytes);
    hand_pack(p, c->src + p->origin, ref);
    memset(c->pk, POISON, (size_t)c->pksize);
    CK(MPI_Pack(c->src + p->origin, p->count, c->t, c->pk, c->pksize, &pos, MPI_COMM_WORLD));
    if (pos != (int)p->bytes) {
        fprintf(stderr, "%s %s: MPI_Pack position %d, expected %zu\n", impl, p->name, pos,
                p->bytes);
        ok = 0;
    } else if (memcmp(ref, c->pk, p->bytes) != 0) {
        size_t i = 0;
        while (ref[i] == c->pk[i])
            i++;
        fprintf(stderr, "%s %s: MPI_Pack output differs from the hand loop at byte %zu\n", impl,
                p->name, i);
        ok = 0;
    }
    /* unpack into poison, compared with the hand unpack into poison */
    memset(dref, POISON, p->span);
    hand_unpack(p, dref + p->origin, ref);
    memset(c->dst, POISON, p->span);
    pos = 0;
    CK(MPI_Unpack(ref, (int)p->bytes, &pos, c->dst + p->origin, p->count, c->t, MPI_COMM_WORLD));
    if (pos != (int)p->bytes) {
        fprintf(stderr, "%s %s: MPI_Unpack position %d, expected %zu\n", impl, p->name, pos,
                p->bytes);
        ok = 0;
    } else if (memcmp(dref, c->dst, p->span) != 0) {
        size_t i = 0;
        while (dref[i] == c->dst[i])
            i++;
        fprintf(stderr, "%s %s: MPI_Unpack result differs at byte %zu (%s)\n", impl, p->name, i,
                (unsigned char)dref[i] == POISON ? "wrote into a gap" : "wrong data");
        ok = 0;
    }
    /* the reference itself: exactly `bytes` original bytes, poison elsewhere */
    size_t written = 0;
    for (size_t i = 0; i < p->span; i++) {
        if ((unsigned char)dref[i] != POISON) {
            written++;
            if (dref[i] != c->src[i]) {
                fprintf(stderr, "%s %s: hand unpack wrote a wrong byte at %zu\n", impl, p->name, i);
                ok = 0;
                break;
            }
        }
    }
    if (written != p->bytes) {
        fprintf(stderr, "%s %s: hand unpack wrote %zu bytes, expected %zu\n", impl, p->name,
                written, p->bytes);
        ok = 0;
    }
    free(ref);
    free(dref);
    return ok;
}

/* ------------------------------------------------------------ main */

static void make_patterns(int smoke)
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

static void usage(void)
{
    fprintf(stderr,
            "usage: bench_pack [--smoke] [--tier cache|call|create|large|all] [--only SUBSTR]\n"
            "                  [--samples N] [--ms MS] [--list]\n");
    exit(2);
}

static void print_header(void)
{
    printf("#impl\tpattern\ttier\tbytes\tblocks\tpack_ns\tunpack_ns\thand_pack_ns\thand_unpack_ns\t"
           "memcpy_ns\tcreate_ns\n");
}

static void fmt(char *b, size_t n, double v)
{
    if (v < 0)
        snprintf(b, n, "n/a");
    else
        snprintf(b, n, "%.1f", v);
}

int main(int argc, char **argv)
{
    int smoke = 0, list = 0, samples = -1;
    double ms = 2.0;
    const char *tier = "all", *only = NULL;
    const char *impl = BENCH_IMPL;

    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--smoke"))
            smoke = 1;
        else if (!strcmp(argv[i], "--list"))
            list = 1;
        else if (!strcmp(argv[i], "--tier") && i + 1 < argc)
            tier = argv[++i];
        else if (!strcmp(argv[i], "--only") && i + 1 < argc)
            only = argv[++i];
        else if (!strcmp(argv[i], "--samples") && i + 1 < argc)
            samples = atoi(argv[++i]);
        else if (!strcmp(argv[i], "--ms") && i + 1 < argc)
            ms = atof(argv[++i]);
        else
            usage();
    }

    make_patterns(smoke);
    if (list) {
        for (int i = 0; i < npats; i++)
            printf("%s\t%s\t%zu\t%ld\n", pats[i].name, pats[i].tier, pats[i].bytes, pats[i].blocks);
        return 0;
    }

    CK(MPI_Init(&argc, &argv));
    int packing = have_pack();
    if (smoke && !packing) {
        printf("bench_pack (%s): no MPI_Pack in this build yet: skipped\n", impl);
        MPI_Finalize();
        return 77;
    }
    if (!smoke)
        print_header();

    int nok = 0;
    for (int i = 0; i < npats; i++) {
        pattern_t *p = &pats[i];
        if (strcmp(tier, "all") && strcmp(tier, p->tier))
            continue;
        if (only && !strstr(p->name, only))
            continue;

        ctx_t c;
        memset(&c, 0, sizeof c);
        c.p = p;
        c.t = build_type(p);
        {
            int sz;
            MPI_Aint tlb, text, lb, ext;
            CK(MPI_Type_size(c.t, &sz));
            CK(MPI_Type_get_true_extent(c.t, &tlb, &text));
            CK(MPI_Type_get_extent(c.t, &lb, &ext));
            MPI_Aint first = (MPI_Aint)p->origin + tlb;
            MPI_Aint end = first + text + (MPI_Aint)(p->count - 1) * ext;
            if ((size_t)sz * (size_t)p->count != p->bytes || first < 0 || end > (MPI_Aint)p->span) {
                fprintf(stderr,
                        "%s %s: type size %d x %d, true extent [%ld, +%ld) do not match "
                        "the layout (%zu bytes, span %zu)\n",
                        impl, p->name, sz, p->count, (long)tlb, (long)text, p->bytes, p->span);
                g_fail = 1;
                MPI_Type_free(&c.t);
                continue;
            }
        }
        c.src = xmalloc(p->span);
        c.dst = xmalloc(p->span);
        c.pksize = (int)p->bytes;
        c.pk = xmalloc(p->bytes);
        c.pk2 = xmalloc(p->bytes);
        fill_src(c.src, p->span);

        if (packing && !verify(&c, impl)) {
            g_fail = 1;
        } else if (smoke) {
            nok++;
        } else {
            int ns = samples > 0 ? samples : !strcmp(p->tier, "large") ? 5 : 11;
            double *v[NOPS], res[NOPS];
            long reps[NOPS];
            int ops[NOPS], nops = 0;
            for (int op = 0; op < NOPS; op++) {
                if ((op == OP_PACK || op == OP_UNPACK) && !packing)
                    continue;
                ops[nops++] = op;
            }
            for (int k = 0; k < nops; k++) {
                v[ops[k]] = malloc(sizeof(double) * (size_t)ns);
                run_op(&c, ops[k]); /* warm */
                reps[ops[k]] = calibrate(&c, ops[k], ms * 1e6);
            }
            /* round robin, so that drift hits every op alike */
            for (int s = 0; s < ns; s++)
                for (int k = 0; k < nops; k++)
                    v[ops[k]][s] = time_op(&c, ops[k], reps[ops[k]]);
            for (int op = 0; op < NOPS; op++)
                res[op] = -1;
            for (int k = 0; k < nops; k++) {
                res[ops[k]] = median(v[ops[k]], ns);
                free(v[ops[k]]);
            }
            char f[NOPS][32];
            for (int op = 0; op < NOPS; op++)
                fmt(f[op], sizeof f[op], res[op]);
            printf("%s\t%s\t%s\t%zu\t%ld\t%s\t%s\t%s\t%s\t%s\t%s\n", impl, p->name, p->tier,
                   p->bytes, p->blocks, f[OP_PACK], f[OP_UNPACK], f[OP_HPACK], f[OP_HUNPACK],
                   f[OP_MEMCPY], f[OP_CREATE]);
            fflush(stdout);
        }
        MPI_Type_free(&c.t);
        free(c.src);
        free(c.dst);
        free(c.pk);
        free(c.pk2);
    }
    if (smoke)
        printf("bench_pack (%s): %d patterns verified%s\n", impl, nok, g_fail ? ", FAILURES" : "");
    for (int i = 0; i < npats; i++) {
        free(pats[i].idx);
        free(pats[i].len);
        free(pats[i].idx2);
    }
    MPI_Finalize();
    return g_fail ? 1 : 0;
}

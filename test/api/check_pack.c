/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * check_pack.c - the pack engine, black-box: MPI_Pack / MPI_Unpack
 * (+ _c, MPI_Pack_size), the segment API, typeshim_type_copy, bad input,
 * MPI_BOTTOM.
 *
 * Expected bytes never come from the library: a seeded random generator
 * (yaksa dtpools style) builds each type through the MPI constructors AND
 * builds its type map itself, as a list of (offset, length) basic elements
 * in type-map order, together with the bounds MPI (and MPICH's padding
 * rule, typeshim(7)) gives it.  The reference packer is a gather loop over
 * that list.
 *
 * Suites: literal (hand-computed images of one type per constructor),
 * roundtrip (generated types, count 1..3, unpack into poisoned memory),
 * segment (typeshim_pack_segment / unpack_segment, shuffled segments of 1,
 * 7 and 113 bytes), copy (typeshim_type_copy, typeshim_type_move,
 * typeshim_buffer_bytes), badinput, bottom.
 *
 * The generator checked against MPICH 4.0.2's own MPI_Pack agrees with it
 * on every type.
 */
#include <stdint.h>

#include "apitest.h"

#define NTYPES  300       /* generated types of the roundtrip suite */
#define MAXE    2048      /* basic elements of one generated type, at most */
#define MAXSPAN (1 << 17) /* bytes three instances of a generated type span */
#define PAD     32        /* poisoned bytes around every user buffer */
#define POISON  0xA5

#define EXPECT_ERROR(call, cls, fn) at_expect_error((call), (cls), (fn), NULL, #call)
#define all_poison(p, n)            at_all_poison((p), (n), POISON)

/* ------------------------------------------------------------------
 * Random numbers (splitmix64): every generated type is a function of its
 * index alone, so a failure names a reproducible type.
 * ---------------------------------------------------------------- */

static uint64_t rng;

static uint64_t rnd64(void)
{
    uint64_t z = (rng += 0x9e3779b97f4a7c15ULL);

    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
    return z ^ (z >> 31);
}

/* uniform in [lo, hi] */
static int64_t rnd(int64_t lo, int64_t hi)
{
    return lo + (int64_t)(rnd64() % (uint64_t)(hi - lo + 1));
}

static void shuffle(int64_t *a, int64_t n)
{
    for (int64_t i = n - 1; i > 0; i--) {
        int64_t j = rnd(0, i), x = a[i];
        a[i] = a[j];
        a[j] = x;
    }
}

/* ------------------------------------------------------------------
 * The model: a type's map and bounds, computed without the library
 * ---------------------------------------------------------------- */

typedef struct ent {
    int64_t off;
    int64_t len;
} ent_t;

typedef struct gt {
    MPI_Datatype t;
    int derived; /* t is ours to free */
    ent_t *e;    /* basic elements, type-map order */
    int64_t n, cap;
    int64_t size, lb, ub, tlb, tub;
    int64_t align;  /* largest basic alignment inside */
    int64_t key;    /* "same type" class of MPICH's struct padding rule */
    int kind;       /* top constructor (K_*), before any fix-up */
    char what[480]; /* construction, for messages */
} gt_t;

typedef struct bnd {
    int have;
    int64_t lb, ub, tlb, tub;
} bnd_t;

static int64_t serial_key = 1000;

static int64_t ext_of(const gt_t *g)
{
    return g->ub - g->lb;
}

static int64_t min64(int64_t a, int64_t b)
{
    return a < b ? a : b;
}

static int64_t max64(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

static int64_t abs64(int64_t a)
{
    return a < 0 ? -a : a;
}

static void push(gt_t *g, int64_t off, int64_t len)
{
    if (g->n == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 16;
        g->e = realloc(g->e, (size_t)g->cap * sizeof *g->e);
        ck_assert_ptr_nonnull(g->e);
    }
    g->e[g->n].off = off;
    g->e[g->n].len = len;
    g->n++;
    g->size += len;
}

/* Appends the map of c displaced by disp. */
static void add_map(gt_t *g, const gt_t *c, int64_t disp)
{
    for (int64_t i = 0; i < c->n; i++)
        push(g, disp + c->e[i].off, c->e[i].len);
}

/* count copies of c, stride bytes apart, at disp: MPI's bounds of a block
 * (the extremes of the copies' lb and ub, and of their true bounds). */
static void bnd_add(bnd_t *b, const gt_t *c, int64_t count, int64_t disp, int64_t stride)
{
    int64_t span = (count - 1) * stride, lo = min64(0, span), hi = max64(0, span);
    int64_t lb = disp + lo + c->lb, ub = disp + hi + c->ub;
    int64_t tlb = disp + lo + c->tlb, tub = disp + hi + c->tub;

    if (!b->have) {
        b->lb = lb, b->ub = ub, b->tlb = tlb, b->tub = tub;
        b->have = 1;
        return;
    }
    b->lb = min64(b->lb, lb);
    b->ub = max64(b->ub, ub);
    b->tlb = min64(b->tlb, tlb);
    b->tub = max64(b->tub, tub);
}

static void start_derived(gt_t *g, int64_t align)
{
    memset(g, 0, sizeof *g);
    g->derived = 1;
    g->align = align;
    g->key = ++serial_key;
}

static void set_bounds(gt_t *g, const bnd_t *b)
{
    g->lb = b->lb;
    g->ub = b->ub;
    g->tlb = b->tlb;
    g->tub = b->tub;
}

static void gt_release(gt_t *g)
{
    if (g->derived && g->t != MPI_DATATYPE_NULL)
        AT_OK(MPI_Type_free(&g->t));
    free(g->e);
    memset(g, 0, sizeof *g);
}

static const struct basic {
    MPI_Datatype t;
    int64_t size;
    const char *name;
} basics[] = {
    {MPI_CHAR, 1, "char"},   {MPI_SHORT, 2, "short"},   {MPI_INT, 4, "int"},
    {MPI_FLOAT, 4, "float"}, {MPI_DOUBLE, 8, "double"},
};
#define NBASICS 5

static void mk_basic(gt_t *g, int which)
{
    memset(g, 0, sizeof *g);
    g->t = basics[which].t;
    push(g, 0, basics[which].size);
    g->lb = g->tlb = 0;
    g->ub = g->tub = basics[which].size;
    g->align = basics[which].size;
    g->key = which + 1;
    snprintf(g->what, sizeof g->what, "%s", basics[which].name);
}

static void mk_contig(gt_t *g, const gt_t *c, int n)
{
    bnd_t b = {0};
    int64_t e = ext_of(c);

    start_derived(g, c->align);
    AT_OK(MPI_Type_contiguous(n, c->t, &g->t));
    for (int i = 0; i < n; i++)
        add_map(g, c, i * e);
    bnd_add(&b, c, n, 0, e);
    set_bounds(g, &b);
    snprintf(g->what, sizeof g->what, "contig(%d,%.400s)", n, c->what);
}

/* vector (bytes == 0: stride in extents) or hvector (stride in bytes) */
static void mk_vector(gt_t *g, const gt_t *c, int count, int bl, int64_t stride, int bytes)
{
    bnd_t b = {0};
    int64_t e = ext_of(c), s = bytes ? stride : stride * e;

    start_derived(g, c->align);
    if (bytes)
        AT_OK(MPI_Type_create_hvector(count, bl, (MPI_Aint)stride, c->t, &g->t));
    else
        AT_OK(MPI_Type_vector(count, bl, (int)stride, c->t, &g->t));
    for (int i = 0; i < count; i++) {
        for (int j = 0; j < bl; j++)
            add_map(g, c, i * s + j * e);
        bnd_add(&b, c, bl, i * s, e);
    }
    set_bounds(g, &b);
    snprintf(g->what, sizeof g->what, "%s(%d,%d,%lld,%.400s)", bytes ? "hvector" : "vector", count,
             bl, (long long)stride, c->what);
}

enum { IX_INDEXED, IX_HINDEXED, IX_BLOCK, IX_HBLOCK };

static const char *const ix_names[] = {"indexed", "hindexed", "indexed_block", "hindexed_block"};

/* the four indexed constructors; disp in extents (IX_INDEXED, IX_BLOCK)
 * or bytes; bl[0] is the block length of the _block forms */
static void mk_indexed(gt_t *g, const gt_t *c, int form, int nb, const int *bl, const int64_t *disp)
{
    bnd_t b = {0};
    int64_t e = ext_of(c);
    int ibl[8], idisp[8];
    MPI_Aint adisp[8];
    char *p;
    size_t left;
    int bytes = form == IX_HINDEXED || form == IX_HBLOCK;

    ck_assert_int_le(nb, 8);
    start_derived(g, c->align);
    for (int k = 0; k < nb; k++) {
        ibl[k] = bl[form == IX_BLOCK || form == IX_HBLOCK ? 0 : k];
        idisp[k] = (int)disp[k];
        adisp[k] = (MPI_Aint)disp[k];
    }
    switch (form) {
    case IX_INDEXED:
        AT_OK(MPI_Type_indexed(nb, ibl, idisp, c->t, &g->t));
        break;
    case IX_HINDEXED:
        AT_OK(MPI_Type_create_hindexed(nb, ibl, adisp, c->t, &g->t));
        break;
    case IX_BLOCK:
        AT_OK(MPI_Type_create_indexed_block(nb, ibl[0], idisp, c->t, &g->t));
        break;
    default:
        AT_OK(MPI_Type_create_hindexed_block(nb, ibl[0], adisp, c->t, &g->t));
        break;
    }
    for (int k = 0; k < nb; k++) {
        int64_t d = bytes ? disp[k] : disp[k] * e;
        for (int j = 0; j < ibl[k]; j++)
            add_map(g, c, d + j * e);
        bnd_add(&b, c, ibl[k], d, e);
    }
    set_bounds(g, &b);
    p = g->what;
    left = sizeof g->what;
    p += snprintf(p, left, "%s(", ix_names[form]);
    for (int k = 0; k < nb; k++) {
        left = sizeof g->what - (size_t)(p - g->what);
        p += snprintf(p, left, "%d@%lld,", ibl[k], (long long)disp[k]);
    }
    left = sizeof g->what - (size_t)(p - g->what);
    snprintf(p, left, "%.360s)", c->what);
}

static void mk_struct(gt_t *g, int nb, const int *bl, const int64_t *disp, gt_t *const *cs)
{
    bnd_t b = {0};
    MPI_Aint adisp[8];
    MPI_Datatype ty[8];
    int64_t align = 1;
    int same = 1;
    char *p;
    size_t left;

    ck_assert_int_le(nb, 8);
    for (int k = 0; k < nb; k++) {
        adisp[k] = (MPI_Aint)disp[k];
        ty[k] = cs[k]->t;
        align = max64(align, cs[k]->align);
        if (cs[k]->key != cs[0]->key)
            same = 0;
    }
    start_derived(g, align);
    AT_OK(MPI_Type_create_struct(nb, bl, adisp, ty, &g->t));
    for (int k = 0; k < nb; k++) {
        int64_t e = ext_of(cs[k]);
        for (int j = 0; j < bl[k]; j++)
            add_map(g, cs[k], disp[k] + j * e);
        bnd_add(&b, cs[k], bl[k], disp[k], e);
    }
    /* MPICH's epsilon: ub - lb rounded up to the largest alignment, only
     * when the members are not all of one type (C remainder) */
    if (!same && align > 1) {
        int64_t eps = (b.ub - b.lb) % align;
        if (eps)
            b.ub += align - eps;
    }
    set_bounds(g, &b);
    p = g->what;
    p += snprintf(p, sizeof g->what, "struct(");
    for (int k = 0; k < nb; k++) {
        left = sizeof g->what - (size_t)(p - g->what);
        if (left > 1)
            p += snprintf(p, left, "%dx%.100s@%lld,", bl[k], cs[k]->what, (long long)disp[k]);
    }
    left = sizeof g->what - (size_t)(p - g->what);
    if (left > 1)
        snprintf(p, left, ")");
}

/* Elements of a multi-index walk: idx[d] runs over list[d][0..len[d]),
 * fastest dimension last (C order) or first (Fortran order). */
static void walk_grid(gt_t *g, const gt_t *c, bnd_t *b, int nd, int *const *list, const int *len,
                      const int *dims, int order)
{
    int64_t stride[3], total = 1;
    int idx[3] = {0, 0, 0};
    int64_t e = ext_of(c);

    if (order == MPI_ORDER_C) {
        stride[nd - 1] = 1;
        for (int d = nd - 2; d >= 0; d--)
            stride[d] = stride[d + 1] * dims[d + 1];
    } else {
        stride[0] = 1;
        for (int d = 1; d < nd; d++)
            stride[d] = stride[d - 1] * dims[d - 1];
    }
    for (int d = 0; d < nd; d++)
        total *= len[d];
    for (int64_t k = 0; k < total; k++) {
        int64_t off = 0;
        for (int d = 0; d < nd; d++)
            off += list[d][idx[d]] * stride[d];
        add_map(g, c, off * e);
        bnd_add(b, c, 1, off * e, 0);
        /* next index, fastest dimension first */
        for (int i = 0; i < nd; i++) {
            int d = order == MPI_ORDER_C ? nd - 1 - i : i;
            if (++idx[d] < len[d])
                break;
            idx[d] = 0;
        }
    }
}

static void mk_subarray(gt_t *g, const gt_t *c, int nd, const int *sizes, const int *subsizes,
                        const int *starts, int order)
{
    bnd_t b = {0};
    int l0[8], l1[8], l2[8];
    int *list[3] = {l0, l1, l2};
    int64_t prod = 1;

    start_derived(g, c->align);
    AT_OK(MPI_Type_create_subarray(nd, sizes, subsizes, starts, order, c->t, &g->t));
    for (int d = 0; d < nd; d++) {
        for (int i = 0; i < subsizes[d]; i++)
            list[d][i] = starts[d] + i;
        prod *= sizes[d];
    }
    walk_grid(g, c, &b, nd, list, subsizes, sizes, order);
    set_bounds(g, &b);
    g->lb = 0;
    g->ub = prod * ext_of(c);
    snprintf(g->what, sizeof g->what, "subarray_%s(nd=%d,[%d,%d,%d],[%d,%d,%d],[%d,%d,%d],%.360s)",
             order == MPI_ORDER_C ? "C" : "F", nd, sizes[0], nd > 1 ? sizes[1] : 0,
             nd > 2 ? sizes[2] : 0, subsizes[0], nd > 1 ? subsizes[1] : 0, nd > 2 ? subsizes[2] : 0,
             starts[0], nd > 1 ? starts[1] : 0, nd > 2 ? starts[2] : 0, c->what);
}

/* Local indices of process coordinate p along a dimension (MPI-4.0 §5.1.14). */
static int darray_list(int gsize, int distrib, int darg, int psize, int p, int *list)
{
    int n = 0;

    if (distrib == MPI_DISTRIBUTE_NONE) {
        for (int i = 0; i < gsize; i++)
            list[n++] = i;
    } else if (distrib == MPI_DISTRIBUTE_BLOCK) {
        int bsz = darg == MPI_DISTRIBUTE_DFLT_DARG ? (gsize + psize - 1) / psize : darg;
        for (int i = p * bsz; i < gsize && i < (p + 1) * bsz; i++)
            list[n++] = i;
    } else {
        int k = darg == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg;
        for (int i = 0; i < gsize; i++)
            if ((i / k) % psize == p)
                list[n++] = i;
    }
    return n;
}

static void mk_darray(gt_t *g, const gt_t *c, int size, int rank, int nd, const int *gsizes,
                      const int *distribs, const int *dargs, const int *psizes, int order)
{
    bnd_t b = {0};
    int l0[16], l1[16], l2[16], len[3], coords[3];
    int *list[3] = {l0, l1, l2};
    int64_t prod = 1;
    int r = rank;

    start_derived(g, c->align);
    AT_OK(MPI_Type_create_darray(size, rank, nd, gsizes, distribs, dargs, psizes, order, c->t,
                                 &g->t));
    for (int d = nd - 1; d >= 0; d--) { /* the process grid is row-major */
        coords[d] = r % psizes[d];
        r /= psizes[d];
    }
    for (int d = 0; d < nd; d++) {
        len[d] = darray_list(gsizes[d], distribs[d], dargs[d], psizes[d], coords[d], list[d]);
        prod *= gsizes[d];
    }
    walk_grid(g, c, &b, nd, list, len, gsizes, order);
    set_bounds(g, &b);
    g->lb = 0;
    g->ub = prod * ext_of(c);
    snprintf(g->what, sizeof g->what,
             "darray_%s(rank=%d/%d,nd=%d,g=[%d,%d,%d],dist=[%d,%d,%d],darg=[%d,%d,%d],"
             "p=[%d,%d,%d],%.300s)",
             order == MPI_ORDER_C ? "C" : "F", rank, size, nd, gsizes[0], gsizes[1],
             nd > 2 ? gsizes[2] : 0, distribs[0], distribs[1], nd > 2 ? distribs[2] : 0, dargs[0],
             dargs[1], nd > 2 ? dargs[2] : 0, psizes[0], psizes[1], nd > 2 ? psizes[2] : 0,
             c->what);
}

static void mk_resized(gt_t *g, const gt_t *c, int64_t lb, int64_t extent)
{
    start_derived(g, c->align);
    AT_OK(MPI_Type_create_resized(c->t, (MPI_Aint)lb, (MPI_Aint)extent, &g->t));
    add_map(g, c, 0);
    g->lb = lb;
    g->ub = lb + extent;
    g->tlb = c->tlb;
    g->tub = c->tub;
    snprintf(g->what, sizeof g->what, "resized(%lld,%lld,%.400s)", (long long)lb, (long long)extent,
             c->what);
}

static void mk_dup(gt_t *g, const gt_t *c)
{
    start_derived(g, c->align);
    AT_OK(MPI_Type_dup(c->t, &g->t));
    add_map(g, c, 0);
    g->lb = c->lb;
    g->ub = c->ub;
    g->tlb = c->tlb;
    g->tub = c->tub;
    g->key = c->key; /* a dup counts as its original for the padding rule */
    snprintf(g->what, sizeof g->what, "dup(%.440s)", c->what);
}

/* ------------------------------------------------------------------
 * The random generator
 * ---------------------------------------------------------------- */

enum {
    K_CONTIG,
    K_VECTOR,
    K_HVECTOR,
    K_INDEXED,
    K_HINDEXED,
    K_IBLOCK,
    K_HIBLOCK,
    K_STRUCT,
    K_SUBARRAY_C,
    K_SUBARRAY_F,
    K_DARRAY,
    K_RESIZED,
    K_DUP,
    NKINDS
};

/* Replaces *g by a resized copy whose |extent| covers its true extent, so
 * that copies of it never overlap; negative extents now and then. */
static void wrap_resized(gt_t *g, int allow_negative)
{
    gt_t r;
    int64_t ts = g->tub - g->tlb, ext = ts + rnd(0, 8);

    if (allow_negative && rnd(0, 3) == 0)
        ext = -ext;
    mk_resized(&r, g, g->tlb + rnd(-8, 8), ext);
    gt_release(g);
    *g = r;
}

static void fixup(gt_t *g)
{
    int64_t e = ext_of(g);

    if (e == 0 || abs64(e) < g->tub - g->tlb)
        wrap_resized(g, 1);
}

/* Byte extremes of a block of bl copies of c (relative to its disp). */
static void block_span(const gt_t *c, int bl, int64_t *lo, int64_t *hi)
{
    int64_t span = (bl - 1) * ext_of(c);

    *lo = min64(0, span) + c->tlb;
    *hi = max64(0, span) + c->tub;
}

static void gen(gt_t *g, int depth, int kind);

/* Disjoint byte displacements for blocks (bl[k] copies of cs[k]), laid
 * out left to right with random gaps, then shifted and shuffled. */
static void byte_disps(int nb, const int *bl, gt_t *const *cs, int64_t *disp, int *perm_bl,
                       gt_t **perm_cs)
{
    int64_t cursor = rnd(0, 16), order[8], tmp[8];
    int64_t shift = rnd(0, 2) == 0 ? -rnd(0, 64) : 0;

    for (int k = 0; k < nb; k++) {
        int64_t lo, hi;
        block_span(cs[k], bl[k], &lo, &hi);
        tmp[k] = cursor - lo + shift;
        cursor += hi - lo + rnd(0, 12);
        order[k] = k;
    }
    shuffle(order, nb);
    for (int k = 0; k < nb; k++) {
        disp[k] = tmp[order[k]];
        perm_bl[k] = bl[order[k]];
        perm_cs[k] = cs[order[k]];
    }
}

/* Disjoint displacements in extents for blocks of bl[k] copies. */
static void unit_disps(int nb, const int *bl, int64_t *disp, int *perm_bl)
{
    int64_t cursor = rnd(0, 3), order[8], tmp[8];
    int64_t shift = rnd(0, 2) == 0 ? -rnd(0, 6) : 0;

    for (int k = 0; k < nb; k++) {
        tmp[k] = cursor + shift;
        cursor += bl[k] + rnd(0, 3);
        order[k] = k;
    }
    shuffle(order, nb);
    for (int k = 0; k < nb; k++) {
        disp[k] = tmp[order[k]];
        perm_bl[k] = bl[order[k]];
    }
}

/* One attempt at a type of the given kind over child c; 0 if the kind
 * does not fit c (the budget of MAXE elements). */
static int build_kind(gt_t *g, gt_t *c, int kind, int depth)
{
    int64_t budget = MAXE / c->n, e = ext_of(c);
    int bl[8], pbl[8], nb;
    int64_t disp[8];

    if (budget < 1)
        return 0;
    switch (kind) {
    case K_CONTIG:
        mk_contig(g, c, (int)rnd(1, min64(4, budget)));
        return 1;
    case K_VECTOR:
    case K_HVECTOR: {
        int count = (int)rnd(1, min64(4, budget)), b = (int)rnd(1, min64(3, budget / count));
        int64_t stride;
        if (kind == K_VECTOR) {
            stride = b + rnd(0, 3);
        } else {
            int64_t lo, hi;
            block_span(c, b, &lo, &hi);
            stride = hi - lo + rnd(0, 16);
        }
        if (rnd(0, 3) == 0)
            stride = -stride;
        mk_vector(g, c, count, b, stride, kind == K_HVECTOR);
        return 1;
    }
    case K_INDEXED:
    case K_HINDEXED:
    case K_IBLOCK:
    case K_HIBLOCK: {
        int form = kind == K_INDEXED    ? IX_INDEXED
                   : kind == K_HINDEXED ? IX_HINDEXED
                   : kind == K_IBLOCK   ? IX_BLOCK
                                        : IX_HBLOCK;
        int64_t used = 0;
        int fixed = (int)rnd(1, 3);
        nb = (int)rnd(1, 5);
        for (int k = 0; k < nb; k++) {
            bl[k] = form == IX_BLOCK || form == IX_HBLOCK ? fixed : (int)rnd(1, 3);
            used += bl[k];
        }
        if (used > budget)
            return 0;
        if (form == IX_HINDEXED || form == IX_HBLOCK) {
            gt_t *cs[8], *pcs[8];
            for (int k = 0; k < nb; k++)
                cs[k] = c;
            byte_disps(nb, bl, cs, disp, pbl, pcs);
        } else {
            unit_disps(nb, bl, disp, pbl);
        }
        mk_indexed(g, c, form, nb, pbl, disp);
        return 1;
    }
    case K_STRUCT: {
        gt_t kids[4], *cs[8], *pcs[8];
        int64_t used = 0;
        int nk = 1;
        nb = (int)rnd(1, 4);
        cs[0] = c;
        bl[0] = (int)rnd(1, 2);
        for (int k = 1; k < nb; k++) {
            if (rnd(0, 4) == 0) { /* the same member type again */
                cs[k] = cs[k - 1];
            } else {
                gen(&kids[nk], (int)rnd(0, depth - 1), -1);
                cs[k] = &kids[nk++];
            }
            bl[k] = (int)rnd(1, 3);
        }
        for (int k = 0; k < nb; k++)
            used += bl[k] * cs[k]->n;
        if (used <= MAXE) {
            byte_disps(nb, bl, cs, disp, pbl, pcs);
            mk_struct(g, nb, pbl, disp, pcs);
        }
        for (int k = 1; k < nk; k++)
            gt_release(&kids[k]);
        return used <= MAXE;
    }
    case K_SUBARRAY_C:
    case K_SUBARRAY_F: {
        int nd = (int)rnd(1, 3), sizes[3], sub[3], starts[3];
        int64_t n = 1;
        if (e <= 0)
            return 0;
        for (int d = 0; d < nd; d++) {
            sizes[d] = (int)rnd(1, 5);
            sub[d] = (int)rnd(1, sizes[d]);
            starts[d] = (int)rnd(0, sizes[d] - sub[d]);
            n *= sub[d];
        }
        if (n > budget)
            return 0;
        mk_subarray(g, c, nd, sizes, sub, starts,
                    kind == K_SUBARRAY_C ? MPI_ORDER_C : MPI_ORDER_FORTRAN);
        return 1;
    }
    case K_DARRAY: {
        int nd = (int)rnd(2, 3), gs[3], dist[3], darg[3], ps[3] = {2, 2, 1}, rank, order;
        int64_t n = 1;
        if (e <= 0)
            return 0;
        if (nd == 3) {
            int64_t perm[3] = {0, 1, 2};
            int p0[3] = {2, 2, 1};
            shuffle(perm, 3);
            for (int d = 0; d < 3; d++)
                ps[d] = p0[perm[d]];
        }
        for (int d = 0; d < nd; d++) {
            int which = (int)rnd(0, 3);
            gs[d] = (int)rnd(2, 6);
            darg[d] = MPI_DISTRIBUTE_DFLT_DARG;
            if (ps[d] == 1 && which == 3) {
                dist[d] = MPI_DISTRIBUTE_NONE;
            } else if (which == 0 || which == 3) {
                dist[d] = MPI_DISTRIBUTE_BLOCK;
            } else {
                dist[d] = MPI_DISTRIBUTE_CYCLIC;
                if (which == 2) { /* cyclic(2): every coordinate gets some */
                    darg[d] = 2;
                    gs[d] = (int)rnd(4, 7);
                }
            }
        }
        rank = (int)rnd(0, 3);
        order = rnd(0, 1) ? MPI_ORDER_C : MPI_ORDER_FORTRAN;
        /* elements of the rank, at most */
        for (int d = 0; d < nd; d++)
            n *= (gs[d] + 1) / (ps[d] == 1 ? 1 : 2) + 1;
        if (n > budget)
            return 0;
        mk_darray(g, c, 4, rank, nd, gs, dist, darg, ps, order);
        return 1;
    }
    case K_RESIZED: {
        int64_t ts = c->tub - c->tlb, ext = ts + rnd(0, 12);
        if (rnd(0, 2) == 0)
            ext = -ext; /* negative extents, a third of the time */
        mk_resized(g, c, c->tlb + rnd(-12, 12), ext);
        return 1;
    }
    default:
        mk_dup(g, c);
        return 1;
    }
}

/* A type of this depth (constructor levels); kind -1: any. */
static void gen(gt_t *g, int depth, int kind)
{
    if (depth == 0) {
        mk_basic(g, (int)rnd(0, NBASICS - 1));
        return;
    }
    for (int attempt = 0;; attempt++) {
        gt_t c;
        int k = kind >= 0 && attempt < 40 ? kind : (int)rnd(0, NKINDS - 1), ok;

        if (attempt >= 80)
            k = K_DUP; /* always fits */
        gen(&c, depth - 1, -1);
        if ((k == K_SUBARRAY_C || k == K_SUBARRAY_F || k == K_DARRAY) && ext_of(&c) <= 0)
            wrap_resized(&c, 0);
        ok = build_kind(g, &c, k, depth);
        gt_release(&c);
        if (!ok)
            continue;
        if (g->n > MAXE || g->tub - g->tlb + 2 * abs64(ext_of(g)) > MAXSPAN) {
            gt_release(g);
            continue;
        }
        if (k != K_RESIZED)
            fixup(g);
        g->kind = k;
        return;
    }
}

/* Generated type number idx: depth idx % 7 (0..6), top constructor
 * (idx / 7) % NKINDS, so every (depth, constructor) pair occurs. */
static void gen_indexed(gt_t *g, int idx)
{
    rng = 0x5eed0000ULL + (uint64_t)idx * 7919;
    gen(g, idx % 7, (idx / 7) % NKINDS);
    AT_OK(MPI_Type_commit(&g->t));
}

/* ------------------------------------------------------------------
 * User buffers laid out for (count, g), and the reference packer
 * ---------------------------------------------------------------- */

typedef struct ubuf {
    unsigned char *mem;
    size_t len;
    int64_t org; /* index in mem of offset 0 */
    char *base;  /* the buffer argument: mem + org */
} ubuf_t;

static void ubuf_alloc(ubuf_t *u, const gt_t *g, int count, int fill)
{
    int64_t e = ext_of(g), lo = 0, hi = 0;

    for (int r = 0; r < count; r++) {
        lo = min64(lo, r * e + g->tlb);
        hi = max64(hi, r * e + g->tub);
    }
    u->len = (size_t)(hi - lo + 2 * PAD);
    u->mem = malloc(u->len);
    ck_assert_ptr_nonnull(u->mem);
    u->org = PAD - lo;
    u->base = (char *)(uintptr_t)((uintptr_t)u->mem + (uintptr_t)u->org);
    for (size_t i = 0; i < u->len; i++) {
        unsigned char v = (unsigned char)((i * 37 + (size_t)fill * 11 + 1) % 251);
        u->mem[i] = fill ? (v == POISON ? 0x3C : v) : POISON;
    }
}

static void ubuf_free(ubuf_t *u)
{
    free(u->mem);
    u->mem = NULL;
}

static void ref_pack(const gt_t *g, int count, const ubuf_t *u, unsigned char *out)
{
    int64_t e = ext_of(g), pos = 0;

    for (int r = 0; r < count; r++)
        for (int64_t i = 0; i < g->n; i++) {
            memcpy(out + pos, u->mem + u->org + r * e + g->e[i].off, (size_t)g->e[i].len);
            pos += g->e[i].len;
        }
}

/* The type map of count copies never overlaps itself (a generator check). */
static void check_disjoint(const gt_t *g, int count)
{
    int64_t n = g->n * count, e = ext_of(g);
    ent_t *v = malloc((size_t)n * sizeof *v);

    ck_assert_ptr_nonnull(v);
    for (int r = 0; r < count; r++)
        for (int64_t i = 0; i < g->n; i++) {
            v[r * g->n + i].off = r * e + g->e[i].off;
            v[r * g->n + i].len = g->e[i].len;
        }
    for (int64_t i = 1; i < n; i++) { /* insertion sort: small n */
        ent_t x = v[i];
        int64_t j = i - 1;
        while (j >= 0 && v[j].off > x.off) {
            v[j + 1] = v[j];
            j--;
        }
        v[j + 1] = x;
    }
    for (int64_t i = 1; i < n; i++)
        if (v[i].off < v[i - 1].off + v[i - 1].len)
            ck_abort_msg("generator bug: overlapping type map at %lld: %s", (long long)v[i].off,
                         g->what);
    free(v);
}

/* Size and bounds from the library equal the model's. */
static void check_model(const gt_t *g)
{
    MPI_Aint lb, ext, tlb, text;

    ck_assert_msg(at_size(g->t) == g->size, "size %lld, model %lld: %s", (long long)at_size(g->t),
                  (long long)g->size, g->what);
    at_extent(g->t, &lb, &ext);
    ck_assert_msg(lb == g->lb && ext == ext_of(g), "lb/extent %lld/%lld, model %lld/%lld: %s",
                  (long long)lb, (long long)ext, (long long)g->lb, (long long)ext_of(g), g->what);
    at_true_extent(g->t, &tlb, &text);
    ck_assert_msg(tlb == g->tlb && text == g->tub - g->tlb,
                  "true lb/extent %lld/%lld, model %lld/%lld: %s", (long long)tlb, (long long)text,
                  (long long)g->tlb, (long long)(g->tub - g->tlb), g->what);
}

static void assert_bytes_eq(const unsigned char *got, const unsigned char *want, size_t n,
                            const char *what, const gt_t *g, int count)
{
    for (size_t i = 0; i < n; i++)
        if (got[i] != want[i])
            ck_abort_msg("%s: byte %zu of %zu is 0x%02x, expected 0x%02x (count %d, %s)", what, i,
                         n, got[i], want[i], count, g->what);
}

/* Unpacked memory: map bytes equal src, every other byte still POISON. */
static void check_unpacked(const gt_t *g, int count, const ubuf_t *src, const ubuf_t *dst)
{
    unsigned char *mask = calloc(dst->len, 1);
    int64_t e = ext_of(g);

    ck_assert_ptr_nonnull(mask);
    for (int r = 0; r < count; r++)
        for (int64_t i = 0; i < g->n; i++)
            memset(mask + dst->org + r * e + g->e[i].off, 1, (size_t)g->e[i].len);
    for (size_t i = 0; i < dst->len; i++) {
        if (mask[i] && dst->mem[i] != src->mem[i])
            ck_abort_msg("unpack: map byte at %lld is 0x%02x, expected 0x%02x (count %d, %s)",
                         (long long)i - dst->org, dst->mem[i], src->mem[i], count, g->what);
        if (!mask[i] && dst->mem[i] != POISON)
            ck_abort_msg("unpack wrote 0x%02x into the gap at %lld (count %d, %s)", dst->mem[i],
                         (long long)i - dst->org, count, g->what);
    }
    free(mask);
}

/* Pack/unpack of count copies of g against the model. */
static void roundtrip(const gt_t *g, int count, int pos0)
{
    int64_t bytes = count * g->size, outsz = pos0 + bytes;
    unsigned char *ref = malloc((size_t)bytes + 1), *out = malloc((size_t)outsz + PAD);
    ubuf_t src, dst;
    int psize = -1, pos;
    MPI_Count psize_c = -1, pos_c;

    ck_assert_ptr_nonnull(ref);
    ck_assert_ptr_nonnull(out);
    check_disjoint(g, count);
    AT_OK(MPI_Pack_size(count, g->t, MPI_COMM_WORLD, &psize));
    ck_assert_int_eq(psize, bytes);
    AT_OK(MPI_Pack_size_c(count, g->t, MPI_COMM_WORLD, &psize_c));
    ck_assert_int_eq(psize_c, bytes);

    ubuf_alloc(&src, g, count, count + pos0 + 1);
    ref_pack(g, count, &src, ref);

    /* one call; MPI_Pack_c for count 2 */
    memset(out, POISON, (size_t)outsz + PAD);
    if (count == 2) {
        pos_c = pos0;
        AT_OK(MPI_Pack_c(src.base, count, g->t, out, outsz, &pos_c, MPI_COMM_WORLD));
        ck_assert_int_eq(pos_c, outsz);
    } else {
        pos = pos0;
        AT_OK(MPI_Pack(src.base, count, g->t, out, (int)outsz, &pos, MPI_COMM_WORLD));
        ck_assert_int_eq(pos, outsz);
    }
    ck_assert_msg(all_poison(out, (size_t)pos0) && all_poison(out + outsz, PAD),
                  "MPI_Pack wrote outside [position, position + size): %s", g->what);
    assert_bytes_eq(out + pos0, ref, (size_t)bytes, "MPI_Pack", g, count);

    /* one copy a call, position advancing: the same stream */
    memset(out, POISON, (size_t)outsz + PAD);
    pos = pos0;
    for (int r = 0; r < count; r++)
        AT_OK(MPI_Pack(src.base + r * ext_of(g), 1, g->t, out, (int)outsz, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, outsz);
    assert_bytes_eq(out + pos0, ref, (size_t)bytes, "MPI_Pack one at a time", g, count);

    /* unpack into poison */
    ubuf_alloc(&dst, g, count, 0);
    if (count == 2) {
        pos_c = pos0;
        AT_OK(MPI_Unpack_c(out, outsz, &pos_c, dst.base, count, g->t, MPI_COMM_WORLD));
        ck_assert_int_eq(pos_c, outsz);
    } else {
        pos = pos0;
        AT_OK(MPI_Unpack(out, (int)outsz, &pos, dst.base, count, g->t, MPI_COMM_WORLD));
        ck_assert_int_eq(pos, outsz);
    }
    check_unpacked(g, count, &src, &dst);

    ubuf_free(&src);
    ubuf_free(&dst);
    free(ref);
    free(out);
}

/* ------------------------------------------------------------------
 * literal: one hand-computed image per constructor, independent of the
 * model code
 * ---------------------------------------------------------------- */

static void pack_ints(const void *buf, int count, MPI_Datatype t, const int *want, int n)
{
    int out[64], pos = 0, size = -1;

    ck_assert_int_le(n, 64);
    AT_OK(MPI_Type_commit(&t));
    AT_OK(MPI_Pack_size(count, t, MPI_COMM_WORLD, &size));
    ck_assert_int_eq(size, n * 4);
    AT_OK(MPI_Pack(buf, count, t, out, (int)sizeof out, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, n * 4);
    for (int i = 0; i < n; i++)
        ck_assert_msg(out[i] == want[i], "packed int %d is %d, expected %d", i, out[i], want[i]);
    AT_OK(MPI_Type_free(&t));
}

START_TEST(test_literal_images)
{
    int a[64], bl[3] = {2, 1, 3}, d[3] = {7, 0, 3}, sz[2] = {3, 4}, sub[2] = {2, 2};
    int st[2] = {1, 1}, g4[2] = {4, 4}, dist[2],
        darg[2] = {MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    int p22[2] = {2, 2};
    MPI_Aint hd[3] = {28, 0, 12};
    MPI_Datatype t, r;

    for (int i = 0; i < 64; i++)
        a[i] = i;
    AT_OK(MPI_Type_contiguous(3, MPI_INT, &t));
    pack_ints(a + 1, 2, t, (int[]){1, 2, 3, 4, 5, 6}, 6);
    AT_OK(MPI_Type_vector(3, 2, 3, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){0, 1, 3, 4, 6, 7}, 6);
    AT_OK(MPI_Type_vector(3, 1, -2, MPI_INT, &t)); /* negative stride */
    pack_ints(a + 10, 1, t, (int[]){10, 8, 6}, 3);
    AT_OK(MPI_Type_create_hvector(2, 2, 20, MPI_INT, &t));
    pack_ints(a, 2, t, (int[]){0, 1, 5, 6, 7, 8, 12, 13}, 8); /* extent 28 */
    AT_OK(MPI_Type_indexed(3, bl, d, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){7, 8, 0, 3, 4, 5}, 6);
    AT_OK(MPI_Type_create_hindexed(3, bl, hd, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){7, 8, 0, 3, 4, 5}, 6);
    AT_OK(MPI_Type_create_indexed_block(3, 2, d, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){7, 8, 0, 1, 3, 4}, 6);
    AT_OK(MPI_Type_create_hindexed_block(3, 1, hd, MPI_INT, &t));
    pack_ints(a, 2, t, (int[]){7, 0, 3, 15, 8, 11}, 6); /* extent 32 */
    AT_OK(MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_FORTRAN, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){4, 5, 7, 8}, 4);
    AT_OK(MPI_Type_create_subarray(2, sz, sub, st, MPI_ORDER_C, MPI_INT, &t));
    pack_ints(a, 2, t, (int[]){5, 6, 9, 10, 17, 18, 21, 22}, 8);
    dist[0] = dist[1] = MPI_DISTRIBUTE_BLOCK;
    AT_OK(MPI_Type_create_darray(4, 3, 2, g4, dist, darg, p22, MPI_ORDER_C, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){10, 11, 14, 15}, 4);
    dist[0] = dist[1] = MPI_DISTRIBUTE_CYCLIC;
    AT_OK(MPI_Type_create_darray(4, 1, 2, g4, dist, darg, p22, MPI_ORDER_C, MPI_INT, &t));
    pack_ints(a, 2, t, (int[]){1, 3, 9, 11, 17, 19, 25, 27}, 8);
    AT_OK(MPI_Type_create_darray(4, 1, 2, g4, dist, darg, p22, MPI_ORDER_FORTRAN, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){4, 6, 12, 14}, 4); /* coords (0,1): rows 0,2 / cols 1,3 */
    /* resized with a negative extent: copies go downwards */
    AT_OK(MPI_Type_create_resized(MPI_INT, 0, -8, &r));
    AT_OK(MPI_Type_contiguous(3, r, &t));
    pack_ints(a + 20, 1, t, (int[]){20, 18, 16}, 3);
    AT_OK(MPI_Type_commit(&r));
    pack_ints(a + 20, 3, r, (int[]){20, 18, 16}, 3);
    AT_OK(MPI_Type_dup(MPI_INT, &t));
    pack_ints(a + 3, 2, t, (int[]){3, 4}, 2);
}
END_TEST

/* struct{char, double, short} with its padding, and zero-length blocks */
START_TEST(test_literal_struct)
{
    struct s {
        char c;
        double d;
        short h;
    } v[2] = {{'a', 1.5, 7}, {'b', -2.0, -9}}, w[2];
    int bl[4] = {1, 1, 0, 1}, pos = 0;
    MPI_Aint disp[4] = {offsetof(struct s, c), offsetof(struct s, d), 8, offsetof(struct s, h)};
    MPI_Datatype ty[4] = {MPI_CHAR, MPI_DOUBLE, MPI_INT, MPI_SHORT}, t;
    unsigned char out[64], want[22];
    MPI_Aint lb, ext;

    AT_OK(MPI_Type_create_struct(4, bl, disp, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    at_extent(t, &lb, &ext);
    ck_assert_int_eq(ext, (MPI_Aint)sizeof(struct s));
    for (int i = 0; i < 2; i++) {
        want[11 * i] = (unsigned char)v[i].c;
        memcpy(want + 11 * i + 1, &v[i].d, 8);
        memcpy(want + 11 * i + 9, &v[i].h, 2);
    }
    AT_OK(MPI_Pack(v, 2, t, out, (int)sizeof out, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 22);
    ck_assert_mem_eq(out, want, 22);
    memset(w, POISON, sizeof w);
    pos = 0;
    AT_OK(MPI_Unpack(out, 22, &pos, w, 2, t, MPI_COMM_WORLD));
    for (int i = 0; i < 2; i++) {
        ck_assert_int_eq(w[i].c, v[i].c);
        ck_assert(w[i].d == v[i].d);
        ck_assert_int_eq(w[i].h, v[i].h);
        ck_assert(all_poison((unsigned char *)&w[i] + 1, offsetof(struct s, d) - 1));
        ck_assert(all_poison((unsigned char *)&w[i] + offsetof(struct s, h) + 2,
                             sizeof(struct s) - offsetof(struct s, h) - 2));
    }
    AT_OK(MPI_Type_free(&t));

    /* zero-size types pack to nothing and unpack nothing */
    AT_OK(MPI_Type_contiguous(0, MPI_INT, &t));
    AT_OK(MPI_Type_commit(&t));
    memset(out, POISON, sizeof out);
    pos = 3;
    AT_OK(MPI_Pack(v, 5, t, out, 3, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 3);
    ck_assert(all_poison(out, sizeof out));
    AT_OK(MPI_Unpack(out, 3, &pos, w, 5, t, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 3);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* Regression (fixed): a 3-D darray whose outermost dimension is CYCLIC(2) after a
 * CYCLIC middle dimension.  g = {2, 2, 1}, psizes = {1, 2, 1}, rank 0 of
 * 2, C order: dimension 0 is whole (one process), dimension 1 keeps index
 * 0, so the type map is ints {0, 2} (as MPICH 4.0.2 packs it).  typeshim
 * once packed {0, 1}: the middle CYCLIC dimension's type was not resized
 * to span its whole dimension, and the outer block of 2 stepped by its
 * extent. */
START_TEST(test_darray_cyclic3d_regression)
{
    int a[4] = {0, 1, 2, 3}, g[3] = {2, 2, 1}, ps[3] = {1, 2, 1};
    int dist[3] = {MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_CYCLIC, MPI_DISTRIBUTE_NONE};
    int darg[3] = {2, MPI_DISTRIBUTE_DFLT_DARG, MPI_DISTRIBUTE_DFLT_DARG};
    MPI_Datatype t;

    AT_OK(MPI_Type_create_darray(2, 0, 3, g, dist, darg, ps, MPI_ORDER_C, MPI_INT, &t));
    pack_ints(a, 1, t, (int[]){0, 2}, 2);
}
END_TEST

/* ------------------------------------------------------------------
 * roundtrip: generated types
 * ---------------------------------------------------------------- */

START_TEST(test_roundtrip_generated)
{
    gt_t g;

    gen_indexed(&g, _i);
    check_model(&g);
    for (int count = 1; count <= 3; count++)
        roundtrip(&g, count, (_i + count) % 5);
    gt_release(&g);
}
END_TEST

/* Every constructor occurs at the top of some generated type, at every
 * depth 1..6 (a check on the generator, so that the suite means what it
 * says). */
START_TEST(test_roundtrip_coverage)
{
    int seen[NKINDS][7];

    memset(seen, 0, sizeof seen);
    for (int i = 0; i < 7 * NKINDS; i++) {
        gt_t g;
        gen_indexed(&g, i);
        if (i % 7)
            seen[g.kind][i % 7] = 1;
        gt_release(&g);
    }
    for (int k = 0; k < NKINDS; k++)
        for (int d = 1; d < 7; d++)
            ck_assert_msg(seen[k][d], "no generated type with constructor %d at depth %d", k, d);
}
END_TEST

/* ------------------------------------------------------------------
 * segment: [first, last) ranges in shuffled order
 * ---------------------------------------------------------------- */

static void check_segments(const gt_t *g, int count, int64_t seg)
{
    int64_t total = count * g->size, nseg = (total + seg - 1) / seg;
    int64_t *order = malloc((size_t)(nseg > 0 ? nseg : 1) * sizeof *order);
    unsigned char *whole = malloc((size_t)total + 1), *asm_ = malloc((size_t)total + 1);
    unsigned char *tmp = malloc((size_t)seg + PAD), *ref = malloc((size_t)total + 1);
    ubuf_t src, dwhole, dseg;
    int pos = 0;

    ck_assert(order && whole && asm_ && tmp && ref);
    ubuf_alloc(&src, g, count, (int)seg);
    ref_pack(g, count, &src, ref);
    AT_OK(MPI_Pack(src.base, count, g->t, whole, (int)total, &pos, MPI_COMM_WORLD));
    assert_bytes_eq(whole, ref, (size_t)total, "MPI_Pack", g, count);

    for (int64_t k = 0; k < nseg; k++)
        order[k] = k;
    shuffle(order, nseg);
    memset(asm_, POISON, (size_t)total + 1);
    for (int64_t k = 0; k < nseg; k++) {
        int64_t first = order[k] * seg, last = min64(first + seg, total);
        memset(tmp, POISON, (size_t)seg + PAD);
        int rc = typeshim_pack_segment(src.base, count, g->t, first, last, tmp);
        if (rc != MPI_SUCCESS)
            ck_abort_msg("typeshim_pack_segment [%lld,%lld): %s", (long long)first, (long long)last,
                         at_errstr(rc));
        if (!all_poison(tmp + (last - first), (size_t)(seg + PAD - (last - first))))
            ck_abort_msg("typeshim_pack_segment [%lld,%lld) wrote past last - first: %s",
                         (long long)first, (long long)last, g->what);
        memcpy(asm_ + first, tmp, (size_t)(last - first));
    }
    assert_bytes_eq(asm_, whole, (size_t)total, "segments", g, count);
    /* empty ranges write nothing */
    memset(tmp, POISON, (size_t)seg + PAD);
    AT_OK(typeshim_pack_segment(src.base, count, g->t, total / 2, total / 2, tmp));
    ck_assert(all_poison(tmp, (size_t)seg + PAD));

    /* unpack: the same memory as one MPI_Unpack, gaps untouched */
    ubuf_alloc(&dwhole, g, count, 0);
    ubuf_alloc(&dseg, g, count, 0);
    pos = 0;
    AT_OK(MPI_Unpack(whole, (int)total, &pos, dwhole.base, count, g->t, MPI_COMM_WORLD));
    check_unpacked(g, count, &src, &dwhole);
    shuffle(order, nseg);
    for (int64_t k = 0; k < nseg; k++) {
        int64_t first = order[k] * seg, last = min64(first + seg, total);
        memcpy(tmp, whole + first, (size_t)(last - first));
        int rc = typeshim_unpack_segment(tmp, first, last, dseg.base, count, g->t);
        if (rc != MPI_SUCCESS)
            ck_abort_msg("typeshim_unpack_segment [%lld,%lld): %s", (long long)first,
                         (long long)last, at_errstr(rc));
    }
    for (size_t i = 0; i < dseg.len; i++)
        if (dseg.mem[i] != dwhole.mem[i])
            ck_abort_msg("unpack segments of %lld: byte at %lld is 0x%02x, MPI_Unpack gave 0x%02x "
                         "(count %d, %s)",
                         (long long)seg, (long long)i - dseg.org, dseg.mem[i], dwhole.mem[i], count,
                         g->what);

    ubuf_free(&src);
    ubuf_free(&dwhole);
    ubuf_free(&dseg);
    free(order);
    free(whole);
    free(asm_);
    free(tmp);
    free(ref);
}

/* typeshim_type_iov over [first, last) of count copies of g, max blocks a
 * call: the blocks must be the reference map's bytes of that range, in
 * order, touching ones joined, and nothing else. */
static void check_iov_range(const gt_t *g, int count, int64_t first, int64_t last, int max)
{
    int64_t cap = count * g->n + 1, ne = 0, pos = 0, got = 0;
    ent_t *want = malloc((size_t)cap * sizeof *want);
    MPI_Aint disps[64];
    MPI_Count lens[64], next = first;

    ck_assert(want && max <= 64);
    for (int k = 0; k < count; k++)
        for (int64_t i = 0; i < g->n; pos += g->e[i].len, i++) {
            int64_t a = max64(pos, first), b = min64(pos + g->e[i].len, last);
            int64_t off = k * ext_of(g) + g->e[i].off + (a - pos);
            if (a >= b)
                continue;
            if (ne && want[ne - 1].off + want[ne - 1].len == off)
                want[ne - 1].len += b - a;
            else
                want[ne++] = (ent_t){off, b - a};
        }
    while (next < last) {
        int n = -1;
        MPI_Count at = next;
        AT_OK(typeshim_type_iov(count, g->t, at, last, disps, lens, max, &n, &next));
        if (n < 1 || n > max || next <= at)
            ck_abort_msg("typeshim_type_iov [%lld,%lld) max %d: n=%d next=%lld (%s)", (long long)at,
                         (long long)last, max, n, (long long)next, g->what);
        for (int j = 0; j < n; j++, got++) {
            if (got >= ne || disps[j] != want[got].off || lens[j] != want[got].len)
                ck_abort_msg("typeshim_type_iov [%lld,%lld) count %d: block %lld is {%lld, %lld}, "
                             "want {%lld, %lld} of %lld (%s)",
                             (long long)first, (long long)last, count, (long long)got,
                             (long long)disps[j], (long long)lens[j],
                             (long long)(got < ne ? want[got].off : -1),
                             (long long)(got < ne ? want[got].len : -1), (long long)ne, g->what);
        }
    }
    ck_assert_int_eq(next, last);
    if (got != ne)
        ck_abort_msg("typeshim_type_iov [%lld,%lld): %lld blocks, want %lld (%s)", (long long)first,
                     (long long)last, (long long)got, (long long)ne, g->what);
    free(want);
}

static void check_iov(const gt_t *g, int count)
{
    int64_t total = count * g->size;
    static const int maxes[3] = {1, 3, 64};

    check_iov_range(g, count, 0, total, 64);
    for (int r = 0; r < 6; r++) {
        int64_t a = total ? (int64_t)(rnd64() % (uint64_t)(total + 1)) : 0;
        int64_t b = total ? (int64_t)(rnd64() % (uint64_t)(total + 1)) : 0;
        check_iov_range(g, count, min64(a, b), max64(a, b), maxes[r % 3]);
    }
}

static const int64_t seg_sizes[3] = {1, 7, 113};

/* every fifth generated type (all depths and constructors occur) */
START_TEST(test_segment_generated)
{
    gt_t g;

    gen_indexed(&g, 5 * _i + 1);
    for (int s = 0; s < 3; s++) {
        check_segments(&g, 1, seg_sizes[s]);
        check_segments(&g, 3, seg_sizes[s]);
    }
    check_iov(&g, 1);
    check_iov(&g, 3);
    gt_release(&g);
}
END_TEST

/* vector of struct of vectors: loops inside loops, count 3 */
START_TEST(test_segment_nested)
{
    gt_t i, d, ch, s, v, *cs[3];
    int bl[3] = {1, 3, 2};
    int64_t disp[3] = {0, 20, 32};

    rng = 42;
    mk_basic(&i, 2);
    mk_basic(&d, 4);
    mk_basic(&ch, 0);
    {
        gt_t vi, vd;
        mk_vector(&vi, &i, 3, 1, 2, 0); /* ints at 0, 8, 16 */
        mk_vector(&vd, &d, 2, 2, 3, 0); /* doubles at 0, 8, 24, 32 */
        cs[0] = &vi;
        cs[1] = &ch;
        cs[2] = &vd;
        mk_struct(&s, 3, bl, disp, cs); /* 2 x vd: 32..112 */
        gt_release(&vi);
        gt_release(&vd);
    }
    ck_assert_int_eq(s.size, 12 + 3 + 64);
    mk_vector(&v, &s, 3, 2, 3, 0);
    AT_OK(MPI_Type_commit(&v.t));
    check_model(&v);
    for (int k = 0; k < 3; k++) {
        check_segments(&v, 3, seg_sizes[k]);
        check_segments(&v, 1, seg_sizes[k]);
    }
    roundtrip(&v, 3, 0);
    gt_release(&v);
    gt_release(&s);
    gt_release(&i);
    gt_release(&d);
    gt_release(&ch);
}
END_TEST

/* ------------------------------------------------------------------
 * copy: typeshim_type_copy
 * ---------------------------------------------------------------- */

/* The expected result of a typed copy on memory `mem` (src and dst may
 * overlap): gather src aside, then scatter into dst. */
static void ref_copy(unsigned char *mem, int64_t src_at, const gt_t *s, int64_t dst_at,
                     const gt_t *d, int count)
{
    unsigned char *tmp = malloc((size_t)(count * s->size) + 1);
    int64_t pos = 0, es = ext_of(s), ed = ext_of(d);

    ck_assert_ptr_nonnull(tmp);
    for (int r = 0; r < count; r++)
        for (int64_t i = 0; i < s->n; i++) {
            memcpy(tmp + pos, mem + src_at + r * es + s->e[i].off, (size_t)s->e[i].len);
            pos += s->e[i].len;
        }
    pos = 0;
    for (int r = 0; r < count; r++)
        for (int64_t i = 0; i < d->n; i++) {
            memcpy(mem + dst_at + r * ed + d->e[i].off, tmp + pos, (size_t)d->e[i].len);
            pos += d->e[i].len;
        }
    free(tmp);
}

/* AoS {int, double} -> SoA, and a vector to a contiguous */
START_TEST(test_copy_values)
{
    struct rec {
        int i;
        double d;
    } aos[4] = {{1, 1.25}, {-2, 2.5}, {3, -3.75}, {40000, 1e300}};
    struct {
        int i[4];
        double d[4];
    } soa;
    int bl2[2] = {1, 1}, bl8[8], a[6] = {10, 11, 12, 13, 14, 15}, b[3];
    MPI_Aint d2[2] = {offsetof(struct rec, i), offsetof(struct rec, d)}, d8[8], lb, ext;
    MPI_Datatype t2[2] = {MPI_INT, MPI_DOUBLE}, t8[8], s, r, c4, soat, v, c;

    AT_OK(MPI_Type_create_struct(2, bl2, d2, t2, &s));
    AT_OK(MPI_Type_create_resized(s, 0, sizeof(struct rec), &r));
    AT_OK(MPI_Type_contiguous(4, r, &c4));
    AT_OK(MPI_Type_commit(&c4));
    for (int k = 0; k < 4; k++) {
        bl8[2 * k] = bl8[2 * k + 1] = 1;
        d8[2 * k] = (MPI_Aint)(offsetof(__typeof__(soa), i) + 4 * (size_t)k);
        d8[2 * k + 1] = (MPI_Aint)(offsetof(__typeof__(soa), d) + 8 * (size_t)k);
        t8[2 * k] = MPI_INT;
        t8[2 * k + 1] = MPI_DOUBLE;
    }
    AT_OK(MPI_Type_create_struct(8, bl8, d8, t8, &soat));
    AT_OK(MPI_Type_commit(&soat));
    memset(&soa, POISON, sizeof soa);
    AT_OK(typeshim_type_copy(aos, c4, &soa, soat, 1));
    for (int k = 0; k < 4; k++) {
        ck_assert_int_eq(soa.i[k], aos[k].i);
        ck_assert(soa.d[k] == aos[k].d);
    }
    /* and back, count 0 first (a no-op) */
    memset(aos, 0, sizeof aos);
    AT_OK(typeshim_type_copy(&soa, soat, aos, c4, 0));
    ck_assert_int_eq(aos[3].i, 0);
    AT_OK(typeshim_type_copy(&soa, soat, aos, c4, 1));
    ck_assert_int_eq(aos[3].i, 40000);
    ck_assert(aos[2].d == -3.75);
    /* count 4 of the resized struct against count 4 of a struct with the
     * fields swapped in memory */
    {
        struct swp {
            double d;
            int i;
        } sw[4];
        MPI_Aint ds[2] = {offsetof(struct swp, i), offsetof(struct swp, d)};
        MPI_Datatype s2, r2;
        AT_OK(MPI_Type_create_struct(2, bl2, ds, t2, &s2)); /* int first in the map */
        AT_OK(MPI_Type_create_resized(s2, 0, sizeof(struct swp), &r2));
        AT_OK(MPI_Type_commit(&r2));
        AT_OK(MPI_Type_commit(&r));
        AT_OK(typeshim_type_copy(aos, r, sw, r2, 4));
        for (int k = 0; k < 4; k++) {
            ck_assert_int_eq(sw[k].i, aos[k].i);
            ck_assert(sw[k].d == aos[k].d);
        }
        at_extent(r2, &lb, &ext);
        ck_assert_int_eq(ext, (MPI_Aint)sizeof(struct swp));
        AT_OK(MPI_Type_free(&s2));
        AT_OK(MPI_Type_free(&r2));
    }
    /* vector -> contiguous */
    AT_OK(MPI_Type_vector(3, 1, 2, MPI_INT, &v));
    AT_OK(MPI_Type_contiguous(3, MPI_INT, &c));
    AT_OK(MPI_Type_commit(&v));
    AT_OK(MPI_Type_commit(&c));
    AT_OK(typeshim_type_copy(a, v, b, c, 1));
    ck_assert_int_eq(b[0], 10);
    ck_assert_int_eq(b[1], 12);
    ck_assert_int_eq(b[2], 14);
    AT_OK(typeshim_type_copy(a, MPI_INT, b, MPI_INT, 3));
    ck_assert_int_eq(b[2], 12);
    AT_OK(MPI_Type_free(&v));
    AT_OK(MPI_Type_free(&c));
    AT_OK(MPI_Type_free(&s));
    AT_OK(MPI_Type_free(&r));
    AT_OK(MPI_Type_free(&c4));
    AT_OK(MPI_Type_free(&soat));
}
END_TEST

/* Overlapping src and dst: as if src had been copied aside first. */
static void overlap_case(const gt_t *s, int64_t src_at, const gt_t *d, int64_t dst_at, int count)
{
    unsigned char mem[512], want[512];

    for (int i = 0; i < 512; i++)
        mem[i] = (unsigned char)(i * 7 + 3);
    memcpy(want, mem, sizeof mem);
    ref_copy(want, src_at, s, dst_at, d, count);
    AT_OK(typeshim_type_copy(mem + src_at, s->t, mem + dst_at, d->t, count));
    for (int i = 0; i < 512; i++)
        if (mem[i] != want[i])
            ck_abort_msg("overlapping copy %s@%lld -> %s@%lld, count %d: byte %d is 0x%02x, "
                         "expected 0x%02x",
                         s->what, (long long)src_at, d->what, (long long)dst_at, count, i, mem[i],
                         want[i]);
}

START_TEST(test_copy_overlap)
{
    gt_t in, dd, c8, v8, sid, r1, sdi, r2, *cs[2];
    int bl[2] = {1, 1};
    int64_t dsp[2];

    rng = 7;
    mk_basic(&in, 2);
    mk_basic(&dd, 4);
    mk_contig(&c8, &in, 8);
    mk_vector(&v8, &in, 8, 1, 2, 0);
    AT_OK(MPI_Type_commit(&c8.t));
    AT_OK(MPI_Type_commit(&v8.t));
    /* memmove-like shifts both ways, and strided reads over the writes */
    overlap_case(&c8, 64, &c8, 72, 1);
    overlap_case(&c8, 72, &c8, 64, 1);
    overlap_case(&c8, 64, &c8, 68, 3);
    overlap_case(&c8, 96, &c8, 64, 3);
    overlap_case(&v8, 64, &c8, 76, 1);
    overlap_case(&c8, 76, &v8, 64, 1);
    overlap_case(&v8, 64, &v8, 68, 2);
    /* struct{int, double} over the same memory with the fields swapped */
    cs[0] = &in;
    cs[1] = &dd;
    dsp[0] = 0, dsp[1] = 8;
    mk_struct(&sid, 2, bl, dsp, cs);
    mk_resized(&r1, &sid, 0, 16);
    dsp[0] = 12, dsp[1] = 0;
    mk_struct(&sdi, 2, bl, dsp, cs); /* int@12, double@0 */
    mk_resized(&r2, &sdi, 0, 16);
    AT_OK(MPI_Type_commit(&r1.t));
    AT_OK(MPI_Type_commit(&r2.t));
    overlap_case(&r1, 32, &r2, 32, 5);
    overlap_case(&r2, 32, &r1, 40, 5);
    overlap_case(&r1, 48, &r2, 32, 6);
    gt_release(&c8);
    gt_release(&v8);
    gt_release(&sid);
    gt_release(&r1);
    gt_release(&sdi);
    gt_release(&r2);
    gt_release(&in);
    gt_release(&dd);
}
END_TEST

/* An empty member can pull true_lb below the data: struct{resized(char,
 * 0, 0)@0, contiguous(0, int)@-1} has size 1, true_lb -1, and its only
 * byte at offset 0.  The gap-free copy must move that byte, not the one
 * at true_lb. */
START_TEST(test_copy_true_lb_off_data)
{
    MPI_Datatype rc0, c0, t;
    MPI_Datatype ty[2];
    int bl[2] = {1, 1};
    MPI_Aint disp[2] = {0, -1}, lb, ext, tlb, text;
    MPI_Count size;
    char src[3] = {'a', 'B', 'c'}, dst[3] = {'x', 'y', 'z'};
    char *heap_src, *heap_dst;

    AT_OK(MPI_Type_create_resized(MPI_CHAR, 0, 0, &rc0));
    AT_OK(MPI_Type_contiguous(0, MPI_INT, &c0));
    ty[0] = rc0, ty[1] = c0;
    AT_OK(MPI_Type_create_struct(2, bl, disp, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    AT_OK(MPI_Type_size_x(t, &size));
    AT_OK(MPI_Type_get_extent(t, &lb, &ext));
    AT_OK(MPI_Type_get_true_extent(t, &tlb, &text));
    ck_assert_int_eq(size, 1);
    ck_assert_int_eq(tlb, -1);
    ck_assert_int_eq(lb, -1);
    ck_assert_int_eq(ext, 1);
    AT_OK(typeshim_type_copy(src + 1, t, dst + 1, t, 1));
    ck_assert_msg(dst[0] == 'x' && dst[1] == 'B' && dst[2] == 'z',
                  "copy wrote \"%c%c%c\", expected \"xBz\"", dst[0], dst[1], dst[2]);
    /* exactly one byte on the heap each side: a sanitizer build sees any
     * access at true_lb */
    heap_src = malloc(1);
    heap_dst = malloc(1);
    ck_assert_ptr_nonnull(heap_src);
    ck_assert_ptr_nonnull(heap_dst);
    heap_src[0] = 'Q';
    heap_dst[0] = 0;
    AT_OK(typeshim_type_copy(heap_src, t, heap_dst, MPI_CHAR, 1));
    ck_assert_int_eq(heap_dst[0], 'Q');
    heap_dst[0] = 0;
    AT_OK(typeshim_type_copy(heap_src, MPI_CHAR, heap_dst, t, 1));
    ck_assert_int_eq(heap_dst[0], 'Q');
    free(heap_src);
    free(heap_dst);
    AT_OK(MPI_Type_free(&t));
    AT_OK(MPI_Type_free(&c0));
    AT_OK(MPI_Type_free(&rc0));
}
END_TEST

START_TEST(test_copy_mismatch)
{
    int src[4] = {1, 2, 3, 4};
    unsigned char dst[32];
    int bl[2] = {1, 1};
    MPI_Aint d[2] = {0, 8};
    MPI_Datatype id[2] = {MPI_INT, MPI_DOUBLE}, di[2] = {MPI_DOUBLE, MPI_INT};
    MPI_Datatype s1, s2, c2, c3, sh2, ch4, u;

    memset(dst, POISON, sizeof dst);
    EXPECT_ERROR(typeshim_type_copy(src, MPI_INT, dst, MPI_FLOAT, 1), MPI_ERR_TYPE,
                 "typeshim_type_copy");
    AT_OK(MPI_Type_create_struct(2, bl, d, id, &s1));
    d[0] = 0, d[1] = 8;
    AT_OK(MPI_Type_create_struct(2, bl, d, di, &s2));
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &c2));
    AT_OK(MPI_Type_contiguous(3, MPI_INT, &c3));
    AT_OK(MPI_Type_contiguous(2, MPI_SHORT, &sh2));
    AT_OK(MPI_Type_contiguous(4, MPI_CHAR, &ch4));
    AT_OK(MPI_Type_commit(&s1));
    AT_OK(MPI_Type_commit(&s2));
    AT_OK(MPI_Type_commit(&c2));
    AT_OK(MPI_Type_commit(&c3));
    AT_OK(MPI_Type_commit(&sh2));
    AT_OK(MPI_Type_commit(&ch4));
    EXPECT_ERROR(typeshim_type_copy(src, s1, dst, s2, 1), MPI_ERR_TYPE, "typeshim_type_copy");
    EXPECT_ERROR(typeshim_type_copy(src, c2, dst, c3, 1), MPI_ERR_TYPE, "typeshim_type_copy");
    EXPECT_ERROR(typeshim_type_copy(src, MPI_INT, dst, sh2, 1), MPI_ERR_TYPE, "typeshim_type_copy");
    EXPECT_ERROR(typeshim_type_copy(src, MPI_INT, dst, ch4, 2), MPI_ERR_TYPE, "typeshim_type_copy");
    EXPECT_ERROR(typeshim_type_copy(src, c2, dst, c2, -1), MPI_ERR_COUNT, "typeshim_type_copy");
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &u)); /* not committed */
    EXPECT_ERROR(typeshim_type_copy(src, c2, dst, u, 1), MPI_ERR_TYPE, "typeshim_type_copy");
    ck_assert(all_poison(dst, sizeof dst));
    AT_OK(MPI_Type_free(&u));
    AT_OK(MPI_Type_free(&s1));
    AT_OK(MPI_Type_free(&s2));
    AT_OK(MPI_Type_free(&c2));
    AT_OK(MPI_Type_free(&c3));
    AT_OK(MPI_Type_free(&sh2));
    AT_OK(MPI_Type_free(&ch4));
}
END_TEST

/* ------------------------------------------------------------------
 * badinput
 * ---------------------------------------------------------------- */

START_TEST(test_bad_truncate)
{
    int a[16];
    unsigned char out[128];
    MPI_Datatype v;
    int pos;
    MPI_Count pos_c;

    for (int i = 0; i < 16; i++)
        a[i] = i + 1;
    AT_OK(MPI_Type_vector(3, 1, 2, MPI_INT, &v)); /* 12 bytes, extent 20 */
    AT_OK(MPI_Type_commit(&v));
    memset(out, POISON, sizeof out);
    pos = 0;
    EXPECT_ERROR(MPI_Pack(a, 2, v, out, 23, &pos, MPI_COMM_WORLD), MPI_ERR_TRUNCATE, "MPI_Pack");
    ck_assert_int_eq(pos, 0);
    ck_assert(all_poison(out, sizeof out));
    pos = 5;
    EXPECT_ERROR(MPI_Pack(a, 1, v, out, 16, &pos, MPI_COMM_WORLD), MPI_ERR_TRUNCATE, "MPI_Pack");
    ck_assert_int_eq(pos, 5);
    ck_assert(all_poison(out, sizeof out));
    pos_c = 1;
    EXPECT_ERROR(MPI_Pack_c(a, 3, v, out, 36, &pos_c, MPI_COMM_WORLD), MPI_ERR_TRUNCATE,
                 "MPI_Pack_c");
    ck_assert_int_eq(pos_c, 1);
    ck_assert(all_poison(out, sizeof out));
    /* exactly fitting works, from a nonzero position */
    pos = 5;
    AT_OK(MPI_Pack(a, 1, v, out, 17, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 17);

    /* unpack: input shorter than the type */
    {
        int dst[16];
        memset(dst, POISON, sizeof dst);
        pos = 0;
        EXPECT_ERROR(MPI_Unpack(out, 11, &pos, dst, 1, v, MPI_COMM_WORLD), MPI_ERR_TRUNCATE,
                     "MPI_Unpack");
        ck_assert_int_eq(pos, 0);
        pos = 5;
        EXPECT_ERROR(MPI_Unpack(out, 17, &pos, dst, 2, v, MPI_COMM_WORLD), MPI_ERR_TRUNCATE,
                     "MPI_Unpack");
        ck_assert_int_eq(pos, 5);
        pos_c = 0;
        EXPECT_ERROR(MPI_Unpack_c(out, 23, &pos_c, dst, 2, v, MPI_COMM_WORLD), MPI_ERR_TRUNCATE,
                     "MPI_Unpack_c");
        ck_assert(all_poison((unsigned char *)dst, sizeof dst));
        pos = 5;
        AT_OK(MPI_Unpack(out, 17, &pos, dst, 1, v, MPI_COMM_WORLD));
        ck_assert_int_eq(dst[0], 1);
        ck_assert_int_eq(dst[2], 3);
        ck_assert_int_eq(dst[4], 5);
    }
    AT_OK(MPI_Type_free(&v));
}
END_TEST

START_TEST(test_bad_type_count_comm)
{
    int a[8] = {0}, pos = 0, size;
    unsigned char out[64];
    MPI_Count sz_c;
    MPI_Datatype u, f;

    memset(out, POISON, sizeof out);
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &u)); /* never committed */
    EXPECT_ERROR(MPI_Pack(a, 1, u, out, 64, &pos, MPI_COMM_WORLD), MPI_ERR_TYPE, "MPI_Pack");
    EXPECT_ERROR(MPI_Unpack(out, 64, &pos, a, 1, u, MPI_COMM_WORLD), MPI_ERR_TYPE, "MPI_Unpack");
    EXPECT_ERROR(typeshim_pack_segment(a, 1, u, 0, 8, out), MPI_ERR_TYPE, "typeshim_pack_segment");
    EXPECT_ERROR(typeshim_unpack_segment(out, 0, 8, a, 1, u), MPI_ERR_TYPE,
                 "typeshim_unpack_segment");
    ck_assert_int_eq(pos, 0);

    EXPECT_ERROR(MPI_Pack(a, -1, MPI_INT, out, 64, &pos, MPI_COMM_WORLD), MPI_ERR_COUNT,
                 "MPI_Pack");
    EXPECT_ERROR(MPI_Unpack(out, 64, &pos, a, -1, MPI_INT, MPI_COMM_WORLD), MPI_ERR_COUNT,
                 "MPI_Unpack");
    EXPECT_ERROR(MPI_Pack_size(-1, MPI_INT, MPI_COMM_WORLD, &size), MPI_ERR_COUNT, "MPI_Pack_size");
    EXPECT_ERROR(MPI_Pack_size_c(-3, MPI_INT, MPI_COMM_WORLD, &sz_c), MPI_ERR_COUNT,
                 "MPI_Pack_size_c");
    EXPECT_ERROR(typeshim_pack_segment(a, -1, MPI_INT, 0, 0, out), MPI_ERR_COUNT,
                 "typeshim_pack_segment");
    EXPECT_ERROR(typeshim_unpack_segment(out, 0, 0, a, -1, MPI_INT), MPI_ERR_COUNT,
                 "typeshim_unpack_segment");

    AT_OK(MPI_Type_contiguous(2, MPI_INT, &f));
    AT_OK(MPI_Type_commit(&f));
    {
        MPI_Datatype stale = f;
        AT_OK(MPI_Type_free(&f));
        EXPECT_ERROR(MPI_Pack(a, 1, stale, out, 64, &pos, MPI_COMM_WORLD), MPI_ERR_TYPE,
                     "MPI_Pack");
        EXPECT_ERROR(MPI_Unpack(out, 64, &pos, a, 1, stale, MPI_COMM_WORLD), MPI_ERR_TYPE,
                     "MPI_Unpack");
        EXPECT_ERROR(MPI_Pack_size(1, stale, MPI_COMM_WORLD, &size), MPI_ERR_TYPE, "MPI_Pack_size");
        EXPECT_ERROR(typeshim_pack_segment(a, 1, stale, 0, 8, out), MPI_ERR_TYPE,
                     "typeshim_pack_segment");
    }
    EXPECT_ERROR(MPI_Pack(a, 1, MPI_INT, out, 64, &pos, MPI_COMM_NULL), MPI_ERR_COMM, "MPI_Pack");
    EXPECT_ERROR(MPI_Unpack(out, 64, &pos, a, 1, MPI_INT, MPI_COMM_NULL), MPI_ERR_COMM,
                 "MPI_Unpack");
    EXPECT_ERROR(MPI_Pack_size(1, MPI_INT, MPI_COMM_NULL, &size), MPI_ERR_COMM, "MPI_Pack_size");
    ck_assert_int_eq(pos, 0);
    ck_assert(all_poison(out, sizeof out));
    AT_OK(MPI_Type_free(&u));
}
END_TEST

START_TEST(test_bad_segment_range)
{
    int a[8] = {1, 2, 3, 4, 5, 6, 7, 8};
    unsigned char out[64];
    MPI_Datatype v;

    memset(out, POISON, sizeof out);
    AT_OK(MPI_Type_vector(2, 1, 2, MPI_INT, &v)); /* 8 bytes */
    AT_OK(MPI_Type_commit(&v));
    EXPECT_ERROR(typeshim_pack_segment(a, 2, v, 0, 17, out), MPI_ERR_ARG, "typeshim_pack_segment");
    EXPECT_ERROR(typeshim_pack_segment(a, 2, v, -1, 4, out), MPI_ERR_ARG, "typeshim_pack_segment");
    EXPECT_ERROR(typeshim_pack_segment(a, 2, v, 9, 8, out), MPI_ERR_ARG, "typeshim_pack_segment");
    EXPECT_ERROR(typeshim_pack_segment(a, 2, v, 16, 17, out), MPI_ERR_ARG, "typeshim_pack_segment");
    EXPECT_ERROR(typeshim_pack_segment(a, 2, v, 0, 4, NULL), MPI_ERR_ARG, "typeshim_pack_segment");
    EXPECT_ERROR(typeshim_unpack_segment(out, 12, 20, a, 2, v), MPI_ERR_ARG,
                 "typeshim_unpack_segment");
    EXPECT_ERROR(typeshim_unpack_segment(out, 3, 2, a, 2, v), MPI_ERR_ARG,
                 "typeshim_unpack_segment");
    { /* typeshim_type_iov: the same range rules, and its outputs */
        MPI_Aint d[4] = {-7, -7, -7, -7};
        MPI_Count l[4] = {-7, -7, -7, -7}, next = -7;
        int n = -7;
        EXPECT_ERROR(typeshim_type_iov(2, v, 0, 17, d, l, 4, &n, &next), MPI_ERR_ARG,
                     "typeshim_type_iov");
        EXPECT_ERROR(typeshim_type_iov(2, v, 5, 4, d, l, 4, &n, &next), MPI_ERR_ARG,
                     "typeshim_type_iov");
        EXPECT_ERROR(typeshim_type_iov(2, v, 0, 4, d, l, 0, &n, &next), MPI_ERR_ARG,
                     "typeshim_type_iov");
        EXPECT_ERROR(typeshim_type_iov(2, v, 0, 4, d, NULL, 4, &n, &next), MPI_ERR_ARG,
                     "typeshim_type_iov");
        EXPECT_ERROR(typeshim_type_iov(2, v, 0, 4, d, l, 4, &n, NULL), MPI_ERR_ARG,
                     "typeshim_type_iov");
        EXPECT_ERROR(typeshim_type_iov(-1, v, 0, 0, d, l, 4, &n, &next), MPI_ERR_COUNT,
                     "typeshim_type_iov");
        EXPECT_ERROR(typeshim_type_iov(1, MPI_DATATYPE_NULL, 0, 0, d, l, 4, &n, &next),
                     MPI_ERR_TYPE, "typeshim_type_iov");
        ck_assert(d[0] == -7 && l[0] == -7 && n == -7 && next == -7);
        /* ints at 0, 8 | 12, 20: bytes [2, 14) are {2, 2}, {8, 8}, {20, 2} */
        AT_OK(typeshim_type_iov(2, v, 2, 14, d, l, 4, &n, &next));
        ck_assert_int_eq(n, 3);
        ck_assert_int_eq(next, 14);
        ck_assert(d[0] == 2 && l[0] == 2 && d[1] == 8 && l[1] == 8 && d[2] == 20 && l[2] == 2);
        AT_OK(typeshim_type_iov(2, v, 2, 14, d, l, 2, &n, &next));
        ck_assert_int_eq(n, 2);
        ck_assert_int_eq(next, 12);
        AT_OK(typeshim_type_iov(2, v, 7, 7, d, l, 4, &n, &next));
        ck_assert_int_eq(n, 0);
        ck_assert_int_eq(next, 7);
    }
    ck_assert(all_poison(out, sizeof out));
    ck_assert_int_eq(a[7], 8);
    ck_assert_int_eq(a[0], 1);
    /* the edges are fine */
    AT_OK(typeshim_pack_segment(a, 2, v, 16, 16, out));
    AT_OK(typeshim_pack_segment(a, 2, v, 6, 16, out));
    { /* stream: 1, 3 | 4, 6 (extent 12); bytes 6..16 */
        int w[2];
        memcpy(w, out + 2, 4);
        memcpy(w + 1, out + 6, 4);
        ck_assert_int_eq(w[0], 4);
        ck_assert_int_eq(w[1], 6);
    }
    AT_OK(MPI_Type_free(&v));
}
END_TEST

/* ------------------------------------------------------------------
 * bottom: absolute addresses
 * ---------------------------------------------------------------- */

START_TEST(test_bottom_variables)
{
    static int x = 0x01020304;
    static double y = -6.5;
    static char z[3] = {'x', 'y', 'z'};
    int bl[3] = {1, 1, 3}, pos = 0;
    MPI_Aint d[3];
    MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, t;
    unsigned char out[64], want[15], seg[15];

    AT_OK(MPI_Get_address(&y, &d[0])); /* map order: y, x, z */
    AT_OK(MPI_Get_address(&x, &d[1]));
    AT_OK(MPI_Get_address(z, &d[2]));
    ty[0] = MPI_DOUBLE, ty[1] = MPI_INT;
    AT_OK(MPI_Type_create_struct(3, bl, d, ty, &t));
    AT_OK(MPI_Type_commit(&t));
    memcpy(want, &y, 8);
    memcpy(want + 8, &x, 4);
    memcpy(want + 12, z, 3);
    AT_OK(MPI_Pack(MPI_BOTTOM, 1, t, out, (int)sizeof out, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 15);
    ck_assert_mem_eq(out, want, 15);
    for (int k = 0; k < 15; k += 4)
        AT_OK(typeshim_pack_segment(MPI_BOTTOM, 1, t, k, k + 4 > 15 ? 15 : k + 4, seg + k));
    ck_assert_mem_eq(seg, want, 15);
    x = 0, y = 0, z[0] = z[1] = z[2] = 0;
    pos = 0;
    AT_OK(MPI_Unpack(out, 15, &pos, MPI_BOTTOM, 1, t, MPI_COMM_WORLD));
    ck_assert_int_eq(x, 0x01020304);
    ck_assert(y == -6.5);
    ck_assert_int_eq(z[2], 'z');
    x = 0;
    AT_OK(typeshim_unpack_segment(want + 8, 8, 12, MPI_BOTTOM, 1, t));
    ck_assert_int_eq(x, 0x01020304);
    AT_OK(MPI_Type_free(&t));
}
END_TEST

START_TEST(test_bottom_array)
{
    struct rec {
        int i;
        double d;
        char c[3];
    } v[3];
    int bl[3] = {1, 1, 3}, pos = 0;
    MPI_Aint d[3], base;
    MPI_Datatype ty[3] = {MPI_INT, MPI_DOUBLE, MPI_CHAR}, s, t;
    unsigned char out[128], want[45];
    MPI_Count pos_c = 0;

    for (int k = 0; k < 3; k++) {
        v[k].i = 100 + k;
        v[k].d = 0.5 + k;
        memcpy(v[k].c, "abc", 3);
        v[k].c[2] = (char)('0' + k);
    }
    AT_OK(MPI_Get_address(&v[0].i, &d[0]));
    AT_OK(MPI_Get_address(&v[0].d, &d[1]));
    AT_OK(MPI_Get_address(v[0].c, &d[2]));
    AT_OK(MPI_Get_address(&v[0], &base));
    AT_OK(MPI_Type_create_struct(3, bl, d, ty, &s));
    AT_OK(MPI_Type_create_resized(s, base, sizeof(struct rec), &t));
    AT_OK(MPI_Type_commit(&t));
    for (int k = 0; k < 3; k++) {
        memcpy(want + 15 * k, &v[k].i, 4);
        memcpy(want + 15 * k + 4, &v[k].d, 8);
        memcpy(want + 15 * k + 12, v[k].c, 3);
    }
    AT_OK(MPI_Pack(MPI_BOTTOM, 1, t, out, (int)sizeof out, &pos, MPI_COMM_WORLD));
    AT_OK(MPI_Pack(MPI_BOTTOM, 2, t, out, (int)sizeof out, &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 45);
    ck_assert_mem_eq(out, want, 15);
    ck_assert_mem_eq(out + 15, want, 30);
    AT_OK(MPI_Pack_c(MPI_BOTTOM, 3, t, out, 128, &pos_c, MPI_COMM_WORLD));
    ck_assert_int_eq(pos_c, 45);
    ck_assert_mem_eq(out, want, 45);
    memset(v, POISON, sizeof v);
    pos = 0;
    AT_OK(MPI_Unpack(out, 45, &pos, MPI_BOTTOM, 2, t, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, 30);
    ck_assert_int_eq(v[0].i, 100);
    ck_assert_int_eq(v[1].i, 101);
    ck_assert(v[1].d == 1.5);
    ck_assert_int_eq(v[1].c[2], '1');
    ck_assert_int_eq(((unsigned char *)&v[2])[0], POISON); /* count 2: third untouched */
    ck_assert(all_poison((unsigned char *)&v[0] + 4, offsetof(struct rec, d) - 4));
    AT_OK(MPI_Type_free(&s));
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* ------------------------------------------------------------------
 * Structs of gathers whose runs differ in length from member to member
 * (a particle exchange: runs of three coordinates, then runs of single
 * values, runs merged where two gathered items touch): packed and
 * unpacked against the gather written out by hand.  The library may cut
 * such a list in stretches of one run length; every way it can (long and
 * short stretches, lengths of 1 to 72 bytes, lengths that share only a
 * small factor) is generated here.
 * ---------------------------------------------------------------- */

#define MIX_MEMBERS 4
#define MIX_RUNS    70

typedef struct mix_member {
    MPI_Datatype base;
    int64_t size, disp, nrun;
    int64_t off[MIX_RUNS], len[MIX_RUNS]; /* bytes, from the member's origin */
} mix_member_t;

static void mix_pack_by_hand(const mix_member_t *m, int nm, const unsigned char *buf, int count,
                             int64_t ext, unsigned char *out)
{
    for (int e = 0; e < count; e++)
        for (int k = 0; k < nm; k++)
            for (int64_t r = 0; r < m[k].nrun; r++) {
                memcpy(out, buf + e * ext + m[k].disp + m[k].off[r], (size_t)m[k].len[r]);
                out += m[k].len[r];
            }
}

/* A vector of every block length from 1 to 136 bytes (the copy kernels
 * have a loop of constant-size moves for some lengths, overlapping moves
 * for others, and a general copy past 64 bytes), with gaps of 1 to 7
 * bytes, forwards and backwards: pack gives the blocks in order, unpack
 * writes them back and nothing between. */
START_TEST(test_vector_block_lengths)
{
    const int count = 11, b = 1 + _i % 136, gap = 1 + _i % 7;
    const int stride = _i >= 136 ? -(b + gap) : b + gap;
    const int64_t span = (int64_t)(count - 1) * (b + gap) + b;
    /* the type's origin: the first block, or with a negative stride the
     * last block of the buffer */
    const int64_t origin = stride < 0 ? span - b : 0;
    unsigned char *user = malloc((size_t)span), *want = malloc((size_t)count * b),
                  *got = malloc((size_t)count * b + PAD), *back = malloc((size_t)span);
    MPI_Datatype t;
    int pos = 0;

    ck_assert(user && want && got && back);
    for (int64_t i = 0; i < span; i++)
        user[i] = (unsigned char)(i * 31 + 7);
    for (int k = 0; k < count; k++)
        memcpy(want + (int64_t)k * b, user + origin + (int64_t)k * stride, (size_t)b);
    AT_OK(MPI_Type_vector(count, b, stride, MPI_BYTE, &t));
    AT_OK(MPI_Type_commit(&t));
    memset(got, 0xee, (size_t)count * b + PAD);
    AT_OK(MPI_Pack(user + origin, 1, t, got, count * b + PAD, &pos, MPI_COMM_SELF));
    ck_assert_int_eq(pos, count * b);
    ck_assert_msg(memcmp(got, want, (size_t)count * b) == 0, "pack, blocks of %d", b);
    for (int i = 0; i < PAD; i++)
        ck_assert_uint_eq(got[count * b + i], 0xee);
    memset(back, 0x5a, (size_t)span);
    pos = 0;
    AT_OK(MPI_Unpack(got, count * b, &pos, back + origin, 1, t, MPI_COMM_SELF));
    for (int64_t i = 0; i < span; i++) {
        int64_t from = stride < 0 ? span - 1 - i : i; /* counted from where block 0 starts */
        int in_block = (from % (b + gap)) < b;
        ck_assert_msg(back[i] == (in_block ? user[i] : 0x5a), "unpack, blocks of %d, byte %lld", b,
                      (long long)i);
    }
    AT_OK(MPI_Type_free(&t));
    free(user);
    free(want);
    free(got);
    free(back);
}
END_TEST

START_TEST(test_mixed_run_lengths)
{
    static const struct {
        MPI_Datatype t;
        int64_t size;
    } bases[4] = {{MPI_DOUBLE, 8}, {MPI_FLOAT, 4}, {MPI_CHAR, 1}, {MPI_SHORT, 2}};
    static const int palettes[5][3] = {{3, 3, 3}, {1, 1, 1}, {1, 3, 3}, {1, 2, 4}, {4, 4, 2}};
    mix_member_t m[MIX_MEMBERS];
    MPI_Datatype ty[MIX_MEMBERS], st, t;
    MPI_Aint sdisp[MIX_MEMBERS];
    int one[MIX_MEMBERS] = {1, 1, 1, 1}, nm, count, pos = 0, psize;
    int64_t end = 0, ext, bytes = 0;
    unsigned char *buf, *want, *got, *back;

    rng = 0x5eed0000u + (uint64_t)_i;
    nm = (int)rnd(1, MIX_MEMBERS);
    for (int k = 0; k < nm; k++) {
        int bl[MIX_RUNS], pal = (int)rnd(0, 4);
        MPI_Aint d[MIX_RUNS];
        int64_t at = 0, nb = rnd(_i % 4 ? 16 : 1, MIX_RUNS);
        m[k].base = bases[rnd(0, _i % 2 ? 3 : 1)].t;
        for (int b = 0; b < 4; b++)
            if (bases[b].t == m[k].base)
                m[k].size = bases[b].size;
        m[k].nrun = 0;
        for (int64_t r = 0; r < nb; r++) {
            /* a gap of 0 merges this block into the run before */
            int64_t gap = r && rnd(0, 3) == 0 ? 0 : rnd(1, 3);
            bl[r] = palettes[pal][rnd(0, 2)];
            at += gap * m[k].size;
            d[r] = (MPI_Aint)at;
            if (gap == 0 && m[k].nrun > 0) {
                m[k].len[m[k].nrun - 1] += bl[r] * m[k].size;
            } else {
                m[k].off[m[k].nrun] = at;
                m[k].len[m[k].nrun++] = bl[r] * m[k].size;
            }
            at += bl[r] * m[k].size;
        }
        AT_OK(MPI_Type_create_hindexed((int)nb, bl, d, m[k].base, &ty[k]));
        m[k].disp = end;
        sdisp[k] = (MPI_Aint)end;
        end += at + 8 * rnd(0, 2);
        for (int64_t r = 0; r < m[k].nrun; r++)
            bytes += m[k].len[r];
    }
    ext = end + 8;
    AT_OK(MPI_Type_create_struct(nm, one, sdisp, ty, &st));
    AT_OK(MPI_Type_create_resized(st, 0, (MPI_Aint)ext, &t));
    AT_OK(MPI_Type_commit(&t));
    ck_assert_int_eq(at_size(t), bytes);
    count = (int)rnd(1, 3);
    buf = malloc((size_t)(ext * count));
    want = malloc((size_t)(bytes * count));
    got = malloc((size_t)(bytes * count) + PAD);
    back = malloc((size_t)(ext * count));
    ck_assert(buf && want && got && back);
    for (int64_t i = 0; i < ext * count; i++)
        buf[i] = (unsigned char)rnd64();
    mix_pack_by_hand(m, nm, buf, count, ext, want);
    memset(got, POISON, (size_t)(bytes * count) + PAD);
    AT_OK(MPI_Pack_size(count, t, MPI_COMM_WORLD, &psize));
    ck_assert_int_ge(psize, bytes * count);
    AT_OK(MPI_Pack(buf, count, t, got, (int)(bytes * count), &pos, MPI_COMM_WORLD));
    ck_assert_int_eq(pos, bytes * count);
    ck_assert_msg(!memcmp(got, want, (size_t)(bytes * count)), "mixed run lengths, case %d: pack",
                  _i);
    ck_assert(all_poison(got + bytes * count, PAD));
    /* unpack over a zeroed buffer: exactly the gathered bytes come back */
    memset(back, 0, (size_t)(ext * count));
    pos = 0;
    AT_OK(MPI_Unpack(got, (int)(bytes * count), &pos, back, count, t, MPI_COMM_WORLD));
    mix_pack_by_hand(m, nm, back, count, ext, got);
    ck_assert_msg(!memcmp(got, want, (size_t)(bytes * count)), "mixed run lengths, case %d: unpack",
                  _i);
    for (int e = 0; e < count; e++)
        for (int k = 0; k < nm; k++)
            for (int64_t r = 0; r < m[k].nrun; r++)
                memset(back + e * ext + m[k].disp + m[k].off[r], 0, (size_t)m[k].len[r]);
    for (int64_t i = 0; i < ext * count; i++)
        ck_assert_msg(back[i] == 0, "mixed run lengths: unpack wrote byte %lld outside the map",
                      (long long)i);
    free(buf);
    free(want);
    free(got);
    free(back);
    for (int k = 0; k < nm; k++)
        AT_OK(MPI_Type_free(&ty[k]));
    AT_OK(MPI_Type_free(&st));
    AT_OK(MPI_Type_free(&t));
}
END_TEST

/* ------------------------------------------------------------------ */

static Suite *literal_suite(void)
{
    Suite *s = suite_create("literal");
    TCase *tc = tcase_create("images");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_literal_images);
    tcase_add_test(tc, test_literal_struct);
    tcase_add_test(tc, test_darray_cyclic3d_regression);
    tcase_add_loop_test(tc, test_mixed_run_lengths, 0, 400);
    tcase_add_loop_test(tc, test_vector_block_lengths, 0, 272);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *roundtrip_suite(void)
{
    Suite *s = suite_create("roundtrip");
    TCase *tc = tcase_create("generated");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_set_timeout(tc, 600); /* slow under valgrind */
    tcase_add_test(tc, test_roundtrip_coverage);
    tcase_add_loop_test(tc, test_roundtrip_generated, 0, NTYPES);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *segment_suite(void)
{
    Suite *s = suite_create("segment");
    TCase *tc = tcase_create("shuffled");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_set_timeout(tc, 600);
    tcase_add_test(tc, test_segment_nested);
    tcase_add_loop_test(tc, test_segment_generated, 0, NTYPES / 5);
    suite_add_tcase(s, tc);
    return s;
}

/* ---------------------------------------------------------------------
 * move: typeshim_buffer_bytes and typeshim_type_move, a runtime's fast
 * path, which never raise: an error handler that counts sees nothing. */

static int move_raised;

static void move_count(MPI_Comm *comm, int *code, ...)
{
    (void)comm;
    (void)code;
    move_raised++;
}

static MPI_Errhandler move_watch(void)
{
    MPI_Errhandler eh;

    AT_OK(MPI_Comm_create_errhandler(move_count, &eh));
    AT_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, eh));
    move_raised = 0;
    return eh;
}

static void move_unwatch(MPI_Errhandler eh)
{
    ck_assert_int_eq(move_raised, 0);
    AT_OK(MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN));
    AT_OK(MPI_Errhandler_free(&eh));
}

START_TEST(test_move_values)
{
    double src[16], dst[16];
    int a[6] = {1, 2, 3, 4, 5, 6}, b[6];
    MPI_Datatype vec, pair, spread;
    MPI_Errhandler eh = move_watch();
    MPI_Count n = -1;

    for (int k = 0; k < 16; k++) {
        src[k] = k + 0.5;
        dst[k] = -1;
    }
    AT_OK(MPI_Type_vector(8, 1, 2, MPI_DOUBLE, &vec));
    AT_OK(MPI_Type_commit(&vec));
    ck_assert_int_eq(typeshim_buffer_bytes(vec, 2, 1, &n), 1);
    ck_assert_int_eq(n, 128);
    /* one datatype on both sides: the even elements, the odd ones alone */
    ck_assert_int_eq(typeshim_type_move(src, 1, vec, dst, 1, vec, &n), 1);
    ck_assert_int_eq(n, 64);
    for (int k = 0; k < 16; k++)
        ck_assert(dst[k] == (k % 2 ? -1 : k + 0.5));
    /* fewer elements sent than the receive holds: the first ones */
    memset(b, 0, sizeof b);
    ck_assert_int_eq(typeshim_type_move(a, 3, MPI_INT, b, 5, MPI_INT, &n), 1);
    ck_assert_int_eq(n, 12);
    ck_assert_int_eq(b[2], 3);
    ck_assert_int_eq(b[3], 0);
    /* two datatypes of one signature: contiguous(2, int) into vector(2, 1, 3, int) */
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &pair));
    AT_OK(MPI_Type_vector(2, 1, 3, MPI_INT, &spread));
    AT_OK(MPI_Type_commit(&pair));
    AT_OK(MPI_Type_commit(&spread));
    memset(b, 0, sizeof b);
    ck_assert_int_eq(typeshim_type_move(a + 2, 1, pair, b, 1, spread, &n), 1);
    ck_assert_int_eq(n, 8);
    ck_assert_int_eq(b[0], 3);
    ck_assert_int_eq(b[1], 0);
    ck_assert_int_eq(b[3], 4);
    /* nothing sent: nothing written, even into a receive of 0 elements */
    ck_assert_int_eq(typeshim_type_move(a, 0, MPI_INT, b, 0, spread, &n), 1);
    ck_assert_int_eq(n, 0);
    ck_assert_int_eq(b[0], 3);
    /* one block each: overlapping buffers are moved as if packed first */
    ck_assert_int_eq(typeshim_type_move(a, 4, MPI_INT, a + 1, 4, MPI_INT, &n), 1);
    ck_assert_int_eq(a[1], 1);
    ck_assert_int_eq(a[4], 4);
    ck_assert_int_eq(a[5], 6);
    AT_OK(MPI_Type_free(&vec));
    AT_OK(MPI_Type_free(&pair));
    AT_OK(MPI_Type_free(&spread));
    move_unwatch(eh);
}
END_TEST

/* Every case the general path must decide: 0, nothing written. */
START_TEST(test_move_declines)
{
    int a[8] = {1, 2, 3, 4, 5, 6, 7, 8}, b[8], want[8];
    MPI_Datatype loose, over, vec, freed;
    MPI_Errhandler eh = move_watch();
    MPI_Count n = -7;

    memset(b, 0x5a, sizeof b);
    memcpy(want, b, sizeof b);
    AT_OK(MPI_Type_contiguous(2, MPI_INT, &loose)); /* never committed */
    AT_OK(MPI_Type_create_resized(MPI_INT, 0, 2, &over));
    AT_OK(MPI_Type_commit(&over));
    AT_OK(MPI_Type_vector(2, 1, 2, MPI_INT, &vec));
    AT_OK(MPI_Type_commit(&vec));
    AT_OK(MPI_Type_contiguous(1, MPI_INT, &freed));
    AT_OK(MPI_Type_commit(&freed));
    {
        MPI_Datatype gone = freed;
        AT_OK(MPI_Type_free(&gone));
    }
    /* truncation, other signatures, the MPI_BYTE and MPI_PACKED rules */
    ck_assert_int_eq(typeshim_type_move(a, 5, MPI_INT, b, 3, MPI_INT, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, 1, MPI_INT, b, 1, MPI_FLOAT, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, 4, MPI_BYTE, b, 1, MPI_INT, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, 4, MPI_PACKED, b, 1, MPI_INT, &n), 0);
    /* a shorter prefix of another shape: vector(2) sent into 3 ints */
    ck_assert_int_eq(typeshim_type_move(a, 1, vec, b, 3, MPI_INT, &n), 0);
    /* bad datatypes and counts */
    ck_assert_int_eq(typeshim_type_move(a, 1, loose, b, 1, loose, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, 1, MPI_INT, b, 1, freed, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, 1, MPI_DATATYPE_NULL, b, 1, MPI_INT, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, -1, MPI_INT, b, 1, MPI_INT, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, 1, MPI_INT, b, -1, MPI_INT, &n), 0);
    ck_assert_int_eq(typeshim_type_move(a, 1, MPI_INT, b, 1, MPI_INT, NULL), 0);
    /* a receive type that writes a byte twice, and copies that overlap */
    ck_assert_int_eq(typeshim_type_move(a, 2, MPI_INT, b, 2, over, &n), 0);
    /* overlapping buffers of a type with gaps would need a staging block */
    ck_assert_int_eq(typeshim_type_move(a, 1, vec, a + 1, 1, vec, &n), 0);
    ck_assert_int_eq(memcmp(b, want, sizeof b), 0);
    ck_assert_int_eq(a[1], 2);
    ck_assert_int_eq(n, -7);
    /* typeshim_buffer_bytes: the same refusals, *bytes untouched */
    ck_assert_int_eq(typeshim_buffer_bytes(loose, 1, 0, &n), 0);
    ck_assert_int_eq(typeshim_buffer_bytes(freed, 1, 0, &n), 0);
    ck_assert_int_eq(typeshim_buffer_bytes(MPI_DATATYPE_NULL, 0, 0, &n), 0);
    ck_assert_int_eq(typeshim_buffer_bytes(MPI_INT, -1, 0, &n), 0);
    ck_assert_int_eq(typeshim_buffer_bytes(over, 2, 1, &n), 0);
    ck_assert_int_eq(typeshim_buffer_bytes(MPI_INT, (MPI_Count)1 << 62, 0, &n), 0);
    ck_assert_int_eq(typeshim_buffer_bytes(MPI_INT, 1, 0, NULL), 0);
    ck_assert_int_eq(n, -7);
    /* the same type sends what it may not receive */
    ck_assert_int_eq(typeshim_buffer_bytes(over, 2, 0, &n), 1);
    ck_assert_int_eq(n, 8);
    AT_OK(MPI_Type_free(&loose));
    AT_OK(MPI_Type_free(&over));
    AT_OK(MPI_Type_free(&vec));
    move_unwatch(eh);
}
END_TEST

static Suite *copy_suite(void)
{
    Suite *s = suite_create("copy");
    TCase *tc = tcase_create("type_copy");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_copy_values);
    tcase_add_test(tc, test_copy_overlap);
    tcase_add_test(tc, test_copy_mismatch);
    tcase_add_test(tc, test_copy_true_lb_off_data);
    tcase_add_test(tc, test_move_values);
    tcase_add_test(tc, test_move_declines);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *badinput_suite(void)
{
    Suite *s = suite_create("badinput");
    TCase *tc = tcase_create("errors");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_bad_truncate);
    tcase_add_test(tc, test_bad_type_count_comm);
    tcase_add_test(tc, test_bad_segment_range);
    suite_add_tcase(s, tc);
    return s;
}

static Suite *bottom_suite(void)
{
    Suite *s = suite_create("bottom");
    TCase *tc = tcase_create("absolute");

    tcase_add_checked_fixture(tc, at_errors_return, at_errors_fatal);
    tcase_add_test(tc, test_bottom_variables);
    tcase_add_test(tc, test_bottom_array);
    suite_add_tcase(s, tc);
    return s;
}

int main(void)
{
    Suite *suites[6];

    suites[0] = literal_suite();
    suites[1] = roundtrip_suite();
    suites[2] = segment_suite();
    suites[3] = copy_suite();
    suites[4] = badinput_suite();
    suites[5] = bottom_suite();
    return at_run(suites, 6, 1);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_build.h - what the fuzzers of test/fuzz share: a reader of the
 * input bytes, a builder of random nested datatypes over every
 * constructor, the checks of a failed call (a clean MPI error class, a
 * message naming the function, no output written), and a naive type map
 * walker: it decodes a type with MPI_Type_get_envelope_c/get_contents_c,
 * recursively, and lists its (basic type, displacement) entries as byte
 * runs, from which the harness packs and unpacks by hand.
 *
 * Everything is static: each fuzzer includes it once.
 */
#ifndef FUZZ_BUILD_H
#define FUZZ_BUILD_H

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

#include "typeshim.h"

/* The data-moving checks run only when every buffer they need is at most
 * this large (and the walker's list at most FZ_MAX_RUNS runs long). */
#define FZ_MAX_SPAN  ((MPI_Count)1 << 20)
#define FZ_MAX_RUNS  65536
#define FZ_MAX_DEPTH 4
#define FZ_MAX_ARR   8

/* The type under test, printed when an invariant fails (FZ_DEBUG set). */
static MPI_Datatype fz_current = MPI_DATATYPE_NULL;
static void fz_print(MPI_Datatype t, int indent);

static void fz_die(const char *file, int line, const char *fmt, ...)
{
    va_list ap;

    if (getenv("FZ_DEBUG") != NULL && fz_current != MPI_DATATYPE_NULL) {
        MPI_Datatype t = fz_current;

        fz_current = MPI_DATATYPE_NULL;
        fz_print(t, 0);
        typeshim_type_dump(t, stderr);
    }

    fprintf(stderr, "%s:%d: invariant violated: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
    abort();
}

#define FZ_ASSERT(cond, ...)                                                                       \
    do {                                                                                           \
        if (!(cond))                                                                               \
            fz_die(__FILE__, __LINE__, __VA_ARGS__);                                               \
    } while (0)

/* MPI_SUCCESS or an assertion failure naming the call. */
#define FZ_OK(call)                                                                                \
    do {                                                                                           \
        int rc_ = (call);                                                                          \
        FZ_ASSERT(rc_ == MPI_SUCCESS, "%s returned %d (class %d)", #call, rc_,                     \
                  typeshim_error_class(rc_));                                                      \
    } while (0)

/* One MPI_Init for the whole process, errors returned to the caller. */
static void fz_init(void)
{
    static int done;

    if (done)
        return;
    done = 1;
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS)
        abort();
    if (MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN) != MPI_SUCCESS)
        abort();
}

/* MPI_Init runs before the first input, whichever main calls it. */
__attribute__((constructor)) static void fz_init_early(void)
{
    fz_init();
}

/* Returns 0 for MPI_SUCCESS, 1 for a clean error of `fn`: a class of
 * typeshim's other than an internal or unknown one, with a message that
 * names the function. */
static int fz_failed(int rc, const char *fn)
{
    char msg[MPI_MAX_ERROR_STRING];
    int len = 0, cls;

    if (rc == MPI_SUCCESS)
        return 0;
    cls = typeshim_error_class(rc);
    FZ_ASSERT(cls > MPI_SUCCESS && cls <= MPI_ERR_LASTCODE && cls != MPI_ERR_INTERN &&
                  cls != MPI_ERR_UNKNOWN,
              "%s: error code %d has class %d", fn, rc, cls);
    FZ_ASSERT(typeshim_error_message(rc, msg, &len) == 1, "%s: code %d has no message", fn, rc);
    FZ_ASSERT(len > 0 && strstr(msg, fn) != NULL, "%s: message \"%s\" does not name it", fn, msg);
    return 1;
}

/* ------------------------------------------------------------ input */

typedef struct fz_in {
    const uint8_t *p;
    size_t n;
} fz_in;

static unsigned fz_u8(fz_in *in)
{
    if (in->n == 0)
        return 0;
    in->n--;
    return *in->p++;
}

/* A count: mostly 0..4, sometimes negative or near 2^31 (near 2^63 for
 * the large-count constructors, `large`). */
static MPI_Count fz_count(fz_in *in, int large)
{
    unsigned v = fz_u8(in), k = v & 15, s = v >> 4;

    if (k <= 10)
        return s % 5;
    switch (k) {
    case 11:
        return 0;
    case 12:
        return -1 - (MPI_Count)(s & 3);
    case 13:
        return INT_MAX - (MPI_Count)(s & 3);
    case 14:
        return large ? INT64_MAX - (MPI_Count)(s & 3) : ((MPI_Count)1 << 30) + (s & 3);
    default:
        return large ? ((MPI_Count)1 << 62) + (s & 3) : (INT_MAX / 2) + (MPI_Count)(s & 3);
    }
}

/* A displacement or stride: small, of either sign, scaled by 1, 2, 4 or
 * 8; sometimes huge of either sign (near 2^62 when `large`). */
static MPI_Count fz_disp(fz_in *in, int large)
{
    unsigned v = fz_u8(in), k = v & 15;
    MPI_Count s = (MPI_Count)(v >> 4) - 8;

    if (k < 12)
        return s * ((MPI_Count)1 << (k & 3));
    switch (k) {
    case 12:
        return large ? INT64_MAX / 2 : INT_MAX;
    case 13:
        return large ? INT64_MIN / 2 : INT_MIN;
    case 14:
        return (MPI_Count)1 << 40;
    default:
        return -((MPI_Count)1 << 31);
    }
}

static int fz_int(MPI_Count c)
{
    return c > INT_MAX ? INT_MAX : c < INT_MIN ? INT_MIN : (int)c;
}

/* ------------------------------------------------------ basic types */

/* A predefined type's type map as byte runs: len bytes at off, made of
 * units of `unit` bytes (byte-swapped in external32); elems basic
 * elements in all.  MPI_LB and MPI_UB have no run. */
typedef struct fz_basic {
    MPI_Datatype type;
    int nparts, elems;
    int len[2], off[2], unit[2];
} fz_basic;

/* Every type here has the same size natively and in external32, and a
 * value that survives the conversion both ways bit for bit. */
static const fz_basic fz_basics[] = {
    {MPI_BYTE, 1, 1, {1}, {0}, {1}},
    {MPI_CHAR, 1, 1, {1}, {0}, {1}},
    {MPI_SHORT, 1, 1, {2}, {0}, {2}},
    {MPI_INT, 1, 1, {4}, {0}, {4}},
    {MPI_LONG_LONG, 1, 1, {8}, {0}, {8}},
    {MPI_FLOAT, 1, 1, {4}, {0}, {4}},
    {MPI_DOUBLE, 1, 1, {8}, {0}, {8}},
    {MPI_INT8_T, 1, 1, {1}, {0}, {1}},
    {MPI_UINT16_T, 1, 1, {2}, {0}, {2}},
    {MPI_INT32_T, 1, 1, {4}, {0}, {4}},
    {MPI_UINT64_T, 1, 1, {8}, {0}, {8}},
    {MPI_C_DOUBLE_COMPLEX, 1, 1, {16}, {0}, {8}},
    {MPI_2INT, 2, 2, {4, 4}, {0, 4}, {4, 4}},
    {MPI_FLOAT_INT, 2, 2, {4, 4}, {0, 4}, {4, 4}},
    {MPI_DOUBLE_INT, 2, 2, {8, 4}, {0, 8}, {8, 4}},
    {MPI_SHORT_INT, 2, 2, {2, 4}, {0, 4}, {2, 4}},
    {MPI_LB, 0, 0, {0}, {0}, {0}},
    {MPI_UB, 0, 0, {0}, {0}, {0}},
};
#define FZ_NBASIC ((int)(sizeof fz_basics / sizeof fz_basics[0]) - 2)

static const fz_basic *fz_basic_of(MPI_Datatype t)
{
    for (size_t i = 0; i < sizeof fz_basics / sizeof fz_basics[0]; i++)
        if (fz_basics[i].type == t)
            return &fz_basics[i];
    return NULL;
}

static int fz_is_named(MPI_Datatype t)
{
    MPI_Count ni, na, nc, nd;
    int comb;

    FZ_OK(MPI_Type_get_envelope_c(t, &ni, &na, &nc, &nd, &comb));
    return comb == MPI_COMBINER_NAMED;
}

static void fz_free(MPI_Datatype *t)
{
    if (*t != MPI_DATATYPE_NULL && !fz_is_named(*t))
        FZ_OK(MPI_Type_free(t));
    *t = MPI_DATATYPE_NULL;
}

/* ---------------------------------------------------------- builder */

/* Not a handle of typeshim's: a failed constructor must leave it. */
#define FZ_UNSET ((MPI_Datatype)0x7e57ab1e)

static int fz_build(fz_in *in, int depth, int leaf_markers, MPI_Datatype *out);

/* A child type, built or predefined; a child whose constructor failed
 * (cleanly) becomes MPI_INT so that the parent still gets built. */
static MPI_Datatype fz_child(fz_in *in, int depth, int markers)
{
    MPI_Datatype t;

    if (fz_build(in, depth + 1, markers, &t) != MPI_SUCCESS)
        t = MPI_INT;
    return t;
}

/* Checks a constructor's result: on error nothing written. */
static int fz_made(int rc, const char *fn, MPI_Datatype *nt, MPI_Datatype *out)
{
    if (fz_failed(rc, fn)) {
        FZ_ASSERT(*nt == FZ_UNSET, "%s failed (class %d) but wrote its output", fn,
                  typeshim_error_class(rc));
        return rc;
    }
    FZ_ASSERT(*nt != FZ_UNSET && *nt != MPI_DATATYPE_NULL, "%s succeeded with no type", fn);
    *out = *nt;
    return MPI_SUCCESS;
}

/* psizes of a grid of `size` processes over ndims dimensions (product
 * size), or a bad one when `bad`. */
static void fz_grid(fz_in *in, int size, int ndims, int bad, int *psizes)
{
    int k = (int)(fz_u8(in) % (unsigned)ndims);

    for (int d = 0; d < ndims; d++)
        psizes[d] = 1;
    if (size % 2 == 0 && ndims > 1 && size > 2) {
        psizes[k] = 2;
        psizes[(k + 1) % ndims] = size / 2;
    } else {
        psizes[k] = size;
    }
    if (bad)
        psizes[k] = bad == 1 ? 0 : psizes[k] + 1;
}

static int fz_build_subarray(fz_in *in, int large, MPI_Datatype old, MPI_Datatype *nt)
{
    int ndims = (int)(fz_u8(in) % 4), order;
    int sz[3], sub[3], st[3];
    MPI_Count csz[3], csub[3], cst[3];
    unsigned v;

    for (int d = 0; d < ndims; d++) {
        v = fz_u8(in);
        csz[d] = v >= 250 ? fz_count(in, 0) : 1 + (MPI_Count)(v % 6);
        v = fz_u8(in);
        csub[d] = v >= 250 ? csz[d] + 1 : csz[d] > 0 ? (MPI_Count)v % (csz[d] + 1) : 0;
        v = fz_u8(in);
        cst[d] = v >= 250               ? csz[d] - csub[d] + 1
                 : csz[d] - csub[d] > 0 ? (MPI_Count)v % (csz[d] - csub[d] + 1)
                                        : 0;
        sz[d] = fz_int(csz[d]);
        sub[d] = fz_int(csub[d]);
        st[d] = fz_int(cst[d]);
    }
    v = fz_u8(in);
    order = v >= 250 ? 77 : (v & 1) ? MPI_ORDER_C : MPI_ORDER_FORTRAN;
    if (large)
        return MPI_Type_create_subarray_c(ndims, csz, csub, cst, order, old, nt);
    return MPI_Type_create_subarray(ndims, sz, sub, st, order, old, nt);
}

static int fz_build_darray(fz_in *in, int large, MPI_Datatype old, MPI_Datatype *nt)
{
    int size = 1 + (int)(fz_u8(in) % 6), rank, ndims = 1 + (int)(fz_u8(in) % 3), order;
    int gs[3], distr[3], darg[3], ps[3];
    MPI_Count cgs[3];
    unsigned v = fz_u8(in);

    rank = v >= 250 ? size : (int)(v % (unsigned)size);
    v = fz_u8(in);
    fz_grid(in, size, ndims, v >= 252 ? 1 : v >= 248 ? 2 : 0, ps);
    for (int d = 0; d < ndims; d++) {
        v = fz_u8(in);
        gs[d] = v >= 250 ? (int)fz_count(in, 0) : 1 + (int)(v % 9);
        cgs[d] = gs[d];
        v = fz_u8(in);
        distr[d] = (v & 3) == 0   ? MPI_DISTRIBUTE_NONE
                   : (v & 3) == 1 ? MPI_DISTRIBUTE_BLOCK
                                  : MPI_DISTRIBUTE_CYCLIC;
        v >>= 2;
        darg[d] = v < 24 ? MPI_DISTRIBUTE_DFLT_DARG : v < 62 ? (int)(v % 4) + 1 : -2;
    }
    v = fz_u8(in);
    order = v >= 250 ? 77 : (v & 1) ? MPI_ORDER_C : MPI_ORDER_FORTRAN;
    if (large)
        return MPI_Type_create_darray_c(size, rank, ndims, cgs, distr, darg, ps, order, old, nt);
    return MPI_Type_create_darray(size, rank, ndims, gs, distr, darg, ps, order, old, nt);
}

/* Blocks of the indexed and struct families: n in -1..6, lengths and
 * displacements of both widths (only the first max(n, 0) are read). */
typedef struct fz_blocks {
    int n;
    int bl[FZ_MAX_ARR], di[FZ_MAX_ARR];
    MPI_Aint da[FZ_MAX_ARR];
    MPI_Count cbl[FZ_MAX_ARR], cdi[FZ_MAX_ARR];
} fz_blocks;

static void fz_blocks_read(fz_in *in, int large, fz_blocks *b)
{
    b->n = (int)(fz_u8(in) % 8) - 1;
    for (int i = 0; i < FZ_MAX_ARR; i++) {
        b->cbl[i] = i < b->n ? fz_count(in, large) : 0;
        b->cdi[i] = i < b->n ? fz_disp(in, large) : 0;
        b->bl[i] = fz_int(b->cbl[i]);
        b->di[i] = fz_int(b->cdi[i]);
        b->da[i] = (MPI_Aint)b->cdi[i];
    }
}

/* Builds a random type into *out (a derived type to free with fz_free, or
 * a predefined one); returns MPI_SUCCESS or the constructor's clean
 * error.  `markers`: MPI_LB/MPI_UB may be a struct's member. */
static int fz_build(fz_in *in, int depth, int markers, MPI_Datatype *out)
{
    unsigned op = fz_u8(in);
    int large = (op >> 4) & 1, rc = MPI_SUCCESS, nkids = 0;
    MPI_Datatype nt = FZ_UNSET, kids[FZ_MAX_ARR];
    const char *fn = "";
    MPI_Count c, bl, st;
    fz_blocks b;

    if (depth >= FZ_MAX_DEPTH || in->n == 0)
        op = 0;
    switch (op % 16) {
    case 1:
        c = fz_count(in, large);
        kids[nkids++] = fz_child(in, depth, 0);
        fn = large ? "MPI_Type_contiguous_c" : "MPI_Type_contiguous";
        rc = large ? MPI_Type_contiguous_c(c, kids[0], &nt)
                   : MPI_Type_contiguous(fz_int(c), kids[0], &nt);
        break;
    case 2:
    case 3:
        c = fz_count(in, large);
        bl = fz_count(in, large);
        st = fz_disp(in, large);
        kids[nkids++] = fz_child(in, depth, 0);
        if (op % 16 == 2) {
            fn = large ? "MPI_Type_vector_c" : "MPI_Type_vector";
            rc = large ? MPI_Type_vector_c(c, bl, st, kids[0], &nt)
                       : MPI_Type_vector(fz_int(c), fz_int(bl), fz_int(st), kids[0], &nt);
        } else if (op & 0x20) {
            fn = "MPI_Type_hvector";
            rc = MPI_Type_hvector(fz_int(c), fz_int(bl), (MPI_Aint)st, kids[0], &nt);
        } else {
            fn = large ? "MPI_Type_create_hvector_c" : "MPI_Type_create_hvector";
            rc = large ? MPI_Type_create_hvector_c(c, bl, st, kids[0], &nt)
                       : MPI_Type_create_hvector(fz_int(c), fz_int(bl), (MPI_Aint)st, kids[0], &nt);
        }
        break;
    case 4:
    case 5:
        fz_blocks_read(in, large, &b);
        kids[nkids++] = fz_child(in, depth, 0);
        if (op % 16 == 4) {
            fn = large ? "MPI_Type_indexed_c" : "MPI_Type_indexed";
            rc = large ? MPI_Type_indexed_c(b.n, b.cbl, b.cdi, kids[0], &nt)
                       : MPI_Type_indexed(b.n, b.bl, b.di, kids[0], &nt);
        } else if (op & 0x20) {
            fn = "MPI_Type_hindexed";
            rc = MPI_Type_hindexed(b.n, b.bl, b.da, kids[0], &nt);
        } else {
            fn = large ? "MPI_Type_create_hindexed_c" : "MPI_Type_create_hindexed";
            rc = large ? MPI_Type_create_hindexed_c(b.n, b.cbl, b.cdi, kids[0], &nt)
                       : MPI_Type_create_hindexed(b.n, b.bl, b.da, kids[0], &nt);
        }
        break;
    case 6:
    case 7:
        fz_blocks_read(in, large, &b);
        bl = fz_count(in, large);
        kids[nkids++] = fz_child(in, depth, 0);
        if (op % 16 == 6) {
            fn = large ? "MPI_Type_create_indexed_block_c" : "MPI_Type_create_indexed_block";
            rc = large ? MPI_Type_create_indexed_block_c(b.n, bl, b.cdi, kids[0], &nt)
                       : MPI_Type_create_indexed_block(b.n, fz_int(bl), b.di, kids[0], &nt);
        } else {
            fn = large ? "MPI_Type_create_hindexed_block_c" : "MPI_Type_create_hindexed_block";
            rc = large ? MPI_Type_create_hindexed_block_c(b.n, bl, b.cdi, kids[0], &nt)
                       : MPI_Type_create_hindexed_block(b.n, fz_int(bl), b.da, kids[0], &nt);
        }
        break;
    case 8:
    case 9:
        fz_blocks_read(in, large, &b);
        for (int i = 0; i < b.n; i++) {
            unsigned m = fz_u8(in);
            /* MPI-1's markers (MPI-4.1 removed them; MPICH still takes them) */
            kids[nkids++] = op % 16 == 9 && m < 64 ? (m & 1 ? MPI_UB : MPI_LB)
                                                   : fz_child(in, depth, op % 16 == 9);
        }
        if (op % 16 == 9 && !large) {
            fn = "MPI_Type_struct";
            rc = MPI_Type_struct(b.n, b.bl, b.da, kids, &nt);
        } else {
            fn = large ? "MPI_Type_create_struct_c" : "MPI_Type_create_struct";
            rc = large ? MPI_Type_create_struct_c(b.n, b.cbl, b.cdi, kids, &nt)
                       : MPI_Type_create_struct(b.n, b.bl, b.da, kids, &nt);
        }
        break;
    case 10:
        c = fz_disp(in, large);
        if (__builtin_mul_overflow(fz_count(in, large), 1 + (fz_u8(in) & 7), &st))
            st = INT64_MAX;
        st = op & 0x40 ? -st : st;
        kids[nkids++] = fz_child(in, depth, 0);
        fn = large ? "MPI_Type_create_resized_c" : "MPI_Type_create_resized";
        rc = large ? MPI_Type_create_resized_c(kids[0], c, st, &nt)
                   : MPI_Type_create_resized(kids[0], (MPI_Aint)c, (MPI_Aint)st, &nt);
        break;
    case 11:
        kids[nkids++] = fz_child(in, depth, 0);
        fn = "MPI_Type_dup";
        rc = MPI_Type_dup(kids[0], &nt);
        break;
    case 12:
    case 13:
        kids[nkids++] = fz_child(in, depth, 0);
        if (op % 16 == 12) {
            fn = large ? "MPI_Type_create_subarray_c" : "MPI_Type_create_subarray";
            rc = fz_build_subarray(in, large, kids[0], &nt);
        } else {
            fn = large ? "MPI_Type_create_darray_c" : "MPI_Type_create_darray";
            rc = fz_build_darray(in, large, kids[0], &nt);
        }
        break;
    default: {
        unsigned k = fz_u8(in) % (unsigned)FZ_NBASIC;

        if (markers && (op & 0x80))
            *out = op & 0x40 ? MPI_UB : MPI_LB;
        else
            *out = fz_basics[k].type;
        return MPI_SUCCESS;
    }
    }
    rc = fz_made(rc, fn, &nt, out);
    for (int i = 0; i < nkids; i++)
        fz_free(&kids[i]);
    return rc;
}

/* ----------------------------------------------------------- decoding */

/* One level of a type's decoding (MPI_Type_get_contents_c). */
typedef struct fz_dec {
    int comb;
    MPI_Count ni, na, nc, nd;
    int *ints;
    MPI_Aint *addrs;
    MPI_Count *counts;
    MPI_Datatype *types;
} fz_dec;

static void fz_decode(MPI_Datatype t, fz_dec *d)
{
    memset(d, 0, sizeof *d);
    FZ_OK(MPI_Type_get_envelope_c(t, &d->ni, &d->na, &d->nc, &d->nd, &d->comb));
    if (d->comb == MPI_COMBINER_NAMED)
        return;
    FZ_ASSERT(d->ni >= 0 && d->na >= 0 && d->nc >= 0 && d->nd >= 0 && d->ni < 1 << 20 &&
                  d->nc < 1 << 20 && d->na < 1 << 20 && d->nd < 1 << 20,
              "envelope of combiner %d: counts %lld %lld %lld %lld", d->comb, (long long)d->ni,
              (long long)d->na, (long long)d->nc, (long long)d->nd);
    d->ints = malloc((size_t)(d->ni + 1) * sizeof(int));
    d->addrs = malloc((size_t)(d->na + 1) * sizeof(MPI_Aint));
    d->counts = malloc((size_t)(d->nc + 1) * sizeof(MPI_Count));
    d->types = malloc((size_t)d->nd * sizeof(MPI_Datatype));
    FZ_ASSERT(d->ints && d->addrs && d->counts && d->types, "out of memory");
    FZ_OK(MPI_Type_get_contents_c(t, d->ni, d->na, d->nc, d->nd, d->ints, d->addrs, d->counts,
                                  d->types));
}

static void fz_dec_free(fz_dec *d)
{
    for (MPI_Count i = 0; d->types && i < d->nd; i++)
        fz_free(&d->types[i]);
    free(d->ints);
    free(d->addrs);
    free(d->counts);
    free(d->types);
    memset(d, 0, sizeof *d);
}

/* The decoding of t, one line a level, for the failure message. */
static void fz_print(MPI_Datatype t, int indent)
{
    fz_dec d;
    MPI_Count lb = 0, ext = 0, tlb = 0, text = 0, size = 0;

    MPI_Type_size_c(t, &size);
    MPI_Type_get_extent_c(t, &lb, &ext);
    MPI_Type_get_true_extent_c(t, &tlb, &text);
    fz_decode(t, &d);
    fprintf(stderr, "%*scombiner %d lb %lld extent %lld true %lld +%lld size %lld", indent, "",
            d.comb, (long long)lb, (long long)ext, (long long)tlb, (long long)text,
            (long long)size);
    if (d.comb == MPI_COMBINER_NAMED)
        fprintf(stderr, " type %#x", (unsigned)t);
    fprintf(stderr, "\n%*s ", indent, "");
    for (MPI_Count i = 0; i < d.ni; i++)
        fprintf(stderr, " i%d", d.ints[i]);
    for (MPI_Count i = 0; i < d.na; i++)
        fprintf(stderr, " a%lld", (long long)d.addrs[i]);
    for (MPI_Count i = 0; i < d.nc; i++)
        fprintf(stderr, " c%lld", (long long)d.counts[i]);
    fprintf(stderr, "\n");
    for (MPI_Count i = 0; i < d.nd; i++)
        fz_print(d.types[i], indent + 2);
    fz_dec_free(&d);
}

/* The k-th count-like argument: from counts[] in a large-count record,
 * else from ints[] (k) or addrs[] (a). */
static MPI_Count fz_arg(const fz_dec *d, MPI_Count k, MPI_Count a)
{
    if (d->nc > 0) {
        FZ_ASSERT(k < d->nc, "count argument %lld of %lld", (long long)k, (long long)d->nc);
        return d->counts[k];
    }
    if (a >= 0) {
        FZ_ASSERT(a < d->na, "address argument %lld of %lld", (long long)a, (long long)d->na);
        return d->addrs[a];
    }
    FZ_ASSERT(k < d->ni, "int argument %lld of %lld", (long long)k, (long long)d->ni);
    return d->ints[k];
}

/* ------------------------------------------------------------- walker */

typedef struct fz_run {
    MPI_Count disp;
    MPI_Count len;
    int unit;
} fz_run;

typedef struct fz_walk {
    fz_run *r;
    size_t n, cap;
    int too_big;     /* more than FZ_MAX_RUNS runs, or a displacement overflowed */
    MPI_Count bytes; /* sum of the lengths */
    MPI_Count elems; /* basic elements (MPI_Get_elements' unit) */
} fz_walk;

static void fz_emit(fz_walk *w, MPI_Count disp, MPI_Count len, int unit)
{
    fz_run *last = w->n ? &w->r[w->n - 1] : NULL;

    w->bytes += len;
    if (last && last->unit == unit && last->disp + last->len == disp) {
        last->len += len;
        return;
    }
    if (w->n == FZ_MAX_RUNS) {
        w->too_big = 1;
        return;
    }
    if (w->n == w->cap) {
        w->cap = w->cap ? 2 * w->cap : 64;
        w->r = realloc(w->r, w->cap * sizeof *w->r);
        FZ_ASSERT(w->r != NULL, "out of memory");
    }
    w->r[w->n].disp = disp;
    w->r[w->n].len = len;
    w->r[w->n].unit = unit;
    w->n++;
}

static MPI_Count fz_size(MPI_Datatype t)
{
    MPI_Count s;

    FZ_OK(MPI_Type_size_c(t, &s));
    return s;
}

static MPI_Count fz_extent(MPI_Datatype t)
{
    MPI_Count lb, ext;

    FZ_OK(MPI_Type_get_extent_c(t, &lb, &ext));
    return ext;
}

/* disp = base + a * b + c, or too_big on overflow. */
static int fz_at(fz_walk *w, MPI_Count base, MPI_Count a, MPI_Count b, MPI_Count c, MPI_Count *disp)
{
    MPI_Count p;

    if (__builtin_mul_overflow(a, b, &p) || __builtin_add_overflow(base, p, &p) ||
        __builtin_add_overflow(p, c, disp)) {
        w->too_big = 1;
        return 0;
    }
    return 1;
}

static void fz_walk_type(fz_walk *w, MPI_Datatype t, MPI_Count base);

/* n copies of t, one extent apart, from disp. */
static void fz_walk_block(fz_walk *w, MPI_Datatype t, MPI_Count disp, MPI_Count n)
{
    MPI_Count ext = fz_extent(t), at;

    for (MPI_Count j = 0; j < n && !w->too_big; j++)
        if (fz_at(w, disp, j, ext, 0, &at))
            fz_walk_type(w, t, at);
}

/* The elements of an ndims array of old (extent ext, dimensions gs, in
 * `order`) whose index in dimension d is in own[d][0..nown[d]), in the
 * array's order: subarray and darray. */
static void fz_walk_grid(fz_walk *w, MPI_Datatype old, MPI_Count base, int ndims,
                         const MPI_Count *gs, MPI_Count **own, const MPI_Count *nown, int order)
{
    MPI_Count idx[3] = {0, 0, 0}, ext = fz_extent(old);

    for (int d = 0; d < ndims; d++)
        if (nown[d] == 0)
            return;
    for (;;) {
        MPI_Count lin = 0, at;
        int d;

        /* linear index of the element: C order has the last dimension vary fastest */
        for (int k = 0; k < ndims; k++) {
            d = order == MPI_ORDER_C ? k : ndims - 1 - k;
            lin = lin * gs[d] + own[d][idx[d]];
        }
        if (!fz_at(w, base, lin, ext, 0, &at))
            return;
        fz_walk_type(w, old, at);
        if (w->too_big)
            return;
        for (int k = ndims - 1; k >= 0; k--) {
            d = order == MPI_ORDER_C ? k : ndims - 1 - k;
            if (++idx[d] < nown[d])
                break;
            idx[d] = 0;
            if (k == 0)
                return;
        }
    }
}

static void fz_walk_subarray(fz_walk *w, const fz_dec *dec, MPI_Count base)
{
    int ndims = dec->ints[0], order;
    MPI_Count gs[3], nown[3], *own[3] = {NULL, NULL, NULL};

    FZ_ASSERT(ndims >= 0 && ndims <= 3, "subarray ndims %d", ndims);
    order = dec->nc ? dec->ints[1] : dec->ints[1 + 3 * ndims];
    for (int d = 0; d < ndims; d++) {
        MPI_Count start = fz_arg(dec, 2 * ndims + d + (dec->nc ? 0 : 1), -1);

        gs[d] = fz_arg(dec, d + (dec->nc ? 0 : 1), -1);
        nown[d] = fz_arg(dec, ndims + d + (dec->nc ? 0 : 1), -1);
        own[d] = malloc((size_t)(nown[d] + 1) * sizeof(MPI_Count));
        for (MPI_Count i = 0; i < nown[d]; i++)
            own[d][i] = start + i;
    }
    if (ndims > 0)
        fz_walk_grid(w, dec->types[0], base, ndims, gs, own, nown, order);
    else
        fz_walk_type(w, dec->types[0], base);
    for (int d = 0; d < ndims; d++)
        free(own[d]);
}

/* MPI-4.1 section 5.1.4: the process grid is row-major whatever the
 * array's order; block(b) gives process p [p*b, p*b+b), cyclic(k) the
 * blocks of k numbered p mod psize. */
static void fz_walk_darray(fz_walk *w, const fz_dec *dec, MPI_Count base)
{
    int size = dec->ints[0], rank = dec->ints[1], ndims = dec->ints[2];
    /* the large-count record has the global sizes in counts[] */
    int off = dec->nc ? 3 : 3 + ndims;
    const int *distr = &dec->ints[off], *darg = &dec->ints[off + ndims];
    const int *ps = &dec->ints[off + 2 * ndims];
    int order = dec->ints[off + 3 * ndims], coord[3], r = rank;
    MPI_Count gs[3], nown[3], *own[3] = {NULL, NULL, NULL};

    FZ_ASSERT(ndims >= 1 && ndims <= 3 && size >= 1, "darray ndims %d size %d", ndims, size);
    for (int d = ndims - 1; d >= 0; d--) {
        coord[d] = r % ps[d];
        r /= ps[d];
    }
    for (int d = 0; d < ndims; d++) {
        MPI_Count b;

        gs[d] = dec->nc ? dec->counts[d] : dec->ints[3 + d];
        own[d] = malloc((size_t)(gs[d] + 1) * sizeof(MPI_Count));
        nown[d] = 0;
        if (distr[d] == MPI_DISTRIBUTE_CYCLIC) {
            b = darg[d] == MPI_DISTRIBUTE_DFLT_DARG ? 1 : darg[d];
            for (MPI_Count i = 0; i < gs[d]; i++)
                if ((i / b) % ps[d] == coord[d])
                    own[d][nown[d]++] = i;
        } else {
            b = distr[d] == MPI_DISTRIBUTE_NONE       ? gs[d]
                : darg[d] == MPI_DISTRIBUTE_DFLT_DARG ? (gs[d] + ps[d] - 1) / ps[d]
                                                      : darg[d];
            for (MPI_Count i = coord[d] * b; i < gs[d] && i < coord[d] * b + b; i++)
                own[d][nown[d]++] = i;
        }
    }
    fz_walk_grid(w, dec->types[0], base, ndims, gs, own, nown, order);
    for (int d = 0; d < ndims; d++)
        free(own[d]);
}

/* Appends t's type map, displaced by base. */
static void fz_walk_type(fz_walk *w, MPI_Datatype t, MPI_Count base)
{
    fz_dec dec;
    MPI_Count n, at;

    if (w->too_big)
        return;
    fz_decode(t, &dec);
    if (dec.comb == MPI_COMBINER_NAMED) {
        const fz_basic *b = fz_basic_of(t);

        FZ_ASSERT(b != NULL, "decoding reached predefined type %#x, not built", (unsigned)t);
        for (int i = 0; i < b->nparts; i++)
            fz_emit(w, base + b->off[i], b->len[i], b->unit[i]);
        w->elems += b->elems;
        return;
    }
    /* a part of size 0 adds nothing however often repeated */
    if (fz_size(t) == 0)
        goto out;
    switch (dec.comb) {
    case MPI_COMBINER_DUP:
    case MPI_COMBINER_RESIZED:
        fz_walk_type(w, dec.types[0], base);
        break;
    case MPI_COMBINER_CONTIGUOUS:
        fz_walk_block(w, dec.types[0], base, fz_arg(&dec, 0, -1));
        break;
    case MPI_COMBINER_VECTOR:
    case MPI_COMBINER_HVECTOR: {
        MPI_Count bl = fz_arg(&dec, 1, -1), stride;

        n = fz_arg(&dec, 0, -1);
        stride = fz_arg(&dec, 2, dec.comb == MPI_COMBINER_HVECTOR ? 0 : -1);
        if (dec.comb == MPI_COMBINER_VECTOR &&
            !fz_at(w, 0, stride, fz_extent(dec.types[0]), 0, &stride))
            break;
        for (MPI_Count i = 0; i < n && !w->too_big; i++)
            if (fz_at(w, base, i, stride, 0, &at))
                fz_walk_block(w, dec.types[0], at, bl);
        break;
    }
    case MPI_COMBINER_INDEXED:
    case MPI_COMBINER_HINDEXED:
    case MPI_COMBINER_INDEXED_BLOCK:
    case MPI_COMBINER_HINDEXED_BLOCK:
    case MPI_COMBINER_STRUCT: {
        int blocked =
            dec.comb == MPI_COMBINER_INDEXED_BLOCK || dec.comb == MPI_COMBINER_HINDEXED_BLOCK;
        int bytes = dec.comb != MPI_COMBINER_INDEXED && dec.comb != MPI_COMBINER_INDEXED_BLOCK;
        int structure = dec.comb == MPI_COMBINER_STRUCT;

        n = fz_arg(&dec, 0, -1);
        for (MPI_Count i = 0; i < n && !w->too_big; i++) {
            MPI_Datatype old = dec.types[structure ? i : 0];
            MPI_Count bl = blocked ? fz_arg(&dec, 1, -1) : fz_arg(&dec, 1 + i, -1);
            MPI_Count di, k = blocked ? 2 + i : 1 + n + i;

            /* the byte displacements of an MPI (not large-count) record
             * are its addresses */
            if (bytes && dec.nc == 0)
                di = dec.addrs[i];
            else
                di = fz_arg(&dec, k, -1);
            if (fz_size(old) == 0)
                continue;
            if (fz_at(w, base, di, bytes ? 1 : fz_extent(old), 0, &at))
                fz_walk_block(w, old, at, bl);
        }
        break;
    }
    case MPI_COMBINER_SUBARRAY:
        fz_walk_subarray(w, &dec, base);
        break;
    case MPI_COMBINER_DARRAY:
        fz_walk_darray(w, &dec, base);
        break;
    default:
        FZ_ASSERT(0, "combiner %d not built by the fuzzer", dec.comb);
    }
out:
    fz_dec_free(&dec);
}

static void fz_walk_free(fz_walk *w)
{
    free(w->r);
    memset(w, 0, sizeof *w);
}

/* Whether two runs of the map write the same byte. */
static int fz_cmp_run(const void *a, const void *b)
{
    const fz_run *x = a, *y = b;

    return x->disp < y->disp ? -1 : x->disp > y->disp;
}

/* The bytes count copies of a type touch, extent apart, from true bounds
 * [tlb, tlb + textent): [*lo, *lo + *n).  Returns 0 when that is not a
 * small range near 0 (the data-moving checks are skipped then). */
static int fz_span(MPI_Count count, MPI_Count extent, MPI_Count tlb, MPI_Count textent,
                   MPI_Count *lo, MPI_Count *n)
{
    MPI_Count rep;

    if (textent < 0 || __builtin_mul_overflow(count - 1, extent, &rep) || rep > FZ_MAX_SPAN ||
        rep < -FZ_MAX_SPAN || tlb > FZ_MAX_SPAN || tlb < -FZ_MAX_SPAN || textent > FZ_MAX_SPAN)
        return 0;
    *lo = tlb + (rep < 0 ? rep : 0);
    *n = textent + (rep < 0 ? -rep : rep);
    return *n <= FZ_MAX_SPAN;
}

/* Whether two entries of count copies of the map, extent apart, share a
 * byte. */
static int fz_overlaps(const fz_walk *w, MPI_Count count, MPI_Count extent)
{
    size_t n = w->n * (size_t)count;
    fz_run *s = malloc((n + 1) * sizeof *s);
    int over = 0;

    FZ_ASSERT(s != NULL, "out of memory");
    for (MPI_Count c = 0; c < count; c++)
        for (size_t i = 0; i < w->n; i++) {
            s[(size_t)c * w->n + i] = w->r[i];
            s[(size_t)c * w->n + i].disp += c * extent;
        }
    qsort(s, n, sizeof *s, fz_cmp_run);
    for (size_t i = 1; i < n; i++)
        if (s[i].disp < s[i - 1].disp + s[i - 1].len)
            over = 1;
    free(s);
    return over;
}

/* Packs (or, with `unpack`, unpacks) count copies of the map, extent
 * apart, between base and out, by hand; external32 swaps each unit. */
static void fz_walk_copy(const fz_walk *w, char *base, MPI_Count count, MPI_Count extent,
                         unsigned char *out, int unpack, int external)
{
    size_t o = 0;

    for (MPI_Count c = 0; c < count; c++)
        for (size_t i = 0; i < w->n; i++) {
            const fz_run *r = &w->r[i];
            char *p = base + c * extent + r->disp;

            for (MPI_Count u = 0; u < r->len; u += r->unit, o += (size_t)r->unit)
                for (int k = 0; k < r->unit; k++) {
                    int from = external ? r->unit - 1 - k : k;

                    if (unpack)
                        p[u + from] = (char)out[o + (size_t)k];
                    else
                        out[o + (size_t)k] = (unsigned char)p[u + from];
                }
        }
}

#endif

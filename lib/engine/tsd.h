/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsd: the datatype engine, modelled on Open MPI's OPAL datatype layer.
 *
 * The engine knows type maps, bounds and descriptions; it never sees an MPI
 * handle, a combiner or an MPI error class.  Every count, size and
 * displacement is 64-bit and every arithmetic step that can overflow is
 * checked (TSD_ERR_OVERFLOW).
 *
 * Ownership: a derived tsd_type is owned by exactly one façade object and
 * references no other tsd_type (descriptions of children are copied in, as
 * OPAL does), so the engine needs no reference counts.  Predefined types
 * are static and immortal.
 */
#ifndef TSD_H
#define TSD_H

#include <stdatomic.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include "util/tsu.h"

/* Basic ids: platform-neutral, several MPI handles share one id. */
enum tsd_id {
    TSD_LOOP = 0,
    TSD_END_LOOP,
    TSD_LB,
    TSD_UB,
    TSD_INT1,
    TSD_INT2,
    TSD_INT4,
    TSD_INT8,
    TSD_INT16,
    TSD_UINT1,
    TSD_UINT2,
    TSD_UINT4,
    TSD_UINT8,
    TSD_UINT16,
    TSD_FLOAT2,
    TSD_BFLOAT2,
    TSD_FLOAT4,
    TSD_FLOAT8,
    TSD_FLOAT12,
    TSD_FLOAT16,
    TSD_COMPLEX4,
    TSD_COMPLEX8,
    TSD_COMPLEX16,
    TSD_COMPLEX32,
    TSD_BOOL,
    TSD_WCHAR,
    /* Same bytes in memory as INT8/UINT8/FLOAT16/COMPLEX32, but another
     * external32 form: C long is 4 bytes there, long double is x87
     * extended precision here and IEEE binary128 there. */
    TSD_LONG,
    TSD_ULONG,
    TSD_LDOUBLE,
    TSD_LDCOMPLEX,
    TSD_ID_MAX
};

/* Type flags (Open MPI's OPAL_DATATYPE_FLAG_*). */
#define TSD_FLAG_UNAVAILABLE 0x0001u
#define TSD_FLAG_PREDEFINED  0x0002u
#define TSD_FLAG_COMMITTED   0x0004u
#define TSD_FLAG_OVERLAP     0x0008u
#define TSD_FLAG_CONTIGUOUS  0x0010u
#define TSD_FLAG_NO_GAPS     0x0020u
#define TSD_FLAG_USER_LB     0x0040u
#define TSD_FLAG_USER_UB     0x0080u
#define TSD_FLAG_DATA        0x0100u
#define TSD_FLAG_BASIC                                                                             \
    (TSD_FLAG_PREDEFINED | TSD_FLAG_CONTIGUOUS | TSD_FLAG_NO_GAPS | TSD_FLAG_DATA |                \
     TSD_FLAG_COMMITTED)

/* One record of a description.  elem: `count` blocks of `blocklen`
 * contiguous basics, block i at disp + i * extent.  loop: the next
 * `items` records (its end_loop included) repeated `loops` times, each
 * iteration `extent` bytes further.  end_loop: closes a loop; the extra
 * one ending a committed description has items = records before it. */
typedef union tsd_rec {
    struct {
        uint16_t flags, type;
    } common;
    struct {
        uint16_t flags, type;
        int64_t count, blocklen, extent, disp;
    } elem;
    struct {
        uint16_t flags, type;
        int64_t loops, items, extent, unused;
    } loop;
    struct {
        uint16_t flags, type;
        int64_t items, unused, size, first_elem_disp;
    } end_loop;
} tsd_rec;

typedef struct tsd_desc {
    tsd_rec *rec; /* owned by the tsd_type (static for predefined) */
    int64_t used; /* records, not counting a committed final end_loop */
    size_t cap;
    /* rec is the type's own desc_small: never freed; growing moves the
     * records to the heap */
    int fixed;
} tsd_desc;

/* One contiguous run of a loop-free description: the pack fast path. */
typedef struct tsd_blk {
    int64_t disp, len;
} tsd_blk;

/* A stretch of udisp whose entries each start `unit` bytes: a list cut
 * in segments moves each with one constant-size copy (ddt_lammps: runs
 * of 3 doubles, then runs of 1, cost a move a run, not a move a double). */
typedef struct tsd_seg {
    int64_t unit, n;
} tsd_seg;

#define TSD_MAX_NAME 128
#define TSD_MAGIC    0x74736474u /* "tsdt" */

#define TSD_OPT_SMALL  3
#define TSD_DESC_SMALL 4

typedef struct tsd_type {
    uint32_t magic;
    uint16_t flags;
    uint16_t id;       /* basic id; 0 for derived, the source's for a clone */
    uint64_t bdt_used; /* bitset over enum tsd_id */
    int64_t size;
    int64_t true_lb, true_ub;
    int64_t lb, ub;
    int64_t nbElems;
    int64_t align;
    char name[TSD_MAX_NAME];
    tsd_desc desc;
    tsd_desc opt_desc;
    int64_t btypes[TSD_ID_MAX]; /* basic elements per id */
    int32_t opt_depth;          /* loops nested in opt_desc (set by commit) */
    uint64_t sig_hash;          /* tsd_signature, 0 until first asked for */
    uint64_t sig_raw;           /* tsd_signature_hash, once sig_hash is set */
    /* The type map's identity (tsd_ident_new): a dup keeps its source's,
     * so that a member repeated under several handles is still one
     * member, a loop when repeated at a constant step and one copy in the
     * budgets (struct{T@0, dup(T)@e + 8} nested doubles otherwise);
     * never 0 for a derived type. */
    uint64_t ident;
    tsd_blk *blk;     /* opt_desc as runs, when it is only runs */
    int64_t *udisp;   /* or, runs cut in blocks of blk_unit bytes */
    int64_t nblk;     /* entries of blk or udisp */
    int64_t blk_unit; /* 0 with blk, or with seg */
    tsd_seg *seg;     /* udisp in segments of their own unit, or NULL */
    int64_t nseg;
    /* OVERLAP not decided at commit (tsd_flags decides it each time,
     * tsd_overlap_settle once); atomic: settled under the caller's lock
     * while other threads read it */
    _Atomic int overlap_pending;
    /* tsd_copies_overlap's answer once asked (0 before): the smallest
     * count whose copies share a byte, INT64_MAX for none; a function of
     * the committed map alone, so two threads may both compute it */
    _Atomic int64_t copies_overlap;
    /* The runs form (tsd_runs.c).  A loop-free type made of runs of one
     * basic type (indexed, hindexed or struct of it, or a struct of such
     * types: halo lists, meshes, particle fields, millions of blocks) is
     * described by its block list alone, blk or udisp (with seg or not),
     * 8 to 16 bytes a run instead of a 40-byte record; desc.used
     * still counts its records, but desc.rec is made only when someone
     * asks (tsd_desc_of) and opt_desc.rec never (its records are desc's).
     * runs_id: that basic id, 0 for every other type; runs_sorted: each
     * run starts at or after the end of those before it; runs_lens_or:
     * the run lengths in bytes or-ed, whose lowest bit commit reads. */
    uint16_t runs_id;
    uint8_t runs_sorted;
    uint64_t runs_lens_or;
    /* runs_src: the blocks the constructors behind the list were given,
     * each member type counted once however often it is repeated (the
     * list may be at most RUNS_SPREAD times longer, tsd_build_runs.c): copies
     * of copies nested level after level would double the list at each,
     * while this grows by the blocks of each level only. */
    int64_t runs_src;
    /* opt_desc's records when they fit (end_loop included): a vector's
     * is one record, and its own allocation was a malloc and a free in
     * every small type's commit and free */
    tsd_rec opt_small[TSD_OPT_SMALL];
    /* desc's records while they fit: a vector's are three (desc.fixed) */
    tsd_rec desc_small[TSD_DESC_SMALL];
} tsd_type;

enum {
    TSD_OK = 0,
    TSD_ERR_NOMEM = 1,
    TSD_ERR_OVERFLOW = 2,
    TSD_ERR_ARG = 3,
    TSD_ERR_CONVERSION = 4, /* a value the external form cannot hold */
    TSD_ERR_TOO_BIG = 5,    /* a description past TSD_DESC_BUDGET */
};

/* Records of repeated copies a description may hold.  Repetition at a
 * constant step is a loop, so only a type repeated at irregular places
 * (struct{T@0, T@a, T@b} with b - a != a) is copied once per member, and
 * nesting such types grows the copies exponentially: past this many
 * records beyond one copy of each member type (160 MiB) the constructor
 * fails instead of exhausting memory. */
#define TSD_DESC_BUDGET ((int64_t)1 << 22)

/* ---- predefined (tsd_predefined.c) ---- */
TSU_HIDDEN const char *tsd_id_name(int id);
TSU_HIDDEN extern const int64_t tsd_id_bytes[TSD_ID_MAX];
static inline int64_t tsd_id_size(int id)
{
    return (id >= 0 && id < TSD_ID_MAX) ? tsd_id_bytes[id] : 0;
}
/* Fills a static predefined basic type; marker ids give MPI_LB/MPI_UB. */
TSU_HIDDEN void tsd_init_basic(tsd_type *t, tsd_rec *rec, int id, int64_t size, int64_t align,
                               const char *name);

/* ---- life cycle (tsd_type.c) ---- */
TSU_HIDDEN tsd_type *tsd_type_new(void);
/* A fresh tsd_type.ident, never 0. */
TSU_HIDDEN uint64_t tsd_ident_new(void);
TSU_HIDDEN void tsd_type_free(tsd_type *t);
TSU_HIDDEN int tsd_type_clone(const tsd_type *src, tsd_type **out);
/* Drops what commit built (opt_desc, block list, layout flags). */
TSU_HIDDEN void tsd_type_uncommit(tsd_type *t);
/* Room for `extra` more records and the final end_loop; the check is
 * inline (six a small type's build and commit, most with room to spare). */
TSU_HIDDEN int tsd_desc_grow(tsd_desc *d, int64_t extra);
static inline int tsd_desc_reserve(tsd_desc *d, int64_t extra)
{
    if (TSU_LIKELY(extra >= 0 && d->used < INT64_MAX - extra - 1 &&
                   (size_t)(d->used + extra + 1) <= d->cap && d->rec))
        return TSD_OK;
    return tsd_desc_grow(d, extra);
}
/* An elem record: count blocks of blocklen `type`s, extent bytes apart,
 * the first at disp (every other byte zero: records are compared and
 * hashed whole). */
static inline void tsd_elem_set(tsd_rec *r, int type, int64_t count, int64_t blocklen,
                                int64_t extent, int64_t disp)
{
    memset(r, 0, sizeof(*r));
    r->elem.flags = TSD_FLAG_DATA;
    r->elem.type = (uint16_t)type;
    r->elem.count = count;
    r->elem.blocklen = blocklen;
    r->elem.extent = extent;
    r->elem.disp = disp;
}
/* Displacement of the first basic element among n records (OPAL's
 * first_elem_disp); 0 when there is none. */
TSU_HIDDEN int64_t tsd_first_disp(const tsd_rec *rec, int64_t n);
static inline int64_t tsd_extent(const tsd_type *t)
{
    return t->ub - t->lb;
}
static inline int tsd_is_marker(const tsd_type *t)
{
    return (t->flags & TSD_FLAG_PREDEFINED) && (t->id == TSD_LB || t->id == TSD_UB);
}

/* A set of member types (open addressing over their addresses): the
 * builder's copied descriptions, the runs form's distinct members. */
typedef struct tsd_seen {
    const tsd_type **slot; /* owned: tsd_seen_free */
    size_t cap, n;
} tsd_seen;
/* 1 when t was not in the set (it is now), 0 when it was, -1 without
 * memory (tsd_builder.c). */
TSU_HIDDEN int tsd_seen_insert(tsd_seen *s, const tsd_type *t);
TSU_HIDDEN void tsd_seen_free(tsd_seen *s);

/* ---- construction (tsd_builder.c, tsd_bounds.c) ----
 * A builder accumulates members; tsd_build_finish() turns it into a type. */
typedef struct tsd_builder {
    tsd_type *t;
    int have_bounds; /* some non-marker member contributed bounds */
    int have_mlb, have_mub;
    int64_t data_lb, data_ub; /* non-sticky bound candidates */
    int64_t mlb, mub;         /* sticky marker bounds */
    int err;                  /* first error, reported by finish */
    /* Members repeating one child at a constant step wait here and enter
     * the description as one loop (tsd_builder.c): nested repetition stays
     * linear, not exponential. */
    /* The budget of copies (tsd_builder.c): records allowed so far, and the
     * set of long member descriptions already copied once (owned by the
     * builder). */
    int64_t allowance;
    tsd_seen seen;
    const tsd_type *rep;
    int64_t rep_count, rep_disp, rep_stride, rep_n, rep_step;
} tsd_builder;

TSU_HIDDEN int tsd_build_begin(tsd_builder *b, int64_t expected_records);
/* Appends `count` copies of `child`, the first at disp, each `stride`
 * bytes after the previous (OPAL's opal_datatype_add). */
TSU_HIDDEN int tsd_build_add(tsd_builder *b, const tsd_type *child, int64_t count, int64_t disp,
                             int64_t stride);
/* epsilon: round the extent up to the alignment (the struct rule of
 * MPI-1.1 §3.12.2, typeshim(7)):
 * TSD_EPS_NONE, TSD_EPS_ALWAYS, or TSD_EPS_MARKED (only with an MPI_LB
 * marker, for structs whose members are all of one type). */
enum { TSD_EPS_NONE = 0, TSD_EPS_ALWAYS = 1, TSD_EPS_MARKED = 2 };
TSU_HIDDEN int tsd_build_finish(tsd_builder *b, int epsilon, tsd_type **out);
/* The bounds, size and element counts of a member, and the final bounds
 * and flags of the type (tsd_bounds.c). */
TSU_HIDDEN int tsd_bounds_add(tsd_builder *b, const tsd_type *child, int64_t count, int64_t disp,
                              int64_t stride);
TSU_HIDDEN int tsd_bounds_finish(tsd_builder *b, int epsilon);
/* Enters the waiting repetition into the description, and frees what
 * only the adds needed (finish calls it). */
TSU_HIDDEN int tsd_build_flush(tsd_builder *b);
TSU_HIDDEN void tsd_build_abort(tsd_builder *b);

/* ---- constructors on the engine level (tsd_build.c) ---- */
TSU_HIDDEN int tsd_create_contiguous(int64_t count, const tsd_type *old, tsd_type **out);
TSU_HIDDEN int tsd_create_hvector(int64_t count, int64_t blocklen, int64_t stride,
                                  const tsd_type *old, tsd_type **out);
/* The blocks of an indexed-family or struct constructor as the caller
 * holds them, read in place (at most twice) and never kept: no converted
 * copy of a million blocks is made.  Block i has len32[i], len64[i] or (both NULL) `len` elements,
 * and starts disp32[i] or disp64[i] times `scale` bytes from the origin
 * (scale: the old type's extent for indexed, 1 for byte displacements). */
typedef struct tsd_blocks {
    int64_t count;
    const int32_t *len32;
    const int64_t *len64;
    int64_t len;
    const int32_t *disp32;
    const int64_t *disp64;
    int64_t scale;
} tsd_blocks;
/* The kinds of arrays: loops over a million blocks are specialised by
 * them (a constant kind makes the accessors below branch-free). */
enum { TSD_LEN32, TSD_LEN64, TSD_LEN1 };
enum { TSD_DISP32, TSD_DISP64 };
static inline int tsd_blocks_len_kind(const tsd_blocks *b)
{
    return b->len32 ? TSD_LEN32 : b->len64 ? TSD_LEN64 : TSD_LEN1;
}
static inline int64_t tsd_blocks_len_k(const tsd_blocks *b, int kind, int64_t i)
{
    return kind == TSD_LEN32 ? b->len32[i] : kind == TSD_LEN64 ? b->len64[i] : b->len;
}
static inline int64_t tsd_blocks_len(const tsd_blocks *b, int64_t i)
{
    return tsd_blocks_len_k(b, tsd_blocks_len_kind(b), i);
}
/* Block i's displacement as the caller gave it, in units of scale. */
static inline int64_t tsd_blocks_disp_units_k(const tsd_blocks *b, int kind, int64_t i)
{
    return kind == TSD_DISP32 ? b->disp32[i] : b->disp64[i];
}
/* 0, or TSD_ERR_OVERFLOW when the displacement in bytes passes 2^63. */
static inline int tsd_blocks_disp_k(const tsd_blocks *b, int kind, int64_t i, int64_t *bytes)
{
    int64_t d = tsd_blocks_disp_units_k(b, kind, i);
    if (b->scale == 1) {
        *bytes = d;
        return TSD_OK;
    }
    return tsu_mul(d, b->scale, bytes) ? TSD_ERR_OVERFLOW : TSD_OK;
}
static inline int tsd_blocks_disp(const tsd_blocks *b, int64_t i, int64_t *bytes)
{
    return tsd_blocks_disp_k(b, b->disp32 ? TSD_DISP32 : TSD_DISP64, i, bytes);
}
/* out = fn(b, len kind, disp kind, ...) with both kinds constant: one
 * copy of an always-inline loop per kind of arrays. */
#define TSD_BLOCKS_SPECIALISE(b, out, fn, ...)                                                     \
    do {                                                                                           \
        int k_ = tsd_blocks_len_kind(b) * 2 + ((b)->disp32 ? TSD_DISP32 : TSD_DISP64);             \
        if (k_ == TSD_LEN32 * 2 + TSD_DISP32)                                                      \
            out = fn(b, TSD_LEN32, TSD_DISP32, __VA_ARGS__);                                       \
        else if (k_ == TSD_LEN32 * 2 + TSD_DISP64)                                                 \
            out = fn(b, TSD_LEN32, TSD_DISP64, __VA_ARGS__);                                       \
        else if (k_ == TSD_LEN64 * 2 + TSD_DISP32)                                                 \
            out = fn(b, TSD_LEN64, TSD_DISP32, __VA_ARGS__);                                       \
        else if (k_ == TSD_LEN64 * 2 + TSD_DISP64)                                                 \
            out = fn(b, TSD_LEN64, TSD_DISP64, __VA_ARGS__);                                       \
        else if (k_ == TSD_LEN1 * 2 + TSD_DISP32)                                                  \
            out = fn(b, TSD_LEN1, TSD_DISP32, __VA_ARGS__);                                        \
        else                                                                                       \
            out = fn(b, TSD_LEN1, TSD_DISP64, __VA_ARGS__);                                        \
    } while (0)
TSU_HIDDEN int tsd_create_blocks(const tsd_blocks *blocks, const tsd_type *old, tsd_type **out);
/* epsilon: apply the struct padding rule (the façade decides). */
TSU_HIDDEN int tsd_create_struct_blocks(const tsd_blocks *blocks, const tsd_type *const *types,
                                        int epsilon, tsd_type **out);
/* The same over 64-bit arrays, disps in bytes; blocklens == NULL means
 * every block has `blocklen`. */
TSU_HIDDEN int tsd_create_hindexed(int64_t count, const int64_t *blocklens, int64_t blocklen,
                                   const int64_t *disps, const tsd_type *old, tsd_type **out);
TSU_HIDDEN int tsd_create_struct(int64_t count, const int64_t *blocklens, const int64_t *disps,
                                 const tsd_type *const *types, int epsilon, tsd_type **out);
TSU_HIDDEN int tsd_create_resized(const tsd_type *old, int64_t lb, int64_t extent, tsd_type **out);
TSU_HIDDEN int tsd_create_dup(const tsd_type *old, tsd_type **out);

/* subarray / darray: order 0 = C, 1 = Fortran; distribs as MPI values
 * mapped by the façade to TSD_DIST_*. */
enum { TSD_ORDER_C = 0, TSD_ORDER_FORTRAN = 1 };
enum { TSD_DIST_NONE = 0, TSD_DIST_BLOCK = 1, TSD_DIST_CYCLIC = 2 };
#define TSD_DARG_DEFAULT (-1)
TSU_HIDDEN int tsd_create_subarray(int ndims, const int64_t *sizes, const int64_t *subsizes,
                                   const int64_t *starts, int order, const tsd_type *old,
                                   tsd_type **out);
TSU_HIDDEN int tsd_create_darray(int size, int rank, int ndims, const int64_t *gsizes,
                                 const int *distribs, const int *dargs, const int *psizes,
                                 int order, const tsd_type *old, tsd_type **out);

/* ---- commit (tsd_commit.c, tsd_overlap.c) ---- */
TSU_HIDDEN int tsd_commit(tsd_type *t);
/* The flags, OVERLAP included when commit left it undecided (an unordered
 * description: deciding costs a sort, paid only by who asks). */
TSU_HIDDEN unsigned tsd_flags(const tsd_type *t);
/* Decides a pending OVERLAP for good and records it in t->flags: 1 when
 * the type map overlaps, 0 when not, -1 out of memory.  The caller holds
 * whatever serialises writers of t. */
TSU_HIDDEN int tsd_overlap_settle(tsd_type *t);
/* 1 when two blocks of the description share a byte, 0 when none do (or,
 * for a description too irregular to decide past 2^20 blocks, unknown),
 * -1 when out of memory.  cheap: no allocation and no sort, and
 * TSD_OVERLAP_UNDECIDED when that is not enough. */
#define TSD_OVERLAP_UNDECIDED 2
TSU_HIDDEN int tsd_desc_overlap(const tsd_desc *d, int cheap);
/* count elements of t side by side, element k at k * extent (a receive
 * of count elements, the map of contiguous(count, t)): whether two copies
 * can share a byte at all.  A copy's data lies in [true_lb, true_ub), so
 * copies farther apart than that span are disjoint, and a type with no
 * data never overlaps: three compares, and false for every predefined
 * type and every type whose extent covers its data. */
static inline int tsd_copies_may_overlap(const tsd_type *t, int64_t count)
{
    int64_t e;

    if (TSU_LIKELY(count < 2))
        return 0;
    e = tsd_extent(t);
    return t->size > 0 &&
           (uint64_t)(t->true_ub - t->true_lb) > (e < 0 ? (uint64_t)0 - (uint64_t)e : (uint64_t)e);
}
/* The smallest count > 1 whose copies of committed t (whose own map does
 * not overlap) share a byte: copies 0 and the result - 1 do; INT64_MAX
 * when no count's copies do, or when deciding passes the work limit
 * (tsd_overlap.c); -1 out of memory.  Decided once and kept in t. */
TSU_HIDDEN int64_t tsd_copies_overlap(tsd_type *t);

/* ---- the runs form (tsd_runs.c) ----
 * A type's description and optimised description as records: for the
 * runs form made on first use (thread safe, kept until the type is
 * freed; desc and opt_desc are the same records there); NULL only then,
 * when out of memory.  Rare paths (dump, external32, nesting the type in
 * another, checks) read records; pack, commit and signature do not. */
TSU_HIDDEN const tsd_desc *tsd_desc_of(const tsd_type *t);
TSU_HIDDEN const tsd_desc *tsd_opt_of(const tsd_type *t);
/* Writes the list of runs-form t (runs_id, runs_lens_or, size and
 * desc.used = the runs, set) from its basic blocks: the constructor's
 * second pass. */
TSU_HIDDEN int tsd_runs_fill(tsd_type *t, const tsd_blocks *blocks);
/* The unit of a pack list of `runs` runs, `bytes` in all, whose lengths
 * or-ed are lens_or: a power of two up to 16 bytes that divides every run,
 * when the runs average at most 3 such units (a displacement per unit
 * then moves without a branch; short runs of varying length cost a
 * mispredicted branch each), else 0 (an entry per run). */
static inline int64_t tsd_list_unit(uint64_t lens_or, int64_t bytes, int64_t runs)
{
    uint64_t low = lens_or & (~lens_or + 1);
    int64_t g = low > 16 ? 16 : (int64_t)low;

    return g > 0 && bytes / g <= 3 * runs ? g : 0;
}
/* Gives t its pack list from the runs blk[n] (lens_or: their lengths
 * or-ed; bytes: their sum): blk kept as it is (t owns it then), or a
 * displacement per unit tsd_list_unit picks, cut in segments of one unit
 * each (t->seg, tsd_seg.c) when that saves a tenth of the moves (blk
 * freed).  Lengths may be 0.  On failure blk is freed. */
TSU_HIDDEN int tsd_list_take(tsd_type *t, tsd_blk *blk, int64_t n, uint64_t lens_or, int64_t bytes);
/* Gives runs-form t (runs_id set) its list from the runs blk[n], in
 * order, none touching the next: kept as it is (t owns blk then) or cut
 * in units (blk freed); sets desc.used, runs_sorted and runs_lens_or.
 * On failure blk is freed. */
TSU_HIDDEN int tsd_runs_take(tsd_type *t, tsd_blk *blk, int64_t n);
/* The runs of runs-form t as (disp, bytes), in order, into out
 * (desc.used entries). */
TSU_HIDDEN void tsd_runs_list(const tsd_type *t, tsd_blk *out);
/* Commit of a runs-form type: its flags. */
TSU_HIDDEN int tsd_runs_commit(tsd_type *t);
/* 1 when two runs share a byte, 0 when not, -1 out of memory. */
TSU_HIDDEN int tsd_runs_overlap(const tsd_type *t);
/* Displacement of the first run. */
TSU_HIDDEN int64_t tsd_runs_first(const tsd_type *t);

/* ---- where a stream range lives (tsd_iov.c) ----
 * emit(arg, disp, len) for each contiguous block of memory holding bytes
 * [first, last) of the packed stream of (count, t), in stream order,
 * touching blocks joined; disp is relative to the buffer's origin.  emit
 * returns nonzero to stop the walk (the block it was given counts as
 * taken).  t committed, 0 <= first <= last <= count * t->size (the caller
 * checks).  TSD_ERR_NOMEM only when records or a deep stack cannot be
 * made. */
typedef int tsd_iov_fn(void *arg, int64_t disp, int64_t len);
TSU_HIDDEN int tsd_iov(const tsd_type *t, int64_t count, int64_t first, int64_t last,
                       tsd_iov_fn *emit, void *arg);

/* ---- pack and unpack (tsd_pack.c) ----
 * Bytes [first, last) of the packed stream of (buf, count, t) are copied
 * to (pack) or from (unpack) `packed`, which holds exactly those bytes.
 * t is committed; 0 <= first <= last <= count * t->size (the caller
 * checks).  TSD_ERR_NOMEM only for types nested deeper than 15 loops. */
TSU_HIDDEN int tsd_pack(const tsd_type *t, const void *buf, int64_t count, int64_t first,
                        int64_t last, void *packed);
TSU_HIDDEN int tsd_unpack(const tsd_type *t, void *buf, int64_t count, int64_t first, int64_t last,
                          const void *packed);

/* Bytes [*first, *last), relative to the buffer, that count > 0
 * elements of t can touch (true bounds, replicated by the extent). */
static inline void tsd_span(const tsd_type *t, int64_t count, int64_t *first, int64_t *last)
{
    int64_t step = (count - 1) * tsd_extent(t);

    *first = t->true_lb + (step < 0 ? step : 0);
    *last = t->true_ub + (step > 0 ? step : 0);
}

/* ---- typed copy (tsd_copy.c) ----
 * (src, count, st) into (dst, count, dt); the signatures must be equal
 * (the caller checks); the memory may overlap. */
TSU_HIDDEN int tsd_copy(const tsd_type *st, const void *src, const tsd_type *dt, void *dst,
                        int64_t count);
/* The loops a pack or unpack walk keeps on the C stack: a type nested
 * deeper (opt_depth + 1 above it) takes a block for its walk. */
#define TSD_STACK_INLINE 16
/* tsd_copy without a block of its own: TSD_ERR_NOMEM, nothing written,
 * where tsd_copy would allocate (overlapping source and destination, an
 * element larger than its bounce buffer, a type nested deeper than
 * TSD_STACK_INLINE loops). */
TSU_HIDDEN int tsd_copy_unstaged(const tsd_type *st, const void *src, const tsd_type *dt, void *dst,
                                 int64_t count);
/* tsd_copy_unstaged with its commonest case inline, for a runtime's
 * messages: two committed types of one block each (TSD_FLAG_NO_GAPS)
 * whose opt_desc (not runs) says where it starts, one memmove. */
static inline int tsd_copy_quick(const tsd_type *st, const void *src, const tsd_type *dt, void *dst,
                                 int64_t count)
{
    if ((st->flags & dt->flags & TSD_FLAG_NO_GAPS) && !st->runs_id && !dt->runs_id &&
        st->opt_desc.used && dt->opt_desc.used) {
        memmove((char *)dst + dt->opt_desc.rec[0].elem.disp,
                (const char *)src + st->opt_desc.rec[0].elem.disp, (size_t)(count * st->size));
        return TSD_OK;
    }
    return tsd_copy_unstaged(st, src, dt, dst, count);
}

/* ---- external32 (tsd_external.c) ----
 * Bytes of one element of t in external32. */
TSU_HIDDEN int64_t tsd_external32_size(const tsd_type *t);
/* (buf, count, t) to (unpack 0) or from (unpack 1) external32 bytes. */
TSU_HIDDEN int tsd_external32(const tsd_type *t, void *buf, int64_t count, void *external,
                              int unpack);

/* ---- signature (tsd_signature.c) ----
 * The records whose sequence is t's signature: desc, or for the runs form
 * one elem of all its elements (one basic type: runs do not show in the
 * signature), written to *one.  No records are made for it. */
TSU_HIDDEN const tsd_rec *tsd_sig_records(const tsd_type *t, tsd_rec *one, int64_t *n);
/* Basic elements wholly inside the first `bytes` packed bytes of a stream
 * of t (size > 0); *rest gets the bytes of an incomplete last element. */
TSU_HIDDEN int64_t tsd_elements_in(const tsd_type *t, int64_t bytes, int64_t *rest);
/* Packed bytes of the first `elems` basic elements of a stream of t
 * (nbElems > 0); -1 when that passes 2^63 - 1. */
TSU_HIDDEN int64_t tsd_bytes_of_elements(const tsd_type *t, int64_t elems);
/* Equal for types with equal signatures (the sequence of basic ids). */
TSU_HIDDEN uint64_t tsd_signature_hash(const tsd_type *t);
/* The same, cached in the type on first use (thread safe, never 0). */
TSU_HIDDEN uint64_t tsd_signature(const tsd_type *t);
/* Lengths of the signatures of (count, t), count copies of t's, in basic
 * elements: they can pass 2^64 (count and nbElems each reach 2^63 - 1). */
typedef unsigned __int128 tsd_u128;
/* tsd_signature_hash of the first `elems` basic elements of the signature
 * of (count, t), for any count that has them: equal for equal sequences
 * whatever the types and counts.  Costs t's records (cached hash), not
 * its elements. */
TSU_HIDDEN uint64_t tsd_signature_prefix(const tsd_type *t, tsd_u128 elems);

/* ---- type matching (tsd_sigmatch.c) ---- */
/* match: 1 when the signature of (scount, s) is a prefix of that of
 * (rcount, r) (equal 0) or equal to it (equal 1).  On a match `at` is the
 * first one's length; on a mismatch the elements they have in common,
 * then basic id sid in the first and rid in the second (0 where a
 * signature has ended). */
typedef struct tsd_sigdiff {
    int match;
    int sid, rid;
    tsd_u128 at;
    tsd_u128 slen, rlen; /* the two signatures' lengths */
} tsd_sigdiff;
/* TSD_OK, or TSD_ERR_NOMEM (descriptions nested past 16 loops need a
 * stack of their own).  Never visits elements one by one: see the file. */
TSU_HIDDEN int tsd_sig_match(const tsd_type *s, int64_t scount, const tsd_type *r, int64_t rcount,
                             int equal, tsd_sigdiff *d);
/* A run of a signature: len elements of basic id `id`. */
typedef struct tsd_sigrun {
    int id;
    tsd_u128 len;
} tsd_sigrun;
/* The first runs (at most max, maximal: no two neighbours share an id) of
 * the signature of (count, t) into runs; returns how many, or -1 out of
 * memory.  *more: whether more follow. */
TSU_HIDDEN int tsd_sig_runs(const tsd_type *t, int64_t count, tsd_sigrun *runs, int max, int *more);

/* ---- dump (tsd_dump.c) ---- */
/* The dump of typeshim(7), DUMP FORMAT.  mpi_names[id], when mpi_names
 * and it are not NULL, is the MPI name of basic kind `id` in t (the
 * engine never sees MPI handles: the façade knows which it was built
 * from); desc and the type map show it beside or instead of the kind. */
TSU_HIDDEN void tsd_dump(const tsd_type *t, const char *const *mpi_names, FILE *out);
TSU_HIDDEN void tsd_flags_str(unsigned flags, char *buf, size_t len);

/* ---- integrity (tsd_type.c): used when TYPESHIM_DEBUG_CHECK is set ---- */
TSU_HIDDEN int tsd_check(const tsd_type *t);

#endif /* TSD_H */

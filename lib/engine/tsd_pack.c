/* SPDX-License-Identifier: BSD-3-Clause */
/* Pack and unpack: walking opt_desc with an explicit stack (as OPAL does).
 *
 * The packed stream of (base, count, t) is the bytes of the type map in
 * order, element after element.  Two walkers produce it:
 * - walk_all: every byte of every element, no bookkeeping but the stack;
 * - walk_range: bytes [first, last) only; whole records, loop iterations
 *   and elements before `first` are skipped by arithmetic, so a segment
 *   costs what it copies plus one descent, and needs no saved state.
 * Both are written once and specialised per direction (DIR_PACK copies
 * user -> packed, DIR_UNPACK packed -> user) by inlining.
 *
 * User addresses are computed as integers: with MPI_BOTTOM the base is 0
 * and the displacements are absolute addresses. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"
#include "engine/tsd_copy_kernels.h"

enum { DIR_PACK = 0, DIR_UNPACK = 1 };

typedef struct frame {
    const tsd_rec *body; /* first record of the loop body */
    int64_t left;        /* iterations still to run, this one included */
    uintptr_t base;      /* user address of this iteration's origin */
    int64_t extent;
} frame;

/* Small stacks live on the C stack; deeper types (rare) on the heap. */
#define STACK_INLINE TSD_STACK_INLINE

static TSU_ALWAYS_INLINE char *uaddr(uintptr_t base, int64_t disp)
{
    return (char *)(base + (uintptr_t)disp);
}

/* n blocks of b bytes, `stride` apart in user memory, contiguous in the
 * packed stream. */
static TSU_ALWAYS_INLINE void move_blocks(int dir, char *user, char *packed, int64_t n, int64_t b,
                                          int64_t stride)
{
    if (n == 1 || stride == b) {
        if (dir == DIR_PACK)
            tsd_copy_block(packed, user, n * b);
        else
            tsd_copy_block(user, packed, n * b);
    } else if (dir == DIR_PACK) {
        tsd_copy_strided(packed, user, n, b, b, stride);
    } else {
        tsd_copy_strided(user, packed, n, b, stride, b);
    }
}

static TSU_ALWAYS_INLINE int64_t elem_bytes(const tsd_rec *r)
{
    return r->elem.blocklen * tsd_id_size(r->elem.type);
}

/* ------------------------------------------------------------ walk_all */

static TSU_ALWAYS_INLINE char *walk_all(int dir, const tsd_type *t, uintptr_t base, int64_t count,
                                        char *packed, frame *st)
{
    const tsd_rec *r = t->opt_desc.rec;
    int sp = 0;

    st[0].body = r;
    st[0].left = count;
    st[0].base = base;
    st[0].extent = tsd_extent(t);
    for (;;) {
        switch (r->common.type) {
        case TSD_LOOP:
            sp++;
            st[sp].body = r + 1;
            st[sp].left = r->loop.loops;
            st[sp].base = st[sp - 1].base;
            st[sp].extent = r->loop.extent;
            r++;
            break;
        case TSD_END_LOOP:
            if (--st[sp].left > 0) {
                st[sp].base += (uintptr_t)st[sp].extent;
                r = st[sp].body;
            } else if (sp == 0) {
                return packed;
            } else {
                sp--;
                r++;
            }
            break;
        default: {
            int64_t b = elem_bytes(r);
            move_blocks(dir, uaddr(st[sp].base, r->elem.disp), packed, r->elem.count, b,
                        r->elem.extent);
            packed += r->elem.count * b;
            r++;
        }
        }
    }
}

/* One elem record covering the whole element: vectors, contiguous types,
 * strided runs.  The count of elements becomes one more level of stride. */
static TSU_ALWAYS_INLINE int single_elem(int dir, const tsd_type *t, uintptr_t base, int64_t count,
                                         char *packed)
{
    const tsd_rec *r = t->opt_desc.rec;
    int64_t b, ext = tsd_extent(t);

    if (t->opt_desc.used != 1 || r->common.type < TSD_INT1)
        return 0;
    b = elem_bytes(r);
    if (r->elem.count == 1 || r->elem.extent == b) {
        /* each element is one run of t->size bytes */
        move_blocks(dir, uaddr(base, r->elem.disp), packed, count, t->size, ext);
        return 1;
    }
    for (int64_t i = 0; i < count; i++, base += (uintptr_t)ext, packed += t->size)
        move_blocks(dir, uaddr(base, r->elem.disp), packed, r->elem.count, b, r->elem.extent);
    return 1;
}

/* One unit of U bytes between the user address base + disp and packed. */
#define UNIT_MOVE(U, disp, packed)                                                                 \
    do {                                                                                           \
        char *user_ = uaddr(base, (disp));                                                         \
        if (dir == DIR_PACK)                                                                       \
            TSD_MOVE((packed), user_, U);                                                          \
        else                                                                                       \
            TSD_MOVE(user_, (packed), U);                                                          \
    } while (0)

/* Units of U bytes at the displacements [d, e): a constant-size move
 * each, no branch; four a step, whose loads and stores are independent
 * (a gather of 4-byte floats ran 1.4x slower one at a time).  Advances
 * d and packed. */
#define UNIT_MOVES(U, d, e)                                                                        \
    do {                                                                                           \
        for (; (e) - (d) >= 4; (d) += 4, packed += 4 * (U)) {                                      \
            UNIT_MOVE(U, (d)[0], packed);                                                          \
            UNIT_MOVE(U, (d)[1], packed + (U));                                                    \
            UNIT_MOVE(U, (d)[2], packed + 2 * (U));                                                \
            UNIT_MOVE(U, (d)[3], packed + 3 * (U));                                                \
        }                                                                                          \
        for (; (d) < (e); (d)++, packed += (U))                                                    \
            UNIT_MOVE(U, *(d), packed);                                                            \
    } while (0)

/* Blocks of one size U at the displacements udisp. */
#define UNIT_BLOCKS(U)                                                                             \
    for (int64_t i = 0; i < count; i++, base += (uintptr_t)ext) {                                  \
        const int64_t *d = t->udisp, *e = d + t->nblk;                                             \
        UNIT_MOVES(U, d, e);                                                                       \
    }

/* A segmented list (ddt_lammps: runs of 3 doubles, then runs of 1):
 * each segment's entries moved with its unit's constant-size copy. */
#define SEG_UNITS(U)                                                                               \
    do {                                                                                           \
        const int64_t *e = d + s->n;                                                               \
        UNIT_MOVES(U, d, e);                                                                       \
    } while (0)
static TSU_ALWAYS_INLINE void seg_blocks(int dir, const tsd_type *t, uintptr_t base, int64_t count,
                                         char *packed)
{
    int64_t ext = tsd_extent(t);

    for (int64_t i = 0; i < count; i++, base += (uintptr_t)ext) {
        const int64_t *d = t->udisp;
        for (const tsd_seg *s = t->seg; s < t->seg + t->nseg; s++) {
            switch (s->unit) { /* the units tsd_seg.c's seg_units lists */
            case 32:
                SEG_UNITS(32);
                break;
            case 24:
                SEG_UNITS(24);
                break;
            case 16:
                SEG_UNITS(16);
                break;
            case 12:
                SEG_UNITS(12);
                break;
            case 8:
                SEG_UNITS(8);
                break;
            case 4:
                SEG_UNITS(4);
                break;
            case 2:
                SEG_UNITS(2);
                break;
            default:
                SEG_UNITS(1);
                break;
            }
        }
    }
}

/* Run k of an element at user base: to or from packed + o<k>. */
#define RUN_MOVE(k)                                                                                \
    do {                                                                                           \
        if (dir == DIR_PACK)                                                                       \
            tsd_copy_block(packed + o##k, uaddr(base, d##k), n##k);                                \
        else                                                                                       \
            tsd_copy_block(uaddr(base, d##k), packed + o##k, n##k);                                \
    } while (0)

/* Two or three runs an element (a struct of a few fields): the list read
 * once into registers, not once per element (struct40: 1.4x). */
static TSU_ALWAYS_INLINE void few_runs(int dir, const tsd_blk *blk, int64_t nb, uintptr_t base,
                                       int64_t count, int64_t ext, char *packed)
{
    const int64_t d0 = blk[0].disp, n0 = blk[0].len, o0 = 0;
    const int64_t d1 = blk[1].disp, n1 = blk[1].len, o1 = n0;
    const int64_t d2 = nb > 2 ? blk[2].disp : 0, n2 = nb > 2 ? blk[2].len : 0, o2 = n0 + n1;
    const int64_t size = n0 + n1 + n2;

    if (nb == 2) {
        for (int64_t i = 0; i < count; i++, base += (uintptr_t)ext, packed += size) {
            RUN_MOVE(0);
            RUN_MOVE(1);
        }
        return;
    }
    for (int64_t i = 0; i < count; i++, base += (uintptr_t)ext, packed += size) {
        RUN_MOVE(0);
        RUN_MOVE(1);
        RUN_MOVE(2);
    }
}

/* Elements a column pass takes: their user bytes stay in the L1 cache
 * while each run is moved for all of them. */
#define COLUMN_BYTES 16384
/* Past this many user bytes the data comes from memory, and the passes
 * after a group's first leave memory idle (64 MiB of struct40: 0.72x the
 * hand loop in columns): element by element keeps it streaming. */
#define COLUMN_SPAN (1 << 20)

/* Runs of small elements (an array of structs), a run at a time for a
 * group of elements: each pass is a strided copy of one constant length,
 * whose loop has no branch, where element after element every run costs
 * its length tests (struct40: 2.2 -> 1.5 ns an element, the hand loop's
 * speed).  It changes the order of the moves, not which bytes move where:
 * an unpack may use it only when no user byte is written twice
 * (column_order_safe). */
static TSU_ALWAYS_INLINE void columns(int dir, const tsd_blk *blk, int64_t nb, uintptr_t base,
                                      int64_t count, int64_t ext, int64_t size, char *packed)
{
    const int64_t group = COLUMN_BYTES / ext;

    for (int64_t done = 0; done < count; done += group) {
        int64_t k = tsu_min(group, count - done), o = 0;
        for (const tsd_blk *b = blk; b < blk + nb; o += b->len, b++) {
            char *user = uaddr(base, b->disp);
            if (dir == DIR_PACK)
                tsd_copy_strided(packed + o, user, k, b->len, size, ext);
            else
                tsd_copy_strided(user, packed + o, k, b->len, ext, size);
        }
        base += (uintptr_t)(k * ext);
        packed += k * size;
    }
}

/* Whether count elements of t may be moved in columns: several runs,
 * elements small enough to group, at most COLUMN_SPAN bytes in all, and
 * for an unpack a type map whose bytes are each written once (no overlap
 * inside an element, decided at commit, and elements that do not
 * interleave), so that the order of the writes cannot show. */
static TSU_ALWAYS_INLINE int column_order_safe(int dir, const tsd_type *t, int64_t count,
                                               int64_t ext)
{
    if (t->nblk < 2 || count < 2 || ext <= 0 || ext > COLUMN_BYTES / 8 || count > COLUMN_SPAN / ext)
        return 0;
    if (dir == DIR_PACK)
        return 1;
    return !(t->flags & TSD_FLAG_OVERLAP) &&
           !atomic_load_explicit(&t->overlap_pending, memory_order_relaxed) &&
           ext >= t->true_ub - t->true_lb;
}

/* A loop-free description of runs: its block list, element by element. */
static TSU_ALWAYS_INLINE void blocks_all(int dir, const tsd_type *t, uintptr_t base, int64_t count,
                                         char *packed)
{
    const tsd_blk *blk, *end;
    int64_t ext = tsd_extent(t);

    if (t->seg) {
        seg_blocks(dir, t, base, count, packed);
        return;
    }
    switch (t->blk_unit) {
    case 0:
        break;
    case 1:
        UNIT_BLOCKS(1);
        return;
    case 2:
        UNIT_BLOCKS(2);
        return;
    case 4:
        UNIT_BLOCKS(4);
        return;
    case 8:
        UNIT_BLOCKS(8);
        return;
    case 16:
        UNIT_BLOCKS(16);
        return;
    default:
        break;
    }
    /* only now: with udisp in use, blk is NULL and NULL + nblk undefined */
    blk = t->blk;
    end = blk + t->nblk;
    if (column_order_safe(dir, t, count, ext)) {
        columns(dir, blk, t->nblk, base, count, ext, t->size, packed);
        return;
    }
    if (t->nblk == 2 || t->nblk == 3) { /* constant counts: two copies */
        if (t->nblk == 2)
            few_runs(dir, blk, 2, base, count, ext, packed);
        else
            few_runs(dir, blk, 3, base, count, ext, packed);
        return;
    }
    for (int64_t i = 0; i < count; i++, base += (uintptr_t)ext) {
        for (const tsd_blk *b = blk; b < end; b++) {
            char *user = uaddr(base, b->disp);
            if (dir == DIR_PACK)
                tsd_copy_block(packed, user, b->len);
            else
                tsd_copy_block(user, packed, b->len);
            packed += b->len;
        }
    }
}

/* Bytes [first, last) of one element of a runs-form type (0 <= first <
 * last <= t->size), its origin at `base`; packed points at byte `first`.
 * It has no records to walk: units are found by division, runs by a walk
 * of the list. */
static TSU_ALWAYS_INLINE void runs_range(int dir, const tsd_type *t, uintptr_t base, int64_t first,
                                         int64_t last, char *packed)
{
    int64_t pos = 0, g = t->blk_unit;

    if (t->seg) {
        const int64_t *d = t->udisp;
        for (const tsd_seg *s = t->seg; s < t->seg + t->nseg && pos < last; d += s->n, s++) {
            int64_t u = s->unit, end = pos + s->n * u;
            for (int64_t k = first > pos ? (first - pos) / u : 0; k < s->n && pos + k * u < last;
                 k++) {
                int64_t lo = tsu_max(pos + k * u, first), hi = tsu_min(pos + k * u + u, last);
                move_blocks(dir, uaddr(base, d[k] + (lo - pos - k * u)), packed + (lo - first), 1,
                            hi - lo, 0);
            }
            pos = end;
        }
        return;
    }
    if (t->udisp) {
        for (int64_t k = first / g; k * g < last; k++) {
            int64_t lo = tsu_max(k * g, first), hi = tsu_min(k * g + g, last);
            move_blocks(dir, uaddr(base, t->udisp[k] + (lo - k * g)), packed + (lo - first), 1,
                        hi - lo, 0);
        }
        return;
    }
    for (const tsd_blk *b = t->blk, *e = b + t->nblk; b < e && pos < last; pos += b->len, b++) {
        int64_t lo = tsu_max(pos, first), hi = tsu_min(pos + b->len, last);
        if (lo < hi)
            move_blocks(dir, uaddr(base, b->disp + (lo - pos)), packed + (lo - first), 1, hi - lo,
                        0);
    }
}

/* ---------------------------------------------------------- walk_range */

/* Bytes [first, last) of one element (0 <= first < last <= t->size) whose
 * origin is at user address `base`; packed points at byte `first`. */
static TSU_ALWAYS_INLINE void walk_range(int dir, const tsd_type *t, uintptr_t base, int64_t first,
                                         int64_t last, char *packed, frame *st)
{
    const tsd_rec *r = t->opt_desc.rec;
    int64_t pos = 0; /* stream offset, within the element, of record r */
    int sp = 0;

    st[0].body = r;
    st[0].left = 1;
    st[0].base = base;
    st[0].extent = 0;
    for (;;) {
        switch (r->common.type) {
        case TSD_LOOP: {
            const tsd_rec *end = r + r->loop.items;
            int64_t bsz = end->end_loop.size, k = 0;
            if (pos + r->loop.loops * bsz <= first) {
                pos += r->loop.loops * bsz;
                r = end + 1;
                break;
            }
            if (pos < first) {
                k = (first - pos) / bsz;
                pos += k * bsz;
            }
            sp++;
            st[sp].body = r + 1;
            st[sp].left = r->loop.loops - k;
            st[sp].base = st[sp - 1].base + (uintptr_t)(k * r->loop.extent);
            st[sp].extent = r->loop.extent;
            r++;
            break;
        }
        case TSD_END_LOOP:
            if (pos >= last || sp == 0)
                return;
            if (--st[sp].left > 0) {
                st[sp].base += (uintptr_t)st[sp].extent;
                r = st[sp].body;
            } else {
                sp--;
                r++;
            }
            break;
        default: {
            int64_t b = elem_bytes(r), n = r->elem.count, stride = r->elem.extent;
            int64_t j = 0, off = 0, p, m;
            char *user = uaddr(st[sp].base, r->elem.disp);
            if (pos + n * b <= first) {
                pos += n * b;
                r++;
                break;
            }
            if (pos < first) {
                j = (first - pos) / b;
                off = (first - pos) - j * b;
            }
            p = pos + j * b;
            if (off) { /* the block `first` falls into */
                int64_t take = tsu_min(b, last - p) - off;
                move_blocks(dir, user + j * stride + off, packed + (p + off - first), 1, take, 0);
                p += b;
                j++;
            }
            if (p < last && j < n) { /* whole blocks */
                m = tsu_min(n - j, (last - p) / b);
                move_blocks(dir, user + j * stride, packed + (p - first), m, b, stride);
                p += m * b;
                j += m;
            }
            if (p < last && j < n) /* the block `last` falls into */
                move_blocks(dir, user + j * stride, packed + (p - first), 1, last - p, 0);
            pos += n * b;
            if (pos >= last)
                return;
            r++;
        }
        }
    }
}

/* --------------------------------------------------------- entry points */

static int with_stack(const tsd_type *t, frame *local, frame **st)
{
    *st = local;
    if (t->opt_depth + 1 > STACK_INLINE &&
        !(*st = tsu_malloc((size_t)(t->opt_depth + 1) * sizeof(frame)))) /* freed by caller */
        return TSD_ERR_NOMEM;
    return TSD_OK;
}

static TSU_ALWAYS_INLINE int run(int dir, const tsd_type *t, uintptr_t base, int64_t count,
                                 int64_t first, int64_t last, char *packed)
{
    frame local[STACK_INLINE], *st;
    int64_t size = t->size, ext = tsd_extent(t), k;

    if (first >= last || size == 0)
        return TSD_OK;
    if (first == 0 && last == count * size) {
        if (t->nblk) {
            blocks_all(dir, t, base, count, packed);
            return TSD_OK;
        }
        if (single_elem(dir, t, base, count, packed))
            return TSD_OK;
    }
    if (with_stack(t, local, &st))
        return TSD_ERR_NOMEM;
    k = first / size;
    if (first > k * size) { /* a partial first element */
        int64_t end = tsu_min(last, (k + 1) * size);
        if (t->runs_id)
            runs_range(dir, t, base + (uintptr_t)(k * ext), first - k * size, end - k * size,
                       packed);
        else
            walk_range(dir, t, base + (uintptr_t)(k * ext), first - k * size, end - k * size,
                       packed, st);
        packed += end - first;
        first = end;
        k++;
    }
    if (last / size > k) { /* whole elements */
        int64_t m = last / size - k;
        if (t->nblk)
            blocks_all(dir, t, base + (uintptr_t)(k * ext), m, packed);
        else if (!single_elem(dir, t, base + (uintptr_t)(k * ext), m, packed))
            walk_all(dir, t, base + (uintptr_t)(k * ext), m, packed, st);
        packed += m * size;
        first += m * size;
        k += m;
    }
    if (last > first && t->runs_id) /* a partial last element */
        runs_range(dir, t, base + (uintptr_t)(k * ext), 0, last - first, packed);
    else if (last > first)
        walk_range(dir, t, base + (uintptr_t)(k * ext), 0, last - first, packed, st);
    if (st != local)
        tsu_free(st);
    return TSD_OK;
}

int tsd_pack(const tsd_type *t, const void *buf, int64_t count, int64_t first, int64_t last,
             void *packed)
{
    return run(DIR_PACK, t, (uintptr_t)buf, count, first, last, packed);
}

int tsd_unpack(const tsd_type *t, void *buf, int64_t count, int64_t first, int64_t last,
               const void *packed)
{
    /* the walker is shared: in this direction it only reads `packed` */
    return run(DIR_UNPACK, t, (uintptr_t)buf, count, first, last, (char *)(uintptr_t)packed);
}

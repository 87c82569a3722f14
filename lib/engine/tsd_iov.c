/* SPDX-License-Identifier: BSD-3-Clause */
/* Where the bytes of a packed-stream range live: the memory of bytes
 * [first, last) of (count, t) as contiguous blocks, in stream order.
 *
 * The walk is walk_range's of tsd_pack.c (records, loop iterations and
 * elements before `first` skipped by arithmetic, so a range costs what it
 * reports plus one descent), reporting blocks instead of moving bytes.
 * Blocks that touch are joined before they are reported, so a caller
 * doing I/O through them (MPI-IO's file views) makes one request a run.
 * Displacements are relative to the buffer's origin and may be negative
 * (a type with a negative lower bound). */
#include "typeshim_config.h"

#include "engine/tsd.h"

typedef struct frame {
    const tsd_rec *body; /* first record of the loop body */
    int64_t left;        /* iterations still to run, this one included */
    int64_t base;        /* displacement of this iteration's origin */
    int64_t extent;
} frame;

#define STACK_INLINE 16

/* The block being joined, and where it goes. */
typedef struct iov {
    tsd_iov_fn *emit;
    void *arg;
    int64_t disp, len; /* pending; len 0: none */
    int stop;          /* emit asked to stop */
} iov;

/* Adds [disp, disp + len) after what came before; returns 1 once the
 * consumer has asked to stop. */
static int put(iov *v, int64_t disp, int64_t len)
{
    if (len == 0 || v->stop)
        return v->stop;
    if (v->len && v->disp + v->len == disp) {
        v->len += len;
        return 0;
    }
    if (v->len && v->emit(v->arg, v->disp, v->len)) {
        v->stop = 1;
        return 1;
    }
    v->disp = disp;
    v->len = len;
    return 0;
}

/* n blocks of b bytes, stride apart from disp. */
static int put_blocks(iov *v, int64_t disp, int64_t n, int64_t b, int64_t stride)
{
    if (stride == b || n == 1)
        return put(v, disp, n * b);
    for (int64_t j = 0; j < n; j++)
        if (put(v, disp + j * stride, b))
            return 1;
    return 0;
}

/* Bytes [first, last) of one element (0 <= first < last <= t->size) whose
 * origin is at displacement base; 1 once the consumer stopped. */
static int walk(const tsd_rec *r, int64_t base, int64_t first, int64_t last, frame *st, iov *v)
{
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
            st[sp].base = st[sp - 1].base + k * r->loop.extent;
            st[sp].extent = r->loop.extent;
            r++;
            break;
        }
        case TSD_END_LOOP:
            if (pos >= last || sp == 0)
                return 0;
            if (--st[sp].left > 0) {
                st[sp].base += st[sp].extent;
                r = st[sp].body;
            } else {
                sp--;
                r++;
            }
            break;
        default: {
            int64_t b = r->elem.blocklen * tsd_id_size(r->elem.type), n = r->elem.count;
            int64_t stride = r->elem.extent, at = st[sp].base + r->elem.disp;
            int64_t j = 0, off = 0, p, m;
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
                if (put(v, at + j * stride + off, tsu_min(b, last - p) - off))
                    return 1;
                p += b;
                j++;
            }
            if (p < last && j < n) { /* whole blocks */
                m = tsu_min(n - j, (last - p) / b);
                if (m > 0 && put_blocks(v, at + j * stride, m, b, stride))
                    return 1;
                p += m * b;
                j += m;
            }
            if (p < last && j < n && put(v, at + j * stride, last - p))
                return 1;
            pos += n * b;
            if (pos >= last)
                return 0;
            r++;
        }
        }
    }
}

int tsd_iov(const tsd_type *t, int64_t count, int64_t first, int64_t last, tsd_iov_fn *emit,
            void *arg)
{
    frame local[STACK_INLINE], *st = local;
    iov v = {emit, arg, 0, 0, 0};
    int64_t size = t->size, ext = tsd_extent(t), k;
    const tsd_desc *opt;
    int rc = TSD_OK;

    (void)count; /* the caller checked last <= count * size */
    if (first >= last || size == 0)
        return TSD_OK;
    if (!(opt = tsd_opt_of(t)))
        return TSD_ERR_NOMEM;
    if ((t->flags & TSD_FLAG_NO_GAPS) && opt->used == 1) {
        /* copies abut: stream position p is at the run's start + p */
        put(&v, opt->rec[0].elem.disp + first, last - first);
        goto flush;
    }
    if (t->opt_depth + 1 > STACK_INLINE &&
        !(st = tsu_malloc((size_t)(t->opt_depth + 1) * sizeof(frame)))) /* freed below */
        return TSD_ERR_NOMEM;
    for (k = first / size; first < last; k++) {
        int64_t a = first - k * size, b = tsu_min(last - k * size, size);
        if (walk(opt->rec, k * ext, a, b, st, &v))
            break;
        first = k * size + b;
    }
    if (st != local)
        tsu_free(st);
flush:
    if (!v.stop && v.len)
        emit(arg, v.disp, v.len);
    return rc;
}

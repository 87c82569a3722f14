/* SPDX-License-Identifier: BSD-3-Clause */
/* Typed copy (OPAL's copy_content_same_ddt, generalised to two types
 * with one signature): (src, count, st) -> (dst, count, dt).
 *
 * The data goes through the packed stream: chunks of it are packed from
 * the source and unpacked into the destination, so any pair of layouts
 * works and no chunk is larger than a small bounce buffer.  When the two
 * memory ranges overlap that order could read what was already written,
 * so the whole stream is staged first. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"

#define CHUNK 16384
/* The largest buffer of its own a step gets: an element larger than that
 * goes through in steps of this many bytes (each walks the element from
 * its start, a few times at most). */
#define STAGE_MAX ((int64_t)64 << 20)

/* User address range [lo, hi) touched by count elements of t at buf. */
static void span(const tsd_type *t, uintptr_t buf, int64_t count, uintptr_t *lo, uintptr_t *hi)
{
    int64_t first, last;

    tsd_span(t, count, &first, &last);
    *lo = buf + (uintptr_t)first;
    *hi = buf + (uintptr_t)last;
}

/* Offset of the first data byte of a committed type whose opt_desc is at
 * most one run. */
static int64_t data_start(const tsd_type *t)
{
    if (t->runs_id)
        return tsd_runs_first(t);
    return t->opt_desc.used ? t->opt_desc.rec[0].elem.disp : 0;
}

/* Any two layouts, total bytes: out of line, so that the contiguous
 * case (every message of a predefined type in the runtime) does not pay
 * for the 16 KiB bounce buffer's frame. */
static __attribute__((noinline)) int copy_staged(const tsd_type *st, const void *src,
                                                 const tsd_type *dt, void *dst, int64_t count,
                                                 int64_t total, int may_alloc)
{
    uintptr_t slo, shi, dlo, dhi;
    char bounce[CHUNK];
    int rc = TSD_OK;

    span(st, (uintptr_t)src, count, &slo, &shi);
    span(dt, (uintptr_t)dst, count, &dlo, &dhi);
    /* what would take memory, declined before a byte is written: the
     * stage of overlapping buffers, an element's own step buffer, the
     * walk's stack of a deeply nested type (tsd_pack.c) */
    if (!may_alloc &&
        ((slo < dhi && dlo < shi) || st->size > CHUNK || st->opt_depth + 1 > TSD_STACK_INLINE ||
         dt->opt_depth + 1 > TSD_STACK_INLINE))
        return TSD_ERR_NOMEM;
    if (slo < dhi && dlo < shi) {
        char *all = tsu_malloc((size_t)total); /* freed below */
        if (!all)
            return TSD_ERR_NOMEM;
        if (!(rc = tsd_pack(st, src, count, 0, total, all)))
            rc = tsd_unpack(dt, dst, count, 0, total, all);
        tsu_free(all);
        return rc;
    }
    /* Whole elements a step: a step ending inside an element makes the next
     * walk that element again from its start, which for one element of a
     * million blocks was quadratic (a 16 KiB step each time).  An element
     * larger than the bounce buffer gets a buffer of its own. */
    int64_t size = st->size, step = size <= CHUNK ? CHUNK / size * size : tsu_min(size, STAGE_MAX);
    char *buf = bounce, *heap = NULL;
    if (step > CHUNK && (heap = tsu_malloc((size_t)step))) /* freed below */
        buf = heap;
    if (step > CHUNK && !heap) { /* no memory: byte ranges */
        for (int64_t first = 0; first < total && !rc; first += CHUNK) {
            int64_t last = tsu_min(total, first + CHUNK);
            if (!(rc = tsd_pack(st, src, count, first, last, bounce)))
                rc = tsd_unpack(dt, dst, count, first, last, bounce);
        }
        return rc;
    }
    for (int64_t first = 0; first < total && !rc; first += step) {
        int64_t last = tsu_min(total, first + step);
        if (!(rc = tsd_pack(st, src, count, first, last, buf)))
            rc = tsd_unpack(dt, dst, count, first, last, buf);
    }
    tsu_free(heap);
    return rc;
}

static int copy(const tsd_type *st, const void *src, const tsd_type *dt, void *dst, int64_t count,
                int may_alloc)
{
    int64_t total = count * st->size;

    if (total == 0)
        return TSD_OK;
    if ((st->flags & dt->flags) & TSD_FLAG_NO_GAPS) { /* commit: CONTIGUOUS, extent == size */
        /* The one run of opt_desc says where the data is: an empty member
         * can pull true_lb away from it (struct{char@0, contiguous(0)@-1}
         * has true_lb -1 and its only byte at 0). */
        memmove((char *)dst + data_start(dt), (const char *)src + data_start(st), (size_t)total);
        return TSD_OK;
    }
    return copy_staged(st, src, dt, dst, count, total, may_alloc);
}

int tsd_copy(const tsd_type *st, const void *src, const tsd_type *dt, void *dst, int64_t count)
{
    return copy(st, src, dt, dst, count, 1);
}

int tsd_copy_unstaged(const tsd_type *st, const void *src, const tsd_type *dt, void *dst,
                      int64_t count)
{
    return copy(st, src, dt, dst, count, 0);
}

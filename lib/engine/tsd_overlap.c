/* SPDX-License-Identifier: BSD-3-Clause */
/* The OVERLAP flag: do two entries of the type map share a byte?
 *
 * Enumerating every block and sorting costs O(n log n) time and O(n)
 * memory, far more than the rest of commit.  Almost every real type can be
 * decided from the description's structure instead: a strided elem or a
 * loop is disjoint when its step is at least its body's span, and a
 * sequence is disjoint when its items' spans are.  Only when spans of
 * non-solid items interleave (two vectors woven into each other) does the
 * exact enumeration run, up to ENUM_LIMIT blocks. */
#include "typeshim_config.h"

#include <stdlib.h>

#include "engine/tsd.h"

#define ENUM_LIMIT (1 << 20)

enum { DISJOINT = 0, OVERLAPS = 1, UNKNOWN = 2, NOMEM = 3 };

typedef struct span {
    int64_t lo, hi;
    int solid; /* one contiguous block: an intersection is an overlap */
} span;

static int span_cmp(const void *a, const void *b)
{
    const span *x = a, *y = b;
    return x->lo < y->lo ? -1 : x->lo > y->lo;
}

/* n steps of `step` bytes over a body covering s: the union span. */
static int repeat(span *s, int64_t n, int64_t step)
{
    int64_t width = s->hi - s->lo, mag = step < 0 ? -step : step;

    if (n <= 1)
        return DISJOINT;
    if (mag < width)
        return s->solid ? OVERLAPS : UNKNOWN;
    s->solid = s->solid && mag == width;
    if (step < 0)
        s->lo += (n - 1) * step;
    else
        s->hi += (n - 1) * step;
    return DISJOINT;
}

/* Items whose spans are already known disjoint inside: are they disjoint
 * from each other?  Sorting only when they are not already in order. */
static int disjoint_items(span *items, int64_t n)
{
    int64_t top = 0;

    for (int64_t i = 1; i < n; i++)
        if (items[i].lo < items[i - 1].hi)
            goto sort;
    return DISJOINT;
sort:
    qsort(items, (size_t)n, sizeof(span), span_cmp);
    for (int64_t i = 1; i < n; i++) {
        if (items[i].lo < items[top].hi)
            return items[i].solid && items[top].solid ? OVERLAPS : UNKNOWN;
        if (items[i].hi > items[top].hi)
            top = i;
    }
    return DISJOINT;
}

static int analyse_seq(const tsd_rec *rec, int64_t n, span *out, int *empty);

static int analyse_loop(const tsd_rec *r, span *s, int *empty)
{
    int st = analyse_seq(r + 1, r->loop.items - 1, s, empty);

    return st != DISJOINT || *empty ? st : repeat(s, r->loop.loops, r->loop.extent);
}

/* The items of a sequence, one at a time; with `store`, each span is kept,
 * without, the walk stops (NOT_SORTED) at the first item out of order. */
enum { NOT_SORTED = 4 };
static int walk_items(const tsd_rec *rec, int64_t n, span *store, int64_t *k, span *all)
{
    int st = DISJOINT;

    *k = 0;
    for (int64_t i = 0; i < n && st == DISJOINT; i++) {
        const tsd_rec *r = &rec[i];
        span s;
        int e = 0;
        if (r->common.type == TSD_LOOP) {
            st = analyse_loop(r, &s, &e);
            i += r->loop.items;
        } else if (r->common.type == TSD_END_LOOP) {
            continue;
        } else {
            s.lo = r->elem.disp;
            s.hi = s.lo + r->elem.blocklen * tsd_id_size(r->elem.type);
            s.solid = 1;
            e = s.hi == s.lo;
            if (!e)
                st = repeat(&s, r->elem.count, r->elem.extent);
        }
        if (st != DISJOINT || e)
            continue;
        if (*k == 0) {
            *all = s;
        } else {
            if (!store && s.lo < all->hi)
                return NOT_SORTED;
            all->solid = 0;
            all->lo = s.lo < all->lo ? s.lo : all->lo;
            all->hi = s.hi > all->hi ? s.hi : all->hi;
        }
        if (store)
            store[*k] = s;
        (*k)++;
    }
    return st;
}

/* Items in address order (the common case) need no memory; others are
 * collected and sorted. */
static int analyse_seq(const tsd_rec *rec, int64_t n, span *out, int *empty)
{
    int64_t k;
    int st = walk_items(rec, n, NULL, &k, out);

    if (st == NOT_SORTED) {
        span *items = tsu_malloc((size_t)n * sizeof(span)); /* freed below */
        if (!items)
            return NOMEM;
        st = walk_items(rec, n, items, &k, out);
        if (st == DISJOINT)
            st = disjoint_items(items, k);
        tsu_free(items);
    }
    *empty = k == 0;
    return st;
}

/* ---- exact fallback: every block, sorted ---- */

static int collect(const tsd_rec *rec, int64_t n, int64_t shift, span *s, int64_t *ns)
{
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            for (int64_t k = 0; k < r->loop.loops; k++)
                if (collect(r + 1, r->loop.items - 1, shift + k * r->loop.extent, s, ns))
                    return -1;
            i += r->loop.items;
        } else if (r->common.type != TSD_END_LOOP) {
            int64_t b = r->elem.blocklen * tsd_id_size(r->elem.type);
            if (*ns + r->elem.count > ENUM_LIMIT)
                return -1;
            for (int64_t k = 0; k < r->elem.count; k++, (*ns)++) {
                s[*ns].lo = shift + r->elem.disp + k * r->elem.extent;
                s[*ns].hi = s[*ns].lo + b;
                s[*ns].solid = 1;
            }
        }
    }
    return 0;
}

static int enumerate(const tsd_desc *d)
{
    span *s = tsu_malloc(ENUM_LIMIT * sizeof(span)); /* freed below */
    int64_t ns = 0;
    int st = UNKNOWN;

    if (!s)
        return NOMEM;
    if (collect(d->rec, d->used, 0, s, &ns) == 0)
        st = disjoint_items(s, ns);
    tsu_free(s);
    return st;
}

int tsd_desc_overlap(const tsd_desc *d, int cheap)
{
    span s;
    int empty, st;

    if (cheap) {
        /* no allocation, no sort: in-order items and strided structure */
        int64_t k;
        st = walk_items(d->rec, d->used, NULL, &k, &s);
        return st == DISJOINT ? 0 : st == OVERLAPS ? 1 : st == NOMEM ? -1 : TSD_OVERLAP_UNDECIDED;
    }
    st = analyse_seq(d->rec, d->used, &s, &empty);
    if (st == UNKNOWN)
        st = enumerate(d);
    return st == NOMEM ? -1 : st == OVERLAPS;
}

/* ---- copies side by side: count elements of a receive ----
 *
 * Copies d apart share a byte when the map meets itself shifted by
 * d * |extent| (the sign does not matter: shifting both back by the
 * shift gives the other direction), and can only when that shift is less
 * than the data's span.  Once commit has said the map does not overlap
 * itself, its blocks, sorted and joined where they touch, are checked
 * against themselves shifted by |extent|, 2 |extent|, ... until a shift
 * meets them or passes the span.  Copies that interleave without sharing
 * a byte (a vector resized to one block) pass every shift; without an
 * overlap the copies checked so far are disjoint and lie within twice
 * the span, so the work is bounded by the bytes one element reaches.
 * COPIES_WORK bounds it once more: past it the answer is "none". */
#define COPIES_WORK ((int64_t)1 << 26)

static int64_t count_blocks(const tsd_rec *rec, int64_t n)
{
    int64_t total = 0;

    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            int64_t inner = count_blocks(r + 1, r->loop.items - 1);
            if (inner < 0 || (inner > 0 && r->loop.loops > ENUM_LIMIT / inner))
                return -1;
            total += r->loop.loops * inner;
            i += r->loop.items;
        } else if (r->common.type != TSD_END_LOOP) {
            total += r->elem.count;
        }
        if (total > ENUM_LIMIT)
            return -1;
    }
    return total;
}

/* t's blocks, sorted and joined where they touch, into *out (n entries,
 * freed by the caller); 0, 1 when too many, -1 out of memory. */
static int sorted_blocks(const tsd_type *t, span **out, int64_t *n)
{
    int64_t k = 0, ns = 0;
    span *s;

    if (t->runs_id) {
        tsd_blk *runs;
        ns = t->desc.used;
        if (ns > ENUM_LIMIT)
            return 1;
        runs = tsu_malloc((size_t)ns * sizeof(tsd_blk)); /* freed below */
        s = tsu_malloc((size_t)ns * sizeof(span));       /* freed by the caller */
        if (!runs || !s) {
            tsu_free(runs);
            tsu_free(s);
            return -1;
        }
        tsd_runs_list(t, runs);
        for (int64_t i = 0; i < ns; i++) {
            s[i].lo = runs[i].disp;
            s[i].hi = runs[i].disp + runs[i].len;
            s[i].solid = 1;
        }
        tsu_free(runs);
    } else {
        int64_t total = count_blocks(t->opt_desc.rec, t->opt_desc.used);
        if (total < 0)
            return 1;
        if (!(s = tsu_malloc((size_t)(total ? total : 1) * sizeof(span)))) /* freed by the caller */
            return -1;
        if (collect(t->opt_desc.rec, t->opt_desc.used, 0, s, &ns)) {
            tsu_free(s);
            return 1;
        }
    }
    qsort(s, (size_t)ns, sizeof(span), span_cmp);
    for (int64_t i = 0; i < ns; i++) {
        if (s[i].hi <= s[i].lo)
            continue; /* an empty block writes nothing */
        if (k > 0 && s[i].lo <= s[k - 1].hi)
            s[k - 1].hi = tsu_max(s[k - 1].hi, s[i].hi);
        else
            s[k++] = s[i];
    }
    *out = s;
    *n = k;
    return 0;
}

/* Whether sorted disjoint blocks a[n] meet themselves shifted by sh > 0;
 * *work counts the steps. */
static int meets_shifted(const span *a, int64_t n, int64_t sh, int64_t *work)
{
    int64_t i = 0, j = 0, lo = 0, hi = n;

    /* the first block that ends past the shifted list's start */
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (a[mid].hi <= a[0].lo + sh)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (i = lo; i < n && j < n; (*work)++) {
        if (a[i].hi <= a[j].lo + sh)
            i++;
        else if (a[j].hi + sh <= a[i].lo)
            j++;
        else
            return 1;
    }
    return 0;
}

static int64_t copies_decide(const tsd_type *t)
{
    int64_t e = tsd_extent(t), data = t->true_ub - t->true_lb, n, work = 0, found = INT64_MAX;
    uint64_t mag = e < 0 ? (uint64_t)0 - (uint64_t)e : (uint64_t)e;
    span *a;
    int rc;

    if (!tsd_copies_may_overlap(t, 2))
        return INT64_MAX;
    /* all copies at one place, or one run that spans all the data: the
     * next copy meets it (a member without data may stretch the true
     * bounds past the one run: that needs the blocks) */
    if (mag == 0 || ((t->flags & TSD_FLAG_CONTIGUOUS) && t->size == data))
        return 2;
    if ((rc = sorted_blocks(t, &a, &n)))
        return rc < 0 ? -1 : INT64_MAX;
    /* mag < data <= INT64_MAX: every shift below is a valid int64 */
    for (int64_t d = 1; (uint64_t)d * mag < (uint64_t)data && work <= COPIES_WORK; d++) {
        if (meets_shifted(a, n, (int64_t)((uint64_t)d * mag), &work)) {
            found = d + 1;
            break;
        }
        if ((uint64_t)data / mag <= (uint64_t)d)
            break; /* the next shift passes the span */
    }
    tsu_free(a);
    return found;
}

int64_t tsd_copies_overlap(tsd_type *t)
{
    int64_t c = atomic_load_explicit(&t->copies_overlap, memory_order_relaxed);

    if (TSU_LIKELY(c != 0))
        return c;
    if ((c = copies_decide(t)) > 0)
        atomic_store_explicit(&t->copies_overlap, c, memory_order_relaxed);
    return c;
}

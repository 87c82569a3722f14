/* SPDX-License-Identifier: BSD-3-Clause */
/* The builder: begin, add members (opal_datatype_add), finish or abort. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"

int tsd_build_begin(tsd_builder *b, int64_t expected_records)
{
    memset(b, 0, sizeof(*b));
    b->t = tsd_type_new(); /* owned by the builder until finish/abort */
    if (!b->t)
        return TSD_ERR_NOMEM;
    b->t->align = 1;
    /* an estimate from the children may be far above what the loops of
     * tsd_build_add need: past the budget, grow on demand instead */
    expected_records = tsu_min(expected_records, TSD_DESC_BUDGET);
    if (expected_records > 0 && expected_records + 1 <= TSD_DESC_SMALL) {
        /* a small type's records in the type: one malloc and free less */
        b->t->desc.rec = b->t->desc_small;
        b->t->desc.cap = TSD_DESC_SMALL;
        b->t->desc.fixed = 1;
    } else if (expected_records > 0 && tsd_desc_reserve(&b->t->desc, expected_records)) {
        tsd_type_free(b->t);
        b->t = NULL;
        return TSD_ERR_NOMEM;
    }
    return TSD_OK;
}

void tsd_build_abort(tsd_builder *b)
{
    tsd_seen_free(&b->seen);
    tsd_type_free(b->t);
    b->t = NULL;
}

static int is_run(const tsd_rec *r)
{
    return r->common.type >= TSD_INT1 && r->elem.blocklen == 1;
}

/* Appends an elem, merging it into the previous one when it simply
 * continues it (same type and spacing), as OPAL does. */
static int emit_elem(tsd_desc *d, int type, int64_t count, int64_t extent, int64_t disp)
{
    if (d->used > 0) {
        tsd_rec *last = &d->rec[d->used - 1];
        int64_t end;
        if (is_run(last) && last->elem.type == type && last->elem.extent == extent &&
            !tsu_mul(last->elem.count, extent, &end) && !tsu_add(end, last->elem.disp, &end) &&
            end == disp && !tsu_add(last->elem.count, count, &end)) {
            last->elem.count = end;
            return TSD_OK;
        }
    }
    if (tsd_desc_reserve(d, 1))
        return TSD_ERR_NOMEM;
    tsd_elem_set(&d->rec[d->used++], type, count, 1, extent, disp);
    return TSD_OK;
}

/* Copies the child's records shifted by disp. */
static int copy_shifted(tsd_desc *d, const tsd_desc *src, int64_t disp)
{
    if (tsd_desc_reserve(d, src->used))
        return TSD_ERR_NOMEM;
    for (int64_t i = 0; i < src->used; i++) {
        tsd_rec r = src->rec[i];
        if (r.common.type == TSD_END_LOOP) {
            if (tsu_add(r.end_loop.first_elem_disp, disp, &r.end_loop.first_elem_disp))
                return TSD_ERR_OVERFLOW;
        } else if (r.common.type != TSD_LOOP) {
            if (tsu_add(r.elem.disp, disp, &r.elem.disp))
                return TSD_ERR_OVERFLOW;
        }
        d->rec[d->used++] = r;
    }
    return TSD_OK;
}

static int desc_add(tsd_desc *d, const tsd_type *child, int64_t count, int64_t disp, int64_t stride)
{
    const tsd_desc *cd = tsd_desc_of(child); /* a runs-form child's records, made now */
    int64_t items, n;
    int rc;

    if (!cd)
        return TSD_ERR_NOMEM;
    if (cd->used == 0)
        return TSD_OK;
    /* A predefined basic keeps the caller's spacing in its elem (OPAL). */
    if ((child->flags & TSD_FLAG_PREDEFINED) && child->id >= TSD_INT1)
        return emit_elem(d, child->id, count, stride, disp);
    if (cd->used == 1 && cd->rec[0].common.type >= TSD_INT1 && cd->rec[0].elem.blocklen == 1) {
        const tsd_rec *e = &cd->rec[0];
        int64_t span, at;
        /* One elem whose copies tile exactly: stays one (longer) elem. */
        if (count == 1 || (!tsu_mul(e->elem.count, e->elem.extent, &span) && span == stride)) {
            if (tsu_add(e->elem.disp, disp, &at))
                return TSD_ERR_OVERFLOW;
            if (count == 1)
                return emit_elem(d, e->elem.type, e->elem.count, e->elem.extent, at);
            if (tsu_mul(e->elem.count, count, &n))
                return TSD_ERR_OVERFLOW;
            return emit_elem(d, e->elem.type, n, e->elem.extent, at);
        }
    }
    if (count == 1)
        return copy_shifted(d, cd, disp);

    items = cd->used + 1;
    if (tsd_desc_reserve(d, items + 1))
        return TSD_ERR_NOMEM;
    tsd_rec *loop = &d->rec[d->used++];
    memset(loop, 0, sizeof(*loop));
    loop->loop.type = TSD_LOOP;
    loop->loop.loops = count;
    loop->loop.items = items;
    loop->loop.extent = stride;
    if ((rc = copy_shifted(d, cd, disp)))
        return rc;
    tsd_rec *end = &d->rec[d->used++];
    memset(end, 0, sizeof(*end));
    end->end_loop.type = TSD_END_LOOP;
    end->end_loop.items = items;
    end->end_loop.size = child->size;
    end->end_loop.first_elem_disp = tsd_first_disp(cd->rec, cd->used) + disp;
    return TSD_OK;
}

/* Children with shorter descriptions are copied member by member, as
 * OPAL does: a few records cost less than a loop, and a loop-free
 * opt_desc keeps the block-list fast path of pack.  At most 2 * REPEAT_MIN
 * records come from doubling before the loops take over. */
#define REPEAT_MIN 8

/* n repetitions, `step` bytes apart, of `count` copies of child: one loop
 * around what desc_add makes of the copies. */
static int desc_add_repeated(tsd_desc *d, const tsd_type *child, int64_t count, int64_t disp,
                             int64_t stride, int64_t n, int64_t step)
{
    int64_t at = d->used, size;
    tsd_rec *r;
    int rc;

    if (count == 1)
        return desc_add(d, child, n, disp, step);
    if (tsu_mul(child->size, count, &size))
        return TSD_ERR_OVERFLOW;
    if (tsd_desc_reserve(d, 1))
        return TSD_ERR_NOMEM;
    d->used++; /* the loop record, filled in once its body is known */
    if ((rc = desc_add(d, child, count, disp, stride)))
        return rc;
    if (tsd_desc_reserve(d, 1))
        return TSD_ERR_NOMEM;
    r = &d->rec[at];
    memset(r, 0, sizeof(*r));
    r->loop.type = TSD_LOOP;
    r->loop.loops = n;
    r->loop.items = d->used - at;
    r->loop.extent = step;
    r = &d->rec[d->used++];
    memset(r, 0, sizeof(*r));
    r->end_loop.type = TSD_END_LOOP;
    r->end_loop.items = d->rec[at].loop.items;
    r->end_loop.size = size;
    r->end_loop.first_elem_disp = tsd_first_disp(&d->rec[at + 1], d->used - 1 - (at + 1));
    return TSD_OK;
}

/* Slots by ident: several handles of one type map are one member. */
static size_t seen_slot(const tsd_type *t, size_t mask)
{
    return (size_t)((t->ident * UINT64_C(0x9E3779B97F4A7C15)) >> 32) & mask;
}

int tsd_seen_insert(tsd_seen *s, const tsd_type *t)
{
    size_t mask, i;

    if (2 * (s->n + 1) > s->cap) { /* at most half full */
        size_t cap = s->cap ? 2 * s->cap : 16;
        const tsd_type **fresh = tsu_calloc(cap, sizeof(*fresh)); /* freed in tsd_seen_free */
        if (!fresh)
            return -1;
        for (size_t j = 0; j < s->cap; j++)
            if (s->slot[j]) {
                for (i = seen_slot(s->slot[j], cap - 1); fresh[i]; i = (i + 1) & (cap - 1))
                    ;
                fresh[i] = s->slot[j];
            }
        tsu_free(s->slot);
        s->slot = fresh;
        s->cap = cap;
    }
    mask = s->cap - 1;
    for (i = seen_slot(t, mask); s->slot[i]; i = (i + 1) & mask)
        if (s->slot[i]->ident == t->ident)
            return 0;
    s->slot[i] = t;
    s->n++;
    return 1;
}

void tsd_seen_free(tsd_seen *s)
{
    tsu_free(s->slot);
    memset(s, 0, sizeof(*s));
}

/* Whether the description may take a copy of child (and a loop around
 * it).  The first copy of each member type is allowed in full; further
 * copies of long descriptions come out of TSD_DESC_BUDGET. */
static int budget_take(tsd_builder *b, const tsd_type *child)
{
    int64_t need = child->desc.used + 2, room;

    if (need <= REPEAT_MIN + 2) {
        b->allowance += need;
    } else {
        int fresh = tsd_seen_insert(&b->seen, child);
        if (fresh < 0)
            return TSD_ERR_NOMEM;
        if (fresh)
            b->allowance += need;
    }
    room = TSD_DESC_BUDGET + b->allowance - b->t->desc.used;
    return need <= room ? TSD_OK : TSD_ERR_TOO_BIG;
}

/* The waiting repetition into the description. */
static int flush_rep(tsd_builder *b)
{
    const tsd_type *rep = b->rep;
    int rc;

    if (!rep)
        return TSD_OK;
    b->rep = NULL;
    if ((rc = budget_take(b, rep)))
        return rc;
    return b->rep_n == 1 ? desc_add(&b->t->desc, rep, b->rep_count, b->rep_disp, b->rep_stride)
                         : desc_add_repeated(&b->t->desc, rep, b->rep_count, b->rep_disp,
                                             b->rep_stride, b->rep_n, b->rep_step);
}

int tsd_build_flush(tsd_builder *b)
{
    int rc = flush_rep(b);

    tsd_seen_free(&b->seen);
    return rc;
}

/* Whether (child, count, disp, stride) continues the waiting repetition:
 * the same member again, one step further. */
static int continues(const tsd_builder *b, const tsd_type *child, int64_t count, int64_t disp,
                     int64_t stride)
{
    int64_t step, next;

    if (!b->rep || b->rep->ident != child->ident || b->rep_count != count ||
        (count > 1 && b->rep_stride != stride))
        return 0;
    if (b->rep_n == 1)
        return !tsu_sub(disp, b->rep_disp, &step);
    return !tsu_mul(b->rep_n, b->rep_step, &next) && !tsu_add(next, b->rep_disp, &next) &&
           next == disp;
}

int tsd_build_add(tsd_builder *b, const tsd_type *child, int64_t count, int64_t disp,
                  int64_t stride)
{
    int rc;

    if (b->err)
        return b->err;
    if (count <= 0)
        return TSD_OK;
    if ((rc = tsd_bounds_add(b, child, count, disp, stride)) || tsd_is_marker(child))
        goto out;
    /* A longer description repeated member after member (struct{T, T},
     * hindexed of T) would be copied once per member, doubling at every
     * level of nesting: the repetition is held back and becomes a loop. */
    if (child->desc.used < REPEAT_MIN || (child->flags & TSD_FLAG_PREDEFINED)) {
        if (!(rc = flush_rep(b)) && !(rc = budget_take(b, child)))
            rc = desc_add(&b->t->desc, child, count, disp, stride);
        goto out;
    }
    if (continues(b, child, count, disp, stride)) {
        if (b->rep_n == 1)
            b->rep_step = disp - b->rep_disp;
        b->rep_n++;
        goto out;
    }
    if ((rc = flush_rep(b)))
        goto out;
    b->rep = child;
    b->rep_count = count;
    b->rep_disp = disp;
    b->rep_stride = stride;
    b->rep_n = 1;
out:
    if (rc)
        b->err = rc;
    return rc;
}

int tsd_build_finish(tsd_builder *b, int epsilon, tsd_type **out)
{
    int rc = b->err ? b->err : tsd_build_flush(b);

    if (rc || (rc = tsd_bounds_finish(b, epsilon))) {
        tsd_build_abort(b);
        return rc;
    }
    *out = b->t; /* the caller's now */
    b->t = NULL;
    return TSD_OK;
}

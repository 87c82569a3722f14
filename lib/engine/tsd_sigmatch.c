/* SPDX-License-Identifier: BSD-3-Clause */
/* Type matching (MPI-4.1 sections 3.3.1 and 5.1.11): whether the
 * signature of (scount, s), scount copies of s's, is a prefix of (or
 * equal to) that of (rcount, r), and where the two first part.
 *
 * - A signature is read as pieces, each one basic id and many elements,
 *   straight off the description (tsd_sig_records: the runs form is one
 *   piece): an elem record is one piece, a loop whose body holds one basic
 *   id is one piece, and a type of one basic id is one piece for all its
 *   copies.  No element is visited alone: the walk is linear in the pieces,
 *   each of at least one element, so it never costs more than the copy of
 *   the data it checks.
 * - Copies are not walked to the end.  Once the two signatures agree on
 *   |s| + |r| elements (|t|: t's basic elements), s^inf and r^inf are
 *   equal (Fine and Wilf: a word with periods p and q and length at least
 *   p + q - gcd(p, q) has period gcd(p, q), so s and r are powers of one
 *   word), and the shorter of the two signatures is a prefix of the
 *   longer.  A message of a million copies of a small struct costs a few
 *   copies of it.
 * - Two types with one signature per copy (the same type, or equal sizes,
 *   element counts and signature hashes, tsd_signature) are decided in
 *   O(1) once their hashes are known: the shorter is a prefix.
 * - Otherwise a match is first looked for by hashing the two sequences of
 *   the length that must agree (tsd_signature_prefix: whole copies and
 *   loops by doubling, so in the time of the records, not of the pieces):
 *   contiguous(n, T) received as n T costs no walk.  Equal hashes are
 *   taken for equal signatures, as above; different ones are certain to
 *   come from different signatures, and the walk then finds where.
 * Lengths are 128-bit: scount * nbElems can pass 2^64. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"

/* Loops nested deeper than this take a stack from the heap. */
#define LOCAL_DEPTH 16

/* A loop being walked: its body is the records [begin, end). */
typedef struct frame {
    int64_t begin, end;
    int64_t next; /* the body's next record */
    int64_t left; /* iterations after the current one */
} frame;

/* A signature being read, one piece at a time.  rec may point at one:
 * a walk is never copied. */
typedef struct walk {
    const tsd_rec *rec;
    tsd_rec one;
    frame local[LOCAL_DEPTH], *stack; /* stack: local, or owned */
    int64_t cap, depth;
    int id;        /* the current piece's basic id, 0 once the signature ended */
    tsd_u128 left; /* its elements not consumed yet */
} walk;

/* The one basic id of the elements of records [0, n), their number in
 * *elems: 0 when there is no element, -1 when there are two ids or more
 * (the scan stops at the second). */
static int one_id(const tsd_rec *rec, int64_t n, int64_t *elems)
{
    int id = 0, rid;
    int64_t e;

    *elems = 0;
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            rid = one_id(r + 1, r->loop.items - 1, &e);
            e *= r->loop.loops; /* inside one type's nbElems: no overflow */
            i += r->loop.items;
        } else if (r->common.type >= TSD_INT1) {
            rid = r->common.type;
            e = r->elem.count * r->elem.blocklen;
        } else {
            continue;
        }
        if (rid < 0 || (e > 0 && id && rid != id))
            return -1;
        if (e > 0) {
            id = rid;
            *elems += e;
        }
    }
    return id;
}

/* The one basic id of t's signature, 0 when empty, -1 for two or more:
 * from the element counts per id, in O(ids). */
static int whole_id(const tsd_type *t)
{
    int id = 0;

    for (uint64_t used = t->bdt_used; used; used &= used - 1) {
        int i = __builtin_ctzll(used);
        if (t->btypes[i] > 0) {
            if (id)
                return -1;
            id = i;
        }
    }
    return id;
}

static int push(walk *w, int64_t begin, int64_t end, int64_t left)
{
    if (w->depth == w->cap) {
        int64_t cap = 2 * w->cap;
        frame *grown = tsu_malloc((size_t)cap * sizeof(*grown)); /* freed in walk_end */
        if (!grown)
            return TSD_ERR_NOMEM;
        memcpy(grown, w->stack, (size_t)w->depth * sizeof(*grown));
        if (w->stack != w->local)
            tsu_free(w->stack);
        w->stack = grown;
        w->cap = cap;
    }
    w->stack[w->depth++] = (frame){begin, end, begin, left};
    return TSD_OK;
}

static void piece(walk *w, int id, tsd_u128 elems)
{
    w->id = id;
    w->left = elems;
}

/* Moves to the next piece that has elements (id 0 at the end). */
static int walk_next(walk *w)
{
    while (w->depth > 0) {
        frame *f = &w->stack[w->depth - 1];
        const tsd_rec *r;
        int64_t at = f->next, e;
        if (at == f->end) {
            if (f->left > 0) {
                f->left--;
                f->next = f->begin;
            } else {
                w->depth--;
            }
            continue;
        }
        r = &w->rec[at];
        if (r->common.type == TSD_LOOP) {
            int id = one_id(r + 1, r->loop.items - 1, &e);
            f->next = at + r->loop.items + 1; /* past its end_loop */
            if (id > 0 && r->loop.loops > 0) {
                piece(w, id, (tsd_u128)e * (uint64_t)r->loop.loops);
                return TSD_OK;
            }
            /* two ids or more: iteration by iteration (each has a piece
             * of each id, so the walk stays linear in the pieces) */
            if (id < 0 && r->loop.loops > 0 &&
                push(w, at + 1, at + r->loop.items, r->loop.loops - 1))
                return TSD_ERR_NOMEM;
            continue;
        }
        f->next = at + 1;
        if (r->common.type >= TSD_INT1 && (e = r->elem.count * r->elem.blocklen) > 0) {
            piece(w, r->common.type, (tsd_u128)e);
            return TSD_OK;
        }
    }
    piece(w, 0, 0);
    return TSD_OK;
}

/* A walk of the signature of (count, t), on its first piece. */
static int walk_begin(walk *w, const tsd_type *t, int64_t count)
{
    int64_t n;
    int id = whole_id(t);

    w->stack = w->local;
    w->cap = LOCAL_DEPTH;
    w->depth = 0;
    w->rec = tsd_sig_records(t, &w->one, &n);
    piece(w, 0, 0);
    if (count == 0 || id == 0)
        return TSD_OK;
    if (id > 0) { /* every copy in one piece */
        piece(w, id, (tsd_u128)(uint64_t)count * (uint64_t)t->nbElems);
        return TSD_OK;
    }
    return push(w, 0, n, count - 1) ? TSD_ERR_NOMEM : walk_next(w);
}

static void walk_end(walk *w)
{
    if (w->stack != w->local)
        tsu_free(w->stack);
}

/* Consumes step elements of the current piece; the next one if it ends. */
static int walk_skip(walk *w, tsd_u128 step)
{
    w->left -= step;
    return w->left ? TSD_OK : walk_next(w);
}

static tsd_u128 u128_min(tsd_u128 a, tsd_u128 b)
{
    return a < b ? a : b;
}

/* The first basic id of t's signature (0 when empty). */
static int first_id(const tsd_type *t, int *id)
{
    walk w;
    int rc = walk_begin(&w, t, 1);

    *id = w.id;
    walk_end(&w);
    return rc;
}

/* Where the walks part; once they agreed on `cut` elements the rest
 * agrees up to the shorter end, whose next element (if any) is `first`. */
static int compare(walk *ws, walk *wr, tsd_u128 cut, tsd_sigdiff *d)
{
    tsd_u128 at = 0, common = u128_min(d->slen, d->rlen);
    int first = ws->id, rc = TSD_OK;

    while (ws->id && ws->id == wr->id) {
        tsd_u128 step = u128_min(ws->left, wr->left);
        if (at >= cut) {
            d->at = common;
            d->sid = common < d->slen ? first : 0;
            d->rid = common < d->rlen ? first : 0;
            return TSD_OK;
        }
        at += step;
        if ((rc = walk_skip(ws, step)) || (rc = walk_skip(wr, step)))
            return rc;
    }
    d->at = at;
    d->sid = ws->id;
    d->rid = wr->id;
    return TSD_OK;
}

/* Whether s and r have one signature (O(1) once their hashes are known). */
static int one_signature(const tsd_type *s, const tsd_type *r)
{
    return s == r ||
           (s->nbElems == r->nbElems && s->size == r->size && tsd_signature(s) == tsd_signature(r));
}

int tsd_sig_match(const tsd_type *s, int64_t scount, const tsd_type *r, int64_t rcount, int equal,
                  tsd_sigdiff *d)
{
    walk ws, wr;
    int rc;

    memset(d, 0, sizeof(*d));
    d->slen = (tsd_u128)(uint64_t)scount * (uint64_t)s->nbElems;
    d->rlen = (tsd_u128)(uint64_t)rcount * (uint64_t)r->nbElems;
    if (one_signature(s, r)) {
        /* the shorter is a prefix; the longer goes on with a new copy */
        d->at = u128_min(d->slen, d->rlen);
        d->match = d->at == d->slen && (!equal || d->at == d->rlen);
        if (!d->match && ((d->at < d->slen && (rc = first_id(s, &d->sid))) ||
                          (d->at < d->rlen && (rc = first_id(r, &d->rid)))))
            return rc;
        return TSD_OK;
    } else if (d->slen <= d->rlen && (!equal || d->slen == d->rlen) &&
               tsd_signature_prefix(s, d->slen) == tsd_signature_prefix(r, d->slen)) {
        d->at = d->slen; /* what the walk would find, in the records' time */
    } else {
        rc = walk_begin(&ws, s, scount);
        if (!rc && !(rc = walk_begin(&wr, r, rcount))) {
            rc = compare(&ws, &wr, (tsd_u128)(uint64_t)s->nbElems + (uint64_t)r->nbElems, d);
            walk_end(&wr);
        }
        walk_end(&ws);
        if (rc)
            return rc;
    }
    d->match = d->at == d->slen && (!equal || d->at == d->rlen);
    return TSD_OK;
}

int tsd_sig_runs(const tsd_type *t, int64_t count, tsd_sigrun *runs, int max, int *more)
{
    walk w;
    int n = 0, rc = walk_begin(&w, t, count);

    *more = 0;
    while (!rc && w.id) {
        if (n > 0 && runs[n - 1].id == w.id) {
            runs[n - 1].len += w.left;
        } else if (n == max) {
            *more = 1;
            break;
        } else {
            runs[n++] = (tsd_sigrun){w.id, w.left};
        }
        rc = walk_next(&w);
    }
    walk_end(&w);
    return rc ? -1 : n;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The type signature: the sequence of basic elements of the type map.
 *
 * - Element counting for MPI_Get_elements / MPI_Status_set_elements: how
 *   many whole basic elements the first n bytes of the packed stream hold,
 *   and how many bytes the first k elements take.  Both walk `desc` (not
 *   opt_desc, whose merged runs lost the element boundaries), skipping
 *   whole loop iterations by arithmetic.
 * - A signature hash for typed copies and type matching: a polynomial hash
 *   over the element sequence, H(a b) = H(a) P^|b| + H(b), so a loop of k
 *   iterations costs O(log k) and two types with the same signature have
 *   the same hash however they were built; so do two prefixes of equal
 *   signatures, whatever their types and counts. */
#include "typeshim_config.h"

#include <string.h>

#include "engine/tsd.h"

#define SIG_P 0x100000001b3ull /* odd: powers never vanish mod 2^64 */

/* Whole-sequence totals: basic elements and packed bytes. */
static void seq_totals(const tsd_rec *rec, int64_t n, int64_t *elems, int64_t *bytes)
{
    *elems = *bytes = 0;
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        if (r->common.type == TSD_LOOP) {
            int64_t e, b;
            seq_totals(r + 1, r->loop.items - 1, &e, &b);
            *elems += r->loop.loops * e;
            *bytes += r->loop.loops * b;
            i += r->loop.items;
        } else if (r->common.type >= TSD_INT1) {
            *elems += r->elem.count * r->elem.blocklen;
            *bytes += r->elem.count * r->elem.blocklen * tsd_id_size(r->elem.type);
        }
    }
}

/* Consumes a budget: of bytes (by_elems 0) or of elements (by_elems 1),
 * adding what the consumed part holds to *elems and *bytes.  Returns 1
 * when the budget ran out inside the sequence. */
static int seq_consume(const tsd_rec *rec, int64_t n, int by_elems, int64_t *budget, int64_t *elems,
                       int64_t *bytes)
{
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        int64_t unit_e, unit_b, units, whole;
        if (r->common.type == TSD_LOOP) {
            seq_totals(r + 1, r->loop.items - 1, &unit_e, &unit_b);
            units = r->loop.loops;
        } else if (r->common.type >= TSD_INT1) {
            unit_e = 1;
            unit_b = tsd_id_size(r->elem.type);
            units = r->elem.count * r->elem.blocklen;
        } else {
            continue;
        }
        int64_t unit = by_elems ? unit_e : unit_b;
        whole = unit > 0 ? tsu_min(units, *budget / unit) : units;
        *elems += whole * unit_e;
        *bytes += whole * unit_b;
        *budget -= whole * unit;
        if (whole < units) {
            /* the budget ends inside one more unit: a loop body is entered,
             * a basic element is not (it is incomplete) */
            if (r->common.type == TSD_LOOP)
                seq_consume(r + 1, r->loop.items - 1, by_elems, budget, elems, bytes);
            return 1;
        }
        if (r->common.type == TSD_LOOP)
            i += r->loop.items;
    }
    return 0;
}

const tsd_rec *tsd_sig_records(const tsd_type *t, tsd_rec *one, int64_t *n)
{
    if (!t->runs_id) {
        *n = t->desc.used;
        return t->desc.rec;
    }
    memset(one, 0, sizeof(*one));
    one->elem.flags = TSD_FLAG_DATA;
    one->elem.type = t->runs_id;
    one->elem.count = t->nbElems;
    one->elem.blocklen = 1;
    one->elem.extent = tsd_id_size(t->runs_id);
    *n = 1;
    return one;
}

int64_t tsd_elements_in(const tsd_type *t, int64_t bytes, int64_t *rest)
{
    int64_t whole = bytes / t->size, elems = 0, b = 0, budget = bytes % t->size, n;
    tsd_rec one;
    const tsd_rec *rec = tsd_sig_records(t, &one, &n);

    seq_consume(rec, n, 0, &budget, &elems, &b);
    *rest = budget;
    return whole * t->nbElems + elems;
}

int64_t tsd_bytes_of_elements(const tsd_type *t, int64_t elems)
{
    int64_t whole = elems / t->nbElems, e = 0, bytes = 0, budget = elems % t->nbElems, n;
    tsd_rec one;
    const tsd_rec *rec = tsd_sig_records(t, &one, &n);

    seq_consume(rec, n, 1, &budget, &e, &bytes);
    /* whole * size + bytes can pass 2^63 (2^61 + 1 doubles) */
    if (tsu_mul(whole, t->size, &whole) || tsu_add(whole, bytes, &bytes))
        return -1;
    return bytes;
}

/* ---- signature hash ---- */

/* sum_{i<k} q^i and q^k, mod 2^64, by doubling. */
static void geometric(uint64_t q, int64_t k, uint64_t *sum, uint64_t *pow)
{
    uint64_t s = 0, p = 1;   /* for the prefix of k handled so far */
    uint64_t bs = 1, bp = q; /* for a block of 2^j terms */

    while (k > 0) {
        if (k & 1) {
            s = s * bp + bs; /* prefix followed by the block */
            p *= bp;
        }
        bs = bs * bp + bs;
        bp *= bp;
        k >>= 1;
    }
    *sum = s;
    *pow = p;
}

static uint64_t basic_hash(int id)
{
    /* any fixed odd spread of the ids will do */
    return ((uint64_t)id + 1) * 0x9e3779b97f4a7c15ull | 1u;
}

/* Hash of a sequence and P^(its length). */
static void seq_hash(const tsd_rec *rec, int64_t n, uint64_t *h, uint64_t *pw)
{
    *h = 0;
    *pw = 1;
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        uint64_t uh, up, sum, pk;
        int64_t k;
        if (r->common.type == TSD_LOOP) {
            seq_hash(r + 1, r->loop.items - 1, &uh, &up);
            k = r->loop.loops;
            i += r->loop.items;
        } else if (r->common.type >= TSD_INT1) {
            uh = basic_hash(r->elem.type);
            up = SIG_P;
            k = r->elem.count * r->elem.blocklen;
        } else {
            continue;
        }
        /* k copies of (uh, up): uh * (1 + up + up^2 ...), length k * |u| */
        geometric(up, k, &sum, &pk);
        *h = *h * pk + uh * sum;
        *pw *= pk;
    }
}

uint64_t tsd_signature_hash(const tsd_type *t)
{
    uint64_t h, pw;
    int64_t n;
    tsd_rec one;
    const tsd_rec *rec = tsd_sig_records(t, &one, &n);

    seq_hash(rec, n, &h, &pw);
    return h;
}

/* The hash itself, computed once: commit would pay O(records) for a value
 * few callers need.  sig_raw holds it once sig_hash (h | 1, never 0) says
 * so; racing threads store the same values. */
static uint64_t raw_hash(const tsd_type *t)
{
    uint64_t *cache = (uint64_t *)&t->sig_hash, *raw = (uint64_t *)&t->sig_raw, h;

    if (__atomic_load_n(cache, __ATOMIC_ACQUIRE))
        return __atomic_load_n(raw, __ATOMIC_RELAXED);
    h = tsd_signature_hash(t);
    __atomic_store_n(raw, h, __ATOMIC_RELAXED);
    __atomic_store_n(cache, h | 1, __ATOMIC_RELEASE);
    return h;
}

uint64_t tsd_signature(const tsd_type *t)
{
    uint64_t h = __atomic_load_n((uint64_t *)&t->sig_hash, __ATOMIC_RELAXED);

    return h ? h : raw_hash(t) | 1;
}

/* Hash of the first *budget elements of a sequence that has that many,
 * and P^*budget; *budget is spent.  Whole loop iterations and blocks are
 * hashed by doubling (seq_hash), so the cost is the records, not the
 * elements. */
static void seq_prefix_hash(const tsd_rec *rec, int64_t n, int64_t *budget, uint64_t *h,
                            uint64_t *pw)
{
    *h = 0;
    *pw = 1;
    for (int64_t i = 0; i < n; i++) {
        const tsd_rec *r = &rec[i];
        uint64_t uh, up, sum, pk;
        int64_t unit, b, units, whole;
        if (*budget == 0)
            return;
        if (r->common.type == TSD_LOOP) {
            seq_hash(r + 1, r->loop.items - 1, &uh, &up);
            seq_totals(r + 1, r->loop.items - 1, &unit, &b);
            units = r->loop.loops;
        } else if (r->common.type >= TSD_INT1) {
            uh = basic_hash(r->elem.type);
            up = SIG_P;
            unit = 1;
            units = r->elem.count * r->elem.blocklen;
        } else {
            continue;
        }
        whole = unit > 0 ? tsu_min(units, *budget / unit) : units;
        geometric(up, whole, &sum, &pk);
        *h = *h * pk + uh * sum;
        *pw *= pk;
        *budget -= whole * unit;
        if (*budget > 0 && whole < units) { /* ends inside one more loop iteration */
            seq_prefix_hash(r + 1, r->loop.items - 1, budget, &uh, &up);
            *h = *h * up + uh;
            *pw *= up;
            return;
        }
        if (r->common.type == TSD_LOOP)
            i += r->loop.items;
    }
}

uint64_t tsd_signature_prefix(const tsd_type *t, tsd_u128 elems)
{
    uint64_t ptype, unused, copies, pq, h, hr, pr;
    int64_t n, budget;
    tsd_rec one;
    const tsd_rec *rec;

    if (t->nbElems == 0)
        return 0;
    /* H(t^q r) = H(t) (1 + P^|t| + ... + P^((q-1)|t|)) P^|r| + H(r) */
    geometric(SIG_P, t->nbElems, &unused, &ptype);
    geometric(ptype, (int64_t)(elems / (uint64_t)t->nbElems), &copies, &pq);
    h = raw_hash(t) * copies;
    budget = (int64_t)(elems % (uint64_t)t->nbElems);
    if (budget > 0) {
        rec = tsd_sig_records(t, &one, &n);
        seq_prefix_hash(rec, n, &budget, &hr, &pr);
        h = h * pr + hr;
    }
    return h;
}

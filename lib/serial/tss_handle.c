/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Handles of the runtime's objects (requests, communicators, info
 * objects, keyvals): a table of slots, each with a generation.  A handle
 * is MPICH's kind bits (its top six), the slot's generation and the slot,
 * so a handle used after its object was freed (erroneous, MPI-4.1 section
 * 2.5.1) is refused with a message saying so instead of naming the
 * slot's next object.
 *
 * The generation alone wraps quickly (a request has 8 bits of it), so a
 * freed slot also rests, as libtypeshim's datatype slots do: it goes to
 * the tail of a FIFO and comes back only when delay other slots were
 * freed after it (or the table can grow no more).  A stale handle then
 * names nothing for at least 2^gen_bits * (delay + 1) create/free cycles,
 * at a cost of at most delay idle slots.
 *
 * The caller keeps the table under its own lock.
 */
#include "typeshim_config.h"

#include <stdlib.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

struct tss_hslot {
    void *obj;            /* the caller's, kept while the slot rests */
    uint32_t gen;         /* bumped at each release */
    int32_t next;         /* the FIFO of free slots */
    int32_t sprev, snext; /* the resting slots that keep an object */
    unsigned char live, spare;
};

static uint32_t gen_mask(const tss_handles *t)
{
    return (1u << t->gen_bits) - 1;
}

static int grow(tss_handles *t)
{
    unsigned max = 1u << t->idx_bits, ncap = t->cap ? 2 * t->cap : 64;
    struct tss_hslot *s;

    if (t->cap >= max)
        return -1;
    if (ncap > max)
        ncap = max;
    if (!(s = tss_realloc(t->s, t->cap * sizeof(*s), ncap * sizeof(*s))))
        return -1;
    for (unsigned i = t->cap; i < ncap; i++)
        s[i] = (struct tss_hslot){NULL, 0, -1, -1, -1, 0, 0};
    t->s = s;
    t->cap = ncap;
    return 0;
}

/* The spare list: resting slots that keep an object (a request or a
 * communicator record, which callers reuse).  A fresh slot takes one of
 * those objects, so that the objects number the most ever live at once,
 * not one per slot: without it, every resting slot would keep its object
 * beside the new one of each fresh slot, memory the program cannot see
 * growing with its handle churn (up to delay objects). */
static void spare_unlink(tss_handles *t, unsigned idx)
{
    struct tss_hslot *s = &t->s[idx];

    if (s->sprev >= 0)
        t->s[s->sprev].snext = s->snext;
    else
        t->spare = s->snext;
    if (s->snext >= 0)
        t->s[s->snext].sprev = s->sprev;
    s->sprev = s->snext = -1;
    s->spare = 0;
}

static void spare_push(tss_handles *t, unsigned idx)
{
    struct tss_hslot *s = &t->s[idx];

    s->sprev = -1;
    s->snext = t->spare;
    if (t->spare >= 0)
        t->s[t->spare].sprev = (int32_t)idx;
    t->spare = (int32_t)idx;
    s->spare = 1;
}

/* Slot idx, which keeps no object, takes a spare one, if any. */
static void spare_adopt(tss_handles *t, unsigned idx)
{
    int32_t j = t->spare;

    if (j < 0)
        return;
    t->s[idx].obj = t->s[j].obj;
    t->s[j].obj = NULL;
    spare_unlink(t, (unsigned)j);
}

int tss_handle_take(tss_handles *t, unsigned *idx)
{
    unsigned max = 1u << t->idx_bits;

    /* a fresh slot while the resting ones are few: they rest longer */
    if (t->head < 0 || (t->nfree <= t->delay && t->fresh < max)) {
        if (t->fresh == t->cap && grow(t)) {
            if (t->head < 0)
                return t->cap >= max ? MPI_ERR_OTHER : MPI_ERR_NO_MEM;
        } else {
            *idx = t->fresh++;
            goto taken;
        }
    }
    *idx = (unsigned)t->head;
    t->head = t->s[*idx].next;
    if (t->head < 0)
        t->tail = -1;
    t->nfree--;
taken:
    t->s[*idx].live = 1;
    if (t->s[*idx].spare) /* it keeps its own object */
        spare_unlink(t, *idx);
    else if (!t->s[*idx].obj) /* fresh, or its object went to another */
        spare_adopt(t, *idx);
    return 0;
}

int tss_handle_take_rec(tss_handles *t, size_t size, unsigned *idx, void **rec)
{
    void **slot;
    int rc = tss_handle_take(t, idx);

    if (rc != MPI_SUCCESS)
        return rc;
    slot = &t->s[*idx].obj;
    if (!*slot && !(*slot = tss_calloc(1, size))) {
        tss_handle_put(t, *idx);
        return MPI_ERR_NO_MEM;
    }
    *rec = *slot;
    return MPI_SUCCESS;
}

uint32_t tss_handle_of(const tss_handles *t, unsigned idx)
{
    return t->kind | (t->s[idx].gen & gen_mask(t)) << t->idx_bits | idx;
}

void **tss_handle_obj(tss_handles *t, unsigned idx)
{
    return &t->s[idx].obj;
}

int tss_handle_find(const tss_handles *t, uint32_t h, unsigned *idx)
{
    uint32_t i = h & ((1u << t->idx_bits) - 1), hgen = (h >> t->idx_bits) & gen_mask(t);
    const struct tss_hslot *s;

    /* the kind's bits, then nothing between them and the generation */
    if ((h & t->kind_mask) != t->kind || (h & ~t->kind_mask) >> (t->idx_bits + t->gen_bits) ||
        i >= t->fresh)
        return TSS_HANDLE_NEVER;
    s = &t->s[i];
    if (s->live && (s->gen & gen_mask(t)) == hgen) {
        *idx = i;
        return TSS_HANDLE_LIVE;
    }
    /* handles of this slot carried generations 0..gen (gen: the live
     * one's) until the generation wrapped */
    return s->gen > gen_mask(t) || hgen < s->gen ? TSS_HANDLE_FREED : TSS_HANDLE_NEVER;
}

const char *tss_handle_why(const tss_handles *t, uint32_t h)
{
    unsigned idx;

    return tss_handle_find(t, h, &idx) == TSS_HANDLE_FREED ? "freed" : "never made";
}

void tss_handle_put(tss_handles *t, unsigned idx)
{
    struct tss_hslot *s = &t->s[idx];

    s->live = 0;
    s->gen++;
    s->next = -1;
    if (t->tail >= 0)
        t->s[t->tail].next = (int32_t)idx;
    else
        t->head = (int32_t)idx;
    t->tail = (int32_t)idx;
    t->nfree++;
    if (s->obj)
        spare_push(t, idx);
}

void tss_handle_reset(tss_handles *t)
{
    tss_free(t->s);
    t->s = NULL;
    t->cap = t->fresh = t->nfree = 0;
    t->head = t->tail = t->spare = -1;
}

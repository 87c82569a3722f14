/* SPDX-License-Identifier: BSD-3-Clause */
/* The handle table of one object kind (tso_table.h). */
#include "typeshim_config.h"

#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "object/tso_table.h"

static const tso_layout *layout(const tso_table *t)
{
    return t->l;
}

static uint32_t gen_mask(const tso_table *t)
{
    return (1u << layout(t)->gen_bits) - 1;
}

static tso_slot *slot(const tso_table *t, uint32_t idx)
{
    return tso_slot_at(t, idx);
}

static int is_live(const tso_slot *s)
{
    return __atomic_load_n(&s->next, __ATOMIC_RELAXED) == TSO_SLOT_LIVE;
}

/* Makes the chunk of the next fresh slot; chunks are published with
 * release stores so tso_peek never sees one half made. */
int tso_grow(tso_table *t)
{
    uint32_t max = 1u << layout(t)->idx_bits, ci = t->fresh >> TSO_CHUNK_BITS;
    tso_slot *c;

    if (!t->dir) {
        tso_slot **dir =
            t->alloc->calloc((max + TSO_CHUNK_SIZE - 1) / TSO_CHUNK_SIZE, sizeof(*dir));
        if (!dir)
            return MPI_ERR_NO_MEM;
        __atomic_store_n(&t->dir, dir, __ATOMIC_RELEASE);
    }
    if (t->dir[ci])
        return 0;
    /* zeroed is enough: a slot's links are written before they are read
     * (tso_take marks it live, tso_put links it) */
    if (!(c = t->alloc->calloc(TSO_CHUNK_SIZE, sizeof(*c))))
        return MPI_ERR_NO_MEM;
    __atomic_store_n(&t->dir[ci], c, __ATOMIC_RELEASE);
    return 0;
}

/* The spare list: resting slots that keep a record (a request or a
 * communicator record, which callers reuse).  A fresh slot takes one of
 * those records, so that records number the most ever live at once, not
 * one per slot: without it every resting slot would keep its record
 * beside the new one of each fresh slot, memory growing with the
 * program's handle churn (up to `rest` records). */
void tso_spare_unlink(tso_table *t, uint32_t idx)
{
    tso_slot *s = slot(t, idx);

    if (s->sprev >= 0)
        slot(t, (uint32_t)s->sprev)->snext = s->snext;
    else
        t->spare = s->snext;
    if (s->snext >= 0)
        slot(t, (uint32_t)s->snext)->sprev = s->sprev;
    s->sprev = s->snext = -1;
}

void tso_spare_push(tso_table *t, uint32_t idx)
{
    tso_slot *s = slot(t, idx);

    s->sprev = -1;
    s->snext = t->spare;
    if (t->spare >= 0)
        slot(t, (uint32_t)t->spare)->sprev = (int32_t)idx;
    t->spare = (int32_t)idx;
}

/* Slot idx, which keeps no record, takes a spare one, if any. */
void tso_spare_adopt(tso_table *t, uint32_t idx)
{
    int32_t j = t->spare;

    if (j < 0)
        return;
    slot(t, idx)->obj = slot(t, (uint32_t)j)->obj;
    slot(t, (uint32_t)j)->obj = NULL;
    tso_spare_unlink(t, (uint32_t)j);
}

int tso_take(tso_table *t, uint32_t *idx)
{
    return tso_take_as(t, t->kind, idx);
}

int tso_issue(tso_table *t, void *obj, const void *site, uint32_t *h)
{
    return tso_issue_as(t, t->kind, obj, site, h);
}

int tso_take_rec(tso_table *t, size_t size, uint32_t *idx, void **rec)
{
    void **obj;
    int rc = tso_take(t, idx);

    if (rc != MPI_SUCCESS)
        return rc;
    obj = &slot(t, *idx)->obj;
    if (!*obj && !(*obj = t->alloc->calloc(1, size))) {
        tso_put(t, *idx); /* its handle was never issued: rests anyway */
        return MPI_ERR_NO_MEM;
    }
    *rec = *obj;
    return MPI_SUCCESS;
}

int tso_find_as(const tso_table *t, enum tso_kind k, uint32_t h, uint32_t *idx)
{
    uint32_t i = tso_abi_slot(k, h), hgen = tso_abi_gen(k, h), gen;
    const tso_slot *s;

    if (!tso_abi_is(k, h) || i >= t->fresh)
        return TSO_NEVER;
    s = slot(t, i);
    gen = __atomic_load_n(&s->gen, __ATOMIC_RELAXED);
    if (is_live(s) && (gen & gen_mask(t)) == hgen) {
        *idx = i;
        return TSO_LIVE;
    }
    /* handles of this slot carried generations 0..gen (gen: the live
     * one's) until the generation wrapped */
    if (gen <= gen_mask(t) && hgen >= gen)
        return TSO_NEVER;
    /* the slot's last handle: what the slot keeps (its site) is h's */
    *idx = !is_live(s) && ((gen - 1) & gen_mask(t)) == hgen ? i : UINT32_MAX;
    return TSO_FREED;
}

int tso_find(const tso_table *t, uint32_t h, uint32_t *idx)
{
    return tso_find_as(t, t->kind, h, idx);
}

const char *tso_why(const tso_table *t, uint32_t h)
{
    uint32_t idx;

    return tso_find(t, h, &idx) == TSO_FREED ? "freed" : "never made";
}

void tso_put(tso_table *t, uint32_t idx)
{
    tso_put_as(t, t->kind, idx);
}

void tso_each(tso_table *t, void (*fn)(void *obj, uint32_t idx, void *arg), void *arg)
{
    for (uint32_t i = 0; i < t->fresh; i++)
        if (is_live(slot(t, i)))
            fn(slot(t, i)->obj, i, arg);
}

void tso_reset(tso_table *t)
{
    uint32_t n = ((1u << layout(t)->idx_bits) + TSO_CHUNK_SIZE - 1) / TSO_CHUNK_SIZE;

    for (uint32_t ci = 0; t->dir && ci < n; ci++)
        t->alloc->free(t->dir[ci]);
    t->alloc->free(t->dir);
    t->dir = NULL;
    t->fresh = t->nfree = 0;
    t->head = t->tail = t->spare = -1;
}

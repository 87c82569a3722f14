/* SPDX-License-Identifier: BSD-3-Clause */
/* Objects of another library's handles (tso_map.h). */
#include "typeshim_config.h"

#include "object/tso_map.h"

static uint32_t nchunks(const tso_map *m)
{
    return (1u << m->key_bits) / TSO_MAP_CHUNK_SIZE;
}

/* Made at most once, by whichever thread gets there first. */
static void *make_once(void **where, size_t n, size_t size, const tso_alloc *a)
{
    void *fresh, *cur = __atomic_load_n(where, __ATOMIC_ACQUIRE);

    if (cur || !(fresh = a->calloc(n, size)))
        return cur;
    if (__atomic_compare_exchange_n(where, &cur, fresh, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
        return fresh;
    a->free(fresh); /* another thread made it: cur holds theirs */
    return cur;
}

/* A node of the current slab, or of a new one when it is full (a racing
 * thread's new slab wins, the loser's is freed). */
static tso_mnode *node_new(tso_map *m)
{
    for (;;) {
        tso_mslab *s = __atomic_load_n(&m->slab, __ATOMIC_ACQUIRE), *fresh;
        unsigned i;

        if (s && (i = __atomic_fetch_add(&s->used, 1, __ATOMIC_RELAXED)) < TSO_MAP_SLAB_NODES)
            return &s->nodes[i];
        if (!(fresh = m->alloc->calloc(1, sizeof(*fresh))))
            return NULL;
        fresh->prev = s;
        if (!__atomic_compare_exchange_n(&m->slab, &s, fresh, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_ACQUIRE))
            m->alloc->free(fresh);
    }
}

/* Sparse: pushed at its bucket's head unless another thread pushed the
 * same key first (the new part of the chain is searched again after a
 * lost race). */
static tso_mslot *sparse_slot(tso_map *m, int64_t key, int create)
{
    tso_mnode **b, *n, *head, *seen = NULL;

    if ((n = tso_map_node(m, key)))
        return &n->slot;
    if (!create || !(b = make_once((void **)&m->buckets, (size_t)1 << TSO_MAP_BUCKET_BITS,
                                   sizeof(*b), m->alloc)))
        return NULL;
    b += tso_map_bucket(key);
    head = __atomic_load_n(b, __ATOMIC_ACQUIRE);
    for (;;) {
        tso_mnode *mine;
        for (n = head; n != seen; n = __atomic_load_n(&n->next, __ATOMIC_ACQUIRE))
            if (n->key == key)
                return &n->slot;
        seen = head;
        if (!(mine = node_new(m)))
            return NULL;
        mine->key = key;
        mine->next = head;
        if (__atomic_compare_exchange_n(b, &head, mine, 0, __ATOMIC_ACQ_REL, __ATOMIC_ACQUIRE))
            return &mine->slot;
        /* head is the new one: search what it added (the node taken is
         * left unused in its slab) */
    }
}

tso_mslot *tso_map_slot(tso_map *m, int64_t key, int create)
{
    tso_mslot **dir = __atomic_load_n(&m->dir, __ATOMIC_ACQUIRE), *c;

    if (key < 0 || key >= (int64_t)1 << m->key_bits)
        return NULL;
    if (m->key_bits > TSO_MAP_DENSE_BITS)
        return sparse_slot(m, key, create);
    if (!dir &&
        (!create || !(dir = make_once((void **)&m->dir, nchunks(m), sizeof(*dir), m->alloc))))
        return NULL;
    c = __atomic_load_n(&dir[key >> TSO_MAP_CHUNK_BITS], __ATOMIC_ACQUIRE);
    if (!c && create)
        c = make_once((void **)&dir[key >> TSO_MAP_CHUNK_BITS], TSO_MAP_CHUNK_SIZE, sizeof(*c),
                      m->alloc);
    return c ? &c[key & (TSO_MAP_CHUNK_SIZE - 1)] : NULL;
}

void tso_map_each(tso_map *m, void (*fn)(tso_mslot *s, void *arg), void *arg)
{
    tso_mslot **dir = __atomic_load_n(&m->dir, __ATOMIC_ACQUIRE);
    tso_mnode **b = __atomic_load_n(&m->buckets, __ATOMIC_ACQUIRE);

    for (uint32_t i = 0; b && i < 1u << TSO_MAP_BUCKET_BITS; i++)
        for (tso_mnode *n = __atomic_load_n(&b[i], __ATOMIC_ACQUIRE); n;
             n = __atomic_load_n(&n->next, __ATOMIC_ACQUIRE))
            if (atomic_load_explicit(&n->slot.obj, memory_order_acquire))
                fn(&n->slot, arg);

    for (uint32_t ci = 0; dir && ci < nchunks(m); ci++) {
        tso_mslot *c = __atomic_load_n(&dir[ci], __ATOMIC_ACQUIRE);
        for (uint32_t i = 0; c && i < TSO_MAP_CHUNK_SIZE; i++)
            if (atomic_load_explicit(&c[i].obj, memory_order_acquire))
                fn(&c[i], arg);
    }
}

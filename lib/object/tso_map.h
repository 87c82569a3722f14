/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tso_map: objects of handles another library issued (layered mode: the
 * MPI under typeshim), found by the key tso_abi.h derives from such a
 * handle.  Slots are made on first use and never moved or freed: every
 * field is read and written atomically, without a lock.  Dense keys (at
 * most 32 bits: MPICH's handle indices) index chunks; sparse ones (Open
 * MPI's pointers) hash into buckets of nodes, pushed at a bucket's head
 * and never removed (libmpi reuses its freed addresses, and with them the
 * node, whose freed field is what says "freed").
 */
#ifndef TSO_MAP_H
#define TSO_MAP_H

#include <stdatomic.h>
#include <stdint.h>

#include "object/tso_table.h"

#define TSO_MAP_CHUNK_BITS 10
#define TSO_MAP_CHUNK_SIZE (1u << TSO_MAP_CHUNK_BITS)

typedef struct tso_mslot {
    _Atomic(void *) obj;        /* the object bound here, or NULL */
    _Atomic uintptr_t freed;    /* the last handle released here (TSO_FOREIGN) */
    _Atomic(const void *) site; /* where the object bound here was made */
} tso_mslot;

typedef struct tso_mnode {
    struct tso_mnode *next; /* read and written atomically */
    int64_t key;
    tso_mslot slot;
} tso_mnode;

#define TSO_MAP_DENSE_BITS  32
#define TSO_MAP_BUCKET_BITS 16
#define TSO_MAP_SLAB_NODES  1024

/* Sparse nodes come from slabs, as dense slots from chunks: one block per
 * TSO_MAP_SLAB_NODES addresses ever seen. */
typedef struct tso_mslab {
    struct tso_mslab *prev; /* the slab filled before this one */
    unsigned used;          /* nodes handed out (atomic) */
    tso_mnode nodes[TSO_MAP_SLAB_NODES];
} tso_mslab;

typedef struct tso_map {
    const tso_alloc *alloc;
    unsigned key_bits;
    tso_mslot **dir;     /* dense: chunks, made on first use */
    tso_mnode **buckets; /* sparse: the buckets' heads, made on first use */
    tso_mslab *slab;     /* sparse: where new nodes come from */
} tso_map;

#define TSO_MAP(key_bits, alloc)                                                                   \
    {                                                                                              \
        (alloc), (key_bits), NULL, NULL, NULL                                                      \
    }

static inline uint32_t tso_map_bucket(int64_t key)
{
    return (uint32_t)((uint64_t)key * 0x9e3779b97f4a7c15u >> (64 - TSO_MAP_BUCKET_BITS));
}

/* Sparse: the node of key, or NULL. */
static inline tso_mnode *tso_map_node(const tso_map *m, int64_t key)
{
    tso_mnode **b = __atomic_load_n(&((tso_map *)m)->buckets, __ATOMIC_ACQUIRE), *n;

    n = b ? __atomic_load_n(&b[tso_map_bucket(key)], __ATOMIC_ACQUIRE) : NULL;
    while (n && n->key != key)
        n = __atomic_load_n(&n->next, __ATOMIC_ACQUIRE);
    return n;
}

/* The slot of key (NULL when key < 0, or when its chunk is not made and
 * create is 0, or out of memory). */
TSO_HIDDEN tso_mslot *tso_map_slot(tso_map *m, int64_t key, int create);
/* Calls fn on every slot that holds an object. */
TSO_HIDDEN void tso_map_each(tso_map *m, void (*fn)(tso_mslot *s, void *arg), void *arg);

/* The object bound under key, or NULL: a few loads, for every lookup. */
static inline void *tso_map_peek(const tso_map *m, int64_t key)
{
    tso_mslot **dir = __atomic_load_n(&((tso_map *)m)->dir, __ATOMIC_ACQUIRE);
    tso_mslot *c;
    tso_mnode *n;

    if (m->key_bits > TSO_MAP_DENSE_BITS) {
        n = key < 0 ? NULL : tso_map_node(m, key);
        return n ? atomic_load_explicit(&n->slot.obj, memory_order_acquire) : NULL;
    }
    if (key < 0 || !dir ||
        !(c = __atomic_load_n(&dir[key >> TSO_MAP_CHUNK_BITS], __ATOMIC_ACQUIRE)))
        return NULL;
    return atomic_load_explicit(&c[key & (TSO_MAP_CHUNK_SIZE - 1)].obj, memory_order_acquire);
}

#endif /* TSO_MAP_H */

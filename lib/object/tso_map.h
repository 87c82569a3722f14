/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tso_map: objects of handles another library issued (layered mode: the
 * MPI under typeshim), found by the key tso_abi.h derives from such a
 * handle.  Slots are made in chunks on first use and never moved or
 * freed: every field is read and written atomically, without a lock.
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
    _Atomic uint32_t freed;     /* the last handle released here */
    _Atomic(const void *) site; /* where the object bound here was made */
} tso_mslot;

typedef struct tso_map {
    const tso_alloc *alloc;
    unsigned key_bits;
    tso_mslot **dir; /* chunks, made on first use */
} tso_map;

#define TSO_MAP(key_bits, alloc)                                                                   \
    {                                                                                              \
        (alloc), (key_bits), NULL                                                                  \
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

    if (key < 0 || !dir ||
        !(c = __atomic_load_n(&dir[key >> TSO_MAP_CHUNK_BITS], __ATOMIC_ACQUIRE)))
        return NULL;
    return atomic_load_explicit(&c[key & (TSO_MAP_CHUNK_SIZE - 1)].obj, memory_order_acquire);
}

#endif /* TSO_MAP_H */

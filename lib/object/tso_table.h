/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tso_table: the handles of one kind of object, for every kind both
 * libraries issue (datatypes, communicators, groups, requests, ...).  A
 * table of slots, each with a generation; a handle is its kind's bits,
 * the slot's generation and the slot (tso_abi.h), so a handle used after
 * its object was freed (erroneous, MPI-4.1 section 2.5.1) is refused
 * instead of naming the slot's next object.  A freed slot rests before
 * it is reused (tso_abi.h says how long for each kind).
 *
 * Slots live in chunks that are never moved or freed before tso_reset,
 * so tso_peek may read a slot while another thread takes or releases
 * one.  Everything else is called under the owner's lock.
 *
 * Ownership: the table owns its slots; each slot keeps one pointer of
 * the caller's (tso_obj), which stays while the slot rests so a kind
 * whose objects are records can reuse them (tso_take_rec).  The caller
 * frees what those pointers name before tso_reset.
 */
#ifndef TSO_TABLE_H
#define TSO_TABLE_H

#include <stddef.h>
#include <stdint.h>

#pragma GCC visibility push(default)
#include <mpi.h> /* the error classes take returns */
#pragma GCC visibility pop

#include "object/tso_abi.h"

#define TSO_HIDDEN __attribute__((visibility("hidden")))

/* The allocator of the library a table lives in (each library has its
 * own, and both go to the program's typeshim_set_alloc_funcs). */
typedef struct tso_alloc {
    void *(*calloc)(size_t nmemb, size_t size);
    void (*free)(void *p);
} tso_alloc;

#define TSO_CHUNK_BITS 10 /* 32 KiB zeroed at once: a first handle stays cheap */
#define TSO_CHUNK_SIZE (1u << TSO_CHUNK_BITS)

/* 32 bytes: a kind that rests 2^18 slots (datatypes) keeps 8 MiB idle. */
typedef struct tso_slot {
    void *obj;        /* the caller's; read with tso_peek while others write */
    const void *site; /* where the object issued here was made */
    uint32_t gen;     /* releases of this slot so far */
    int32_t next;     /* TSO_SLOT_LIVE, or the free list this slot rests on */
    /* resting slots that keep a record (a resting slot whose obj is not
     * NULL is on that list) */
    int32_t sprev, snext;
} tso_slot;
#define TSO_SLOT_LIVE (-2)

typedef struct tso_table {
    enum tso_kind kind;
    const tso_layout *l; /* tso_layouts[kind], one load away */
    const tso_alloc *alloc;
    tso_slot **dir;        /* chunks; atomic pointers (tso_peek) */
    uint32_t fresh, nfree; /* slots ever taken, slots resting */
    int32_t head, tail;    /* resting slots, oldest first */
    int32_t spare;         /* resting slots that keep a record */
} tso_table;

#define TSO_TABLE(kind, alloc)                                                                     \
    {                                                                                              \
        (kind), &tso_layouts[kind], (alloc), NULL, 0, 0, -1, -1, -1                                \
    }

enum { TSO_LIVE, TSO_FREED, TSO_NEVER };

/* A slot for a new object into *idx: 0, MPI_ERR_NO_MEM, or MPI_ERR_OTHER
 * when every slot is live.  The slot's pointer (tso_obj) is a record a
 * released slot kept (NULL when none is spare), for the caller to reuse. */
TSO_HIDDEN int tso_take(tso_table *t, uint32_t *idx);
/* tso_take for an object whose handle is its slot's (not a record):
 * publishes obj for tso_peek, with where it was made; *h its handle. */
TSO_HIDDEN int tso_issue(tso_table *t, void *obj, const void *site, uint32_t *h);
/* tso_take for records of size bytes, reused: *rec is a record a
 * released slot kept (as it was left) or a new one, zeroed; on failure
 * (the class) no slot is taken. */
TSO_HIDDEN int tso_take_rec(tso_table *t, size_t size, uint32_t *idx, void **rec);
/* TSO_LIVE (*idx: its slot), TSO_FREED (a handle of this table whose
 * object was freed; *idx: its slot when h is the last handle the slot
 * issued, so tso_site is h's, else UINT32_MAX) or TSO_NEVER; k is the
 * table's kind or one sharing its slots. */
TSO_HIDDEN int tso_find_as(const tso_table *t, enum tso_kind k, uint32_t h, uint32_t *idx);
TSO_HIDDEN int tso_find(const tso_table *t, uint32_t h, uint32_t *idx);
/* "freed" or "never made", for the message refusing h. */
TSO_HIDDEN const char *tso_why(const tso_table *t, uint32_t h);
/* Releases slot idx to rest (its pointer stays, for reuse). */
TSO_HIDDEN void tso_put(tso_table *t, uint32_t idx);
/* Calls fn on the pointer of every live slot. */
TSO_HIDDEN void tso_each(tso_table *t, void (*fn)(void *obj, uint32_t idx, void *arg), void *arg);
/* Forgets every slot (the caller freed the objects). */
TSO_HIDDEN void tso_reset(tso_table *t);

/* The slot of idx, a slot ever taken (idx < t->fresh). */
static inline tso_slot *tso_slot_at(const tso_table *t, uint32_t idx)
{
    return &t->dir[idx >> TSO_CHUNK_BITS][idx & (TSO_CHUNK_SIZE - 1)];
}

/* The handle of slot idx, of the table's kind or of kind k sharing its
 * slots. */
static inline uint32_t tso_handle_as(const tso_table *t, enum tso_kind k, uint32_t idx)
{
    return tso_abi_handle(k, __atomic_load_n(&tso_slot_at(t, idx)->gen, __ATOMIC_RELAXED), idx);
}
static inline uint32_t tso_handle(const tso_table *t, uint32_t idx)
{
    return tso_handle_as(t, t->kind, idx);
}

/* Where slot idx keeps its pointer. */
static inline void **tso_obj(tso_table *t, uint32_t idx)
{
    return &tso_slot_at(t, idx)->obj;
}

/* Where the object of slot idx was made (cleared by tso_take). */
static inline const void **tso_site(tso_table *t, uint32_t idx)
{
    return &tso_slot_at(t, idx)->site;
}

/* Sets slot idx's pointer so that tso_peek sees it complete. */
static inline void tso_publish(tso_table *t, uint32_t idx, void *obj)
{
    __atomic_store_n(&tso_slot_at(t, idx)->obj, obj, __ATOMIC_RELEASE);
}

/* Any thread, without the lock: the pointer published in the slot h
 * names, h of kind k (a constant, so the layout folds away); NULL when
 * none.  A freed slot's may be another object's: the caller checks the
 * object is h's. */
static inline void *tso_peek_as(const tso_table *t, enum tso_kind k, uint32_t h)
{
    uint32_t idx = h & ((1u << tso_layouts[k].idx_bits) - 1);
    tso_slot **dir = __atomic_load_n(&((tso_table *)t)->dir, __ATOMIC_ACQUIRE);
    tso_slot *c;

    if (!dir || !(c = __atomic_load_n(&dir[idx >> TSO_CHUNK_BITS], __ATOMIC_ACQUIRE)))
        return NULL;
    return __atomic_load_n(&c[idx & (TSO_CHUNK_SIZE - 1)].obj, __ATOMIC_ACQUIRE);
}
/* Any thread, without the lock: the pointer of the live slot handle h
 * (of kind k, a constant) names at its generation, or NULL.  A take or
 * release racing with it gives either answer; the caller checks the
 * object.  Reads nothing takes write without atomics (not t->fresh: a
 * slot of a made chunk that was never taken is not live). */
static inline void *tso_get_as(const tso_table *t, enum tso_kind k, uint32_t h)
{
    uint32_t idx = tso_abi_slot(k, h);
    tso_slot **dir = __atomic_load_n(&((tso_table *)t)->dir, __ATOMIC_ACQUIRE);
    tso_slot *c, *s;

    if (!tso_abi_is(k, h) || !dir ||
        !(c = __atomic_load_n(&dir[idx >> TSO_CHUNK_BITS], __ATOMIC_ACQUIRE)))
        return NULL;
    s = &c[idx & (TSO_CHUNK_SIZE - 1)];
    if (__atomic_load_n(&s->next, __ATOMIC_RELAXED) != TSO_SLOT_LIVE ||
        (__atomic_load_n(&s->gen, __ATOMIC_RELAXED) & ((1u << tso_layouts[k].gen_bits) - 1)) !=
            tso_abi_gen(k, h))
        return NULL;
    return __atomic_load_n(&s->obj, __ATOMIC_ACQUIRE);
}
static inline void *tso_peek(const tso_table *t, uint32_t h)
{
    return tso_peek_as(t, t->kind, h);
}

/* The out-of-line parts of the inline take and release below. */
TSO_HIDDEN int tso_grow(tso_table *t);
TSO_HIDDEN void tso_spare_unlink(tso_table *t, uint32_t idx);
TSO_HIDDEN void tso_spare_push(tso_table *t, uint32_t idx);
TSO_HIDDEN void tso_spare_adopt(tso_table *t, uint32_t idx);

/* tso_take, tso_put and tso_issue for a table of kind k, a constant:
 * inline, the layout folded, for the kinds made and freed per call (every
 * derived datatype's construction goes through them).  Same rules. */
static inline __attribute__((always_inline)) int tso_take_as(tso_table *t, enum tso_kind k,
                                                             uint32_t *idx)
{
    const uint32_t max = 1u << tso_layouts[k].idx_bits;
    tso_slot *s;

    if (t->head >= 0 && (t->nfree > tso_layouts[k].rest || t->fresh >= max)) {
        /* the oldest resting slot: rested long enough, or no fresh one left */
        *idx = (uint32_t)t->head;
        t->head = tso_slot_at(t, *idx)->next;
        if (t->head < 0)
            t->tail = -1;
        t->nfree--;
    } else if (t->fresh < max && ((t->fresh & (TSO_CHUNK_SIZE - 1)) || tso_grow(t) == 0)) {
        *idx = t->fresh++; /* in the chunk of the last fresh slot, or a new one */
    } else if (t->head >= 0) {
        /* no memory for a fresh chunk: the oldest resting slot, sooner */
        *idx = (uint32_t)t->head;
        t->head = tso_slot_at(t, *idx)->next;
        if (t->head < 0)
            t->tail = -1;
        t->nfree--;
    } else {
        return t->fresh >= max ? MPI_ERR_OTHER : MPI_ERR_NO_MEM;
    }
    s = tso_slot_at(t, *idx);
    __atomic_store_n(&s->next, TSO_SLOT_LIVE, __ATOMIC_RELAXED);
    s->site = NULL;
    if (s->obj) /* a resting slot that kept its record (on the spare list) */
        tso_spare_unlink(t, *idx);
    else if (t->spare >= 0) /* fresh, or its record went to another */
        tso_spare_adopt(t, *idx);
    return MPI_SUCCESS;
}

static inline __attribute__((always_inline)) int
tso_issue_as(tso_table *t, enum tso_kind k, void *obj, const void *site, uint32_t *h)
{
    uint32_t idx;
    tso_slot *s;
    int rc = tso_take_as(t, k, &idx);

    if (rc != MPI_SUCCESS)
        return rc;
    s = tso_slot_at(t, idx);
    s->site = site;
    *h = tso_abi_handle(k, s->gen, idx);
    __atomic_store_n(&s->obj, obj, __ATOMIC_RELEASE);
    return MPI_SUCCESS;
}

static inline __attribute__((always_inline)) void tso_put_as(tso_table *t, enum tso_kind k,
                                                             uint32_t idx)
{
    tso_slot *s = tso_slot_at(t, idx);

    (void)k;
    /* a later find of its handle says freed */
    __atomic_store_n(&s->gen, s->gen + 1, __ATOMIC_RELAXED);
    __atomic_store_n(&s->next, -1, __ATOMIC_RELAXED);
    if (t->tail >= 0)
        tso_slot_at(t, (uint32_t)t->tail)->next = (int32_t)idx;
    else
        t->head = (int32_t)idx;
    t->tail = (int32_t)idx;
    t->nfree++;
    if (s->obj)
        tso_spare_push(t, idx);
}

#endif /* TSO_TABLE_H */

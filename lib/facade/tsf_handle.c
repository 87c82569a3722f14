/* SPDX-License-Identifier: BSD-3-Clause */
/* Derived-type handles.  Standalone: MPICH-shaped indirect handles
 * (0xcc...) carrying a slot index and a 4-bit generation, so a freed or
 * forged handle is caught by comparison and never dereferenced, however
 * many types were made since (see REUSE_AFTER).  Layered:
 * the handle is the MPICH shadow's, and the table is indexed by its bits
 * (direct or indirect kind, 26-bit index); a miss is a handle MPICH made,
 * adopted on first sight.  Lookups take no lock: chunks are never moved or
 * freed, and slots are read with acquire loads. */
#include "typeshim_config.h"

#include <pthread.h>

#include "facade/tsf.h"

/* A freed slot rests on a FIFO free list until REUSE_AFTER other slots
 * were freed after it (or no fresh slot is left), and then comes back
 * with the next of its 16 generations: a stale handle names nothing for
 * at least 16 * REUSE_AFTER (4.2 million) create/free cycles, at a cost
 * of at most REUSE_AFTER idle slots (4 MiB). */
#define REUSE_AFTER (1u << 18)

_Atomic(tsf_slot *) tsf_chunks[TSF_NCHUNKS];
_Atomic(tsf_lslot *) tsf_lchunks[TSF_NLCHUNKS];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static uint32_t next_unused;
static int32_t free_head = -1, free_tail = -1;
static uint32_t nfree;
/* Released hold slots, reused first and last in, first out: a hold
 * handle never reaches the program, so it needs no rest; holds then take
 * as many slots as are pending at once, not a fresh slot per message
 * until REUSE_AFTER of them rest (4 MiB of slots, and the program's freed
 * handles coming back sooner). */
static int32_t hold_head = -1;
/* atomic: layered binding and release take no lock for it */
static _Atomic long live;

/* The layered slot of an MPICH derived-type handle (NULL when h cannot be
 * one, or when create is 0 and its chunk does not exist yet). */
static tsf_lslot *lslot_of(MPI_Datatype h, int create)
{
    int64_t key = tsf_lkey((uint32_t)h);
    uint32_t ci;
    tsf_lslot *c;

    if (key < 0)
        return NULL;
    ci = (uint32_t)(key / TSF_CHUNK_SIZE);
    c = atomic_load_explicit(&tsf_lchunks[ci], memory_order_acquire);
    if (!c && create) {
        tsf_lslot *fresh =
            tsu_calloc(TSF_CHUNK_SIZE, sizeof(tsf_lslot)); /* lives for the process */
        if (!fresh)
            return NULL;
        if (atomic_compare_exchange_strong(&tsf_lchunks[ci], &c, fresh))
            c = fresh;
        else
            tsu_free(fresh); /* another thread made it: c holds theirs */
    }
    return c ? &c[key % TSF_CHUNK_SIZE] : NULL;
}

static tsf_dtype *unknown(MPI_Datatype h)
{
    const tsf_hooks *hooks = tsf_active_hooks();
    return hooks->unknown ? hooks->unknown(h) : NULL;
}

/* Bound handles: unknown ones go to the hooks (may_adopt), which may know
 * them from the next layer. */
static tsf_dtype *lookup_bound(MPI_Datatype h, int may_adopt)
{
    uint32_t u = (uint32_t)h;
    tsf_dtype *o;
    tsf_lslot *s;

    /* predefined handles are builtin (01) or MPICH's first direct pairs */
    if (((u >> 30) == 1 || (u & 0xfffffff8u) == 0x8c000000u) && (o = tsf_builtin_lookup(h)))
        return o;
    if (!(s = lslot_of(h, 0))) {
        /* no chunk yet: unknown to typeshim, maybe made by the next layer */
        return may_adopt && lslot_of(h, 1) ? unknown(h) : NULL;
    }
    o = atomic_load_explicit(&s->obj, memory_order_acquire);
    if (o && o->handle == h)
        return tsf_handle_valid(o, h) ? o : NULL;
    /* freed through typeshim: the next layer cannot be asked about it safely */
    if (!o && atomic_load_explicit(&s->freed, memory_order_acquire) == (uint32_t)h)
        return NULL;
    return o || !may_adopt ? NULL : unknown(h);
}

tsf_dtype *tsf_lookup_known(MPI_Datatype h)
{
    return lookup_bound(h, 0);
}

/* The object a hold handle u names, or NULL: its slot's generation, and
 * not the object's own slot (reissued to the program since). */
static tsf_dtype *hold_lookup(uint32_t u)
{
    uint32_t hgen = (u >> TSF_GEN_SHIFT) & TSF_GEN_MASK;
    tsf_slot *s = tsf_slot_at(u & TSF_SLOT_MASK);
    tsf_dtype *o = s ? atomic_load_explicit(&s->obj, memory_order_acquire) : NULL;

    if (!o || o->magic != TSF_MAGIC || (s->gen & TSF_GEN_MASK) != hgen ||
        (uint32_t)o->handle == ((u & ~TSF_KIND_MASK) | TSF_KIND_DERIV))
        return NULL;
    return o;
}

int tsf_handle_is_hold(MPI_Datatype h)
{
    return ((uint32_t)h & TSF_KIND_MASK) == TSF_KIND_HOLD;
}

tsf_dtype *tsf_lookup_slow(MPI_Datatype h)
{
    uint32_t u = (uint32_t)h;
    tsf_dtype *o;
    tsf_slot *s;

    if (TSU_UNLIKELY(tsf_active_hooks()->bound_handles))
        return lookup_bound(h, 1);
    if ((u & TSF_KIND_MASK) == TSF_KIND_HOLD)
        return hold_lookup(u);
    if ((u & TSF_KIND_MASK) != TSF_KIND_DERIV)
        return tsf_builtin_lookup(h);
    if (!(s = tsf_slot_at(u & TSF_SLOT_MASK)))
        return NULL;
    o = atomic_load_explicit(&s->obj, memory_order_acquire);
    return tsf_handle_valid(o, h) ? o : NULL;
}

int tsf_handle_bind(tsf_dtype *o)
{
    tsf_lslot *s = lslot_of(o->handle, 1);
    tsf_dtype *none = NULL;

    if (!s || !atomic_compare_exchange_strong(&s->obj, &none, o))
        return -1;
    /* bound only by the publish hook: the program's constructor call */
    atomic_store_explicit(&s->site, tsu_call_site, memory_order_relaxed);
    if (o->kind == TSF_DERIVED)
        atomic_fetch_add_explicit(&live, 1, memory_order_relaxed);
    return 0;
}

int tsf_handle_rebind(tsf_dtype *o, MPI_Datatype h)
{
    tsf_lslot *to = lslot_of(h, 1), *from = lslot_of(o->handle, 0);
    MPI_Datatype was = o->handle;
    tsf_dtype *none = NULL;

    /* o is complete before another thread can find it under h */
    o->handle = h;
    o->foreign = 1;
    if (!to || !atomic_compare_exchange_strong(&to->obj, &none, o)) {
        o->handle = was;
        o->foreign = 0;
        return -1;
    }
    /* made by the next layer: no constructor call of the program's */
    atomic_store_explicit(&to->site, NULL, memory_order_relaxed);
    /* the former handle was never the program's: not marked freed */
    if (from)
        atomic_store_explicit(&from->obj, NULL, memory_order_release);
    return 0;
}

int tsf_handle_unbind(tsf_dtype *o)
{
    tsf_lslot *s = lslot_of(o->handle, 0);
    tsf_dtype *self = o;

    /* not marked freed: the handle names a live type of the next layer */
    if (!s || !atomic_compare_exchange_strong(&s->obj, &self, NULL))
        return -1;
    if (o->kind == TSF_DERIVED)
        atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
    return 0;
}

/* Lock held.  A slot for a new handle (its generation bumped), or NULL
 * when out of memory or of slots; its index in *idx. */
static tsf_slot *slot_take(uint32_t *idx)
{
    tsf_slot *s;

    if (free_head >= 0 && (next_unused > TSF_SLOT_MASK || nfree > REUSE_AFTER)) {
        *idx = (uint32_t)free_head;
        s = tsf_slot_at(*idx);
        free_head = s->next_free;
        if (free_head < 0)
            free_tail = -1;
        nfree--;
    } else if (next_unused <= TSF_SLOT_MASK) {
        *idx = next_unused;
        if (!tsf_slot_at(*idx)) {
            tsf_slot *c = tsu_calloc(TSF_CHUNK_SIZE, sizeof(tsf_slot)); /* lives for the process */
            if (!c)
                return NULL;
            atomic_store_explicit(&tsf_chunks[*idx >> TSF_CHUNK_BITS], c, memory_order_release);
        }
        next_unused++;
        s = tsf_slot_at(*idx);
    } else {
        return NULL;
    }
    s->gen++;
    return s;
}

/* Lock held.  Slot idx (s) goes to the end of the free list. */
static void slot_put(tsf_slot *s, uint32_t idx)
{
    atomic_store_explicit(&s->obj, NULL, memory_order_release);
    s->next_free = -1;
    if (free_tail >= 0)
        tsf_slot_at((uint32_t)free_tail)->next_free = (int32_t)idx;
    else
        free_head = (int32_t)idx;
    free_tail = (int32_t)idx;
    nfree++;
}

int tsf_handle_alloc(tsf_dtype *o)
{
    uint32_t idx;
    tsf_slot *s;
    int rc = -1;

    pthread_mutex_lock(&lock);
    if (!(s = slot_take(&idx)))
        goto out;
    s->site = tsu_call_site;
    o->handle = (MPI_Datatype)(TSF_KIND_DERIV | ((s->gen & TSF_GEN_MASK) << TSF_GEN_SHIFT) | idx);
    atomic_store_explicit(&s->obj, o, memory_order_release);
    if (o->kind == TSF_DERIVED)
        atomic_fetch_add_explicit(&live, 1, memory_order_relaxed);
    rc = 0;
out:
    pthread_mutex_unlock(&lock);
    return rc;
}

int tsf_handle_hold(tsf_dtype *o, MPI_Datatype *h)
{
    uint32_t idx;
    tsf_slot *s;
    int rc = -1;

    pthread_mutex_lock(&lock);
    if (hold_head >= 0) {
        idx = (uint32_t)hold_head;
        s = tsf_slot_at(idx);
        hold_head = s->next_free;
        s->gen++;
    } else if (!(s = slot_take(&idx))) {
        goto out;
    }
    s->site = NULL; /* no constructor call of the program's */
    *h = (MPI_Datatype)(TSF_KIND_HOLD | ((s->gen & TSF_GEN_MASK) << TSF_GEN_SHIFT) | idx);
    atomic_store_explicit(&s->obj, o, memory_order_release);
    rc = 0;
out:
    pthread_mutex_unlock(&lock);
    return rc;
}

tsf_dtype *tsf_handle_unhold(MPI_Datatype h)
{
    uint32_t idx = (uint32_t)h & TSF_SLOT_MASK;
    tsf_dtype *o = NULL;

    if (!tsf_handle_is_hold(h))
        return NULL;
    /* under the lock: two releases of one hold find it once */
    pthread_mutex_lock(&lock);
    if (idx < next_unused && (o = hold_lookup((uint32_t)h))) {
        tsf_slot *s = tsf_slot_at(idx);

        atomic_store_explicit(&s->obj, NULL, memory_order_release);
        s->next_free = hold_head;
        hold_head = (int32_t)idx;
    }
    pthread_mutex_unlock(&lock);
    return o;
}

void tsf_handle_release(tsf_dtype *o)
{
    uint32_t idx = (uint32_t)o->handle & TSF_SLOT_MASK;
    tsf_slot *s;

    if (tsf_active_hooks()->bound_handles) {
        tsf_lslot *ls = lslot_of(o->handle, 0);
        /* unbound (tsf_handle_unbind): the slot is another type's now */
        if (!ls || atomic_load_explicit(&ls->obj, memory_order_acquire) != o)
            return;
        /* a foreign handle may outlive the object: not "freed" */
        if (!o->foreign)
            atomic_store_explicit(&ls->freed, (uint32_t)o->handle, memory_order_release);
        atomic_store_explicit(&ls->obj, NULL, memory_order_release);
        if (o->kind == TSF_DERIVED)
            atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
        return;
    }
    s = tsf_slot_at(idx);
    pthread_mutex_lock(&lock);
    slot_put(s, idx);
    if (o->kind == TSF_DERIVED)
        atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
    pthread_mutex_unlock(&lock);
}

/* Layered: MPICH's handles, which typeshim sees only in part. */
static enum tsf_fate fate_bound(MPI_Datatype h, const void **site)
{
    tsf_lslot *s = lslot_of(h, 0);
    tsf_dtype *o;

    if (tsf_lkey((uint32_t)h) < 0)
        return TSF_FATE_NEVER; /* no MPICH datatype handle has these bits */
    if (!s)
        return TSF_FATE_UNKNOWN;
    o = atomic_load_explicit(&s->obj, memory_order_acquire);
    /* the program's references are gone (its parents hold the object),
     * or typeshim released it; an adopted handle is never marked freed */
    if ((o && o->handle == h && !o->foreign) ||
        (!o && atomic_load_explicit(&s->freed, memory_order_acquire) == (uint32_t)h)) {
        *site = atomic_load_explicit(&s->site, memory_order_relaxed);
        return TSF_FATE_FREED;
    }
    /* MPICH may have made and freed it without typeshim seeing either */
    return TSF_FATE_UNKNOWN;
}

enum tsf_fate tsf_handle_fate(MPI_Datatype h, const void **site)
{
    uint32_t u = (uint32_t)h, idx = u & TSF_SLOT_MASK, hgen = (u >> TSF_GEN_SHIFT) & TSF_GEN_MASK;
    enum tsf_fate fate = TSF_FATE_NEVER;
    tsf_dtype *o;
    tsf_slot *s;

    *site = NULL;
    if (tsf_active_hooks()->bound_handles)
        return fate_bound(h, site);
    if ((u & TSF_KIND_MASK) != TSF_KIND_DERIV)
        return TSF_FATE_NEVER; /* typeshim issues no other kind */
    pthread_mutex_lock(&lock);
    if (idx >= next_unused || !(s = tsf_slot_at(idx)))
        goto out; /* a slot never reached */
    o = atomic_load_explicit(&s->obj, memory_order_acquire);
    if (o && o->handle == h) {
        /* the program freed it; its parents keep the object */
        fate = TSF_FATE_FREED;
        *site = s->site;
    } else if ((s->gen & TSF_GEN_MASK) == hgen) {
        /* the slot's last handle, freed since (16 generations back
         * would take 4 million other types made and freed first) */
        fate = TSF_FATE_FREED;
        *site = s->site;
    } else if (s->gen >= 16 || (hgen >= 1 && hgen <= s->gen)) {
        fate = TSF_FATE_FREED; /* an older generation of this slot */
    }
out:
    pthread_mutex_unlock(&lock);
    return fate;
}

void tsf_handle_each(void (*fn)(tsf_dtype *o, const void *site, void *arg), void *arg)
{
    /* both tables: the mode may have used either */
    for (uint32_t ci = 0; ci < TSF_NCHUNKS; ci++) {
        tsf_slot *c = atomic_load_explicit(&tsf_chunks[ci], memory_order_acquire);
        for (uint32_t i = 0; c && i < TSF_CHUNK_SIZE; i++) {
            tsf_dtype *o = atomic_load_explicit(&c[i].obj, memory_order_acquire);
            /* its own slot only: a hold's slot names it again */
            if (o && o->kind == TSF_DERIVED &&
                ((uint32_t)o->handle & TSF_SLOT_MASK) == (ci << TSF_CHUNK_BITS | i))
                fn(o, c[i].site, arg);
        }
    }
    for (uint32_t ci = 0; ci < TSF_NLCHUNKS; ci++) {
        tsf_lslot *c = atomic_load_explicit(&tsf_lchunks[ci], memory_order_acquire);
        for (uint32_t i = 0; c && i < TSF_CHUNK_SIZE; i++) {
            tsf_dtype *o = atomic_load_explicit(&c[i].obj, memory_order_acquire);
            if (o && o->kind == TSF_DERIVED)
                fn(o, atomic_load_explicit(&c[i].site, memory_order_relaxed), arg);
        }
    }
}

long tsf_handle_live(void)
{
    return atomic_load_explicit(&live, memory_order_relaxed);
}

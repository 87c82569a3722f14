/* SPDX-License-Identifier: BSD-3-Clause */
/* Derived-type handles, on the object layer's tables (lib/object).
 * Standalone: handles of kind TSO_DATATYPE from tsf_types, a slot and its
 * generation, so a freed or forged handle is caught by comparison and
 * never dereferenced, however many types were made since (tso_abi.h says
 * how many).  Layered: the handle is the next layer's shadow's, and
 * tsf_bound is keyed by its bits; a miss is a handle the next layer made,
 * adopted on first sight.  Lookups take no lock: the tables' chunks are
 * never moved, and their slots are read with acquire loads. */
#include "typeshim_config.h"

#include <pthread.h>

#include "facade/tsf.h"

static const tso_alloc alloc = {tsu_calloc, tsu_free};
tso_table tsf_types = TSO_TABLE(TSO_DATATYPE, &alloc);
/* A runtime's holds: a table of their own, so that no stale program
 * handle can reach a held type through a hold's slot, nor a hold's bits
 * forged on a program's slot reach its type. */
static tso_table holds = TSO_TABLE(TSO_DATATYPE_HOLD, &alloc);
tso_map tsf_bound = TSO_MAP(TSO_ABI_FOREIGN_KEY_BITS, &alloc);
/* the tables' takes and releases; lookups need none */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
/* atomic: layered binding and release take no lock for it */
static _Atomic long live;

/* The layered slot of a next-layer derived-type handle (NULL when h
 * cannot be one, or when create is 0 and its chunk does not exist yet). */
static tso_mslot *lslot_of(MPI_Datatype h, int create)
{
    return tso_map_slot(&tsf_bound, tso_abi_foreign_key(TSO_FOREIGN(h)), create);
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
    tsf_dtype *o;
    tso_mslot *s;

    if (tso_abi_maybe_predefined(TSO_FOREIGN(h)) && (o = tsf_builtin_lookup(h)))
        return o;
    if (!(s = lslot_of(h, 0))) {
        /* no chunk yet: unknown to typeshim, maybe made by the next layer */
        return may_adopt && lslot_of(h, 1) ? unknown(h) : NULL;
    }
    o = atomic_load_explicit(&s->obj, memory_order_acquire);
    if (o && o->handle == h)
        return tsf_handle_valid(o, h) ? o : NULL;
    /* freed through typeshim: the next layer cannot be asked about it safely */
    if (!o && atomic_load_explicit(&s->freed, memory_order_acquire) == TSO_FOREIGN(h))
        return NULL;
    return o || !may_adopt ? NULL : unknown(h);
}

tsf_dtype *tsf_lookup_known(MPI_Datatype h)
{
    return lookup_bound(h, 0);
}

/* The object a hold handle u names, or NULL: a hold's slot and
 * generation (a released hold's slot is another object's since). */
static tsf_dtype *hold_lookup(uint32_t u)
{
    tsf_dtype *o = tso_get_as(&holds, TSO_DATATYPE_HOLD, u);

    return o && o->magic == TSF_MAGIC ? o : NULL;
}

int tsf_handle_is_hold(MPI_Datatype h)
{
    return tso_abi_is(TSO_DATATYPE_HOLD, TSO_WORD(h));
}

tsf_dtype *tsf_lookup_slow(MPI_Datatype h)
{
    uint32_t u = TSO_WORD(h);
    tsf_dtype *o;

    if (TSU_UNLIKELY(tsf_active_hooks()->bound_handles))
        return lookup_bound(h, 1);
    if (tso_abi_is(TSO_DATATYPE_HOLD, u))
        return hold_lookup(u);
    if (!tso_abi_is(TSO_DATATYPE, u))
        return tsf_builtin_lookup(h);
    o = tso_peek_as(&tsf_types, TSO_DATATYPE, u);
    return tsf_handle_valid(o, h) ? o : NULL;
}

int tsf_handle_bind(tsf_dtype *o)
{
    tso_mslot *s = lslot_of(o->handle, 1);
    void *none = NULL;

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
    tso_mslot *to = lslot_of(h, 1), *from = lslot_of(o->handle, 0);
    MPI_Datatype was = o->handle;
    void *none = NULL;

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
    tso_mslot *s = lslot_of(o->handle, 0);
    void *self = o;

    /* not marked freed: the handle names a live type of the next layer */
    if (!s || !atomic_compare_exchange_strong(&s->obj, &self, NULL))
        return -1;
    if (o->kind == TSF_DERIVED)
        atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
    return 0;
}

int tsf_handle_alloc(tsf_dtype *o)
{
    uint32_t idx;
    int rc = -1;

    pthread_mutex_lock(&lock);
    if (tso_take_as(&tsf_types, TSO_DATATYPE, &idx) != MPI_SUCCESS)
        goto out;
    *tso_site(&tsf_types, idx) = tsu_call_site;
    o->handle = TSO_HANDLE(MPI_Datatype, tso_handle_as(&tsf_types, TSO_DATATYPE, idx));
    /* o->handle is set before tso_peek can find o (the release store) */
    tso_publish(&tsf_types, idx, o);
    if (o->kind == TSF_DERIVED)
        atomic_fetch_add_explicit(&live, 1, memory_order_relaxed);
    rc = 0;
out:
    pthread_mutex_unlock(&lock);
    return rc;
}

int tsf_handle_hold(tsf_dtype *o, MPI_Datatype *h)
{
    uint32_t u;
    int rc;

    pthread_mutex_lock(&lock);
    /* no constructor call of the program's: no site */
    rc = tso_issue_as(&holds, TSO_DATATYPE_HOLD, o, NULL, &u);
    pthread_mutex_unlock(&lock);
    if (rc != MPI_SUCCESS)
        return -1;
    *h = TSO_HANDLE(MPI_Datatype, u);
    return 0;
}

tsf_dtype *tsf_handle_unhold(MPI_Datatype h)
{
    tsf_dtype *o;
    uint32_t idx;

    if (!tsf_handle_is_hold(h))
        return NULL;
    /* under the lock: two releases of one hold find it once */
    pthread_mutex_lock(&lock);
    if ((o = hold_lookup(TSO_WORD(h)))) {
        idx = tso_abi_slot(TSO_DATATYPE_HOLD, TSO_WORD(h));
        tso_publish(&holds, idx, NULL);
        tso_put_as(&holds, TSO_DATATYPE_HOLD, idx);
    }
    pthread_mutex_unlock(&lock);
    return o;
}

void tsf_handle_release(tsf_dtype *o)
{
    uint32_t idx = tso_abi_slot(TSO_DATATYPE, TSO_WORD(o->handle));

    if (tsf_active_hooks()->bound_handles) {
        tso_mslot *ls = lslot_of(o->handle, 0);
        /* unbound (tsf_handle_unbind): the slot is another type's now */
        if (!ls || atomic_load_explicit(&ls->obj, memory_order_acquire) != o)
            return;
        /* a foreign handle may outlive the object: not "freed" */
        if (!o->foreign)
            atomic_store_explicit(&ls->freed, TSO_FOREIGN(o->handle), memory_order_release);
        atomic_store_explicit(&ls->obj, NULL, memory_order_release);
        if (o->kind == TSF_DERIVED)
            atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
        return;
    }
    pthread_mutex_lock(&lock);
    tso_publish(&tsf_types, idx, NULL);
    tso_put_as(&tsf_types, TSO_DATATYPE, idx);
    if (o->kind == TSF_DERIVED)
        atomic_fetch_sub_explicit(&live, 1, memory_order_relaxed);
    pthread_mutex_unlock(&lock);
}

/* Layered: MPICH's handles, which typeshim sees only in part. */
static enum tsf_fate fate_bound(MPI_Datatype h, const void **site)
{
    tso_mslot *s = lslot_of(h, 0);
    tsf_dtype *o;

    if (tso_abi_foreign_key(TSO_FOREIGN(h)) < 0)
        return TSF_FATE_NEVER; /* no MPICH datatype handle has these bits */
    if (!s)
        return TSF_FATE_UNKNOWN;
    o = atomic_load_explicit(&s->obj, memory_order_acquire);
    /* the program's references are gone (its parents hold the object),
     * or typeshim released it; an adopted handle is never marked freed */
    if ((o && o->handle == h && !o->foreign) ||
        (!o && atomic_load_explicit(&s->freed, memory_order_acquire) == TSO_FOREIGN(h))) {
        *site = atomic_load_explicit(&s->site, memory_order_relaxed);
        return TSF_FATE_FREED;
    }
    /* MPICH may have made and freed it without typeshim seeing either */
    return TSF_FATE_UNKNOWN;
}

enum tsf_fate tsf_handle_fate(MPI_Datatype h, const void **site)
{
    enum tsf_fate fate = TSF_FATE_NEVER;
    uint32_t idx;
    tsf_dtype *o;

    *site = NULL;
    if (tsf_active_hooks()->bound_handles)
        return fate_bound(h, site);
    pthread_mutex_lock(&lock);
    switch (tso_find(&tsf_types, TSO_WORD(h), &idx)) {
    case TSO_LIVE:
        /* the program freed it; its parents keep the object */
        o = tso_peek_as(&tsf_types, TSO_DATATYPE, TSO_WORD(h));
        if (o && o->handle == h) {
            fate = TSF_FATE_FREED;
            *site = *tso_site(&tsf_types, idx);
        }
        break;
    case TSO_FREED:
        fate = TSF_FATE_FREED;
        if (idx != UINT32_MAX) /* the slot's last handle */
            *site = *tso_site(&tsf_types, idx);
        break;
    default:
        break; /* no kind typeshim issues, or a slot never reached */
    }
    pthread_mutex_unlock(&lock);
    return fate;
}

struct each_arg {
    void (*fn)(tsf_dtype *o, const void *site, void *arg);
    void *arg;
};

static void each_issued(void *obj, uint32_t idx, void *arg)
{
    struct each_arg *a = arg;
    tsf_dtype *o = obj;

    if (o && o->kind == TSF_DERIVED)
        a->fn(o, *tso_site(&tsf_types, idx), a->arg);
}

static void each_bound(tso_mslot *s, void *arg)
{
    struct each_arg *a = arg;
    tsf_dtype *o = atomic_load_explicit(&s->obj, memory_order_acquire);

    if (o && o->kind == TSF_DERIVED)
        a->fn(o, atomic_load_explicit(&s->site, memory_order_relaxed), a->arg);
}

void tsf_handle_each(void (*fn)(tsf_dtype *o, const void *site, void *arg), void *arg)
{
    struct each_arg a = {fn, arg};

    /* both tables: the mode may have used either */
    pthread_mutex_lock(&lock);
    tso_each(&tsf_types, each_issued, &a);
    pthread_mutex_unlock(&lock);
    tso_map_each(&tsf_bound, each_bound, &a);
}

long tsf_handle_live(void)
{
    return atomic_load_explicit(&live, memory_order_relaxed);
}

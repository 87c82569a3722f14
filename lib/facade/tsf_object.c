/* SPDX-License-Identifier: BSD-3-Clause */
/* Derived datatype objects: creation with their constructor record,
 * reference counting, destruction. */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facade/tsf.h"

static void destroy(tsf_dtype *o);

static void unref_internal(tsf_dtype *o)
{
    if (o->kind != TSF_DERIVED)
        return;
    if (atomic_fetch_sub(&o->refs, TSF_IREF) == TSF_IREF)
        destroy(o);
}

void tsf_ref_user(tsf_dtype *o)
{
    if (o->kind == TSF_DERIVED)
        atomic_fetch_add(&o->refs, TSF_UREF);
}

void tsf_disown_user(tsf_dtype *o)
{
    if (o->kind == TSF_DERIVED)
        atomic_fetch_and(&o->refs, TSF_UREF - 1);
}

void tsf_unref_user(tsf_dtype *o)
{
    if (o->kind != TSF_DERIVED)
        return;
    if (atomic_fetch_sub(&o->refs, TSF_UREF) == TSF_UREF)
        destroy(o);
}

/* The memory of o, which nothing can reach any more. */
static void release(tsf_dtype *o)
{
    tsd_type_free(o->eng);
    o->magic = 0;
    tsu_free(o);
}

void tsf_hold(tsf_dtype *o)
{
    if (o->kind == TSF_DERIVED)
        atomic_fetch_add_explicit(&o->holds, 1, memory_order_relaxed);
}

/* The last hold of retired o went: its children's holds go with it (a
 * child retired meanwhile is freed in turn), and no callback runs. */
void tsf_unhold(tsf_dtype *o)
{
    tsf_contents *c = o->contents;

    if (o->kind != TSF_DERIVED || atomic_fetch_sub(&o->holds, 1) != 1)
        return;
    if (c)
        for (int64_t i = 0; i < c->nd; i++)
            tsf_unhold(c->types[i]);
    release(o);
}

static void destroy(tsf_dtype *o)
{
    const tsf_hooks *hooks = tsf_active_hooks();
    tsf_contents *c = o->contents;
    int held;

    o->destroying = 1;
    tsf_attrs_destroy(o);
    /* no hold (one is taken through a valid handle, and there is none
     * now): gone at once, as ever; held, retired */
    if ((held = atomic_load_explicit(&o->holds, memory_order_acquire) != 1))
        atomic_store_explicit(&o->retired, 1, memory_order_release);
    /* the handle goes first: nothing can find the object any more; then
     * MPICH's references, so MPICH cannot reuse the handle before */
    tsf_handle_release(o);
    if (hooks->destroy)
        hooks->destroy(o);
    if (!held) {
        if (c)
            for (int64_t i = 0; i < c->nd; i++)
                unref_internal(c->types[i]);
        release(o);
        return;
    }
    /* its children go as the program sees them (their delete callbacks
     * run now if o was their last parent), their memory stays for o's
     * holders (their descriptions, for messages) */
    if (c)
        for (int64_t i = 0; i < c->nd; i++) {
            tsf_hold(c->types[i]);
            unref_internal(c->types[i]);
        }
    tsf_unhold(o);
}

int tsf_publish(const char *fn, tsd_type *eng, const tsf_record *rec, MPI_Datatype *newtype)
{
    const tsf_hooks *hooks = tsf_active_hooks();
    /* the object and its constructor record are one block (one allocation
     * less a type: a small type's make and free were a third malloc) */
    size_t head = (sizeof(tsf_dtype) + 7) & ~(size_t)7;
    tsf_dtype *o;
    int rc = MPI_SUCCESS; /* stays so on the out-of-memory paths */

    /* a runtime's hold of a type the program freed names it, no more */
    for (int64_t i = 0; i < rec->nd; i++)
        if (TSU_UNLIKELY(tsf_retired(rec->types[i]))) {
            rc = tsf_err(MPI_ERR_TYPE, fn,
                         "a datatype argument is a runtime's hold (typeshim_type_hold) of a "
                         "type the program freed, which makes no new type");
            goto out_with_eng;
        }
    if (!(o = tsu_malloc(head + tsf_contents_size(rec)))) /* freed in release */
        goto out_with_eng;
    memset(o, 0, sizeof(*o)); /* not the record: written whole below */
    o->magic = TSF_MAGIC;
    o->kind = TSF_DERIVED;
    o->eng = eng;
    atomic_init(&o->refs, TSF_UREF);
    atomic_init(&o->holds, 1); /* until retired */
    o->contents = tsf_contents_init((char *)o + head, rec);
    rc = hooks->publish ? hooks->publish(o, rec, fn) : tsf_handle_alloc(o);
    if (rc) {
        rc = rc < 0 ? MPI_SUCCESS : rc; /* -1: no handle to give */
        goto out_with_obj;
    }
    for (int64_t i = 0; i < rec->nd; i++)
        if (rec->types[i]->kind == TSF_DERIVED)
            atomic_fetch_add(&rec->types[i]->refs, TSF_IREF);
    *newtype = o->handle;
    return MPI_SUCCESS;

out_with_obj:
    tsu_free(o);
out_with_eng:
    tsd_type_free(eng);
    return rc ? rc : tsf_err(MPI_ERR_NO_MEM, fn, "out of memory (or out of datatype handles)");
}

/* Out of line: see dump_committed (tsf_dump.c). */
__attribute__((noinline, cold)) static void debug_check(const tsd_type *t, const char *fn)
{
    if (tsd_check(t) != 0) {
        /* a broken invariant is a typeshim bug: stop where it shows */
        fprintf(stderr, "typeshim: TYPESHIM_DEBUG_CHECK: inconsistent datatype after %s\n", fn);
        tsd_dump(t, NULL, stderr);
        abort();
    }
}

void tsf_debug_check(const tsd_type *t, const char *fn)
{
    static _Atomic int enabled = -1;

    if (tsu_env_switch(&enabled, "TYPESHIM_DEBUG_CHECK"))
        debug_check(t, fn);
}

#define NSTRIPES 64
static pthread_mutex_t stripes[NSTRIPES] = {[0 ... NSTRIPES - 1] = PTHREAD_MUTEX_INITIALIZER};

static pthread_mutex_t *stripe(const tsf_dtype *o)
{
    uintptr_t a = (uintptr_t)o;
    return &stripes[(a >> 6 ^ a >> 12) % NSTRIPES];
}

void tsf_obj_lock(const tsf_dtype *o)
{
    pthread_mutex_lock(stripe(o));
}

void tsf_obj_unlock(const tsf_dtype *o)
{
    pthread_mutex_unlock(stripe(o));
}

uint64_t tsf_signature(const tsf_dtype *o)
{
    uint64_t h;

    tsf_obj_lock(o);
    h = tsd_signature(o->eng);
    tsf_obj_unlock(o);
    return h;
}

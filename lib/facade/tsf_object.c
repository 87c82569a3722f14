/* SPDX-License-Identifier: BSD-3-Clause */
/* Derived datatype objects: creation with their constructor record,
 * reference counting, destruction. */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facade/tsf.h"
#include "layer/tsl.h"

static void destroy(tsf_dtype *o);

static void unref_internal(tsf_dtype *o)
{
    if (o->kind != TSF_DERIVED)
        return;
    if (atomic_fetch_sub(&o->iref, 1) == 1 && atomic_load(&o->uref) == 0)
        destroy(o);
}

void tsf_ref_user(tsf_dtype *o)
{
    if (o->kind == TSF_DERIVED)
        atomic_fetch_add(&o->uref, 1);
}

void tsf_unref_user(tsf_dtype *o)
{
    if (o->kind != TSF_DERIVED)
        return;
    if (atomic_fetch_sub(&o->uref, 1) == 1 && atomic_load(&o->iref) == 0)
        destroy(o);
}

static void destroy(tsf_dtype *o)
{
    tsf_contents *c = o->contents;

    o->destroying = 1;
    tsf_attrs_destroy(o);
    /* the handle goes first: nothing can find the object any more; then
     * MPICH's references, so MPICH cannot reuse the handle before */
    tsf_handle_release(o);
    if (tsl_mode() == TSL_LAYERED)
        tsl_shadow_free(o);
    if (c)
        for (int64_t i = 0; i < c->nd; i++)
            unref_internal(c->types[i]);
    tsu_free(c);
    tsd_type_free(o->eng);
    o->magic = 0;
    tsu_free(o);
}

/* One allocation holds the record and its arrays (freed in destroy). */
static tsf_contents *contents_new(const tsf_record *r)
{
    size_t off_i = sizeof(tsf_contents);
    size_t off_a = off_i + (size_t)r->ni * sizeof(int);
    size_t off_c, off_d, total;
    tsf_contents *c;
    char *base;

    off_a = (off_a + 7) & ~(size_t)7;
    off_c = off_a + (size_t)r->na * sizeof(MPI_Aint);
    off_d = off_c + (size_t)r->nc * sizeof(MPI_Count);
    total = off_d + (size_t)r->nd * sizeof(tsf_dtype *);
    if (!(c = tsu_malloc(total)))
        return NULL;
    base = (char *)c;
    c->combiner = r->combiner;
    c->ni = r->ni;
    c->na = r->na;
    c->nc = r->nc;
    c->nd = r->nd;
    c->ints = (int *)(base + off_i);
    c->addrs = (MPI_Aint *)(base + off_a);
    c->counts = (MPI_Count *)(base + off_c);
    c->types = (tsf_dtype **)(base + off_d);
    if (r->ni)
        memcpy(c->ints, r->ints, (size_t)r->ni * sizeof(int));
    if (r->na)
        memcpy(c->addrs, r->addrs, (size_t)r->na * sizeof(MPI_Aint));
    if (r->nc)
        memcpy(c->counts, r->counts, (size_t)r->nc * sizeof(MPI_Count));
    if (r->nd)
        memcpy(c->types, r->types, (size_t)r->nd * sizeof(tsf_dtype *));
    return c;
}

int tsf_publish(const char *fn, tsd_type *eng, const tsf_record *rec, MPI_Datatype *newtype)
{
    tsf_dtype *o;
    int rc = MPI_SUCCESS; /* stays so on the out-of-memory paths */

    if (!(o = tsu_calloc(1, sizeof(*o)))) /* freed in destroy */
        goto out_with_eng;
    o->magic = TSF_MAGIC;
    o->kind = TSF_DERIVED;
    o->eng = eng;
    atomic_init(&o->uref, 1);
    atomic_init(&o->iref, 0);
    o->twin = MPI_DATATYPE_NULL;
    if (!(o->contents = contents_new(rec)))
        goto out_with_obj;
    if (tsl_mode() == TSL_LAYERED) {
        o->rows = tsl_rows_of(rec, eng);
        if ((rc = tsl_shadow_new(o, fn)))
            goto out_with_contents;
        if (tsf_handle_bind(o)) {
            tsl_shadow_free(o);
            goto out_with_contents;
        }
    } else if ((rc = tsl_standalone_issue(fn)) || tsf_handle_alloc(o)) {
        goto out_with_contents;
    }
    for (int64_t i = 0; i < rec->nd; i++)
        if (rec->types[i]->kind == TSF_DERIVED)
            atomic_fetch_add(&rec->types[i]->iref, 1);
    *newtype = o->handle;
    return MPI_SUCCESS;

out_with_contents:
    tsu_free(o->contents);
out_with_obj:
    tsu_free(o);
out_with_eng:
    tsd_type_free(eng);
    return rc ? rc : tsf_err(MPI_ERR_NO_MEM, fn, "out of memory (or out of datatype handles)");
}

void tsf_debug_check(const tsd_type *t, const char *fn)
{
    static int enabled = -1;

    if (enabled < 0) {
        const char *v = getenv("TYPESHIM_DEBUG_CHECK");
        enabled = v && *v && *v != '0';
    }
    if (enabled && tsd_check(t) != 0) {
        /* a broken invariant is a typeshim bug: stop where it shows */
        fprintf(stderr, "typeshim: TYPESHIM_DEBUG_CHECK: inconsistent datatype after %s\n", fn);
        tsd_dump(t, stderr);
        abort();
    }
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

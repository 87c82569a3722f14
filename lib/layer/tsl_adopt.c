/* SPDX-License-Identifier: BSD-3-Clause */
/* Adoption: a handle typeshim never made (built inside MPICH, e.g. by
 * MPI-IO or before the first typeshim call) is decoded through MPICH's
 * envelope/contents and replayed on the façade's constructors; the new
 * object then moves from the shadow they gave it to that handle
 * (tsf_handle_rebind), and the shadow is freed.  An adoption costs one
 * MPICH type more than the handle: adoptions are rare, and the façade's
 * constructors stay the only way objects are made.
 *
 * Ownership: the program owns the adopted handle in MPICH, so the object
 * holds no reference to it (its MPI_Type_free is passed on).  Children
 * that MPICH's get_contents returns are new MPICH references: a child
 * typeshim already knows gives it back at once; an unknown child is
 * adopted holding that reference, with no program reference of its own.
 * Adoptions are rare: one lock serialises them (recursive, for children). */
#include "typeshim_config.h"

#include <pthread.h>
#include <string.h>

#include "layer/tsl.h"

static pthread_mutex_t lock; /* recursive: children are adopted inside */
static pthread_once_t lock_once = PTHREAD_ONCE_INIT;

static tsf_dtype *adopt(MPI_Datatype h, int as_child);

/* The object of child handle k that MPICH's get_contents just returned. */
static tsf_dtype *child(MPI_Datatype k)
{
    tsf_dtype *o = tsf_builtin_lookup(k);

    if (o)
        return o;
    o = tsf_lookup_known(k);
    if (o) {
        /* known already: the reference MPICH just gave is not needed */
        tsl_next.Type_free(&k);
        return o;
    }
    return adopt(k, 1);
}

static tsf_dtype *adopt(MPI_Datatype h, int as_child)
{
    MPI_Count ni, na, nc, nd;
    int combiner, rc;
    tsf_contents c = {0};
    MPI_Datatype *kids = NULL, got = MPI_DATATYPE_NULL;
    tsf_dtype *o = NULL, **objs = NULL;
    int64_t j = 0;

    if (tsl_next_envelope(h, &ni, &na, &nc, &nd, &combiner) != MPI_SUCCESS ||
        combiner == MPI_COMBINER_NAMED)
        return NULL; /* a named type typeshim lacks: nothing to decode */
    c.combiner = combiner;
    c.ni = ni, c.na = na, c.nc = nc, c.nd = nd;
    c.ints = tsu_malloc((size_t)ni * sizeof(int) + 1);
    c.addrs = tsu_malloc((size_t)na * sizeof(MPI_Aint) + 1);
    c.counts = tsu_malloc((size_t)nc * sizeof(MPI_Count) + 1);
    kids = tsu_malloc((size_t)nd * sizeof(MPI_Datatype) + 1);
    objs = tsu_calloc((size_t)nd + 1, sizeof(*objs));
    if (!c.ints || !c.addrs || !c.counts || !kids || !objs)
        goto out;
    if (tsl_next_contents(h, ni, na, nc, nd, c.ints, c.addrs, c.counts, kids) != MPI_SUCCESS)
        goto out;
    for (j = 0; j < nd; j++) {
        if (!(objs[j] = child(kids[j])))
            goto out_kids;
        kids[j] = objs[j]->handle;
    }
    rc = tsf_contents_replay(&tsf_self, &c, kids, &got);
    if (rc != MPI_SUCCESS || !(o = tsf_lookup_known(got)))
        goto out_kids;
    /* the shadow the replay made is not needed, unless it is h itself
     * (MPICH's f90 types are cached: the replay finds the same one) */
    if (got != h)
        tsl_shadow_free(o);
    if (got != h && tsf_handle_rebind(o, h)) {
        tsf_unref_user(o);
        o = NULL;
        goto out_kids;
    }
    if (as_child) {
        tsf_disown_user(o);         /* only its parent names it */
        tsl_of(o)->owns_handle = 1; /* the MPICH reference it holds */
        tsl_count_shadows(1);
    }
    /* MPICH's commit of h, if any, is the program's business */
    (void)tsf_commit_engine(o, "adoption");
    tsl_count_adopted();
    goto out;
out_kids:
    /* the references MPICH gave for the children not yet taken over, and
     * the children adopted for nothing (held by no parent: destroyed) */
    for (int64_t r = j + 1; r < nd; r++)
        if (!tsf_builtin_lookup(kids[r]))
            tsl_next.Type_free(&kids[r]);
    for (int64_t r = 0; r < j && r < nd; r++)
        if (objs[r]->foreign && tsl_of(objs[r])->owns_handle && tsf_irefs(objs[r]) == 0 &&
            tsf_urefs(objs[r]) == 0) {
            tsf_ref_user(objs[r]);
            tsf_unref_user(objs[r]);
        }
out:
    tsu_free(objs);
    tsu_free(c.ints);
    tsu_free(c.addrs);
    tsu_free(c.counts);
    tsu_free(kids);
    return o;
}

static void lock_init(void)
{
    pthread_mutexattr_t a;

    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&lock, &a);
    pthread_mutexattr_destroy(&a);
}

tsf_dtype *tsl_adopt(MPI_Datatype h)
{
    tsf_dtype *o;

    /* MPICH can only be asked between MPI_Init and MPI_Finalize */
    if (!tsl_mpi_live() || !tsl_next_may_ask(h))
        return NULL;
    pthread_once(&lock_once, lock_init);
    pthread_mutex_lock(&lock);
    /* another thread may have adopted it meanwhile */
    if (!(o = tsf_lookup_known(h)))
        o = adopt(h, 0);
    pthread_mutex_unlock(&lock);
    return o;
}

void tsl_adopted_free(tsf_dtype *o)
{
    /* The program holds MPICH references (it got the handle from MPICH)
     * and typeshim ones (from get_contents).  Those of typeshim go first,
     * so MPICH's object outlives every handle the program still holds.  A
     * top-level adoption counts the program's MPICH reference in its user
     * count; a child holds an MPICH reference of its own and does not
     * know how many the program has. */
    MPI_Datatype h = o->handle;
    int owns = tsl_of(o)->owns_handle;
    int mine = tsf_urefs(o) > (owns ? 0 : 1);

    if (mine) {
        tsf_unref_user(o);
    } else if (owns) {
        tsl_next.Type_free(&h);
    } else {
        tsf_unref_user(o); /* the handle leaves the table first */
        tsl_next.Type_free(&h);
    }
}

int tsl_evict_stale(MPI_Datatype h)
{
    tsf_dtype *old = tsf_lookup_known(h);
    tsl_type *s;

    if (!old || tsf_builtin_lookup(h) || tsf_handle_unbind(old))
        return 0;
    s = tsl_of(old);
    /* MPICH freed the type, so no MPICH reference of old's own is left
     * to release (its twin, a type of typeshim's, still is) */
    if (s->owns_handle)
        tsl_count_shadows(-1);
    s->owns_handle = 0;
    s->committed = 0;
    /* nobody can name old any more: the program's references go, and
     * the object with them unless a parent still holds it */
    tsf_disown_user(old);
    if (tsf_irefs(old) == 0) {
        tsf_ref_user(old);
        tsf_unref_user(old);
    }
    return 1;
}

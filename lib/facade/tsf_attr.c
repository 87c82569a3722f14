/* SPDX-License-Identifier: BSD-3-Clause */
/* Attributes on datatypes: keyvals, set/get/delete, copy on MPI_Type_dup,
 * delete callbacks when the type is destroyed (as MPICH: at destruction,
 * which for a type still used by others is later than MPI_Type_free). */
#include "typeshim_config.h"

#include <pthread.h>

#include "facade/tsf.h"

/* Keyval handles: KV_BASE, MPICH's kind bits of an indirect keyval
 * (0xa4000000) with its object bits of a datatype (0x00c00000), the
 * slot's generation in bits 12..21 and the slot in bits 0..11.  The
 * generation is bumped when a slot is released, so the value of a freed
 * keyval is detected as invalid instead of naming the next keyval made in
 * the same slot.  As in MPICH, a communicator's keyval (object bits
 * 0x00400000, libtypeshim-serial's and the predefined attributes) is
 * never a datatype's. */
#define KV_BASE      0xa4c00000u
#define KV_KIND_MASK 0xFFC00000u
#define KV_IDX_BITS  12
#define KV_MAX       (1 << KV_IDX_BITS)
#define KV_GEN_MASK  0x3FFu

typedef struct tsf_keyval {
    MPI_Type_copy_attr_function *copy;
    MPI_Type_delete_attr_function *del;
    void *extra;
    int refs;  /* 1 while the user holds it, +1 per attribute using it, +1 per
                  call using it (kv_get) */
    int freed; /* MPI_Type_free_keyval called */
    int handle;
} tsf_keyval;

/* All under lock. */
static tsf_keyval *kvs[KV_MAX];
static unsigned kv_gen[KV_MAX];
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* MPI_TYPE_DUP_FN expands to MPIR_Dup_fn in MPICH's mpi.h. */
__attribute__((visibility("default"))) int MPIR_Dup_fn(MPI_Comm comm, int keyval, void *extra,
                                                       void *in, void *out, int *flag);
int MPIR_Dup_fn(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

/* The live keyval named by keyval with a reference for the caller, who
 * drops it with kv_unref: another thread's MPI_Type_free_keyval and
 * MPI_Type_delete_attr cannot free it meanwhile.  NULL if there is none. */
static tsf_keyval *kv_get(int keyval)
{
    unsigned h = (unsigned)keyval, idx = h & (KV_MAX - 1);
    tsf_keyval *kv = NULL;

    if ((h & KV_KIND_MASK) != KV_BASE)
        return NULL;
    pthread_mutex_lock(&lock);
    if (kvs[idx] && kvs[idx]->handle == keyval) {
        kv = kvs[idx];
        kv->refs++;
    }
    pthread_mutex_unlock(&lock);
    return kv;
}

static void kv_unref(tsf_keyval *kv)
{
    unsigned idx = (unsigned)kv->handle & (KV_MAX - 1);

    pthread_mutex_lock(&lock);
    if (--kv->refs == 0) {
        kvs[idx] = NULL;
        kv_gen[idx] = (kv_gen[idx] + 1) & KV_GEN_MASK;
        tsu_free(kv);
    }
    pthread_mutex_unlock(&lock);
}

/* kv = the keyval named by keyval (a reference: see kv_get), or
 * MPI_ERR_KEYVAL. */
#define KV_GET(kv, keyval)                                                                         \
    TSF_CHECK(((kv) = kv_get(keyval)) != NULL, MPI_ERR_KEYVAL,                                     \
              "argument type_keyval=%d is not a datatype keyval", (keyval))

int tsf_api_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                               MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                               void *extra_state)
{
    const char *fn = "MPI_Type_create_keyval";
    tsf_keyval *kv;
    int rc, i;

    TSF_CHECK_PTR(type_keyval, "type_keyval");
    if (!(kv = tsu_calloc(1, sizeof(*kv)))) /* freed in kv_unref */
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    kv->copy = type_copy_attr_fn;
    kv->del = type_delete_attr_fn;
    kv->extra = extra_state;
    kv->refs = 1;
    pthread_mutex_lock(&lock);
    for (i = 0; i < KV_MAX && kvs[i]; i++)
        ;
    if (i < KV_MAX) {
        kvs[i] = kv;
        kv->handle = (int)(KV_BASE | kv_gen[i] << KV_IDX_BITS | (unsigned)i);
    }
    pthread_mutex_unlock(&lock);
    if (i == KV_MAX) {
        tsu_free(kv);
        TSF_FAIL(MPI_ERR_OTHER, "all %d keyvals are in use", KV_MAX);
    }
    *type_keyval = kv->handle;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_free_keyval(int *type_keyval)
{
    const char *fn = "MPI_Type_free_keyval";
    tsf_keyval *kv = NULL;
    int rc, freed;

    TSF_CHECK_PTR(type_keyval, "type_keyval");
    KV_GET(kv, *type_keyval);
    pthread_mutex_lock(&lock);
    freed = kv->freed;
    kv->freed = 1;
    pthread_mutex_unlock(&lock);
    TSF_CHECK(!freed, MPI_ERR_KEYVAL, "argument type_keyval=%d was already freed", *type_keyval);
    *type_keyval = MPI_KEYVAL_INVALID;
    kv_unref(kv); /* the user's reference; attributes may keep it alive */
    kv_unref(kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        kv_unref(kv);
    return rc;
}

/* ---- the attribute list of a type ----
 *
 * The list is guarded by the type's object lock (tsf_obj_lock), held only
 * to link, unlink or copy nodes: no callback ever runs under it.  So
 * callbacks may call every attribute function, on any type, the one being
 * changed, dup'ed or destroyed included, and other threads may change the
 * list meanwhile.  The rules that follow:
 * - a node is unlinked before its delete callback runs: the callback sees
 *   the list without it (deleting the same key again finds nothing);
 * - a failed delete callback leaves its value in place (MPI-4.1 §7.7.4),
 *   unless a value was set for the key meanwhile, which then stays;
 * - MPI_Type_dup copies a snapshot of the list taken when it starts; an
 *   attribute deleted or replaced before its turn is skipped, one added
 *   meanwhile is not copied. */

static _Atomic unsigned long long attr_serial; /* tells a node from its replacement */

static void kv_ref(tsf_keyval *kv)
{
    pthread_mutex_lock(&lock);
    kv->refs++;
    pthread_mutex_unlock(&lock);
}

/* Under o's lock. */
static tsf_attr **find_locked(tsf_dtype *o, const tsf_keyval *kv)
{
    tsf_attr **p;

    for (p = &o->attrs; *p; p = &(*p)->next)
        if ((*p)->kv == kv)
            return p;
    return NULL;
}

/* A node holding val for kv (and a reference to kv); NULL without memory. */
static tsf_attr *node_new(tsf_keyval *kv, void *val)
{
    tsf_attr *a = tsu_malloc(sizeof(*a)); /* freed in node_free */

    if (!a)
        return NULL;
    kv_ref(kv);
    a->kv = kv;
    a->val = val;
    a->serial = atomic_fetch_add_explicit(&attr_serial, 1, memory_order_relaxed) + 1;
    a->next = NULL;
    return a;
}

static void node_free(tsf_attr *a)
{
    kv_unref(a->kv);
    tsu_free(a);
}

static int run_delete(tsf_dtype *o, const tsf_attr *a)
{
    return a->kv->del ? a->kv->del(o->handle, a->kv->handle, a->val, a->kv->extra) : MPI_SUCCESS;
}

/* Removes kv's value from o, its delete callback run without a lock.
 * Returns the callback's code (MPI_SUCCESS when kv had no value). */
static int attr_remove(tsf_dtype *o, tsf_keyval *kv)
{
    tsf_attr **p, *a = NULL;
    int rc;

    tsf_obj_lock(o);
    if ((p = find_locked(o, kv))) {
        a = *p;
        *p = a->next;
    }
    tsf_obj_unlock(o);
    if (!a)
        return MPI_SUCCESS;
    if ((rc = run_delete(o, a)) != MPI_SUCCESS) {
        tsf_obj_lock(o);
        if (!find_locked(o, kv)) { /* put back, unless a new value came */
            a->next = o->attrs;
            o->attrs = a;
            a = NULL;
        }
        tsf_obj_unlock(o);
    }
    if (a)
        node_free(a);
    return rc;
}

/* Puts the node a (kv's new value) on o, replacing (delete callback
 * first) any value kv has, also one a delete callback set meanwhile.
 * Returns a delete callback's code, a freed then. */
static int attr_attach(tsf_dtype *o, tsf_attr *a)
{
    tsf_attr **p;
    int rc;

    for (;;) {
        if ((rc = attr_remove(o, a->kv)) != MPI_SUCCESS) {
            node_free(a);
            return rc;
        }
        tsf_obj_lock(o);
        if (!(p = find_locked(o, a->kv))) {
            a->next = o->attrs;
            o->attrs = a;
        }
        tsf_obj_unlock(o);
        if (!p)
            return MPI_SUCCESS;
    }
}

/* Sets kv's value of o (attr_attach).  -1 without memory. */
static int attr_set(tsf_dtype *o, tsf_keyval *kv, void *val)
{
    tsf_attr *a = node_new(kv, val);

    return a ? attr_attach(o, a) : -1;
}

/* The class of an error a callback returned: its own when it is one of
 * MPI's predefined classes, the class of a typeshim code (a callback that
 * passes on what a typeshim call returned), else MPI_ERR_OTHER. */
static int callback_class(int rc)
{
    int cls = typeshim_error_class(rc);

    if (cls > 0)
        return cls;
    return rc > MPI_SUCCESS && rc <= MPI_ERR_VALUE_TOO_LARGE ? rc : MPI_ERR_OTHER;
}

int tsf_api_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    const char *fn = "MPI_Type_set_attr";
    tsf_dtype *o;
    tsf_keyval *kv = NULL;
    int rc, cb;

    TSF_GET(o, datatype, "datatype");
    /* its attributes were deleted with the program's last reference */
    TSF_CHECK(!tsf_retired(o), MPI_ERR_TYPE,
              "argument datatype is a runtime's hold (typeshim_type_hold) of a type the program "
              "freed, which takes no attribute");
    KV_GET(kv, type_keyval);
    cb = attr_set(o, kv, attribute_val);
    TSF_CHECK(cb != -1, MPI_ERR_NO_MEM, "out of memory");
    TSF_CHECK(cb == MPI_SUCCESS, callback_class(cb),
              "the delete callback of the attribute being replaced returned %d", cb);
    kv_unref(kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        kv_unref(kv);
    return rc;
}

int tsf_api_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    const char *fn = "MPI_Type_get_attr";
    tsf_dtype *o;
    tsf_keyval *kv = NULL;
    tsf_attr **p;
    void *val = NULL;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(attribute_val, "attribute_val");
    TSF_CHECK_PTR(flag, "flag");
    KV_GET(kv, type_keyval);
    tsf_obj_lock(o);
    if ((p = find_locked(o, kv)))
        val = (*p)->val;
    tsf_obj_unlock(o);
    *flag = p != NULL;
    if (p)
        *(void **)attribute_val = val;
    kv_unref(kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        kv_unref(kv);
    return rc;
}

int tsf_api_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    const char *fn = "MPI_Type_delete_attr";
    tsf_dtype *o;
    tsf_keyval *kv = NULL;
    int rc, cb;

    TSF_GET(o, datatype, "datatype");
    KV_GET(kv, type_keyval);
    /* deleting an attribute that is not set succeeds, as in MPICH */
    cb = attr_remove(o, kv);
    TSF_CHECK(cb == MPI_SUCCESS, callback_class(cb), "the delete callback returned %d", cb);
    kv_unref(kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        kv_unref(kv);
    return rc;
}

void tsf_attrs_destroy(tsf_dtype *o)
{
    /* no lock for a type that never had attributes (most): nothing else
     * can reach o any more, its last reference is gone */
    if (!__atomic_load_n(&o->attrs, __ATOMIC_ACQUIRE))
        return;
    /* one node at a time: a delete callback may add attributes to o,
     * which are deleted in turn; a failing callback cannot stop this */
    for (;;) {
        tsf_attr *a;

        tsf_obj_lock(o);
        if ((a = o->attrs))
            o->attrs = a->next;
        tsf_obj_unlock(o);
        if (!a)
            return;
        (void)run_delete(o, a);
        node_free(a);
    }
}

/* One entry of the snapshot MPI_Type_dup copies from. */
typedef struct attr_copy {
    tsf_keyval *kv; /* a reference */
    void *val;
    unsigned long long serial;
} attr_copy;

int tsf_attrs_copy(tsf_dtype *from, tsf_dtype *to, const char *fn, int *refused)
{
    attr_copy *snap = NULL;
    size_t n = 0, i;
    int rc = MPI_SUCCESS;

    *refused = 0;
    tsf_obj_lock(from);
    for (tsf_attr *a = from->attrs; a; a = a->next)
        n++;
    if (n && (snap = tsu_malloc(n * sizeof(*snap)))) { /* freed below */
        i = 0;
        for (tsf_attr *a = from->attrs; a; a = a->next, i++) {
            kv_ref(a->kv);
            snap[i].kv = a->kv;
            snap[i].val = a->val;
            snap[i].serial = a->serial;
        }
    }
    tsf_obj_unlock(from);
    if (n && !snap)
        return tsf_err(MPI_ERR_NO_MEM, fn, "out of memory");
    /* the list is newest first: copy oldest first, as the values were set */
    for (i = n; i-- > 0 && rc == MPI_SUCCESS;) {
        attr_copy *c = &snap[i];
        tsf_attr **p, *node;
        void *nv = NULL;
        int flag = 0, cb, still;

        if (!c->kv->copy)
            continue;
        tsf_obj_lock(from);
        still = (p = find_locked(from, c->kv)) && (*p)->serial == c->serial;
        tsf_obj_unlock(from);
        if (!still) /* deleted or replaced since the snapshot */
            continue;
        /* the node first: once the copy callback made a value (memory of
         * the program's, maybe), nothing may fail before the new type
         * holds it, or no delete callback would ever release it */
        if (!(node = node_new(c->kv, NULL))) { /* freed in node_free */
            rc = tsf_err(MPI_ERR_NO_MEM, fn, "out of memory");
            break;
        }
        cb = c->kv->copy(from->handle, c->kv->handle, c->kv->extra, c->val, &nv, &flag);
        if (cb != MPI_SUCCESS) {
            node_free(node);
            *refused = 1;
            rc = tsf_err(callback_class(cb), fn, "the copy callback of keyval %d returned %d",
                         c->kv->handle, cb);
        } else if (!flag) {
            node_free(node);
        } else {
            node->val = nv;
            /* to is new: no value of kv there, no delete callback to fail */
            if ((cb = attr_attach(to, node)) != MPI_SUCCESS)
                rc = tsf_err(callback_class(cb), fn, "the delete callback of keyval %d returned %d",
                             c->kv->handle, cb);
        }
    }
    for (i = 0; i < n; i++)
        kv_unref(snap[i].kv);
    tsu_free(snap);
    return rc;
}

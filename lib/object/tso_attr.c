/* SPDX-License-Identifier: BSD-3-Clause */
/* Attributes cached on objects, for every kind (tso_attr.h). */
#include "typeshim_config.h"

#include <pthread.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "object/tso_attr.h"

struct tso_attr {
    tso_keyval *kv; /* a reference */
    void *val;
    unsigned long long serial; /* tells a value from the one replacing it */
    int dying;                 /* its delete callback runs: hidden */
    struct tso_attr *next;
};

/* ------------------------------------------- keyvals (ks->mutex held) */

static tso_table *table_locked(tso_keyvals *ks)
{
    if (!ks->table.alloc)
        ks->table = (tso_table)TSO_TABLE(ks->kind->keyval_kind, ks->kind->alloc);
    return &ks->table;
}

static void unref_locked(tso_keyvals *ks, tso_keyval *kv)
{
    uint32_t i = tso_abi_slot(ks->kind->keyval_kind, (uint32_t)kv->handle);

    if (--kv->refs > 0)
        return;
    /* the record goes now (libtypeshim never resets its table: a record
     * kept for the slot's next keyval would outlive the program's), the
     * slot rests before its next keyval */
    *tso_obj(&ks->table, i) = NULL;
    tso_put(&ks->table, i);
    ks->kind->alloc->free(kv);
}

/* ------------------------------------------------------------- keyvals */

int tso_keyval_create(tso_keyvals *ks, tso_attr_fn *copy, tso_attr_fn *del, void *extra,
                      int *handle)
{
    tso_keyval *kv = ks->kind->alloc->calloc(1, sizeof *kv); /* freed by unref_locked */
    uint32_t i;
    int rc;

    if (!kv)
        return MPI_ERR_NO_MEM;
    *kv = (tso_keyval){copy, del, extra, 0, 1, 0};
    pthread_mutex_lock(&ks->mutex);
    if ((rc = tso_take(table_locked(ks), &i)) == MPI_SUCCESS) {
        kv->handle = (int)tso_handle(&ks->table, i);
        *tso_obj(&ks->table, i) = kv;
    }
    pthread_mutex_unlock(&ks->mutex);
    if (rc != MPI_SUCCESS) {
        ks->kind->alloc->free(kv);
        return rc;
    }
    *handle = kv->handle;
    return MPI_SUCCESS;
}

tso_keyval *tso_keyval_get(tso_keyvals *ks, int handle)
{
    tso_keyval *kv = NULL;
    uint32_t i;

    pthread_mutex_lock(&ks->mutex);
    if (tso_find(table_locked(ks), (uint32_t)handle, &i) == TSO_LIVE) {
        kv = *tso_obj(&ks->table, i);
        kv->refs++;
    }
    pthread_mutex_unlock(&ks->mutex);
    return kv;
}

void tso_keyval_unref(tso_keyvals *ks, tso_keyval *kv)
{
    pthread_mutex_lock(&ks->mutex);
    unref_locked(ks, kv);
    pthread_mutex_unlock(&ks->mutex);
}

static void keyval_ref(tso_keyvals *ks, tso_keyval *kv)
{
    pthread_mutex_lock(&ks->mutex);
    kv->refs++;
    pthread_mutex_unlock(&ks->mutex);
}

/* TSO_LIVE, TSO_FREED or TSO_NEVER (tso_find). */
static int keyval_find(tso_keyvals *ks, int handle)
{
    uint32_t i;
    int found;

    pthread_mutex_lock(&ks->mutex);
    found = tso_find(table_locked(ks), (uint32_t)handle, &i);
    pthread_mutex_unlock(&ks->mutex);
    return found;
}

int tso_keyval_why(tso_keyvals *ks, int handle)
{
    return keyval_find(ks, handle) == TSO_FREED ? TSO_FREED : TSO_NEVER;
}

int tso_keyval_free(tso_keyvals *ks, tso_keyval *kv)
{
    int was;

    pthread_mutex_lock(&ks->mutex);
    was = kv->freed;
    kv->freed = 1;
    if (!was)
        kv->refs--; /* the program's: the caller's keeps it */
    pthread_mutex_unlock(&ks->mutex);
    return was;
}

void tso_keyvals_reset(tso_keyvals *ks)
{
    tso_table *t;

    pthread_mutex_lock(&ks->mutex);
    t = table_locked(ks);
    for (uint32_t i = 0; i < t->fresh; i++)
        ks->kind->alloc->free(*tso_obj(t, i));
    tso_reset(t);
    pthread_mutex_unlock(&ks->mutex);
}

/* --------------------------------------------------------------- nodes */

/* A node of val for kv (kv referenced), or NULL without memory. */
static tso_attr *node_new(tso_keyvals *ks, tso_keyval *kv, void *val)
{
    tso_attr *a = ks->kind->alloc->calloc(1, sizeof *a); /* freed by node_free */

    if (!a)
        return NULL;
    keyval_ref(ks, kv);
    a->kv = kv;
    a->val = val;
    a->serial = __atomic_add_fetch(&ks->serials, 1, __ATOMIC_RELAXED);
    return a;
}

static void node_free(tso_keyvals *ks, tso_attr *a)
{
    tso_keyval_unref(ks, a->kv);
    ks->kind->alloc->free(a);
}

/* The visible value of kv in list, or NULL (list lock held). */
static tso_attr *find_locked(tso_attr *list, const tso_keyval *kv)
{
    for (; list; list = list->next)
        if (list->kv == kv && !list->dying)
            return list;
    return NULL;
}

/* a's delete callback (no lock held): its code, MPI_SUCCESS without one. */
static int run_delete(tso_keyvals *ks, const void *obj, const tso_attr *a)
{
    return a->kv->del ? ks->kind->del(obj, a->kv, a->val) : MPI_SUCCESS;
}

/* After a's delete callback: a goes, or, when keep (the callback failed),
 * is visible again where it was, unless a value was set for its keyval
 * meanwhile (which stays). */
static void settle(tso_keyvals *ks, const void *obj, tso_attr **list, tso_attr *a, int keep)
{
    const tso_attr_kind *k = ks->kind;

    k->lock(obj);
    if (keep && !find_locked(*list, a->kv)) {
        a->dying = 0;
        a = NULL;
    } else {
        while (*list != a)
            list = &(*list)->next;
        *list = a->next;
    }
    k->unlock(obj);
    if (a)
        node_free(ks, a);
}

/* --------------------------------------------------------------- lists */

int tso_attr_delete(tso_keyvals *ks, const void *obj, tso_attr **list, tso_keyval *kv)
{
    tso_attr *a;
    int rc;

    ks->kind->lock(obj);
    if ((a = find_locked(*list, kv)))
        a->dying = 1;
    ks->kind->unlock(obj);
    if (!a)
        return MPI_SUCCESS;
    rc = run_delete(ks, obj, a);
    settle(ks, obj, list, a, rc != MPI_SUCCESS);
    return rc;
}

int tso_attr_set(tso_keyvals *ks, const void *obj, tso_attr **list, tso_keyval *kv, void *val)
{
    tso_attr *a = node_new(ks, kv, val);
    int rc, set;

    if (!a)
        return TSO_ATTR_NO_MEM;
    for (;;) {
        if ((rc = tso_attr_delete(ks, obj, list, kv)) != MPI_SUCCESS) {
            node_free(ks, a);
            return rc;
        }
        ks->kind->lock(obj);
        if ((set = !find_locked(*list, kv))) {
            a->next = *list;
            *list = a;
        }
        ks->kind->unlock(obj);
        if (set)
            return MPI_SUCCESS;
    }
}

int tso_attr_get(tso_keyvals *ks, const void *obj, tso_attr **list, int handle, void **val)
{
    const tso_attr *a;

    /* by handle, without a reference: a value on the list holds one */
    ks->kind->lock(obj);
    for (a = *list; a && (a->dying || a->kv->handle != handle); a = a->next)
        ;
    if (a)
        *val = a->val;
    ks->kind->unlock(obj);
    if (a)
        return 1;
    return keyval_find(ks, handle) == TSO_LIVE ? 0 : -1;
}

int tso_attr_clear(tso_keyvals *ks, const void *obj, tso_attr **list, int stop, tso_attr_fail *fail)
{
    int rc = MPI_SUCCESS, cb;

    /* the newest visible one at a time: a callback may set values on obj,
     * deleted in turn */
    for (;;) {
        tso_attr *a;
        int keyval;

        ks->kind->lock(obj);
        for (a = *list; a && a->dying; a = a->next)
            ;
        if (a)
            a->dying = 1;
        ks->kind->unlock(obj);
        if (!a)
            break;
        keyval = a->kv->handle;
        cb = run_delete(ks, obj, a);
        settle(ks, obj, list, a, cb != MPI_SUCCESS && stop);
        if (cb != MPI_SUCCESS && rc == MPI_SUCCESS) {
            *fail = (tso_attr_fail){TSO_ATTR_DELETE_FAILED, cb, keyval};
            rc = cb;
        }
        if (cb != MPI_SUCCESS && stop)
            break;
    }
    return rc;
}

void tso_attr_discard(tso_keyvals *ks, const void *obj, tso_attr **list)
{
    tso_attr *a;

    ks->kind->lock(obj);
    a = *list;
    *list = NULL;
    ks->kind->unlock(obj);
    while (a) {
        tso_attr *next = a->next;
        node_free(ks, a);
        a = next;
    }
}

/* ---------------------------------------------------------- duplication */

/* One value a duplication may copy: taken under the lock, used after. */
typedef struct snap {
    tso_keyval *kv; /* a reference */
    void *val;
    unsigned long long serial;
} snap;

/* from's visible values, newest first (*n of them), each keyval
 * referenced; NULL with *n > 0 without memory. */
static snap *snapshot(tso_keyvals *ks, const void *from, tso_attr **list, size_t *n)
{
    snap *s = NULL;
    size_t i = 0;

    *n = 0;
    ks->kind->lock(from);
    for (const tso_attr *a = *list; a; a = a->next)
        *n += !a->dying;
    if (*n && (s = ks->kind->alloc->calloc(*n, sizeof *s))) /* the caller frees it */
        for (tso_attr *a = *list; a; a = a->next)
            if (!a->dying) {
                keyval_ref(ks, a->kv);
                s[i++] = (snap){a->kv, a->val, a->serial};
            }
    ks->kind->unlock(from);
    return s;
}

/* Copies c's value to `to`: at the head when copying oldest first, at
 * the end when newest first, so that `to` keeps from's order.  Skipped
 * when deleted or replaced since the snapshot. */
static int copy_one(tso_keyvals *ks, const void *from, tso_attr **from_list, const void *to,
                    tso_attr **to_list, const snap *c, tso_attr_fail *fail)
{
    const tso_attr_kind *k = ks->kind;
    tso_attr *was, *node;
    void *out = NULL;
    int flag = 0, still, cb;

    if (!c->kv->copy)
        return MPI_SUCCESS;
    k->lock(from);
    still = (was = find_locked(*from_list, c->kv)) && was->serial == c->serial;
    k->unlock(from);
    if (!still)
        return MPI_SUCCESS;
    /* the node first: once the copy callback made a value (memory of the
     * program's, maybe), nothing may fail before `to` holds it, or no
     * delete callback would ever release it */
    if (!(node = node_new(ks, c->kv, NULL))) {
        *fail = (tso_attr_fail){TSO_ATTR_NO_MEM_VALUE, 0, c->kv->handle};
        return TSO_ATTR_NO_MEM;
    }
    if ((cb = k->copy(from, c->kv, c->val, &out, &flag)) != MPI_SUCCESS || !flag) {
        node_free(ks, node);
        if (cb != MPI_SUCCESS)
            *fail = (tso_attr_fail){TSO_ATTR_COPY_FAILED, cb, c->kv->handle};
        return cb;
    }
    node->val = out;
    k->lock(to);
    if (k->copy_newest_first)
        while (*to_list)
            to_list = &(*to_list)->next;
    node->next = *to_list;
    *to_list = node;
    k->unlock(to);
    return MPI_SUCCESS;
}

int tso_attr_copy(tso_keyvals *ks, const void *from, tso_attr **from_list, const void *to,
                  tso_attr **to_list, tso_attr_fail *fail)
{
    int newest_first = ks->kind->copy_newest_first, rc = MPI_SUCCESS;
    size_t n, i;
    snap *s = snapshot(ks, from, from_list, &n);

    if (n && !s) {
        *fail = (tso_attr_fail){TSO_ATTR_NO_MEM_SNAPSHOT, 0, 0};
        return TSO_ATTR_NO_MEM;
    }
    for (i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = copy_one(ks, from, from_list, to, to_list, &s[newest_first ? i : n - 1 - i], fail);
    for (i = 0; i < n; i++)
        tso_keyval_unref(ks, s[i].kv);
    if (s)
        ks->kind->alloc->free(s);
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Attributes cached on communicators (MPI-4.1 section 7.7): keyvals,
 * MPI_Comm_set_attr, MPI_Comm_get_attr, MPI_Comm_delete_attr and their
 * MPI-1 names, the copy callbacks MPI_Comm_dup runs and the delete
 * callbacks of MPI_Comm_free, of MPI_Comm_delete_attr, of a replaced
 * value and of MPI_Finalize (MPI_COMM_SELF's first, MPI-4.1 section
 * 11.2.4, then MPI_COMM_WORLD's).  tss_env.c answers for the predefined
 * attributes.
 *
 * attr_mutex guards the keyval table, the reference counts and every
 * communicator's list; it is held only to link, unlink or copy nodes,
 * never while a callback runs, so callbacks may make any MPI call on any
 * communicator.  It follows that:
 * - a list is newest first: MPI_Comm_dup copies and MPI_Comm_free deletes
 *   in that order (as MPICH), and MPI_Finalize deletes MPI_COMM_SELF's in
 *   the reverse order of setting, as MPI requires;
 * - an attribute is hidden while its delete callback runs (the callback
 *   and other threads no longer see it) and unlinked after; a failing
 *   callback makes it visible again where it was (unless a value was set
 *   meanwhile), so the call fails with nothing deleted (MPI-4.1 section
 *   7.7.2);
 * - MPI_Comm_dup copies from a snapshot taken when it starts: a value
 *   deleted or replaced before its turn is skipped.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* Keyval handles (tss_handle.c): MPICH's kind bits of an indirect keyval
 * (0xa4000000) and its object bits of a communicator (0x00400000), a
 * 10-bit generation in bits 12..21 and the slot in bits 0..11 (4096 live
 * keyvals).  libtypeshim's datatype keyvals (object bits 0x00c00000) and
 * the predefined attributes (0x644000xx) never match; a freed slot rests
 * until 1024 others were freed, so a freed keyval's handle is refused for
 * a million keyvals made and freed after it. */
#define KV_MAX (1u << 12)

typedef struct kv_rec {
    MPI_Comm_copy_attr_function *copy; /* NULL: MPI_COMM_NULL_COPY_FN */
    MPI_Comm_delete_attr_function *del;
    void *extra;
    int refs;  /* the program's until it frees the keyval, one per
                  attribute, one per call using it */
    int freed; /* MPI_Comm_free_keyval was called */
    int handle;
} kv_rec;

struct tss_attr {
    kv_rec *kv; /* a reference */
    void *val;
    unsigned long long serial; /* tells a value from the one replacing it */
    int dying;                 /* its delete callback runs: hidden */
    struct tss_attr *next;
};

static pthread_mutex_t attr_mutex = PTHREAD_MUTEX_INITIALIZER;
static tso_table kvs = TSO_TABLE(TSO_KEYVAL_COMM, &tss_tso_alloc);
static unsigned long long serials;

/* ------------------------------------------------------------- keyvals */

/* The live keyval of a handle with a reference for the caller (kv_unref),
 * or NULL. */
static kv_rec *kv_get(int handle)
{
    kv_rec *kv = NULL;
    unsigned i;

    pthread_mutex_lock(&attr_mutex);
    if (tso_find(&kvs, (uint32_t)handle, &i) == TSO_LIVE) {
        kv = *tso_obj(&kvs, i);
        kv->refs++;
    }
    pthread_mutex_unlock(&attr_mutex);
    return kv;
}

/* Lock held. */
static void kv_unref_locked(kv_rec *kv)
{
    unsigned i = (unsigned)kv->handle & (KV_MAX - 1);

    if (--kv->refs > 0)
        return;
    *tso_obj(&kvs, i) = NULL;
    tso_put(&kvs, i);
    tss_free(kv);
}

static void kv_unref(kv_rec *kv)
{
    pthread_mutex_lock(&attr_mutex);
    kv_unref_locked(kv);
    pthread_mutex_unlock(&attr_mutex);
}

/* The keyval argument's name in fn's prototype, for messages. */
static const char *kv_arg(const char *fn)
{
    return strncmp(fn, "MPI_Comm_", 9) == 0 ? "comm_keyval" : "keyval";
}

/* Common body of MPI_Comm_create_keyval and MPI_Keyval_create. */
static int create_keyval(const char *fn, MPI_Comm_copy_attr_function *copy,
                         MPI_Comm_delete_attr_function *del, int *keyval_out, void *extra)
{
    kv_rec *kv;
    unsigned i;
    int rc = tss_check_init(fn), full;

    if (rc != MPI_SUCCESS)
        return rc;
    if (!keyval_out)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         kv_arg(fn));
    if (!(kv = tss_calloc(1, sizeof *kv))) /* freed by kv_unref_locked */
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory for a keyval", fn);
    kv->copy = copy;
    kv->del = del;
    kv->extra = extra;
    kv->refs = 1;
    pthread_mutex_lock(&attr_mutex);
    full = tso_take(&kvs, &i);
    if (full == MPI_SUCCESS) {
        *tso_obj(&kvs, i) = kv;
        kv->handle = (int)tso_handle(&kvs, i);
    }
    pthread_mutex_unlock(&attr_mutex);
    if (full != MPI_SUCCESS) {
        tss_free(kv);
        if (full == MPI_ERR_NO_MEM)
            return tss_raise(MPI_COMM_WORLD, full, "%s: out of memory for a keyval", fn);
        return tss_raise(MPI_COMM_WORLD, full, "%s: all %u keyvals are in use", fn, KV_MAX);
    }
    *keyval_out = kv->handle;
    return MPI_SUCCESS;
}

/* A keyval that is not one of this runtime's live communicator keyvals. */
static int bad_keyval(const char *fn, MPI_Comm comm, int keyval)
{
    const char *why;
    int *v;

    pthread_mutex_lock(&attr_mutex);
    why = tso_find(&kvs, (uint32_t)keyval, &(unsigned){0}) == TSO_FREED
              ? "Invalid keyval (freed)"
              : "Invalid keyval (not a communicator keyval)";
    pthread_mutex_unlock(&attr_mutex);
    return tss_raise(comm, MPI_ERR_KEYVAL, "%s(%s=0x%x): %s", fn, kv_arg(fn), (unsigned)keyval,
                     tss_env_attr(keyval, &v) ? "a predefined attribute cannot be changed" : why);
}

/* Common body of MPI_Comm_free_keyval and MPI_Keyval_free: the program's
 * reference goes; attributes still using the keyval keep it alive. */
static int free_keyval(const char *fn, int *keyval_io)
{
    kv_rec *kv;
    int rc = tss_check_init(fn), freed;

    if (rc != MPI_SUCCESS)
        return rc;
    if (!keyval_io)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         kv_arg(fn));
    if (!(kv = kv_get(*keyval_io)))
        return bad_keyval(fn, MPI_COMM_WORLD, *keyval_io);
    pthread_mutex_lock(&attr_mutex);
    freed = kv->freed;
    kv->freed = 1;
    if (!freed)
        kv->refs--; /* the program's: the call's own keeps it until below */
    kv_unref_locked(kv);
    pthread_mutex_unlock(&attr_mutex);
    if (freed)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_KEYVAL,
                         "%s(%s=0x%x): the keyval was freed already", fn, kv_arg(fn),
                         (unsigned)*keyval_io);
    *keyval_io = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

/* ------------------------------------------- lists (attr_mutex held) */

/* The visible value of kv in list, or NULL. */
static tss_attr *find_locked(tss_attr *list, const kv_rec *kv)
{
    for (; list; list = list->next)
        if (list->kv == kv && !list->dying)
            return list;
    return NULL;
}

/* A node of val for kv (kv referenced), or NULL without memory. */
static tss_attr *node_new_locked(kv_rec *kv, void *val)
{
    tss_attr *a = tss_malloc(sizeof *a); /* freed by node_free_locked */

    if (!a)
        return NULL;
    kv->refs++;
    a->kv = kv;
    a->val = val;
    a->serial = ++serials;
    a->dying = 0;
    a->next = NULL;
    return a;
}

static void node_free_locked(tss_attr *a)
{
    kv_unref_locked(a->kv);
    tss_free(a);
}

/* After a's delete callback: a goes, or, when keep (the callback failed),
 * is visible again where it was, unless a value was set for its keyval
 * meanwhile (which stays). */
static void settle_locked(tss_attr **list, tss_attr *a, int keep)
{
    if (keep && !find_locked(*list, a->kv)) {
        a->dying = 0;
        return;
    }
    while (*list != a)
        list = &(*list)->next;
    *list = a->next;
    node_free_locked(a);
}

/* A callback's code: its own when it is a valid error code (an error
 * class, or a typeshim code it passes on), else MPI_ERR_OTHER. */
static int cb_code(int rc)
{
    return tss_error_class(rc) > 0 ? rc : MPI_ERR_OTHER;
}

/* Runs a's delete callback (no lock held); MPI_SUCCESS without one. */
static int run_delete(MPI_Comm comm, const tss_attr *a)
{
    return a->kv->del ? a->kv->del(comm, a->kv->handle, a->val, a->kv->extra) : MPI_SUCCESS;
}

/* Removes kv's value from comm (list), its delete callback run without the
 * lock.  The callback's return (MPI_SUCCESS when kv has no value); a
 * failing callback leaves the value where it was. */
static int attr_remove(MPI_Comm comm, tss_attr **list, kv_rec *kv)
{
    tss_attr *a;
    int rc;

    if (!list) /* comm freed meanwhile by another thread (erroneous) */
        return MPI_SUCCESS;
    pthread_mutex_lock(&attr_mutex);
    if ((a = find_locked(*list, kv)))
        a->dying = 1;
    pthread_mutex_unlock(&attr_mutex);
    if (!a)
        return MPI_SUCCESS;
    rc = run_delete(comm, a);
    pthread_mutex_lock(&attr_mutex);
    settle_locked(list, a, rc != MPI_SUCCESS);
    pthread_mutex_unlock(&attr_mutex);
    return rc;
}

/* Sets kv's value on comm, the delete callback of the value it replaces
 * run first (also of one a callback set meanwhile).  The callback's
 * failure, or -1 without memory. */
static int attr_set(MPI_Comm comm, tss_attr **list, kv_rec *kv, void *val)
{
    tss_attr *a;
    int rc, set;

    if (!list)
        return MPI_SUCCESS;
    pthread_mutex_lock(&attr_mutex);
    a = node_new_locked(kv, val);
    pthread_mutex_unlock(&attr_mutex);
    if (!a)
        return -1;
    for (;;) {
        if ((rc = attr_remove(comm, list, kv)) != MPI_SUCCESS) {
            pthread_mutex_lock(&attr_mutex);
            node_free_locked(a);
            pthread_mutex_unlock(&attr_mutex);
            return rc;
        }
        pthread_mutex_lock(&attr_mutex);
        if ((set = !find_locked(*list, kv))) {
            a->next = *list;
            *list = a;
        }
        pthread_mutex_unlock(&attr_mutex);
        if (set)
            return MPI_SUCCESS;
    }
}

int tss_attr_clear(const char *fn, MPI_Comm comm, int stop, tss_error *e)
{
    tss_attr **list = tss_comm_attrs(comm), *a;
    int rc = MPI_SUCCESS, cb;

    /* the newest visible one at a time: a callback may set attributes on
     * comm, deleted in turn */
    while (list) {
        pthread_mutex_lock(&attr_mutex);
        for (a = *list; a && a->dying; a = a->next)
            ;
        if (a)
            a->dying = 1;
        pthread_mutex_unlock(&attr_mutex);
        if (!a)
            break;
        cb = run_delete(comm, a);
        if (cb != MPI_SUCCESS && rc == MPI_SUCCESS)
            rc = tss_fail(e, cb_code(cb), "%s: the delete callback of keyval 0x%x returned %d", fn,
                          (unsigned)a->kv->handle, cb);
        pthread_mutex_lock(&attr_mutex);
        settle_locked(list, a, cb != MPI_SUCCESS && stop);
        pthread_mutex_unlock(&attr_mutex);
        if (cb != MPI_SUCCESS && stop)
            break;
    }
    return rc;
}

void tss_attr_discard(tss_attr **list)
{
    pthread_mutex_lock(&attr_mutex);
    while (*list) {
        tss_attr *a = *list;
        *list = a->next;
        node_free_locked(a);
    }
    pthread_mutex_unlock(&attr_mutex);
}

void tss_attr_finalize(void)
{
    /* the lists are empty now: what is left is the program's keyvals */
    pthread_mutex_lock(&attr_mutex);
    for (unsigned i = 0; i < kvs.fresh; i++)
        tss_free(*tso_obj(&kvs, i));
    tso_reset(&kvs);
    pthread_mutex_unlock(&attr_mutex);
}

/* One value MPI_Comm_dup may copy: taken under the lock, used after. */
typedef struct snap {
    kv_rec *kv; /* a reference */
    void *val;
    unsigned long long serial;
} snap;

/* Lock held.  The attributes of list, newest first (*n of them); NULL
 * with *n > 0 without memory. */
static snap *snapshot_locked(tss_attr *list, size_t *n)
{
    snap *s;
    size_t i = 0;

    *n = 0;
    for (tss_attr *a = list; a; a = a->next)
        *n += !a->dying;
    if (!*n || !(s = tss_malloc(*n * sizeof *s))) /* the caller frees it */
        return NULL;
    for (tss_attr *a = list; a; a = a->next)
        if (!a->dying) {
            a->kv->refs++;
            s[i++] = (snap){a->kv, a->val, a->serial};
        }
    return s;
}

/* Copies one value to the end of newcomm's list (to) with kv's copy
 * callback, unless it was deleted or replaced since the snapshot. */
static int copy_one(const char *fn, MPI_Comm comm, MPI_Comm newcomm, tss_attr **from, tss_attr **to,
                    const snap *c, tss_error *e)
{
    tss_attr *a = NULL, *was;
    void *out = NULL;
    int flag = 0, still, cb;

    pthread_mutex_lock(&attr_mutex);
    still = (was = find_locked(*from, c->kv)) && was->serial == c->serial;
    pthread_mutex_unlock(&attr_mutex);
    if (!still || !c->kv->copy)
        return MPI_SUCCESS;
    cb = c->kv->copy(comm, c->kv->handle, c->kv->extra, c->val, &out, &flag);
    if (cb != MPI_SUCCESS)
        return tss_fail(e, cb_code(cb), "%s: the copy callback of keyval 0x%x returned %d", fn,
                        (unsigned)c->kv->handle, cb);
    if (!flag)
        return MPI_SUCCESS;
    pthread_mutex_lock(&attr_mutex);
    if ((a = node_new_locked(c->kv, out))) {
        while (*to)
            to = &(*to)->next;
        *to = a;
    }
    pthread_mutex_unlock(&attr_mutex);
    if (a)
        return MPI_SUCCESS;
    /* the copy newcomm was to hold goes through its delete callback, as
     * those already held do (MPI-4.1 section 7.7.2) */
    if (c->kv->del)
        (void)c->kv->del(newcomm, c->kv->handle, out, c->kv->extra);
    return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for an attribute", fn);
}

int tss_attr_copy(const char *fn, MPI_Comm comm, MPI_Comm newcomm, tss_error *e)
{
    tss_attr **from = tss_comm_attrs(comm), **to = tss_comm_attrs(newcomm);
    tss_error ignored;
    snap *s;
    size_t n, i;
    int rc = MPI_SUCCESS;

    if (!from || !to)
        return MPI_SUCCESS;
    pthread_mutex_lock(&attr_mutex);
    s = snapshot_locked(*from, &n);
    pthread_mutex_unlock(&attr_mutex);
    if (n && !s)
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for the attributes", fn);
    for (i = 0; i < n && rc == MPI_SUCCESS; i++)
        rc = copy_one(fn, comm, newcomm, from, to, &s[i], e);
    pthread_mutex_lock(&attr_mutex);
    for (i = 0; i < n; i++)
        kv_unref_locked(s[i].kv);
    pthread_mutex_unlock(&attr_mutex);
    tss_free(s);
    if (rc != MPI_SUCCESS) /* newcomm will not be: its copies go */
        (void)tss_attr_clear(fn, newcomm, 0, &ignored);
    return rc;
}

/* ----------------------------------------------------------------- API */

TSU_WEAK_ALIAS(MPI_Comm_create_keyval, PMPI_Comm_create_keyval)
int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                            MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                            void *extra_state)
{
    return create_keyval("MPI_Comm_create_keyval", comm_copy_attr_fn, comm_delete_attr_fn,
                         comm_keyval, extra_state);
}

TSU_WEAK_ALIAS(MPI_Keyval_create, PMPI_Keyval_create)
int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                       void *extra_state)
{
    return create_keyval("MPI_Keyval_create", copy_fn, delete_fn, keyval, extra_state);
}

TSU_WEAK_ALIAS(MPI_Comm_free_keyval, PMPI_Comm_free_keyval)
int PMPI_Comm_free_keyval(int *comm_keyval)
{
    return free_keyval("MPI_Comm_free_keyval", comm_keyval);
}

TSU_WEAK_ALIAS(MPI_Keyval_free, PMPI_Keyval_free)
int PMPI_Keyval_free(int *keyval)
{
    return free_keyval("MPI_Keyval_free", keyval);
}

/* The checks of set, get and delete: comm, then the keyval (*kv: a
 * reference the caller drops).  *kv stays NULL for a predefined
 * attribute when predefined_ok. */
static int args(const char *fn, MPI_Comm comm, int keyval_in, int predefined_ok, kv_rec **kv)
{
    int *v, rc = tss_check_comm(fn, comm);

    *kv = NULL;
    if (rc != MPI_SUCCESS)
        return rc;
    if (predefined_ok && tss_env_attr(keyval_in, &v))
        return MPI_SUCCESS;
    if (!(*kv = kv_get(keyval_in)))
        return bad_keyval(fn, comm, keyval_in);
    return MPI_SUCCESS;
}

static int set_attr(const char *fn, MPI_Comm comm, int keyval_in, void *attribute_val)
{
    kv_rec *kv;
    int rc = args(fn, comm, keyval_in, 0, &kv), cb;

    if (rc != MPI_SUCCESS)
        return rc;
    cb = attr_set(comm, tss_comm_attrs(comm), kv, attribute_val);
    kv_unref(kv);
    if (cb == -1)
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for an attribute", fn);
    if (cb != MPI_SUCCESS)
        return tss_raise(comm, cb_code(cb),
                         "%s(%s=0x%x): the delete callback of the value replaced "
                         "returned %d",
                         fn, kv_arg(fn), (unsigned)keyval_in, cb);
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Comm_set_attr, PMPI_Comm_set_attr)
int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val)
{
    return set_attr("MPI_Comm_set_attr", comm, comm_keyval, attribute_val);
}

TSU_WEAK_ALIAS(MPI_Attr_put, PMPI_Attr_put)
int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val)
{
    return set_attr("MPI_Attr_put", comm, keyval, attribute_val);
}

/* attribute_val receives the value (for a predefined attribute, the
 * address of an int holding it). */
static int get_attr(const char *fn, MPI_Comm comm, int keyval_in, void *attribute_val, int *flag)
{
    tss_attr **list, *a = NULL;
    void *val = NULL;
    kv_rec *kv;
    int *v = NULL, rc = args(fn, comm, keyval_in, 1, &kv);

    if (rc != MPI_SUCCESS)
        goto out;
    if (!attribute_val || !flag) {
        rc = tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                       attribute_val ? "flag" : "attribute_val");
        goto out;
    }
    if (!kv) {
        (void)tss_env_attr(keyval_in, &v);
        val = v;
        *flag = v != NULL;
    } else {
        list = tss_comm_attrs(comm);
        pthread_mutex_lock(&attr_mutex);
        if (list && (a = find_locked(*list, kv)))
            val = a->val;
        pthread_mutex_unlock(&attr_mutex);
        *flag = a != NULL;
    }
    if (*flag)
        memcpy(attribute_val, &val, sizeof val);
out:
    if (kv)
        kv_unref(kv);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Comm_get_attr, PMPI_Comm_get_attr)
int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag)
{
    return get_attr("MPI_Comm_get_attr", comm, comm_keyval, attribute_val, flag);
}

TSU_WEAK_ALIAS(MPI_Attr_get, PMPI_Attr_get)
int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag)
{
    return get_attr("MPI_Attr_get", comm, keyval, attribute_val, flag);
}

/* Deleting a value that is not set succeeds, as in MPICH. */
static int delete_attr(const char *fn, MPI_Comm comm, int keyval_in)
{
    kv_rec *kv;
    int rc = args(fn, comm, keyval_in, 0, &kv), cb;

    if (rc != MPI_SUCCESS)
        return rc;
    cb = attr_remove(comm, tss_comm_attrs(comm), kv);
    kv_unref(kv);
    if (cb != MPI_SUCCESS)
        return tss_raise(comm, cb_code(cb), "%s(%s=0x%x): the delete callback returned %d", fn,
                         kv_arg(fn), (unsigned)keyval_in, cb);
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Comm_delete_attr, PMPI_Comm_delete_attr)
int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval)
{
    return delete_attr("MPI_Comm_delete_attr", comm, comm_keyval);
}

TSU_WEAK_ALIAS(MPI_Attr_delete, PMPI_Attr_delete)
int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return delete_attr("MPI_Attr_delete", comm, keyval);
}

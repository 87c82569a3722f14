/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Attributes cached on communicators (MPI-4.1 section 7.7): keyvals,
 * MPI_Comm_set_attr, MPI_Comm_get_attr, MPI_Comm_delete_attr and their
 * MPI-1 names, the copy callbacks MPI_Comm_dup runs and the delete
 * callbacks of MPI_Comm_free, of MPI_Comm_delete_attr, of a replaced
 * value and of MPI_Finalize (MPI_COMM_SELF's first, MPI-4.1 section
 * 11.2.4, then MPI_COMM_WORLD's).  tss_env.c answers for the predefined
 * attributes.  The attributes themselves are libtypeshim's object layer's
 * (lib/object/tso_attr.h, which says what callbacks may do): here are the
 * MPI checks and messages.
 *
 * attr_mutex guards every communicator's list.  Lists are newest first:
 * MPI_Comm_dup copies and MPI_Comm_free deletes in that order (as MPICH),
 * and MPI_Finalize deletes MPI_COMM_SELF's in the reverse order of
 * setting, as MPI requires.  Keyval handles are of kind TSO_KEYVAL_COMM
 * (tso_abi.h; keyvals are ints in every ABI): libtypeshim's datatype
 * keyvals and the predefined attributes (MPICH's 0x644000xx, Open MPI's
 * small integers) never match one.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "object/tso_attr.h"

static pthread_mutex_t attr_mutex = PTHREAD_MUTEX_INITIALIZER;

/* One lock for every list: comm is not needed. */
static void list_lock(const void *comm)
{
    (void)comm;
    pthread_mutex_lock(&attr_mutex);
}

static void list_unlock(const void *comm)
{
    (void)comm;
    pthread_mutex_unlock(&attr_mutex);
}

/* The object the lists name is the communicator's handle. */
static MPI_Comm handle_of(const void *obj)
{
    return (MPI_Comm)(uintptr_t)obj;
}

static const void *obj_of(MPI_Comm comm)
{
    return (const void *)(uintptr_t)comm;
}

static int call_copy(const void *obj, const tso_keyval *kv, void *in, void *out, int *flag)
{
    MPI_Comm_copy_attr_function *copy = (MPI_Comm_copy_attr_function *)kv->copy;

    return copy(handle_of(obj), kv->handle, kv->extra, in, out, flag);
}

static int call_delete(const void *obj, const tso_keyval *kv, void *val)
{
    MPI_Comm_delete_attr_function *del = (MPI_Comm_delete_attr_function *)kv->del;

    return del(handle_of(obj), kv->handle, val, kv->extra);
}

static const tso_attr_kind kind = {
    TSO_KEYVAL_COMM, &tss_tso_alloc, list_lock, list_unlock, call_copy, call_delete, 1,
};
static tso_keyvals kvs = TSO_KEYVALS(&kind);

/* ------------------------------------------------------------- keyvals */

/* The keyval argument's name in fn's prototype, for messages. */
static const char *kv_arg(const char *fn)
{
    return strncmp(fn, "MPI_Comm_", 9) == 0 ? "comm_keyval" : "keyval";
}

/* Common body of MPI_Comm_create_keyval and MPI_Keyval_create. */
static int create_keyval(const char *fn, MPI_Comm_copy_attr_function *copy,
                         MPI_Comm_delete_attr_function *del, int *keyval_out, void *extra)
{
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!keyval_out)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         kv_arg(fn));
    rc = tso_keyval_create(&kvs, (tso_attr_fn *)copy, (tso_attr_fn *)del, extra, keyval_out);
    if (rc == MPI_ERR_NO_MEM)
        return tss_raise(MPI_COMM_WORLD, rc, "%s: out of memory for a keyval", fn);
    if (rc != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, rc, "%s: all %u keyvals are in use", fn,
                         TSO_KEYVAL_MAX(TSO_KEYVAL_COMM));
    return MPI_SUCCESS;
}

/* A keyval that is not one of this runtime's live communicator keyvals. */
static int bad_keyval(const char *fn, MPI_Comm comm, int keyval)
{
    const char *why = tso_keyval_why(&kvs, keyval) == TSO_FREED
                          ? "Invalid keyval (freed)"
                          : "Invalid keyval (not a communicator keyval)";
    int *v;

    return tss_raise(comm, MPI_ERR_KEYVAL, "%s(%s=0x%x): %s", fn, kv_arg(fn), (unsigned)keyval,
                     tss_env_attr(keyval, &v) ? "a predefined attribute cannot be changed" : why);
}

/* Common body of MPI_Comm_free_keyval and MPI_Keyval_free: the program's
 * reference goes; attributes still using the keyval keep it alive. */
static int free_keyval(const char *fn, int *keyval_io)
{
    tso_keyval *kv;
    int rc = tss_check_init(fn), freed;

    if (rc != MPI_SUCCESS)
        return rc;
    if (!keyval_io)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         kv_arg(fn));
    if (!(kv = tso_keyval_get(&kvs, *keyval_io)))
        return bad_keyval(fn, MPI_COMM_WORLD, *keyval_io);
    freed = tso_keyval_free(&kvs, kv);
    tso_keyval_unref(&kvs, kv);
    if (freed)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_KEYVAL,
                         "%s(%s=0x%x): the keyval was freed already", fn, kv_arg(fn),
                         (unsigned)*keyval_io);
    *keyval_io = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

/* --------------------------------------------------------------- lists */

/* A callback's code: its own when it is a valid error code (an error
 * class, or a typeshim code it passes on), else MPI_ERR_OTHER. */
static int cb_code(int rc)
{
    return tss_error_class(rc) > 0 ? rc : MPI_ERR_OTHER;
}

int tss_attr_clear(const char *fn, MPI_Comm comm, int stop, tss_error *e)
{
    tss_attr **list = tss_comm_attrs(comm);
    tso_attr_fail f;

    if (!list || tso_attr_clear(&kvs, obj_of(comm), list, stop, &f) == MPI_SUCCESS)
        return MPI_SUCCESS;
    return tss_fail(e, cb_code(f.code), "%s: the delete callback of keyval 0x%x returned %d", fn,
                    (unsigned)f.keyval, f.code);
}

void tss_attr_discard(tss_attr **list)
{
    tso_attr_discard(&kvs, obj_of(MPI_COMM_NULL), list);
}

void tss_attr_finalize(void)
{
    /* the lists are empty now: what is left is the program's keyvals */
    tso_keyvals_reset(&kvs);
}

int tss_attr_copy(const char *fn, MPI_Comm comm, MPI_Comm newcomm, tss_error *e)
{
    tss_attr **from = tss_comm_attrs(comm), **to = tss_comm_attrs(newcomm);
    tss_error ignored;
    tso_attr_fail f;
    int rc;

    if (!from || !to || tso_attr_copy(&kvs, obj_of(comm), from, obj_of(newcomm), to, &f) == 0)
        return MPI_SUCCESS;
    if (f.what == TSO_ATTR_NO_MEM_SNAPSHOT)
        rc = tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for the attributes", fn);
    else if (f.what == TSO_ATTR_NO_MEM_VALUE)
        rc = tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for an attribute", fn);
    else
        rc = tss_fail(e, cb_code(f.code), "%s: the copy callback of keyval 0x%x returned %d", fn,
                      (unsigned)f.keyval, f.code);
    /* newcomm will not be: the copies made go through their delete
     * callbacks (MPI-4.1 section 7.7.2) */
    (void)tss_attr_clear(fn, newcomm, 0, &ignored);
    return rc;
}

/* ----------------------------------------------------------------- API */

TSS_WEAK_ALIAS(MPI_Comm_create_keyval, PMPI_Comm_create_keyval)
int PMPI_Comm_create_keyval(MPI_Comm_copy_attr_function *comm_copy_attr_fn,
                            MPI_Comm_delete_attr_function *comm_delete_attr_fn, int *comm_keyval,
                            void *extra_state)
{
    return create_keyval("MPI_Comm_create_keyval", comm_copy_attr_fn, comm_delete_attr_fn,
                         comm_keyval, extra_state);
}

TSS_WEAK_ALIAS(MPI_Keyval_create, PMPI_Keyval_create)
int PMPI_Keyval_create(MPI_Copy_function *copy_fn, MPI_Delete_function *delete_fn, int *keyval,
                       void *extra_state)
{
    return create_keyval("MPI_Keyval_create", copy_fn, delete_fn, keyval, extra_state);
}

TSS_WEAK_ALIAS(MPI_Comm_free_keyval, PMPI_Comm_free_keyval)
int PMPI_Comm_free_keyval(int *comm_keyval)
{
    return free_keyval("MPI_Comm_free_keyval", comm_keyval);
}

TSS_WEAK_ALIAS(MPI_Keyval_free, PMPI_Keyval_free)
int PMPI_Keyval_free(int *keyval)
{
    return free_keyval("MPI_Keyval_free", keyval);
}

/* The checks of set and delete: comm, then the keyval (*kv: a reference
 * the caller drops). */
static int args(const char *fn, MPI_Comm comm, int keyval_in, tso_keyval **kv)
{
    int rc = tss_check_comm(fn, comm);

    *kv = NULL;
    if (rc != MPI_SUCCESS)
        return rc;
    if (!(*kv = tso_keyval_get(&kvs, keyval_in)))
        return bad_keyval(fn, comm, keyval_in);
    return MPI_SUCCESS;
}

static int set_attr(const char *fn, MPI_Comm comm, int keyval_in, void *attribute_val)
{
    tss_attr **list;
    tso_keyval *kv;
    int rc = args(fn, comm, keyval_in, &kv), cb = MPI_SUCCESS;

    if (rc != MPI_SUCCESS)
        return rc;
    if ((list = tss_comm_attrs(comm))) /* else freed meanwhile (erroneous) */
        cb = tso_attr_set(&kvs, obj_of(comm), list, kv, attribute_val);
    tso_keyval_unref(&kvs, kv);
    if (cb == TSO_ATTR_NO_MEM)
        return tss_raise(comm, MPI_ERR_NO_MEM, "%s: out of memory for an attribute", fn);
    if (cb != MPI_SUCCESS)
        return tss_raise(comm, cb_code(cb),
                         "%s(%s=0x%x): the delete callback of the value replaced "
                         "returned %d",
                         fn, kv_arg(fn), (unsigned)keyval_in, cb);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_set_attr, PMPI_Comm_set_attr)
int PMPI_Comm_set_attr(MPI_Comm comm, int comm_keyval, void *attribute_val)
{
    return set_attr("MPI_Comm_set_attr", comm, comm_keyval, attribute_val);
}

TSS_WEAK_ALIAS(MPI_Attr_put, PMPI_Attr_put)
int PMPI_Attr_put(MPI_Comm comm, int keyval, void *attribute_val)
{
    return set_attr("MPI_Attr_put", comm, keyval, attribute_val);
}

/* attribute_val receives the value (for a predefined attribute, the
 * address of an int holding it). */
static int get_attr(const char *fn, MPI_Comm comm, int keyval_in, void *attribute_val, int *flag)
{
    tss_attr **list, *none = NULL;
    void *val = NULL;
    int *v = NULL, rc = tss_check_comm(fn, comm), found;

    if (rc != MPI_SUCCESS)
        return rc;
    if (tss_env_attr(keyval_in, &v)) {
        val = v;
        found = v != NULL;
    } else {
        /* no list: comm freed meanwhile (erroneous), the keyval checked */
        list = tss_comm_attrs(comm);
        found = tso_attr_get(&kvs, obj_of(comm), list ? list : &none, keyval_in, &val);
        if (found < 0)
            return bad_keyval(fn, comm, keyval_in);
    }
    if (!attribute_val || !flag)
        return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         attribute_val ? "flag" : "attribute_val");
    *flag = found;
    if (found)
        memcpy(attribute_val, &val, sizeof val);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_get_attr, PMPI_Comm_get_attr)
int PMPI_Comm_get_attr(MPI_Comm comm, int comm_keyval, void *attribute_val, int *flag)
{
    return get_attr("MPI_Comm_get_attr", comm, comm_keyval, attribute_val, flag);
}

TSS_WEAK_ALIAS(MPI_Attr_get, PMPI_Attr_get)
int PMPI_Attr_get(MPI_Comm comm, int keyval, void *attribute_val, int *flag)
{
    return get_attr("MPI_Attr_get", comm, keyval, attribute_val, flag);
}

/* Deleting a value that is not set succeeds, as in MPICH. */
static int delete_attr(const char *fn, MPI_Comm comm, int keyval_in)
{
    tss_attr **list;
    tso_keyval *kv;
    int rc = args(fn, comm, keyval_in, &kv), cb = MPI_SUCCESS;

    if (rc != MPI_SUCCESS)
        return rc;
    if ((list = tss_comm_attrs(comm))) /* else freed meanwhile (erroneous) */
        cb = tso_attr_delete(&kvs, obj_of(comm), list, kv);
    tso_keyval_unref(&kvs, kv);
    if (cb != MPI_SUCCESS)
        return tss_raise(comm, cb_code(cb), "%s(%s=0x%x): the delete callback returned %d", fn,
                         kv_arg(fn), (unsigned)keyval_in, cb);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Comm_delete_attr, PMPI_Comm_delete_attr)
int PMPI_Comm_delete_attr(MPI_Comm comm, int comm_keyval)
{
    return delete_attr("MPI_Comm_delete_attr", comm, comm_keyval);
}

TSS_WEAK_ALIAS(MPI_Attr_delete, PMPI_Attr_delete)
int PMPI_Attr_delete(MPI_Comm comm, int keyval)
{
    return delete_attr("MPI_Attr_delete", comm, keyval);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Attributes on datatypes (MPI-4.1 section 7.7.4): the MPI functions'
 * checks and messages over the attributes of every kind (tso_attr.h,
 * which says what callbacks may do).  Delete callbacks run when the type
 * is destroyed (as MPICH: at destruction, which for a type still used by
 * others is later than MPI_Type_free); MPI_Type_dup copies oldest first.
 * As in MPICH, a communicator's keyval (libtypeshim-serial's, and the
 * predefined attributes) is never a datatype's (tso_abi.h). */
#include "typeshim_config.h"

#include "facade/tsf.h"
#include "object/tso_attr.h"

static void list_lock(const void *o)
{
    tsf_obj_lock(o);
}

static void list_unlock(const void *o)
{
    tsf_obj_unlock(o);
}

static int call_copy(const void *o, const tso_keyval *kv, void *in, void *out, int *flag)
{
    MPI_Type_copy_attr_function *copy = (MPI_Type_copy_attr_function *)kv->copy;

    return copy(((const tsf_dtype *)o)->handle, kv->handle, kv->extra, in, out, flag);
}

static int call_delete(const void *o, const tso_keyval *kv, void *val)
{
    MPI_Type_delete_attr_function *del = (MPI_Type_delete_attr_function *)kv->del;

    return del(((const tsf_dtype *)o)->handle, kv->handle, val, kv->extra);
}

static const tso_alloc alloc = {tsu_calloc, tsu_free};
static const tso_attr_kind kind = {
    TSO_KEYVAL_TYPE, &alloc, list_lock, list_unlock, call_copy, call_delete, 0,
};
static tso_keyvals kvs = TSO_KEYVALS(&kind);

/* The message refusing keyval, which names no datatype keyval. */
static int bad_keyval(const char *fn, int keyval)
{
    if (tso_keyval_why(&kvs, keyval) == TSO_FREED)
        return tsf_err(MPI_ERR_KEYVAL, fn, "argument type_keyval=%d was freed", keyval);
    return tsf_err(MPI_ERR_KEYVAL, fn, "argument type_keyval=%d is not a datatype keyval", keyval);
}

/* kv = the keyval named by keyval (a reference: tso_keyval_unref), or
 * MPI_ERR_KEYVAL. */
#define KV_GET(kv, keyval)                                                                         \
    do {                                                                                           \
        if (!((kv) = tso_keyval_get(&kvs, (keyval)))) {                                            \
            rc = bad_keyval(fn, (keyval));                                                         \
            goto fn_fail;                                                                          \
        }                                                                                          \
    } while (0)

int tsf_api_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                               MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                               void *extra_state)
{
    const char *fn = "MPI_Type_create_keyval";
    int rc;

    TSF_CHECK_PTR(type_keyval, "type_keyval");
    rc = tso_keyval_create(&kvs, (tso_attr_fn *)type_copy_attr_fn,
                           (tso_attr_fn *)type_delete_attr_fn, extra_state, type_keyval);
    TSF_CHECK(rc != MPI_ERR_NO_MEM, MPI_ERR_NO_MEM, "out of memory");
    TSF_CHECK(rc == MPI_SUCCESS, MPI_ERR_OTHER, "all %d keyvals are in use",
              (int)TSO_KEYVAL_MAX(TSO_KEYVAL_TYPE));
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_free_keyval(int *type_keyval)
{
    const char *fn = "MPI_Type_free_keyval";
    tso_keyval *kv = NULL;
    int rc;

    TSF_CHECK_PTR(type_keyval, "type_keyval");
    KV_GET(kv, *type_keyval);
    /* the program's reference goes; attributes may keep it alive */
    TSF_CHECK(!tso_keyval_free(&kvs, kv), MPI_ERR_KEYVAL,
              "argument type_keyval=%d was already freed", *type_keyval);
    *type_keyval = MPI_KEYVAL_INVALID;
    tso_keyval_unref(&kvs, kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        tso_keyval_unref(&kvs, kv);
    return rc;
}

/* The class of an error a callback returned: its own when it is one of
 * MPI's predefined classes, the class of a typeshim code (a callback that
 * passes on what a typeshim call returned), else MPI_ERR_OTHER. */
static int callback_class(int rc)
{
    int cls = tsf_error_class(rc);

    if (cls > 0)
        return cls;
    return rc > MPI_SUCCESS && rc <= MPI_ERR_VALUE_TOO_LARGE ? rc : MPI_ERR_OTHER;
}

int tsf_api_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    const char *fn = "MPI_Type_set_attr";
    tsf_dtype *o;
    tso_keyval *kv = NULL;
    int rc, cb;

    TSF_GET(o, datatype, "datatype");
    /* its attributes were deleted with the program's last reference */
    TSF_CHECK(!tsf_retired(o), MPI_ERR_TYPE,
              "argument datatype is a runtime's hold (typeshim_type_hold) of a type the program "
              "freed, which takes no attribute");
    KV_GET(kv, type_keyval);
    cb = tso_attr_set(&kvs, o, &o->attrs, kv, attribute_val);
    TSF_CHECK(cb != TSO_ATTR_NO_MEM, MPI_ERR_NO_MEM, "out of memory");
    TSF_CHECK(cb == MPI_SUCCESS, callback_class(cb),
              "the delete callback of the attribute being replaced returned %d", cb);
    tso_keyval_unref(&kvs, kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        tso_keyval_unref(&kvs, kv);
    return rc;
}

int tsf_api_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    const char *fn = "MPI_Type_get_attr";
    tsf_dtype *o;
    void *val;
    int rc, found;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(attribute_val, "attribute_val");
    TSF_CHECK_PTR(flag, "flag");
    if ((found = tso_attr_get(&kvs, o, &o->attrs, type_keyval, &val)) < 0) {
        rc = bad_keyval(fn, type_keyval);
        goto fn_fail;
    }
    *flag = found;
    if (found)
        *(void **)attribute_val = val;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    const char *fn = "MPI_Type_delete_attr";
    tsf_dtype *o;
    tso_keyval *kv = NULL;
    int rc, cb;

    TSF_GET(o, datatype, "datatype");
    KV_GET(kv, type_keyval);
    /* deleting an attribute that is not set succeeds, as in MPICH */
    cb = tso_attr_delete(&kvs, o, &o->attrs, kv);
    TSF_CHECK(cb == MPI_SUCCESS, callback_class(cb), "the delete callback returned %d", cb);
    tso_keyval_unref(&kvs, kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        tso_keyval_unref(&kvs, kv);
    return rc;
}

void tsf_attrs_destroy(tsf_dtype *o)
{
    tso_attr_fail ignored;

    /* no lock for a type that never had attributes (most): nothing else
     * can reach o any more, its last reference is gone */
    if (!__atomic_load_n(&o->attrs, __ATOMIC_ACQUIRE))
        return;
    /* every one goes: a failing callback cannot stop this */
    (void)tso_attr_clear(&kvs, o, &o->attrs, 0, &ignored);
}

int tsf_attrs_copy(tsf_dtype *from, tsf_dtype *to, const char *fn, int *refused)
{
    tso_attr_fail f;

    *refused = 0;
    if (tso_attr_copy(&kvs, from, &from->attrs, to, &to->attrs, &f) == MPI_SUCCESS)
        return MPI_SUCCESS;
    if (f.what != TSO_ATTR_COPY_FAILED)
        return tsf_err(MPI_ERR_NO_MEM, fn, "out of memory");
    *refused = 1;
    return tsf_err(callback_class(f.code), fn, "the copy callback of keyval %d returned %d",
                   f.keyval, f.code);
}

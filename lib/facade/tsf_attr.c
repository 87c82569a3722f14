/* Attributes on datatypes: keyvals, set/get/delete, copy on MPI_Type_dup,
 * delete callbacks when the type is destroyed (as MPICH: at destruction,
 * which for a type still used by others is later than MPI_Type_free). */
#include "typeshim_config.h"

#include <pthread.h>

#include "facade/tsf.h"
#include "layer/tsl.h"

TSU_WEAK_ALIAS(MPI_Type_create_keyval, PMPI_Type_create_keyval)
TSU_WEAK_ALIAS(MPI_Type_free_keyval, PMPI_Type_free_keyval)
TSU_WEAK_ALIAS(MPI_Type_set_attr, PMPI_Type_set_attr)
TSU_WEAK_ALIAS(MPI_Type_get_attr, PMPI_Type_get_attr)
TSU_WEAK_ALIAS(MPI_Type_delete_attr, PMPI_Type_delete_attr)

/* Keyval handles: KV_BASE, the slot's generation in bits 12..25 and the
 * slot in bits 0..11.  The generation is bumped when a slot is released,
 * so the value of a freed keyval is detected as invalid instead of naming
 * the next keyval made in the same slot. */
#define KV_BASE      0x64000000u
#define KV_KIND_MASK 0xFC000000u
#define KV_IDX_BITS  12
#define KV_MAX       (1 << KV_IDX_BITS)
#define KV_GEN_MASK  0x3FFFu

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

int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn,
                            MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval,
                            void *extra_state)
{
    TSL_PASS(Type_create_keyval,
             (type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state));
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
    return tsf_raise(rc);
}

int PMPI_Type_free_keyval(int *type_keyval)
{
    TSL_PASS(Type_free_keyval, (type_keyval));
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
    return tsf_raise(rc);
}

static tsf_attr **find(tsf_dtype *o, tsf_keyval *kv)
{
    tsf_attr **p;

    for (p = &o->attrs; *p; p = &(*p)->next)
        if ((*p)->kv == kv)
            return p;
    return NULL;
}

/* Runs the delete callback and unlinks; returns the callback's code. */
static int attr_delete(tsf_dtype *o, tsf_attr **p)
{
    tsf_attr *a = *p;
    int rc = MPI_SUCCESS;

    if (a->kv->del)
        rc = a->kv->del(o->handle, a->kv->handle, a->val, a->kv->extra);
    if (rc != MPI_SUCCESS)
        return rc;
    *p = a->next;
    kv_unref(a->kv);
    tsu_free(a);
    return MPI_SUCCESS;
}

static int attr_set(tsf_dtype *o, tsf_keyval *kv, void *val)
{
    tsf_attr **p = find(o, kv), *a;
    int rc;

    if (p) {
        if ((rc = attr_delete(o, p)))
            return rc;
    }
    if (!(a = tsu_malloc(sizeof(*a)))) /* freed in attr_delete */
        return -1;
    a->kv = kv;
    a->val = val;
    a->next = o->attrs;
    o->attrs = a;
    pthread_mutex_lock(&lock);
    kv->refs++;
    pthread_mutex_unlock(&lock);
    return MPI_SUCCESS;
}

int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    TSL_PASS(Type_set_attr, (datatype, type_keyval, attribute_val));
    const char *fn = "MPI_Type_set_attr";
    tsf_dtype *o;
    tsf_keyval *kv = NULL;
    int rc;

    TSF_GET(o, datatype, "datatype");
    KV_GET(kv, type_keyval);
    rc = attr_set(o, kv, attribute_val);
    TSF_CHECK(rc != -1, MPI_ERR_NO_MEM, "out of memory");
    TSF_CHECK(rc == MPI_SUCCESS, MPI_ERR_OTHER,
              "the delete callback of the attribute being replaced returned %d", rc);
    kv_unref(kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        kv_unref(kv);
    return tsf_raise(rc);
}

int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    TSL_PASS(Type_get_attr, (datatype, type_keyval, attribute_val, flag));
    const char *fn = "MPI_Type_get_attr";
    tsf_dtype *o;
    tsf_keyval *kv = NULL;
    tsf_attr **p;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(attribute_val, "attribute_val");
    TSF_CHECK_PTR(flag, "flag");
    KV_GET(kv, type_keyval);
    p = find(o, kv);
    *flag = p != NULL;
    if (p)
        *(void **)attribute_val = (*p)->val;
    kv_unref(kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        kv_unref(kv);
    return tsf_raise(rc);
}

int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    TSL_PASS(Type_delete_attr, (datatype, type_keyval));
    const char *fn = "MPI_Type_delete_attr";
    tsf_dtype *o;
    tsf_keyval *kv = NULL;
    tsf_attr **p;
    int rc;

    TSF_GET(o, datatype, "datatype");
    KV_GET(kv, type_keyval);
    /* deleting an attribute that is not set succeeds, as in MPICH */
    if ((p = find(o, kv))) {
        rc = attr_delete(o, p);
        TSF_CHECK(rc == MPI_SUCCESS, MPI_ERR_OTHER, "the delete callback returned %d", rc);
    }
    kv_unref(kv);
    return MPI_SUCCESS;
fn_fail:
    if (kv)
        kv_unref(kv);
    return tsf_raise(rc);
}

void tsf_attrs_destroy(tsf_dtype *o)
{
    while (o->attrs) {
        if (attr_delete(o, &o->attrs) != MPI_SUCCESS) {
            /* a failing callback cannot stop destruction: drop it anyway */
            tsf_attr *a = o->attrs;
            o->attrs = a->next;
            kv_unref(a->kv);
            tsu_free(a);
        }
    }
}

int tsf_attrs_copy(tsf_dtype *from, tsf_dtype *to, const char *fn)
{
    for (tsf_attr *a = from->attrs; a; a = a->next) {
        void *nv = NULL;
        int flag = 0, rc;
        if (!a->kv->copy)
            continue;
        rc = a->kv->copy(from->handle, a->kv->handle, a->kv->extra, a->val, &nv, &flag);
        if (rc != MPI_SUCCESS)
            return tsf_err(MPI_ERR_OTHER, fn, "the copy callback of keyval %d returned %d",
                           a->kv->handle, rc);
        if (flag && attr_set(to, a->kv, nv) != MPI_SUCCESS)
            return tsf_err(MPI_ERR_NO_MEM, fn, "out of memory");
    }
    return MPI_SUCCESS;
}

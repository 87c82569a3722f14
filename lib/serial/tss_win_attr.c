/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Attributes cached on windows (MPI-4.1 section 7.7.3): keyvals,
 * MPI_Win_set_attr, MPI_Win_get_attr, MPI_Win_delete_attr, the delete
 * callbacks of MPI_Win_free, and the predefined attributes of MPI-4.1
 * section 12.2.6 (MPI_WIN_BASE, MPI_WIN_SIZE, MPI_WIN_DISP_UNIT,
 * MPI_WIN_CREATE_FLAVOR, MPI_WIN_MODEL).  The lists are the object
 * layer's (lib/object/tso_attr.h), as those of communicators
 * (tss_attr.c); windows are never duplicated, so no copy callback runs.
 * Keyval handles are of kind TSO_KEYVAL_WIN: a communicator's or a
 * datatype's keyval is refused here.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_win_priv.h"
#include "object/tso_attr.h"

static pthread_mutex_t attr_mutex = PTHREAD_MUTEX_INITIALIZER;

static void list_lock(const void *obj)
{
    (void)obj;
    pthread_mutex_lock(&attr_mutex);
}

static void list_unlock(const void *obj)
{
    (void)obj;
    pthread_mutex_unlock(&attr_mutex);
}

/* The object the lists name is the window's record. */
static int call_delete(const void *obj, const tso_keyval *kv, void *val)
{
    MPI_Win_delete_attr_function *del = (MPI_Win_delete_attr_function *)kv->del;

    return del(((const tss_win_rec *)obj)->handle, kv->handle, val, kv->extra);
}

static const tso_attr_kind kind = {
    TSO_KEYVAL_WIN, &tss_tso_alloc, list_lock, list_unlock, NULL, call_delete, 1,
};
static tso_keyvals kvs = TSO_KEYVALS(&kind);

/* A callback's code: its own when it is a valid error code, else
 * MPI_ERR_OTHER. */
static int cb_code(int rc)
{
    return tss_error_class(rc) > 0 ? rc : MPI_ERR_OTHER;
}

int tss_win_attr_clear(const char *fn, tss_win_rec *w, tss_error *e)
{
    tso_attr_fail f;

    if (tso_attr_clear(&kvs, w, &w->attrs, 1, &f) == MPI_SUCCESS)
        return MPI_SUCCESS;
    return tss_fail(e, cb_code(f.code), "%s: the delete callback of keyval 0x%x returned %d", fn,
                    (unsigned)f.keyval, f.code);
}

void tss_win_attr_discard(tss_win_rec *w)
{
    tso_attr_discard(&kvs, w, &w->attrs);
}

void tss_win_attr_finalize(void)
{
    tso_keyvals_reset(&kvs);
}

/* ------------------------------------------------------------- keyvals */

TSS_WEAK_ALIAS(MPI_Win_create_keyval, PMPI_Win_create_keyval)
int PMPI_Win_create_keyval(MPI_Win_copy_attr_function *win_copy_attr_fn,
                           MPI_Win_delete_attr_function *win_delete_attr_fn, int *win_keyval,
                           void *extra_state)
{
    const char *fn = "MPI_Win_create_keyval";
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!win_keyval)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(win_keyval=NULL): Invalid argument", fn);
    rc = tso_keyval_create(&kvs, (tso_attr_fn *)win_copy_attr_fn, (tso_attr_fn *)win_delete_attr_fn,
                           extra_state, win_keyval);
    if (rc == MPI_ERR_NO_MEM)
        return tss_raise(MPI_COMM_WORLD, rc, "%s: out of memory for a keyval", fn);
    if (rc != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, rc, "%s: all %u keyvals are in use", fn,
                         TSO_KEYVAL_MAX(TSO_KEYVAL_WIN));
    return MPI_SUCCESS;
}

/* Whether keyval is a predefined attribute of windows. */
static int predefined(int keyval)
{
    return keyval == MPI_WIN_BASE || keyval == MPI_WIN_SIZE || keyval == MPI_WIN_DISP_UNIT ||
           keyval == MPI_WIN_CREATE_FLAVOR || keyval == MPI_WIN_MODEL;
}

/* A keyval that is not one of the live window keyvals, raised on win
 * (MPI_WIN_NULL: MPI_COMM_WORLD). */
static int bad_keyval(const char *fn, MPI_Win win, int keyval)
{
    const char *why = predefined(keyval) ? "a predefined attribute cannot be changed"
                      : tso_keyval_why(&kvs, keyval) == TSO_FREED
                          ? "Invalid keyval (freed)"
                          : "Invalid keyval (not a window keyval)";

    return tss_raise_win(win, MPI_ERR_KEYVAL, "%s(win_keyval=0x%x): %s", fn, (unsigned)keyval, why);
}

TSS_WEAK_ALIAS(MPI_Win_free_keyval, PMPI_Win_free_keyval)
int PMPI_Win_free_keyval(int *win_keyval)
{
    const char *fn = "MPI_Win_free_keyval";
    tso_keyval *kv;
    int rc = tss_check_init(fn), freed;

    if (rc != MPI_SUCCESS)
        return rc;
    if (!win_keyval)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(win_keyval=NULL): Invalid argument", fn);
    if (!(kv = tso_keyval_get(&kvs, *win_keyval)))
        return bad_keyval(fn, MPI_WIN_NULL, *win_keyval);
    freed = tso_keyval_free(&kvs, kv);
    tso_keyval_unref(&kvs, kv);
    if (freed)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_KEYVAL,
                         "%s(win_keyval=0x%x): the keyval was freed already", fn,
                         (unsigned)*win_keyval);
    *win_keyval = MPI_KEYVAL_INVALID;
    return MPI_SUCCESS;
}

/* --------------------------------------------------------------- values */

/* The checks of set and delete: win, then the keyval (*kv: a reference
 * the caller drops). */
static int keyval_args(const char *fn, MPI_Win win, int keyval, tss_win_rec **w, tso_keyval **kv)
{
    int rc = tss_win_check(fn, win, w);

    if (rc != MPI_SUCCESS)
        return rc;
    if (!(*kv = tso_keyval_get(&kvs, keyval)))
        return bad_keyval(fn, win, keyval);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_set_attr, PMPI_Win_set_attr)
int PMPI_Win_set_attr(MPI_Win win, int win_keyval, void *attribute_val)
{
    const char *fn = "MPI_Win_set_attr";
    tss_win_rec *w;
    tso_keyval *kv;
    int rc = keyval_args(fn, win, win_keyval, &w, &kv);

    if (rc != MPI_SUCCESS)
        return rc;
    rc = tso_attr_set(&kvs, w, &w->attrs, kv, attribute_val);
    tso_keyval_unref(&kvs, kv);
    if (rc == TSO_ATTR_NO_MEM)
        return tss_raise_win(win, MPI_ERR_NO_MEM, "%s: out of memory for an attribute", fn);
    if (rc != MPI_SUCCESS)
        return tss_raise_win(win, cb_code(rc),
                             "%s(win_keyval=0x%x): the delete callback of the value replaced "
                             "returned %d",
                             fn, (unsigned)win_keyval, rc);
    return MPI_SUCCESS;
}

/* The value of a predefined attribute of w into *val: the base address
 * itself, the others by the address of their value (MPI-4.1 section
 * 12.2.6).  The values live in the record, so they stay while w does. */
static void *predefined_value(tss_win_rec *w, int keyval)
{
    static const int model = MPI_WIN_UNIFIED;

    if (keyval == MPI_WIN_BASE)
        return w->base;
    if (keyval == MPI_WIN_SIZE)
        return &w->size;
    if (keyval == MPI_WIN_DISP_UNIT)
        return &w->disp_unit_attr;
    if (keyval == MPI_WIN_CREATE_FLAVOR)
        return &w->flavor;
    return (void *)(uintptr_t)&model;
}

TSS_WEAK_ALIAS(MPI_Win_get_attr, PMPI_Win_get_attr)
int PMPI_Win_get_attr(MPI_Win win, int win_keyval, void *attribute_val, int *flag)
{
    const char *fn = "MPI_Win_get_attr";
    tss_win_rec *w;
    void *val = NULL;
    int rc = tss_win_check(fn, win, &w), found = 1;

    if (rc != MPI_SUCCESS)
        return rc;
    if (predefined(win_keyval)) {
        pthread_mutex_lock(&tss_win_mutex);
        val = predefined_value(w, win_keyval);
        pthread_mutex_unlock(&tss_win_mutex);
    } else if ((found = tso_attr_get(&kvs, w, &w->attrs, win_keyval, &val)) < 0) {
        return bad_keyval(fn, win, win_keyval);
    }
    if (!attribute_val || !flag)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                             attribute_val ? "flag" : "attribute_val");
    *flag = found;
    if (found)
        memcpy(attribute_val, &val, sizeof val);
    return MPI_SUCCESS;
}

/* Deleting a value that is not set succeeds, as for communicators. */
TSS_WEAK_ALIAS(MPI_Win_delete_attr, PMPI_Win_delete_attr)
int PMPI_Win_delete_attr(MPI_Win win, int win_keyval)
{
    const char *fn = "MPI_Win_delete_attr";
    tss_win_rec *w;
    tso_keyval *kv;
    int rc = keyval_args(fn, win, win_keyval, &w, &kv);

    if (rc != MPI_SUCCESS)
        return rc;
    rc = tso_attr_delete(&kvs, w, &w->attrs, kv);
    tso_keyval_unref(&kvs, kv);
    if (rc != MPI_SUCCESS)
        return tss_raise_win(win, cb_code(rc),
                             "%s(win_keyval=0x%x): the delete callback returned %d", fn,
                             (unsigned)win_keyval, rc);
    return MPI_SUCCESS;
}

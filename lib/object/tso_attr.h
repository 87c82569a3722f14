/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tso_attr: attributes cached on objects (MPI-4.1 section 7.7) for every
 * kind of object that has them, in both libraries: a kind's keyvals and
 * their handles, each object's list of values, set, get and delete, the
 * copies a duplication makes and the deletions of a destruction.  MPI
 * argument checks, messages and raising stay with each kind's functions.
 *
 * What differs per kind is its tso_attr_kind: the keyval handles' kind
 * (tso_abi.h), the library's allocator, the lock of an object's list,
 * how the copy and delete callbacks are called with the object's handle,
 * and the order a duplication copies in.  `obj` below is what the kind's
 * functions get to name the object (a record, or its handle).
 *
 * Locks.  A kind's keyvals (tso_keyvals) have a mutex of their own, for
 * the handle table and the reference counts; an object's list is guarded
 * by the lock the kind names for it, held only to link, unlink, hide or
 * copy nodes.  The keyval mutex may be taken under a list lock, never
 * the other way, and no two list locks are ever held at once.  No
 * callback runs under either, so a callback may call every attribute
 * function on any object (the one being changed, copied or destroyed
 * included) and other threads may change the list meanwhile.  It
 * follows that:
 * - a list is newest first, and a destruction deletes in that order;
 * - a value is hidden while its delete callback runs (the callback and
 *   other threads no longer see it: deleting it again finds nothing) and
 *   unlinked after; a failing callback makes it visible again where it
 *   was, unless a value was set for the keyval meanwhile, which stays:
 *   the call fails with nothing deleted (MPI-4.1 section 7.7.2);
 * - a duplication copies from a snapshot taken when it starts: a value
 *   deleted or replaced before its turn is skipped, one added meanwhile
 *   is not copied.
 *
 * A keyval lives while the program holds it (until the free call) and
 * while a value or a call uses it: a freed keyval still attached keeps
 * its handle valid until its last value goes.  Its handle comes from the
 * handle table (tso_table.h), so a stale one is refused for at least
 * 2^20 keyvals made and freed after it.
 */
#ifndef TSO_ATTR_H
#define TSO_ATTR_H

#include <pthread.h>

#include "object/tso_table.h"

/* A copy or delete callback, of the kind's own type. */
typedef void tso_attr_fn(void);

typedef struct tso_keyval {
    tso_attr_fn *copy; /* NULL: copies nothing (MPI_*_NULL_COPY_FN) */
    tso_attr_fn *del;  /* NULL: nothing to run */
    void *extra;
    int handle;
    /* tso_attr.c's, under the keyvals' mutex: */
    int refs;  /* the program's until it frees the keyval, one per value,
                  one per call using it */
    int freed; /* the program freed it */
} tso_keyval;

/* The per-kind descriptor. */
typedef struct tso_attr_kind {
    enum tso_kind keyval_kind; /* of the keyval handles */
    const tso_alloc *alloc;    /* the library's */
    /* the lock of obj's list */
    void (*lock)(const void *obj);
    void (*unlock)(const void *obj);
    /* kv's callback (not NULL) called with obj's handle: its code */
    int (*copy)(const void *obj, const tso_keyval *kv, void *in, void *out, int *flag);
    int (*del)(const void *obj, const tso_keyval *kv, void *val);
    /* a duplication copies newest first (else oldest first) */
    int copy_newest_first;
} tso_attr_kind;

/* One kind's keyvals. */
typedef struct tso_keyvals {
    const tso_attr_kind *kind;
    pthread_mutex_t mutex;
    tso_table table; /* made from the kind at first use */
    unsigned long long serials;
} tso_keyvals;

#define TSO_KEYVALS(kindp)                                                                         \
    {                                                                                              \
        (kindp), PTHREAD_MUTEX_INITIALIZER, {0}, 0                                                 \
    }

/* One value on an object's list; a list is a tso_attr pointer, NULL when
 * empty, which the object keeps and only tso_attr.c reads. */
typedef struct tso_attr tso_attr;

/* Why a list operation failed. */
typedef struct tso_attr_fail {
    enum {
        TSO_ATTR_NO_MEM_SNAPSHOT, /* for the copy of the list a duplication reads */
        TSO_ATTR_NO_MEM_VALUE,    /* for a value */
        TSO_ATTR_COPY_FAILED,     /* a copy callback returned code */
        TSO_ATTR_DELETE_FAILED    /* a delete callback returned code */
    } what;
    int code;   /* the callback's */
    int keyval; /* the callback's keyval */
} tso_attr_fail;

#define TSO_ATTR_NO_MEM (-1) /* from tso_attr_set */

/* The most keyvals of a kind live at once. */
#define TSO_KEYVAL_MAX(keyval_kind) (1u << tso_layouts[keyval_kind].idx_bits)

/* A new keyval into *handle: MPI_SUCCESS, MPI_ERR_NO_MEM, or
 * MPI_ERR_OTHER when TSO_KEYVAL_MAX are live. */
TSO_HIDDEN int tso_keyval_create(tso_keyvals *ks, tso_attr_fn *copy, tso_attr_fn *del, void *extra,
                                 int *handle);
/* The keyval of handle with a reference for the caller (tso_keyval_unref),
 * or NULL when it names none. */
TSO_HIDDEN tso_keyval *tso_keyval_get(tso_keyvals *ks, int handle);
TSO_HIDDEN void tso_keyval_unref(tso_keyvals *ks, tso_keyval *kv);
/* For a handle tso_keyval_get refused: TSO_FREED (a keyval that was
 * freed) or TSO_NEVER. */
TSO_HIDDEN int tso_keyval_why(tso_keyvals *ks, int handle);
/* The program frees kv (the caller holds a reference): 0, or 1 when it
 * had freed it already (nothing changes). */
TSO_HIDDEN int tso_keyval_free(tso_keyvals *ks, tso_keyval *kv);
/* Frees every keyval and forgets the table (every list is empty). */
TSO_HIDDEN void tso_keyvals_reset(tso_keyvals *ks);

/* Sets kv's value on obj (list), running first the delete callback of the
 * value it replaces (also of one a callback set meanwhile).  MPI_SUCCESS,
 * TSO_ATTR_NO_MEM, or the delete callback's code (nothing changed). */
TSO_HIDDEN int tso_attr_set(tso_keyvals *ks, const void *obj, tso_attr **list, tso_keyval *kv,
                            void *val);
/* The value of the keyval of handle on obj: 1 (*val set), 0 when it has
 * none, -1 when handle names no keyval of the kind. */
TSO_HIDDEN int tso_attr_get(tso_keyvals *ks, const void *obj, tso_attr **list, int handle,
                            void **val);
/* Deletes kv's value from obj through its delete callback: the callback's
 * code (MPI_SUCCESS when there is none; on failure the value stays). */
TSO_HIDDEN int tso_attr_delete(tso_keyvals *ks, const void *obj, tso_attr **list, tso_keyval *kv);
/* Deletes obj's values, newest visible one first, through their delete
 * callbacks (values they set are deleted in turn).  With stop, the first
 * failing callback ends it, its value and the older ones staying;
 * otherwise every value goes.  MPI_SUCCESS, or the first failure's code
 * (*fail says more). */
TSO_HIDDEN int tso_attr_clear(tso_keyvals *ks, const void *obj, tso_attr **list, int stop,
                              tso_attr_fail *fail);
/* Gives `to` (new: no value yet, no callback can reach it) the copies the
 * copy callbacks of from's values make, in the same order.  MPI_SUCCESS,
 * or nonzero (*fail) at the first failure, the copies made so far left
 * on `to` for its deletion. */
TSO_HIDDEN int tso_attr_copy(tso_keyvals *ks, const void *from, tso_attr **from_list,
                             const void *to, tso_attr **to_list, tso_attr_fail *fail);
/* Frees obj's values without their callbacks (an object that never
 * reached the program, or one torn down at the end). */
TSO_HIDDEN void tso_attr_discard(tso_keyvals *ks, const void *obj, tso_attr **list);

#endif /* TSO_ATTR_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Info objects (MPI-4.1 chapter 10): ordered (key, value) pairs of
 * strings, MPI_INFO_ENV (MPI-4.1 section 11.2), and the hints of
 * communicators (MPI-4.1 section 7.4.4: MPI_Comm_set_info,
 * MPI_Comm_get_info, and what MPI_Comm_dup and MPI_Comm_dup_with_info
 * give the new communicator).
 *
 * Keys keep the order in which they were first set (MPI_Info_get_nthkey);
 * setting a key again replaces its value in place.  The info functions
 * work at any time, before MPI_Init and after MPI_Finalize too (MPI-4.1
 * section 11.4.1); an info object lives until MPI_Info_free.
 *
 * Everything here (the handle table, every object, the hints of every
 * communicator) is under tss_info_mutex, which is never held while an error is
 * raised and never taken before tss_comm.c's lock.
 *
 * This file holds the objects, their handles and the MPI_Info calls;
 * MPI_INFO_ENV's contents are made in tss_info_env.c, the hints of
 * communicators kept in tss_info_hints.c (tss_info_priv.h declares what
 * the three share).
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
#include "tss_info_priv.h"

/* Handles (object/tso_abi.h): MPICH's kind bits of an indirect info object
 * (0x9c000000), a 10-bit generation in bits 16..25 and the slot in bits
 * 0..15; a freed slot rests until 4096 others were freed, so a freed
 * handle is refused for four million objects made and freed after it
 * instead of naming one of them.  MPI_INFO_NULL and MPI_INFO_ENV never
 * match (MPICH's 0x1c000000 and 0x5c000001; Open MPI's are addresses,
 * whose word is 0). */

pthread_mutex_t tss_info_mutex = PTHREAD_MUTEX_INITIALIZER;
static tso_table slots = TSO_TABLE(TSO_INFO, &tss_tso_alloc);

/* ------------------------------------------------ objects (lock held) */

static int obj_find(const tss_info *o, const char *key)
{
    for (int i = 0; i < o->n; i++)
        if (strcmp(o->e[i].key, key) == 0)
            return i;
    return -1;
}

/* Sets key to val (a copy of each).  -1 without memory, o unchanged. */
int tss_info_obj_set(tss_info *o, const char *key, const char *val)
{
    int i = obj_find(o, key);
    char *v = tss_strdup(val), *k = NULL;

    if (!v)
        return -1;
    if (i >= 0) {
        tss_free(o->e[i].val);
        o->e[i].val = v;
        return 0;
    }
    if (o->n == o->cap) {
        int cap = o->cap ? 2 * o->cap : 8;
        entry *grown =
            tss_realloc(o->e, (size_t)o->cap * sizeof *grown, (size_t)cap * sizeof *grown);
        if (!grown)
            goto fail;
        o->e = grown;
        o->cap = cap;
    }
    if (!(k = tss_strdup(key)))
        goto fail;
    o->e[o->n].key = k;
    o->e[o->n].val = v;
    o->n++;
    return 0;
fail:
    tss_free(v);
    return -1;
}

void tss_info_obj_remove(tss_info *o, int i)
{
    tss_free(o->e[i].key);
    tss_free(o->e[i].val);
    memmove(&o->e[i], &o->e[i + 1], (size_t)(o->n - i - 1) * sizeof *o->e);
    o->n--;
}

void tss_info_obj_free(tss_info *o)
{
    if (!o)
        return;
    while (o->n > 0)
        tss_info_obj_remove(o, o->n - 1);
    tss_free(o->e);
    tss_free(o);
}

/* A copy of o (an empty object when o is NULL); NULL without memory. */
tss_info *tss_info_obj_dup(const tss_info *o)
{
    tss_info *d = tss_calloc(1, sizeof *d);

    for (int i = 0; d && o && i < o->n; i++)
        if (tss_info_obj_set(d, o->e[i].key, o->e[i].val) != 0) {
            tss_info_obj_free(d);
            d = NULL;
        }
    return d;
}

/* ------------------------------------------------------------- handles */

/* Lock held.  The object of a handle (MPI_INFO_ENV's too), or NULL. */
tss_info *tss_info_lookup(MPI_Info info, unsigned *idx)
{
    unsigned i;

    if (info == MPI_INFO_ENV) {
        if (!tss_info_env_filled) /* read before MPI_Init: no arguments yet */
            (void)tss_info_env_fill(&tss_info_env, 0,
                                    NULL); /* what fits: MPI_Init fills it again */
        tss_info_env_filled = 1;
        return &tss_info_env;
    }
    if (tso_find(&slots, TSO_WORD(info), &i) != TSO_LIVE)
        return NULL;
    if (idx)
        *idx = i;
    return *tso_obj(&slots, i);
}

/* Lock held.  A handle for o (which the table then owns), or
 * MPI_INFO_NULL without memory (o is freed then). */
MPI_Info tss_info_handle_new(tss_info *o)
{
    unsigned i;

    if (tso_take(&slots, &i)) {
        tss_info_obj_free(o);
        return MPI_INFO_NULL;
    }
    *tso_obj(&slots, i) = o;
    return TSO_HANDLE(MPI_Info, tso_handle(&slots, i));
}

/* Why info names no object ("freed", "never made"), for messages. */
static const char *info_why(MPI_Info info)
{
    const char *why;

    pthread_mutex_lock(&tss_info_mutex);
    why = tso_why(&slots, TSO_WORD(info));
    pthread_mutex_unlock(&tss_info_mutex);
    return why;
}

/* The errors of the info functions go to MPI_COMM_WORLD's handler, as
 * every error of this runtime that names no communicator. */
static int bad_info(const char *fn, MPI_Info info)
{
    if (info == MPI_INFO_NULL) /* MPICH's class for it */
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "%s(info=MPI_INFO_NULL): Invalid argument (an info object is needed)", fn);
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_INFO, "%s(info=" TSS_HFMT "): Invalid info (%s)", fn,
                     TSS_HARG(info), info_why(info));
}

int tss_info_null_arg(const char *fn, const char *arg)
{
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, arg);
}

int tss_info_no_mem(const char *fn)
{
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory for an info object", fn);
}

/* MPI_MAX_INFO_KEY's value in a message: the ABI's (MPICH 255, Open MPI
 * 36). */
#define STR_(x) #x
#define STR(x)  STR_(x)

/* A key is 1 to MPI_MAX_INFO_KEY characters (MPI-4.1 chapter 10). */
static int check_key(const char *fn, const char *key)
{
    if (key && key[0] && strlen(key) <= MPI_MAX_INFO_KEY)
        return MPI_SUCCESS;
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_INFO_KEY, "%s(key=%s%.32s%s): Invalid key (%s)", fn,
                     key ? "\"" : "NULL", key ? key : "", key ? "...\"" : "",
                     !key      ? "NULL"
                     : !key[0] ? "empty"
                               : "longer than MPI_MAX_INFO_KEY = " STR(MPI_MAX_INFO_KEY));
}

int tss_info_valid(MPI_Info info)
{
    int ok;

    if (info == MPI_INFO_NULL)
        return 1;
    pthread_mutex_lock(&tss_info_mutex);
    ok = tss_info_lookup(info, NULL) != NULL;
    pthread_mutex_unlock(&tss_info_mutex);
    return ok;
}

const char *tss_info_why(MPI_Info info)
{
    return info_why(info);
}

int tss_info_check(const char *fn, MPI_Comm comm, MPI_Info info)
{
    return tss_info_valid(info)
               ? MPI_SUCCESS
               : tss_raise(comm, MPI_ERR_INFO, "%s(info=" TSS_HFMT "): Invalid info (%s)", fn,
                           TSS_HARG(info), info_why(info));
}

/* ----------------------------------------------------------------- API */

TSS_WEAK_ALIAS(MPI_Info_create, PMPI_Info_create)
int PMPI_Info_create(MPI_Info *info)
{
    tss_info *o;
    MPI_Info h = MPI_INFO_NULL;

    if (!info)
        return tss_info_null_arg("MPI_Info_create", "info");
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_calloc(1, sizeof *o)))
        h = tss_info_handle_new(o);
    pthread_mutex_unlock(&tss_info_mutex);
    if (h == MPI_INFO_NULL)
        return tss_info_no_mem("MPI_Info_create");
    *info = h;
    return MPI_SUCCESS;
}

static int env_read_only(const char *fn)
{
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_INFO,
                     "%s(info=MPI_INFO_ENV): MPI_INFO_ENV cannot be changed or freed", fn);
}

TSS_WEAK_ALIAS(MPI_Info_set, PMPI_Info_set)
int PMPI_Info_set(MPI_Info info, const char *key, const char *value)
{
    const char *fn = "MPI_Info_set";
    tss_info *o;
    int rc;

    if ((rc = check_key(fn, key)))
        return rc;
    if (!value)
        return tss_info_null_arg(fn, "value");
    if (strlen(value) > MPI_MAX_INFO_VAL)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_INFO_VALUE,
                         "%s(key=\"%.32s\"): Invalid value (longer than MPI_MAX_INFO_VAL = %d)", fn,
                         key, MPI_MAX_INFO_VAL);
    if (info == MPI_INFO_ENV)
        return env_read_only(fn);
    pthread_mutex_lock(&tss_info_mutex);
    o = tss_info_lookup(info, NULL);
    rc = o ? tss_info_obj_set(o, key, value) : 0;
    pthread_mutex_unlock(&tss_info_mutex);
    if (!o)
        return bad_info(fn, info);
    return rc ? tss_info_no_mem(fn) : MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Info_delete, PMPI_Info_delete)
int PMPI_Info_delete(MPI_Info info, const char *key)
{
    const char *fn = "MPI_Info_delete";
    tss_info *o;
    int rc, i = -1;

    if ((rc = check_key(fn, key)))
        return rc;
    if (info == MPI_INFO_ENV)
        return env_read_only(fn);
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_info_lookup(info, NULL)) && (i = obj_find(o, key)) >= 0)
        tss_info_obj_remove(o, i);
    pthread_mutex_unlock(&tss_info_mutex);
    if (!o)
        return bad_info(fn, info);
    if (i < 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_INFO_NOKEY, "%s(key=\"%s\"): No such key", fn,
                         key);
    return MPI_SUCCESS;
}

/* Common body of the three getters: looks key up in info; when it is
 * there, *flag = 1, *len = the length of its value and, when out is not
 * NULL, its first max characters and a '\0' go to out.  *flag = 0
 * otherwise (and nothing else is written). */
static int get_value(const char *fn, MPI_Info info, const char *key, char *out, int max, int *len,
                     int *flag)
{
    tss_info *o;
    int i = -1;

    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_info_lookup(info, NULL)) && (i = obj_find(o, key)) >= 0) {
        const char *v = o->e[i].val;
        *len = (int)strlen(v);
        if (out) {
            int n = *len < max ? *len : max;
            memcpy(out, v, (size_t)n);
            out[n] = '\0';
        }
    }
    pthread_mutex_unlock(&tss_info_mutex);
    if (!o)
        return bad_info(fn, info);
    *flag = i >= 0;
    return MPI_SUCCESS;
}

/* A negative length (valuelen, *buflen) is refused with MPI_ERR_ARG. */
static int bad_length(const char *fn, const char *arg, int n)
{
    return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=%d): Invalid argument (negative)", fn, arg,
                     n);
}

/* valuelen characters at most, then '\0' (MPI-4.1 section 10: in C the
 * buffer holds valuelen + 1); a longer value is cut short, no error. */
TSS_WEAK_ALIAS(MPI_Info_get, PMPI_Info_get)
int PMPI_Info_get(MPI_Info info, const char *key, int valuelen, char *value, int *flag)
{
    const char *fn = "MPI_Info_get";
    int rc, len;

    if ((rc = check_key(fn, key)))
        return rc;
    if (valuelen < 0)
        return bad_length(fn, "valuelen", valuelen);
    if (!value || !flag)
        return tss_info_null_arg(fn, value ? "flag" : "value");
    return get_value(fn, info, key, value, valuelen, &len, flag);
}

/* MPI-4.0 semantics: *buflen is the size of value, '\0' included; value
 * gets at most *buflen - 1 characters and a '\0' (nothing when *buflen is
 * 0); *buflen becomes the size the whole value needs.  A missing key
 * changes neither. */
TSS_WEAK_ALIAS(MPI_Info_get_string, PMPI_Info_get_string)
int PMPI_Info_get_string(MPI_Info info, const char *key, int *buflen, char *value, int *flag)
{
    const char *fn = "MPI_Info_get_string";
    int rc, len = 0, found = 0;

    if ((rc = check_key(fn, key)))
        return rc;
    if (!buflen || !value || !flag)
        return tss_info_null_arg(fn, !buflen ? "buflen" : !value ? "value" : "flag");
    if (*buflen < 0)
        return bad_length(fn, "buflen", *buflen);
    rc = get_value(fn, info, key, *buflen > 0 ? value : NULL, *buflen - 1, &len, &found);
    if (rc != MPI_SUCCESS)
        return rc;
    if (found)
        *buflen = len + 1;
    *flag = found;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Info_get_valuelen, PMPI_Info_get_valuelen)
int PMPI_Info_get_valuelen(MPI_Info info, const char *key, int *valuelen, int *flag)
{
    const char *fn = "MPI_Info_get_valuelen";
    int rc, len = 0, found = 0;

    if ((rc = check_key(fn, key)))
        return rc;
    if (!valuelen || !flag)
        return tss_info_null_arg(fn, valuelen ? "flag" : "valuelen");
    if ((rc = get_value(fn, info, key, NULL, 0, &len, &found)) != MPI_SUCCESS)
        return rc;
    if (found)
        *valuelen = len;
    *flag = found;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Info_get_nkeys, PMPI_Info_get_nkeys)
int PMPI_Info_get_nkeys(MPI_Info info, int *nkeys)
{
    tss_info *o;
    int n = 0;

    if (!nkeys)
        return tss_info_null_arg("MPI_Info_get_nkeys", "nkeys");
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_info_lookup(info, NULL)))
        n = o->n;
    pthread_mutex_unlock(&tss_info_mutex);
    if (!o)
        return bad_info("MPI_Info_get_nkeys", info);
    *nkeys = n;
    return MPI_SUCCESS;
}

/* key receives MPI_MAX_INFO_KEY characters at most and a '\0'. */
TSS_WEAK_ALIAS(MPI_Info_get_nthkey, PMPI_Info_get_nthkey)
int PMPI_Info_get_nthkey(MPI_Info info, int n, char *key)
{
    const char *fn = "MPI_Info_get_nthkey";
    tss_info *o;
    int count = 0;

    if (!key)
        return tss_info_null_arg(fn, "key");
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_info_lookup(info, NULL))) {
        count = o->n;
        if (n >= 0 && n < count)
            strcpy(key, o->e[n].key);
    }
    pthread_mutex_unlock(&tss_info_mutex);
    if (!o)
        return bad_info(fn, info);
    if (n < 0 || n >= count)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "%s(n=%d): Invalid argument (the object has %d keys)", fn, n, count);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Info_dup, PMPI_Info_dup)
int PMPI_Info_dup(MPI_Info info, MPI_Info *newinfo)
{
    tss_info *o, *d = NULL;
    MPI_Info h = MPI_INFO_NULL;

    if (!newinfo)
        return tss_info_null_arg("MPI_Info_dup", "newinfo");
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_info_lookup(info, NULL)) && (d = tss_info_obj_dup(o)))
        h = tss_info_handle_new(d);
    pthread_mutex_unlock(&tss_info_mutex);
    if (!o)
        return bad_info("MPI_Info_dup", info);
    if (h == MPI_INFO_NULL)
        return tss_info_no_mem("MPI_Info_dup");
    *newinfo = h;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Info_free, PMPI_Info_free)
int PMPI_Info_free(MPI_Info *info)
{
    tss_info *o;
    unsigned i = 0;

    if (!info)
        return tss_info_null_arg("MPI_Info_free", "info");
    if (*info == MPI_INFO_ENV)
        return env_read_only("MPI_Info_free");
    pthread_mutex_lock(&tss_info_mutex);
    if ((o = tss_info_lookup(*info, &i))) {
        tss_info_obj_free(o);
        *tso_obj(&slots, i) = NULL;
        tso_put(&slots, i);
    }
    pthread_mutex_unlock(&tss_info_mutex);
    if (!o)
        return bad_info("MPI_Info_free", *info);
    *info = MPI_INFO_NULL;
    return MPI_SUCCESS;
}

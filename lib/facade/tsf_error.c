/* SPDX-License-Identifier: BSD-3-Clause */
/* Error codes and messages.  A code is 0x20000000 | seq << 7 | class: the
 * class is always recoverable from the code, and the message (naming the
 * function and the argument) is kept in a ring of the last 1024 errors. */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facade/tsf.h"

#define CODE_TAG   0x20000000
#define SEQ_MAX    (1 << 22)
#define RING_SIZE  1024
#define CLASS_MASK 0x7f

static struct {
    int code;
    char msg[MPI_MAX_ERROR_STRING];
} ring[RING_SIZE];
static unsigned seq;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static _Thread_local const char *call_alias;

const char *tsf_call_as(const char *alias)
{
    const char *prev = call_alias;

    call_alias = alias;
    return prev;
}

/* The raise function of the runtime that attached itself
 * (typeshim_runtime_attach: libtypeshim-serial, when loaded), or NULL:
 * libtypeshim calls down through it and never names the runtime. */
static _Atomic(tsf_raise_fn *) runtime_raise;

/* Records a message under a fresh code of class cls: prefix (if not
 * NULL) and ": ", then fmt.  The lock is taken here. */
static int record(int cls, const char *prefix, const char *fmt, va_list ap)
{
    int code, n = 0, slot;

    pthread_mutex_lock(&lock);
    seq = seq % (SEQ_MAX - 1) + 1;
    code = CODE_TAG | (int)(seq << 7) | cls;
    slot = (int)(seq % RING_SIZE);
    ring[slot].code = code;
    if (prefix)
        n = snprintf(ring[slot].msg, sizeof(ring[slot].msg), "%s: ", prefix);
    /* a prefix as long as the message (typeshim_check_buffer's fn is the
     * caller's) leaves fmt no room, never a negative one */
    if (n < 0 || (size_t)n >= sizeof(ring[slot].msg))
        n = (int)sizeof(ring[slot].msg) - 1;
    vsnprintf(ring[slot].msg + n, sizeof(ring[slot].msg) - (size_t)n, fmt, ap);
    pthread_mutex_unlock(&lock);
    return code;
}

int tsf_err(int cls, const char *fn, const char *fmt, ...)
{
    va_list ap;
    int code;

    va_start(ap, fmt);
    code = record(cls, call_alias ? call_alias : fn, fmt, ap);
    va_end(ap);
    return code;
}

static int record_text(int cls, const char *fmt, ...)
{
    va_list ap;
    int code;

    va_start(ap, fmt);
    code = record(cls, NULL, fmt, ap);
    va_end(ap);
    return code;
}

int tsf_error_make(int errclass, const char *message)
{
    /* the class must fit the code's 7 bits; MPI_SUCCESS is no error */
    if (errclass <= MPI_SUCCESS || errclass > CLASS_MASK || !message)
        return errclass;
    return record_text(errclass, "%s", message);
}

int tsf_err_engine(int tsd_rc, const char *fn)
{
    switch (tsd_rc) {
    case TSD_ERR_NOMEM:
        return tsf_err(MPI_ERR_NO_MEM, fn, "out of memory");
    case TSD_ERR_TOO_BIG:
        return tsf_err(MPI_ERR_NO_MEM, fn,
                       "the type's flattened description would pass %lld records (typeshim "
                       "copies a member type repeated at irregular displacements once per "
                       "member; nesting such types grows the copy exponentially)",
                       (long long)TSD_DESC_BUDGET);
    case TSD_ERR_CONVERSION:
        return tsf_err(MPI_ERR_CONVERSION, fn,
                       "a value does not fit its external32 form (C long beyond 32 bits, or "
                       "wchar_t beyond 16 bits)");
    case TSD_ERR_OVERFLOW:
        return tsf_err(MPI_ERR_ARG, fn,
                       "the arguments overflow 64-bit sizes, extents or displacements");
    default:
        return tsf_err(MPI_ERR_ARG, fn, "invalid arguments");
    }
}

int tsf_error_class(int code)
{
    if (code <= 0 || !(code & CODE_TAG))
        return -1;
    return code & CLASS_MASK;
}

int tsf_error_message(int code, char *buf, int *len)
{
    int slot, found = 0;

    if (tsf_error_class(code) < 0 || !buf || !len)
        return 0;
    slot = (int)(((unsigned)code & (CODE_TAG - 1)) >> 7) % RING_SIZE;
    pthread_mutex_lock(&lock);
    if (ring[slot].code == code) {
        snprintf(buf, MPI_MAX_ERROR_STRING, "%s", ring[slot].msg);
        found = 1;
    }
    pthread_mutex_unlock(&lock);
    if (!found)
        snprintf(buf, MPI_MAX_ERROR_STRING, "typeshim error of class %d (message no longer kept)",
                 code & CLASS_MASK);
    *len = (int)strlen(buf);
    return 1;
}

void tsf_runtime_attach(tsf_raise_fn *raise)
{
    atomic_store_explicit(&runtime_raise, raise, memory_order_release);
}

tsf_raise_fn *tsf_runtime_raise(void)
{
    return atomic_load_explicit(&runtime_raise, memory_order_acquire);
}

int tsf_runtime_present(void)
{
    return tsf_runtime_raise() != NULL;
}

int tsf_err_type(const char *fn, const char *arg, MPI_Datatype h, const tsf_dtype *o,
                 const char *why)
{
    /* the label gives way, not the reason: MPI_MAX_ERROR_STRING holds all */
    int fixed = snprintf(NULL, 0, "%s: argument %s=" TSO_HFMT " () %s",
                         call_alias ? call_alias : fn, arg, TSO_HARG(h), why);
    char label[MPI_MAX_ERROR_STRING];
    size_t room = sizeof(label);

    if (fixed > 0 && (size_t)fixed < sizeof(label))
        room = sizeof(label) - (size_t)fixed;
    if (room < 8)
        room = 8;
    return tsf_err(MPI_ERR_TYPE, fn, "argument %s=" TSO_HFMT " (%s) %s", arg, TSO_HARG(h),
                   tsf_label(o, label, room), why);
}

tsf_dtype *tsf_get_failed(MPI_Datatype h, const char *fn, const char *arg, int *rc)
{
    const void *site = NULL;
    char where[256];

    if (h == MPI_DATATYPE_NULL) {
        *rc = tsf_err(MPI_ERR_TYPE, fn, "argument %s is MPI_DATATYPE_NULL", arg);
        return NULL;
    }
    switch (tsf_handle_fate(h, &site)) {
    case TSF_FATE_FREED:
        if (site)
            *rc = tsf_err(MPI_ERR_TYPE, fn, "argument %s=" TSO_HFMT " was freed (made at %s)", arg,
                          TSO_HARG(h), tsu_site_name(site, where, sizeof(where)));
        else
            *rc = tsf_err(MPI_ERR_TYPE, fn, "argument %s=" TSO_HFMT " was freed", arg, TSO_HARG(h));
        break;
    case TSF_FATE_NEVER:
        *rc = tsf_err(MPI_ERR_TYPE, fn,
                      "argument %s=" TSO_HFMT " is not a datatype typeshim or " TSO_ABI_MPI
                      " issued (never "
                      "created)",
                      arg, TSO_HARG(h));
        break;
    default:
        *rc = tsf_err(MPI_ERR_TYPE, fn,
                      "argument %s=" TSO_HFMT " is not a valid datatype (freed, or never created)",
                      arg, TSO_HARG(h));
        break;
    }
    return NULL;
}

tsf_dtype *tsf_get_committed(MPI_Datatype h, const char *fn, const char *arg, int *rc)
{
    tsf_dtype *o = tsf_get(h, fn, arg, rc);

    if (o && !(o->eng->flags & TSD_FLAG_COMMITTED)) {
        *rc = tsf_err_type(fn, arg, h, o, "is not committed (MPI_Type_commit)");
        return NULL;
    }
    return o;
}

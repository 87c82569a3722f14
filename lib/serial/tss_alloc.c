/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The runtime's allocations: every block goes through libtypeshim's
 * allocator (typeshim_malloc/typeshim_free, the functions
 * typeshim_set_alloc_funcs installs), so that one allocator sees the
 * whole process and an allocation-failure test reaches the runtime too.
 * The hooks have no realloc: a block grows by a new one, copied, and the
 * caller says how big the old one was.
 */
#include "typeshim_config.h"

#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

void *tss_malloc(size_t n)
{
    /* typeshim_malloc is weak (tss.h): absent only in a static link that
     * pulled no allocating part of libtypeshim in, typeshim_free then
     * too, so a block never changes allocator. */
    if (typeshim_malloc)
        return typeshim_malloc(n);
    return malloc(n ? n : 1);
}

void tss_free(void *p)
{
    if (typeshim_free)
        typeshim_free(p);
    else
        free(p);
}

void *tss_calloc(size_t nmemb, size_t size)
{
    size_t n;
    void *p;

    if (__builtin_mul_overflow(nmemb, size, &n) || !(p = tss_malloc(n)))
        return NULL;
    memset(p, 0, n);
    return p;
}

void *tss_realloc(void *p, size_t old, size_t n)
{
    void *q = tss_malloc(n);

    if (!q)
        return NULL; /* p stays as it was, as with realloc */
    if (p)
        memcpy(q, p, old < n ? old : n);
    tss_free(p);
    return q;
}

char *tss_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = tss_malloc(n);

    if (d)
        memcpy(d, s, n);
    return d;
}

const tso_alloc tss_tso_alloc = {tss_calloc, tss_free};

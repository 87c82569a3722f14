/* SPDX-License-Identifier: BSD-3-Clause */
/* Allocation hooks: one place to fail the N-th allocation in tests. */
#include "typeshim_config.h"

#include <stdlib.h>
#include <string.h>

#include "typeshim.h"
#include "util/tsu.h"

static typeshim_malloc_fn alloc_fn = malloc;
static typeshim_free_fn free_fn = free;

void tsu_set_alloc_funcs(typeshim_malloc_fn m, typeshim_free_fn f)
{
    alloc_fn = m ? m : malloc;
    free_fn = f ? f : free;
}

void *tsu_malloc(size_t n)
{
    /* malloc(0) may return NULL; callers expect NULL to mean failure. */
    return alloc_fn(n ? n : 1);
}

void *tsu_calloc(size_t nmemb, size_t n)
{
    size_t total;
    void *p;

    if (__builtin_mul_overflow(nmemb, n, &total))
        return NULL;
    p = tsu_malloc(total);
    if (p)
        memset(p, 0, total ? total : 1);
    return p;
}

int tsu_grow(void **arr, size_t *cap, size_t used, size_t need, size_t elsize)
{
    /* Through alloc_fn/free_fn (not realloc) so that an injected failure or
     * a user allocator sees every block; the old array stays valid on error. */
    size_t ncap = *cap ? *cap : 8;
    size_t bytes;
    void *n;

    if (need <= *cap)
        return 0;
    while (ncap < need) {
        if (ncap > SIZE_MAX / 2)
            return -1;
        ncap *= 2;
    }
    if (__builtin_mul_overflow(ncap, elsize, &bytes))
        return -1;
    n = tsu_malloc(bytes);
    if (!n)
        return -1;
    if (used)
        memcpy(n, *arr, used * elsize);
    tsu_free(*arr);
    *arr = n;
    *cap = ncap;
    return 0;
}

void tsu_free(void *p)
{
    if (p)
        free_fn(p);
}

char *tsu_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = tsu_malloc(n);
    if (d)
        memcpy(d, s, n);
    return d;
}

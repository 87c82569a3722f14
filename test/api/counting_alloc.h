/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * counting_alloc.h - an allocator for typeshim_set_alloc_funcs that fails
 * the N-th allocation and knows every block it handed out (a pointer set),
 * so that the count of live blocks is exact whatever the order of
 * allocations and frees; blocks made before it was installed are freed
 * and not counted.  Shared by test/api/check_alloc.c and
 * test/layered/lt_alloc.c; needs only the C library.
 */
#ifndef COUNTING_ALLOC_H
#define COUNTING_ALLOC_H

#include <stdint.h>
#include <stdlib.h>

#define SET_BITS 16
#define SET_SIZE ((size_t)1 << SET_BITS)

static void *blocks[SET_SIZE]; /* open addressing, linear probing */
static long nlive;             /* blocks handed out and not freed */
static long ncalls;            /* allocations since the last reset */
static long fail_at;           /* 0: none fails; -1: all fail */

static size_t slot_of(const void *p)
{
    uint64_t h = (uint64_t)(uintptr_t)p * UINT64_C(0x9E3779B97F4A7C15);
    return (size_t)(h >> (64 - SET_BITS));
}

static void *counting_malloc(size_t n)
{
    void *p;
    size_t i;

    ncalls++;
    if (fail_at == -1 || ncalls == fail_at)
        return NULL;
    /* a full set would lose blocks: the tests keep far fewer alive */
    if ((size_t)nlive >= SET_SIZE / 2 || !(p = malloc(n)))
        return NULL;
    for (i = slot_of(p); blocks[i]; i = (i + 1) & (SET_SIZE - 1))
        ;
    blocks[i] = p;
    nlive++;
    return p;
}

/* Blocks made before the allocator was installed are freed, not counted. */
static void counting_free(void *p)
{
    size_t i, j, k;

    for (i = slot_of(p); blocks[i] && blocks[i] != p; i = (i + 1) & (SET_SIZE - 1))
        ;
    if (blocks[i]) {
        /* backward-shift deletion keeps every probe chain unbroken */
        blocks[i] = NULL;
        for (j = (i + 1) & (SET_SIZE - 1); blocks[j]; j = (j + 1) & (SET_SIZE - 1)) {
            k = slot_of(blocks[j]);
            if (((j - k) & (SET_SIZE - 1)) >= ((j - i) & (SET_SIZE - 1))) {
                blocks[i] = blocks[j];
                blocks[j] = NULL;
                i = j;
            }
        }
        nlive--;
    }
    free(p);
}

#endif /* COUNTING_ALLOC_H */

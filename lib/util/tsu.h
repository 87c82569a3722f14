/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsu: utilities shared by every layer (allocation, checked arithmetic).
 * Nothing here knows about MPI or about datatypes.
 */
#ifndef TSU_H
#define TSU_H

#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

/* Internal symbols are hidden by -fvisibility=hidden already; the attribute
 * keeps them hidden even when a user builds without our flags. */
#define TSU_HIDDEN __attribute__((visibility("hidden")))

/* MPI_name as a weak alias of PMPI_name (the MPI profiling interface,
 * MPI-4.1 §15.2), exported: clang gives the alias of `#pragma weak` the
 * hidden visibility of -fvisibility=hidden, whatever the target has. */
#define TSU_WEAK_ALIAS(name, target)                                                               \
    extern __typeof__(target) name __attribute__((weak, alias(#target), visibility("default")));

/* A weak exported definition: a runtime that defines the same MPI name
 * (libtypeshim-serial) wins a static link, as the first one loaded wins
 * a dynamic one. */
#define TSU_WEAK_DEF __attribute__((weak, visibility("default")))

/* The return address of the program's call in progress of a constructor
 * (set by the binding's stubs; read by leak reports). */
TSU_HIDDEN extern _Thread_local const void *tsu_call_site
    __attribute__((tls_model("initial-exec")));
/* A call site as object(symbol+offset), or object(+offset from its
 * base) for addr2line when the symbol is not exported; returns buf. */
TSU_HIDDEN const char *tsu_site_name(const void *site, char *buf, size_t len);

/* A switch from the environment (TYPESHIM_DUMP...), read on first use:
 * on when set to anything but "" or a leading '0'.  *cached starts at
 * -1; asked on every commit, so the read after the first is one load. */
TSU_HIDDEN int tsu_env_read(_Atomic int *cached, const char *name);
static inline int tsu_env_switch(_Atomic int *cached, const char *name)
{
    int on = atomic_load_explicit(cached, memory_order_relaxed);
    return __builtin_expect(on >= 0, 1) ? on : tsu_env_read(cached, name);
}

/* Inlined even where the compiler would not: hot loops specialised by a
 * constant argument rely on it. */
#define TSU_ALWAYS_INLINE inline __attribute__((always_inline))

#define TSU_LIKELY(x)   __builtin_expect(!!(x), 1)
#define TSU_UNLIKELY(x) __builtin_expect(!!(x), 0)

/* Every allocation of the library goes through these, so the allocation
 * failure tests can make the N-th one fail (see typeshim_set_alloc_funcs). */
/* The functions they call (NULL: malloc, free); typeshim_set_alloc_funcs. */
TSU_HIDDEN void tsu_set_alloc_funcs(void *(*m)(size_t), void (*f)(void *));
TSU_HIDDEN void *tsu_malloc(size_t n);
TSU_HIDDEN void *tsu_calloc(size_t nmemb, size_t n);
/* Make room for need elements of elsize bytes in *arr (capacity *cap, used
 * elements kept); returns -1 with *arr untouched on failure. */
TSU_HIDDEN int tsu_grow(void **arr, size_t *cap, size_t used, size_t need, size_t elsize);
TSU_HIDDEN void tsu_free(void *p);
TSU_HIDDEN char *tsu_strdup(const char *s);

/* Checked 64-bit arithmetic: return nonzero on overflow, leaving *r unset
 * or wrapped; callers treat nonzero as "does not fit". */
static inline int tsu_mul(int64_t a, int64_t b, int64_t *r)
{
    return __builtin_mul_overflow(a, b, r);
}
static inline int tsu_add(int64_t a, int64_t b, int64_t *r)
{
    return __builtin_add_overflow(a, b, r);
}
static inline int tsu_sub(int64_t a, int64_t b, int64_t *r)
{
    return __builtin_sub_overflow(a, b, r);
}

static inline int64_t tsu_min(int64_t a, int64_t b)
{
    return a < b ? a : b;
}
static inline int64_t tsu_max(int64_t a, int64_t b)
{
    return a > b ? a : b;
}

/* Round x up to a multiple of a (a > 0); x may be negative. */
static inline int64_t tsu_roundup(int64_t x, int64_t a)
{
    int64_t r = x % a;
    if (r == 0)
        return x;
    return r > 0 ? x + (a - r) : x - r;
}

#endif /* TSU_H */

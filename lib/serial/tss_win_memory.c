/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The memory a window exposes (MPI-4.1 sections 12.2.3 and 12.2.4):
 * MPI_Win_shared_query, MPI_Win_attach and MPI_Win_detach, and the check
 * every one-sided operation makes of its target buffer, which must lie
 * inside that memory: an access past it is MPI_ERR_RMA_RANGE, not a write
 * into whatever follows.
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

void tss_win_memory_free(tss_win_rec *w)
{
    tss_free(w->mem);
    w->mem = NULL;
    tss_free(w->regions);
    w->regions = NULL;
    w->nregions = w->cap = 0;
}

/* The bytes count copies of type touch, from its origin: [*lo, *hi).
 * 0 when they pass MPI_Aint. */
static int span(MPI_Count count, MPI_Datatype type, MPI_Aint *lo, MPI_Aint *hi)
{
    MPI_Count lb, extent, tlb, textent, last;
    int rc;

    tss_quiet_begin();
    rc = PMPI_Type_get_extent_c(type, &lb, &extent);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Type_get_true_extent_c(type, &tlb, &textent);
    tss_quiet_end();
    if (rc != MPI_SUCCESS || __builtin_mul_overflow(count - 1, extent, &last))
        return 0;
    /* the copies step by the extent, which may be negative */
    return !__builtin_add_overflow(tlb, last < 0 ? last : 0, lo) &&
           !__builtin_add_overflow(tlb + textent, last > 0 ? last : 0, hi);
}

int tss_win_target(const char *fn, const tss_win_rec *w, MPI_Aint disp, MPI_Count count,
                   MPI_Datatype type, char **at, tss_error *e)
{
    MPI_Aint off, lo = 0, hi = 0, a, b;

    *at = NULL;
    /* "a nonnegative integer" (MPI-4.1 section 12.3.1); MPICH's class */
    if (disp < 0 && w->flavor != MPI_WIN_FLAVOR_DYNAMIC)
        return tss_fail(e, MPI_ERR_DISP, "%s(target_disp=%lld): Negative displacement", fn,
                        (long long)disp);
    if (count == 0)
        return MPI_SUCCESS; /* nothing is touched: any displacement will do */
    if (__builtin_mul_overflow(disp, w->disp_unit, &off) || !span(count, type, &lo, &hi) ||
        __builtin_add_overflow(off, lo, &a) || __builtin_add_overflow(off, hi, &b))
        return tss_fail(e, MPI_ERR_RMA_RANGE,
                        "%s(target_disp=%lld): the target buffer's addresses pass MPI_Aint", fn,
                        (long long)disp);
    if (w->flavor == MPI_WIN_FLAVOR_DYNAMIC) {
        /* the displacement is an address (MPI_Get_address): inside one
         * attached region (MPI-4.1 section 12.2.4) */
        for (int i = 0; i < w->nregions; i++) {
            const tss_region *r = &w->regions[i];
            if ((uintptr_t)a >= r->base && (uintptr_t)b <= r->base + (uintptr_t)r->size) {
                *at = (char *)(uintptr_t)off;
                return MPI_SUCCESS;
            }
        }
        return tss_fail(e, MPI_ERR_RMA_RANGE,
                        "%s(target_disp=%lld): the target buffer [%#llx, %#llx) is not inside "
                        "memory attached to the dynamic window (MPI_Win_attach)",
                        fn, (long long)disp, (unsigned long long)a, (unsigned long long)b);
    }
    if (a < 0 || b > w->size)
        return tss_fail(e, MPI_ERR_RMA_RANGE,
                        "%s(target_disp=%lld): the target buffer spans bytes [%lld, %lld) of a "
                        "window of %lld bytes (disp_unit %lld)",
                        fn, (long long)disp, (long long)a, (long long)b, (long long)w->size,
                        (long long)w->disp_unit);
    *at = (char *)(uintptr_t)((uintptr_t)w->base + (uintptr_t)off);
    return MPI_SUCCESS;
}

/* ------------------------------------------------------- shared memory */

static int shared_query(const char *fn, MPI_Win win, int rank, MPI_Aint *size, void *disp_unit,
                        int wide, void *baseptr)
{
    tss_win_rec *w;
    tss_error e;
    int rc = tss_win_check(fn, win, &w), du;

    if (rc != MPI_SUCCESS)
        return rc;
    if (w->flavor != MPI_WIN_FLAVOR_SHARED)
        return tss_raise_win(win, MPI_ERR_RMA_FLAVOR,
                             "%s: the window was not made by MPI_Win_allocate_shared", fn);
    if ((rc = tss_win_rank(fn, "rank", rank, &e)) != MPI_SUCCESS)
        return tss_raise_win(win, rc, "%s", e.text);
    if (!size || !disp_unit || !baseptr)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                             !size        ? "size"
                             : !disp_unit ? "disp_unit"
                                          : "baseptr");
    /* MPI_PROC_NULL: the segment of the lowest rank whose size is not
     * zero, which is rank 0 or none (size 0, base NULL) */
    pthread_mutex_lock(&tss_win_mutex);
    *size = w->size;
    void *base = rank == MPI_PROC_NULL && w->size == 0 ? NULL : w->base;
    if (wide)
        memcpy(disp_unit, &w->disp_unit, sizeof w->disp_unit);
    else {
        du = w->disp_unit_attr;
        memcpy(disp_unit, &du, sizeof du);
    }
    memcpy(baseptr, &base, sizeof base);
    pthread_mutex_unlock(&tss_win_mutex);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_shared_query, PMPI_Win_shared_query)
int PMPI_Win_shared_query(MPI_Win win, int rank, MPI_Aint *size, int *disp_unit, void *baseptr)
{
    return shared_query("MPI_Win_shared_query", win, rank, size, disp_unit, 0, baseptr);
}

TSS_WEAK_ALIAS(MPI_Win_shared_query_c, PMPI_Win_shared_query_c)
int PMPI_Win_shared_query_c(MPI_Win win, int rank, MPI_Aint *size, MPI_Aint *disp_unit,
                            void *baseptr)
{
    return shared_query("MPI_Win_shared_query_c", win, rank, size, disp_unit, 1, baseptr);
}

/* ------------------------------------------------------ dynamic windows */

/* The checks of attach and detach: a dynamic window. */
static int dynamic_check(const char *fn, MPI_Win win, tss_win_rec **w)
{
    int rc = tss_win_check(fn, win, w);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((*w)->flavor != MPI_WIN_FLAVOR_DYNAMIC)
        return tss_raise_win(win, MPI_ERR_RMA_FLAVOR,
                             "%s: the window was not made by MPI_Win_create_dynamic", fn);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_attach, PMPI_Win_attach)
int PMPI_Win_attach(MPI_Win win, void *base, MPI_Aint size)
{
    const char *fn = "MPI_Win_attach";
    uintptr_t b = (uintptr_t)base;
    tss_win_rec *w;
    int rc = dynamic_check(fn, win, &w), clash = -1;

    if (rc != MPI_SUCCESS)
        return rc;
    if (size < 0)
        return tss_raise_win(win, MPI_ERR_SIZE, "%s(size=%lld): Negative size", fn,
                             (long long)size);
    if (size > 0 && !base)
        return tss_raise_win(win, MPI_ERR_ARG, "%s(base=NULL): Invalid argument", fn);
    pthread_mutex_lock(&tss_win_mutex);
    /* regions may not overlap (MPI-4.1 section 12.2.4), nor two begin at
     * one address (empty ones included): detach names a region by it */
    for (int i = 0; i < w->nregions && clash < 0; i++)
        if (w->regions[i].base == b || (b < w->regions[i].base + (uintptr_t)w->regions[i].size &&
                                        w->regions[i].base < b + (uintptr_t)size))
            clash = i;
    if (clash < 0 && w->nregions == w->cap) {
        int cap = w->cap ? 2 * w->cap : 4;
        tss_region *r =
            tss_realloc(w->regions, (size_t)w->cap * sizeof *r, (size_t)cap * sizeof *r);
        if (!r) {
            pthread_mutex_unlock(&tss_win_mutex);
            return tss_raise_win(win, MPI_ERR_NO_MEM, "%s: out of memory", fn);
        }
        w->regions = r;
        w->cap = cap;
    }
    if (clash < 0)
        w->regions[w->nregions++] = (tss_region){b, size};
    pthread_mutex_unlock(&tss_win_mutex);
    if (clash >= 0)
        return tss_raise_win(win, MPI_ERR_RMA_ATTACH,
                             "%s(base=%p, size=%lld): the memory overlaps a region attached "
                             "before, or begins where one does (MPI-4.1 section 12.2.4)",
                             fn, base, (long long)size);
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Win_detach, PMPI_Win_detach)
int PMPI_Win_detach(MPI_Win win, const void *base)
{
    const char *fn = "MPI_Win_detach";
    tss_win_rec *w;
    int rc = dynamic_check(fn, win, &w), found = 0;

    if (rc != MPI_SUCCESS)
        return rc;
    pthread_mutex_lock(&tss_win_mutex);
    for (int i = 0; i < w->nregions && !found; i++)
        if (w->regions[i].base == (uintptr_t)base) {
            w->regions[i] = w->regions[--w->nregions];
            found = 1;
        }
    pthread_mutex_unlock(&tss_win_mutex);
    if (!found)
        return tss_raise_win(win, MPI_ERR_ARG,
                             "%s(base=%p): no region attached at this address (MPI_Win_attach)", fn,
                             base);
    return MPI_SUCCESS;
}

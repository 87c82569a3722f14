/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI_Dims_create (MPI-4.1 section 8.5.2): a search for MPICH's choice of
 * balanced factors, for any number of nodes.  Separate from the
 * topologies: it makes none and reads no communicator.
 */
#include "typeshim_config.h"

#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_topo_priv.h"

/* ------------------------------------------------------ MPI_Dims_create
 * The free dimensions split the nodes the given ones leave "as close to
 * each other as possible" (MPI-4.1 section 8.5.2).  Of the ways to write
 * n as a product of k factors d[0] >= ... >= d[k-1], the one chosen has
 * the smallest spread d[0] - d[k-1]; of those, the one whose factors are
 * largest compared from the smallest up (d[k-1] first, then d[k-2]...).
 * That is MPICH 4.0.2's choice in every case compared (all n up to 5000
 * in up to 8 dimensions, and 35000 larger ones in up to 20).  A search
 * through the divisors of n in increasing order finds it: a branch stops
 * as soon as it cannot beat the best so far. */

typedef struct dims_search {
    const int *div; /* the divisors of n, ascending */
    int ndiv;
    int k;    /* factors placed: at most the prime factors of n, 30 */
    int ones; /* more dimensions than prime factors: 1s follow the k */
    int found;
    int spread, low; /* the best's largest minus smallest factor, smallest */
    int cur[32], best[32];
} dims_search;

/* Whether f^j >= n (n a positive int). */
static int power_reaches(long long f, int j, long long n)
{
    long long p = 1;

    while (j-- > 0 && p < n)
        p *= f; /* below 2^62: p < n <= 2^31 before it */
    return p >= n;
}

/* The largest r with r^j <= x (x >= 1). */
static int root(int x, int j)
{
    int lo = 1, hi = x;

    while (lo < hi) {
        int mid = lo + (hi - lo + 1) / 2;
        if (power_reaches(mid, j, (long long)x + 1))
            hi = mid - 1;
        else
            lo = mid;
    }
    return lo;
}

/* cur[0..k-1] replaces the best if it is better. */
static void offer(dims_search *s)
{
    int low = s->ones ? 1 : s->cur[s->k - 1], spread = s->cur[0] - low;
    int better = !s->found || spread < s->spread;

    if (s->found && spread == s->spread) {
        int i = s->k - 1;
        while (i > 0 && s->cur[i] == s->best[i])
            i--;
        better = s->cur[i] > s->best[i];
    }
    if (better) {
        s->found = 1;
        s->spread = spread;
        s->low = low;
        memcpy(s->best, s->cur, (size_t)s->k * sizeof(int));
    }
}

/* Places the factors cur[i..k-1] of n, none above hi, non-increasing. */
static void place(dims_search *s, int i, int n, int hi)
{
    int left = s->k - i;

    if (left == 1) {
        if (n <= hi) {
            s->cur[i] = n;
            offer(s);
        }
        return;
    }
    for (int j = 0; j < s->ndiv && s->div[j] <= hi && s->div[j] <= n; j++) {
        int f = s->div[j], top, low;
        if (n % f != 0 || !power_reaches(f, left, n))
            continue; /* not a factor, or too small to be the largest left */
        top = i > 0 ? s->cur[0] : f;
        low = s->ones ? 1 : root(n / f, left - 1); /* the smallest factor is at most this */
        /* a larger f makes top - low larger or low smaller: nothing better follows */
        if (s->found && (top - low > s->spread || (top - low == s->spread && low < s->low)))
            break;
        s->cur[i] = f;
        place(s, i + 1, n / f, f);
    }
}

/* The k free entries (zero) of dims[0..ndims-1] get the split of n. */
static int spread_into(int n, int k, int ndims, int dims[])
{
    int p[10], e[10], np = 0, omega = 0, ndiv = 1, m = n, *div;
    dims_search s = {0};

    for (int q = 2; q <= m / q; q++)
        if (m % q == 0) {
            for (p[np] = q, e[np] = 0; m % q == 0; m /= q)
                e[np]++;
            omega += e[np];
            ndiv *= e[np++] + 1;
        }
    if (m > 1) {
        p[np] = m;
        e[np++] = 1;
        omega++;
        ndiv *= 2;
    }
    if (!(div = tss_malloc((size_t)ndiv * sizeof(int))))
        return MPI_ERR_NO_MEM;
    div[0] = 1;
    ndiv = 1;
    for (int i = 0; i < np; i++)
        for (int base = ndiv, x = 1, j = 0; j < e[i]; j++) {
            x *= p[i];
            for (int d = 0; d < base; d++)
                div[ndiv++] = div[d] * x;
        }
    qsort(div, (size_t)ndiv, sizeof(int), tss_topo_by_value);
    s.div = div;
    s.ndiv = ndiv;
    s.k = k < omega ? k : omega;
    s.ones = k > omega;
    if (s.k > 0)
        place(&s, 0, n, n);
    tss_free(div);
    for (int i = 0, j = 0; i < ndims; i++)
        if (dims[i] == 0)
            dims[i] = j < s.k ? s.best[j++] : 1;
    return MPI_SUCCESS;
}

TSS_WEAK_ALIAS(MPI_Dims_create, PMPI_Dims_create)
int PMPI_Dims_create(int nnodes, int ndims, int dims[])
{
    const char *fn = "MPI_Dims_create";
    long long fixed = 1;
    int free_dims = 0, rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (nnodes <= 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "%s(nnodes=%d): Invalid number of nodes (must be positive)", fn, nnodes);
    if (ndims < 0)
        return tss_topo_negative(fn, MPI_COMM_WORLD, "ndims", ndims);
    if (ndims > 0 && !dims)
        return tss_topo_arg_null(fn, MPI_COMM_WORLD, "dims");
    for (int i = 0; i < ndims; i++)
        if (dims[i] < 0)
            return tss_raise(MPI_COMM_WORLD, MPI_ERR_DIMS,
                             "%s(dims[%d]=%d): Invalid dimension (0, to be chosen, or positive)",
                             fn, i, dims[i]);
    /* a product above nnodes cannot divide it: stop there, before it overflows */
    for (int i = 0; i < ndims && fixed <= nnodes; i++)
        if (dims[i] > 0)
            fixed *= dims[i];
        else
            free_dims++;
    if (fixed > nnodes || nnodes % fixed != 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_DIMS,
                         "%s(nnodes=%d): not a multiple of the product of the given dimensions "
                         "(MPI-4.1 section 8.5.2)",
                         fn, nnodes);
    if (free_dims > 0 && spread_into(nnodes / (int)fixed, free_dims, ndims, dims) != MPI_SUCCESS)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    return MPI_SUCCESS;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* TYPESHIM_CHECK's reports: a divergence is reported once per type and
 * kind (tsl_check.c decides what diverged), with both answers, the
 * construction history and, when it is a documented difference, the
 * reason ("intended"); the counters; the summary line of each process,
 * written at MPI_Finalize (an MPI_COMM_SELF attribute's delete callback,
 * MPI-4.1 §11.2.4) or at exit; and with TYPESHIM_LEAKS (or
 * TYPESHIM_CHECK) the leak report at MPI_Finalize. */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "layer/tsl.h"
#include "layer/tsl_api.h"

/* The rows of typeshim(7)'s DIFFERENCES FROM MPICH (FROM OPEN MPI 4.1
 * in libtypeshim-ompi) that a type's construction can contain. */
static const struct {
    unsigned row;
    const char *why;
} rows[] = {
#if TS_ABI_OMPI
    {TSL_ROW_OMPI_EPSILON, "Open MPI 4.1 rounds the extent of hvector, hindexed and "
                           "hindexed_block types up to their alignment, an epsilon MPI-4.1 "
                           "section 5.1.6 gives to structs only; typeshim, as MPICH, does not"},
    {TSL_ROW_OMPI_EMPTY, "blocks of length 0 and members of size 0 (a darray's empty "
                         "blocks too) keep their place in typeshim's bounds, as in MPICH "
                         "(MPI-4.1 section 5.1.6); Open MPI 4.1 leaves them out"},
    {TSL_ROW_OMPI_RESIZED, "Open MPI 4.1 keeps a resized child's bounds as markers in its "
                           "parent; typeshim and MPICH take the child's extent only "
                           "(MPI-4.1 section 5.1.7)"},
#else
    {TSL_ROW_MULTI_MARKER, "several MPI_LB (MPI_UB) markers in one struct: typeshim takes the "
                           "min (max), the type-map rule of MPI-1.1 §3.12.3; MPICH the last one"},
    {TSL_ROW_STICKY, "bounds inherited from a child's markers are sticky (MPI-1.1 §3.12.3); "
                     "MPICH drops them"},
    {TSL_ROW_EPS_LB, "with an MPI_LB and no MPI_UB, typeshim rounds ub - lb up to the "
                     "alignment (MPI-1/2.2); MPICH rounds ub itself"},
    {TSL_ROW_FLOAT16, "MPICH 4.0.2's MPIX_C_FLOAT16 is broken (unnamed; its dup has size 0)"},
    {TSL_ROW_NEG_CONTIG,
     "MPICH 4.0.2 places the copies of MPI_Type_contiguous(n, t), t of negative extent, at "
     "k * n * extent(t), not at k times the extent it reports itself; typeshim at k * extent "
     "(MPI-4.1 §5.1), the extent following the marker rule"},
#endif
    {TSL_ROW_REFUSED,
     TSO_ABI_MPI " refuses to build this type, which has no data (Open MPI "
                 "4.1: a subarray with a subsize of 0); its shadow is the empty type map "
                 "with typeshim's bounds, and that shadow is what " TSO_ABI_MPI " answered about"},
};

static _Atomic long n_checks, n_div, n_intended;
static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static FILE *out;
static int summarised, hooked;

void tsl_check_counts(long *checks, long *divergences, long *intended)
{
    *checks = atomic_load(&n_checks);
    *divergences = atomic_load(&n_div);
    *intended = atomic_load(&n_intended);
}

/* Set by the last exit handler, which runs after the objects' destructors:
 * MPICH is not asked anything then. */
static int after_fini;

int tsl_rank(void)
{
    int r = -1;
    const char *env;

    if (!after_fini && tsl_mpi_live() && tsl_mpi.Comm_rank)
        tsl_mpi.Comm_rank(MPI_COMM_WORLD, &r);
    /* the launcher's word: Hydra's, or Open MPI's mpirun's */
    if (r < 0 && ((env = getenv("PMI_RANK")) || (env = getenv("MPI_LOCALRANKID")) ||
                  (env = getenv("OMPI_COMM_WORLD_RANK"))))
        r = atoi(env);
    return r < 0 ? 0 : r;
}

/* The report stream: TYPESHIM_LOG (with %r the rank), else stderr.
 * Called with out_lock held. */
static FILE *stream(void)
{
    const char *path = getenv("TYPESHIM_LOG");
    char name[4096];
    size_t n = 0;

    if (out)
        return out;
    out = stderr;
    if (!path || !*path)
        return out;
    for (const char *p = path; *p && n < sizeof(name) - 16; p++) {
        if (p[0] == '%' && p[1] == 'r') {
            n += (size_t)snprintf(name + n, sizeof(name) - n, "%d", tsl_rank());
            p++;
        } else {
            name[n++] = *p;
        }
    }
    name[n] = '\0';
    if (!(out = fopen(name, "w"))) {
        fprintf(stderr, "typeshim: TYPESHIM_LOG: cannot open %s; reporting to stderr\n", name);
        out = stderr;
    }
    return out;
}

static void summary_locked(void)
{
    long checks = atomic_load(&n_checks), div = atomic_load(&n_div);
    FILE *f;

    if (summarised)
        return;
    summarised = 1;
    f = stream();
    fprintf(f, "typeshim: check summary: rank %d: %ld check%s, %ld divergence%s (%ld intended)\n",
            tsl_rank(), checks, checks == 1 ? "" : "s", div, div == 1 ? "" : "s",
            atomic_load(&n_intended));
    fflush(f);
}

void tsl_check_summary(void)
{
    pthread_mutex_lock(&out_lock);
    summary_locked();
    pthread_mutex_unlock(&out_lock);
}

/* ---- leaks ---- */

/* The report itself is the façade's (tsf_leak_report), shared with
 * the single-process runtime; here it goes to the report stream. */
void tsl_leak_report(void)
{
    pthread_mutex_lock(&out_lock);
    tsf_leak_report(stream(), tsl_rank());
    pthread_mutex_unlock(&out_lock);
}

static int at_finalize(MPI_Comm comm, int keyval, void *val, void *extra)
{
    (void)comm, (void)keyval, (void)val, (void)extra;
    tsl_check_release();
    if (tsl_leaks)
        tsl_leak_report();
    if (tsl_checking)
        tsl_check_summary();
    return MPI_SUCCESS;
}

static void at_exit(void)
{
    if (tsl_checking)
        tsl_check_summary();
}

/* MPICH's MPI_Abort ends a singleton process with _exit, and mpiexec
 * kills the other ranks, so neither MPI_Finalize nor the exit handlers
 * may run: the summary is written first. */
int tsl_api_Abort(MPI_Comm comm, int errorcode)
{
    __typeof__(MPI_Abort) *next_fn = TSL_WRAP_NEXT(Abort);

    if (tsl_checking)
        tsl_check_summary();
    if (!next_fn) { /* no runtime under typeshim: nothing else to end */
        fflush(NULL);
        _exit(errorcode ? errorcode : 1);
    }
    return next_fn(comm, errorcode);
}

/* Every process checked writes its summary, also one that never made a
 * type or never called typeshim at all: when TYPESHIM_CHECK is set, an
 * exit handler is registered as soon as the library is loaded, and writes
 * the summary unless MPI_Finalize did.  Registered before the C library's
 * own, it runs after the destructors of the loaded objects: it decides
 * nothing that needs the loader (a process without MPICH next to
 * typeshim, such as mpiexec itself when LD_PRELOAD reaches it, writes
 * nothing). */
static void at_exit_unchecked(void)
{
    after_fini = 1;
    if (tsl_checking_at_exit())
        tsl_check_summary();
}

__attribute__((constructor)) static void arm_at_load(void)
{
    const char *v = getenv("TYPESHIM_CHECK");

    if (v && *v && strcmp(v, "0") != 0)
        atexit(at_exit_unchecked);
}

/* Once MPI is initialised: the summary is written when MPI_Finalize
 * deletes MPI_COMM_SELF's attributes, or at exit without MPI_Finalize. */
void tsl_check_hook(void)
{
    int live, kv;

    if (__atomic_load_n(&hooked, __ATOMIC_ACQUIRE))
        return;
    live = tsl_mpi_live();
    pthread_mutex_lock(&out_lock);
    if (!hooked && live) {
        hooked = 1;
        atexit(at_exit);
        if (tsl_mpi.Comm_create_keyval && tsl_mpi.Comm_set_attr &&
            tsl_mpi.Comm_create_keyval(MPI_COMM_NULL_COPY_FN, at_finalize, &kv, NULL) == 0)
            tsl_mpi.Comm_set_attr(MPI_COMM_SELF, kv, NULL);
    }
    pthread_mutex_unlock(&out_lock);
}

/* ---- construction history ---- */

/* One divergence of kind on o: reported the first time only.  It is
 * intended when o's construction has a documented row, or when `why` (a
 * documented difference of the call itself) is given. */
void tsl_diverged(tsf_dtype *o, unsigned kind, const char *fn, const char *ours, const char *theirs,
                  const char *why)
{
    char hist[2048], map[1024], where[512];
    long no;
    tsl_type *s = tsl_of(o);
    int intended = s->rows || why;
    FILE *f;

    if (atomic_fetch_or(&s->reported, kind) & kind)
        return;
    no = atomic_fetch_add(&n_div, 1) + 1;
    if (intended)
        atomic_fetch_add(&n_intended, 1);
    tsf_describe(o, hist, sizeof(hist));
    tsf_layout_map(o, map, sizeof(map));
    tsu_site_name(tsu_call_site, where, sizeof(where));
    pthread_mutex_lock(&out_lock);
    f = stream();
    fprintf(f, "typeshim: divergence #%ld in %s(datatype=" TSO_HFMT "%s%s%s): %s\n", no, fn,
            TSO_HARG(o->handle), tsf_type_name(o)[0] ? " \"" : "", tsf_type_name(o),
            tsf_type_name(o)[0] ? "\"" : "", intended ? "intended" : "UNEXPECTED");
    fprintf(f, "  typeshim: %s\n  %-9s %s\n  type:     %s\n  layout:   %s\n  called at: %s\n", ours,
            TSO_ABI_MPI ":", theirs, hist, map, where);
    for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
        if (s->rows & rows[i].row)
            fprintf(f, "  intended: %s\n", rows[i].why);
    if (why)
        fprintf(f, "  intended: %s\n", why);
    fflush(f);
    pthread_mutex_unlock(&out_lock);
}

void tsl_counted(void)
{
    tsl_check_hook();
    atomic_fetch_add_explicit(&n_checks, 1, memory_order_relaxed);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* TYPESHIM_CHECK: every answer typeshim gives is also asked of MPICH and
 * compared (pack and unpack: tsl_check_pack.c).  Queries and decoding are asked of the type's twin
 * (the literal construction, markers included) so that the documented differences from MPICH show;
 * pack, unpack and element counts are asked of the shadow, the layout
 * MPICH really uses for messages (a twin with another extent could make
 * MPICH read outside the program's buffer).  external32 is not compared:
 * MPICH 4.0.2 crashes on some of it (README, "Differences from MPICH").
 *
 * What diverged is reported by tsl_report.c. */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "layer/tsl.h"
#include "layer/tsl_api.h"

/* MPICH is asked on a communicator of the check's own, a dup of
 * MPI_COMM_SELF whose error handler returns: a call MPICH refuses comes
 * back as a code and is reported, and the program's handlers never see
 * it.  Pack and unpack take the communicator only for its handler. */

static MPI_Comm check_comm = MPI_COMM_NULL;
static pthread_mutex_t comm_lock = PTHREAD_MUTEX_INITIALIZER;

MPI_Comm tsl_check_comm(void)
{
    MPI_Comm c;

    pthread_mutex_lock(&comm_lock);
    if (check_comm == MPI_COMM_NULL && tsl_mpi_live() && tsl_mpi.Comm_dup &&
        tsl_mpi.Comm_set_errhandler && tsl_mpi.Comm_dup(MPI_COMM_SELF, &c) == MPI_SUCCESS) {
        if (tsl_mpi.Comm_set_errhandler(c, MPI_ERRORS_RETURN) == MPI_SUCCESS)
            check_comm = c;
        else
            tsl_mpi.Comm_free(&c);
    }
    c = check_comm;
    pthread_mutex_unlock(&comm_lock);
    return c;
}

/* At MPI_Finalize, before MPICH looks for leaks. */
void tsl_check_release(void)
{
    pthread_mutex_lock(&comm_lock);
    if (check_comm != MPI_COMM_NULL && tsl_mpi.Comm_free)
        tsl_mpi.Comm_free(&check_comm);
    check_comm = MPI_COMM_NULL;
    pthread_mutex_unlock(&comm_lock);
}

static void diverged(tsf_dtype *o, unsigned kind, const char *fn, const char *ours,
                     const char *theirs)
{
    tsl_diverged(o, kind, fn, ours, theirs, NULL);
}

/* ---- the comparisons ---- */

static void check_bounds(tsf_dtype *o, const char *fn)
{
    MPI_Datatype m = tsl_twin_of(o);
    MPI_Count size = -1, lb = 0, ext = 0, tlb = 0, text = 0;
    tsf_bounds t;
    char ours[160], theirs[160];

    tsl_counted();
    tsl_next.Type_size_x(m, &size);
    tsl_next.Type_get_extent_x(m, &lb, &ext);
    tsl_next.Type_get_true_extent_x(m, &tlb, &text);
    tsf_bounds_of(o, &t);
    if (size == t.size && lb == t.lb && ext == t.extent && tlb == t.true_lb &&
        text == t.true_extent)
        return;
    snprintf(ours, sizeof(ours), "size=%lld lb=%lld extent=%lld true_lb=%lld true_extent=%lld",
             (long long)t.size, (long long)t.lb, (long long)t.extent, (long long)t.true_lb,
             (long long)t.true_extent);
    snprintf(theirs, sizeof(theirs), "size=%lld lb=%lld extent=%lld true_lb=%lld true_extent=%lld",
             (long long)size, (long long)lb, (long long)ext, (long long)tlb, (long long)text);
    diverged(o, TSL_K_BOUNDS, fn, ours, theirs);
}

/* Whether kid, a child the next layer's get_contents returned, is twin.
 * MPICH returns the child's own handle; Open MPI 4.1 a new duplicate of
 * it, which is the same child when its envelope and bounds are twin's
 * (the child's own contents are compared when it is checked itself). */
static int same_child(MPI_Datatype kid, MPI_Datatype twin)
{
    MPI_Count k[4], t[4], kb[5], tb[5];
    int kc, tc;

    if (kid == twin)
        return 1;
    if (tsl_next_envelope(kid, &k[0], &k[1], &k[2], &k[3], &kc) != MPI_SUCCESS ||
        tsl_next_envelope(twin, &t[0], &t[1], &t[2], &t[3], &tc) != MPI_SUCCESS ||
        tsl_next.Type_size_x(kid, &kb[0]) || tsl_next.Type_size_x(twin, &tb[0]) ||
        tsl_next.Type_get_extent_x(kid, &kb[1], &kb[2]) ||
        tsl_next.Type_get_extent_x(twin, &tb[1], &tb[2]) ||
        tsl_next.Type_get_true_extent_x(kid, &kb[3], &kb[4]) ||
        tsl_next.Type_get_true_extent_x(twin, &tb[3], &tb[4]))
        return 0;
    return kc == tc && !memcmp(k, t, sizeof(k)) && !memcmp(kb, tb, sizeof(kb));
}

static void check_decode(tsf_dtype *o, const char *fn)
{
    static const tsf_contents named = {MPI_COMBINER_NAMED, 0, 0, 0, 0, NULL, NULL, NULL, NULL};
    const tsf_contents *c = o->contents ? o->contents : &named;
    MPI_Datatype m = tsl_twin_of(o), *kids = NULL;
    MPI_Count ni, na, nc, nd;
    int comb, same, *ints = NULL;
    MPI_Aint *addrs = NULL;
    MPI_Count *counts = NULL;
    char ours[160], theirs[160];

    /* an MPICH without value-index types decodes the shadow typeshim built
     * for it (a struct): nothing to compare with */
    if (c->combiner == MPI_COMBINER_VALUE_INDEX && !tsl_next.Type_get_value_index)
        return;
    tsl_counted();
    if (tsl_next_envelope(m, &ni, &na, &nc, &nd, &comb) != MPI_SUCCESS)
        return;
    same = comb == c->combiner && ni == c->ni && na == c->na && nc == c->nc && nd == c->nd;
    if (same && comb != MPI_COMBINER_NAMED) {
        ints = tsu_malloc((size_t)ni * sizeof(*ints) + 1);
        addrs = tsu_malloc((size_t)na * sizeof(*addrs) + 1);
        counts = tsu_malloc((size_t)nc * sizeof(*counts) + 1);
        kids = tsu_malloc((size_t)nd * sizeof(*kids) + 1);
        if (!ints || !addrs || !counts || !kids ||
            tsl_next_contents(m, ni, na, nc, nd, ints, addrs, counts, kids))
            goto out; /* cannot compare: not a divergence */
        same = !memcmp(ints, c->ints, (size_t)ni * sizeof(*ints)) &&
               !memcmp(addrs, c->addrs, (size_t)na * sizeof(*addrs)) &&
               !memcmp(counts, c->counts, (size_t)nc * sizeof(*counts));
        for (int64_t i = 0; i < nd; i++) {
            same &= same_child(kids[i], tsl_twin_of(c->types[i]));
            if (!tsf_builtin_lookup(kids[i])) /* MPICH gave a new reference */
                tsl_next.Type_free(&kids[i]);
        }
    }
    if (same)
        goto out;
    snprintf(ours, sizeof(ours), "combiner=%s ni=%lld na=%lld nc=%lld nd=%lld",
             tsf_combiner_name(c->combiner), (long long)c->ni, (long long)c->na, (long long)c->nc,
             (long long)c->nd);
    snprintf(theirs, sizeof(theirs), "combiner=%s ni=%lld na=%lld nc=%lld nd=%lld%s",
             tsf_combiner_name(comb), (long long)ni, (long long)na, (long long)nc, (long long)nd,
             comb == c->combiner ? " (different contents)" : "");
    diverged(o, TSL_K_DECODE, fn, ours, theirs);
out:
    tsu_free(ints);
    tsu_free(addrs);
    tsu_free(counts);
    tsu_free(kids);
}

/* The documented reason of an element count the next layer answers
 * differently, or NULL. */
static const char *elements_why(const tsf_dtype *o, int64_t ours, MPI_Count theirs)
{
#if TS_ABI_OMPI
    const tsf_dtype *a, *b;

    if (ours == 0 && theirs == MPI_UNDEFINED)
        return "for a status of 0 bytes Open MPI 4.1's MPI_Get_elements answers "
               "MPI_UNDEFINED for some derived types; 0 bytes hold 0 elements, typeshim's "
               "and MPICH's answer (MPI-4.1 section 5.1.11)";
    if (tsf_builtin_pair(o, &a, &b))
        return "typeshim, as MPICH, counts two basic elements in each pair type (MPI_2INT, "
               "MPI_DOUBLE_INT...: structs of two, MPI-4.1 section 6.9.4); Open MPI 4.1 one";
#else
    (void)o, (void)ours, (void)theirs;
#endif
    return NULL;
}

/* value: what typeshim answered, in an int (narrow) or an MPI_Count; MPICH
 * is asked the function of the same width. */
static void check_elements(tsf_dtype *o, const char *fn, const MPI_Status *st, int64_t value,
                           int elements, int narrow)
{
    MPI_Count theirs = 0;
    int small = 0;
    char ours[64], their[64];

    tsl_counted();
    if (narrow) {
        if (elements ? tsl_next.Get_elements(st, o->handle, &small)
                     : tsl_next.Get_count(st, o->handle, &small))
            return;
        theirs = small;
    } else if (tsl_next_get_count(st, o->handle, &theirs, elements)) {
        return;
    }
    if (theirs == value)
        return;
    snprintf(ours, sizeof(ours), "%s=%lld", elements ? "elements" : "count", (long long)value);
    snprintf(their, sizeof(their), "%s=%lld", elements ? "elements" : "count", (long long)theirs);
    tsl_diverged(o, TSL_K_ELEMENTS, fn, ours, their,
                 elements ? elements_why(o, value, theirs) : NULL);
}

/* ---- the decorators (tsl_api.h): the façade's call, then the comparison
 * wherever the façade answered ---- */

/* The object of a handle the façade just accepted (NULL otherwise). */
static tsf_dtype *accepted(int rc, MPI_Datatype h)
{
    return rc == MPI_SUCCESS ? tsf_lookup_known(h) : NULL;
}

static int bounds(int rc, MPI_Datatype h, const char *fn)
{
    tsf_dtype *o = accepted(rc, h);

    if (o)
        check_bounds(o, fn);
    return rc;
}

int tsl_checked_Type_size(MPI_Datatype t, int *size)
{
    return bounds(tsf_api_Type_size(t, size), t, "MPI_Type_size");
}

int tsl_checked_Type_size_x(MPI_Datatype t, MPI_Count *size)
{
    return bounds(tsf_api_Type_size_x(t, size), t, "MPI_Type_size_x");
}

int tsl_checked_Type_size_c(MPI_Datatype t, MPI_Count *size)
{
    return bounds(tsf_api_Type_size_c(t, size), t, "MPI_Type_size_c");
}

int tsl_checked_Type_get_extent(MPI_Datatype t, MPI_Aint *lb, MPI_Aint *extent)
{
    return bounds(tsf_api_Type_get_extent(t, lb, extent), t, "MPI_Type_get_extent");
}

int tsl_checked_Type_get_extent_x(MPI_Datatype t, MPI_Count *lb, MPI_Count *extent)
{
    return bounds(tsf_api_Type_get_extent_x(t, lb, extent), t, "MPI_Type_get_extent_x");
}

int tsl_checked_Type_get_extent_c(MPI_Datatype t, MPI_Count *lb, MPI_Count *extent)
{
    return bounds(tsf_api_Type_get_extent_c(t, lb, extent), t, "MPI_Type_get_extent_c");
}

int tsl_checked_Type_get_true_extent(MPI_Datatype t, MPI_Aint *lb, MPI_Aint *extent)
{
    return bounds(tsf_api_Type_get_true_extent(t, lb, extent), t, "MPI_Type_get_true_extent");
}

int tsl_checked_Type_get_true_extent_x(MPI_Datatype t, MPI_Count *lb, MPI_Count *extent)
{
    return bounds(tsf_api_Type_get_true_extent_x(t, lb, extent), t, "MPI_Type_get_true_extent_x");
}

int tsl_checked_Type_get_true_extent_c(MPI_Datatype t, MPI_Count *lb, MPI_Count *extent)
{
    return bounds(tsf_api_Type_get_true_extent_c(t, lb, extent), t, "MPI_Type_get_true_extent_c");
}

/* The envelope is compared whenever the façade got as far as reading it:
 * also when MPI_Type_get_envelope then refuses a large-count record. */
int tsl_checked_Type_get_envelope(MPI_Datatype t, int *ni, int *na, int *nd, int *combiner)
{
    int rc = tsf_api_Type_get_envelope(t, ni, na, nd, combiner);
    tsf_dtype *o;

    if (ni && na && nd && combiner && (o = tsf_lookup_known(t)))
        check_decode(o, "MPI_Type_get_envelope");
    return rc;
}

int tsl_checked_Type_get_envelope_c(MPI_Datatype t, MPI_Count *ni, MPI_Count *na, MPI_Count *nc,
                                    MPI_Count *nd, int *combiner)
{
    int rc = tsf_api_Type_get_envelope_c(t, ni, na, nc, nd, combiner);
    tsf_dtype *o = accepted(rc, t);

    if (o)
        check_decode(o, "MPI_Type_get_envelope_c");
    return rc;
}

static int elements(int rc, const MPI_Status *st, MPI_Datatype t, int64_t value, int elements,
                    int narrow, const char *fn)
{
    tsf_dtype *o = accepted(rc, t);

    if (o)
        check_elements(o, fn, st, value, elements, narrow);
    return rc;
}

int tsl_checked_Get_count(const MPI_Status *st, MPI_Datatype t, int *count)
{
    int rc = tsf_api_Get_count(st, t, count);
    return elements(rc, st, t, rc ? 0 : *count, 0, 1, "MPI_Get_count");
}

int tsl_checked_Get_count_c(const MPI_Status *st, MPI_Datatype t, MPI_Count *count)
{
    int rc = tsf_api_Get_count_c(st, t, count);
    return elements(rc, st, t, rc ? 0 : *count, 0, 0, "MPI_Get_count_c");
}

int tsl_checked_Get_elements(const MPI_Status *st, MPI_Datatype t, int *count)
{
    int rc = tsf_api_Get_elements(st, t, count);
    return elements(rc, st, t, rc ? 0 : *count, 1, 1, "MPI_Get_elements");
}

int tsl_checked_Get_elements_c(const MPI_Status *st, MPI_Datatype t, MPI_Count *count)
{
    int rc = tsf_api_Get_elements_c(st, t, count);
    return elements(rc, st, t, rc ? 0 : *count, 1, 0, "MPI_Get_elements_c");
}

int tsl_checked_Get_elements_x(const MPI_Status *st, MPI_Datatype t, MPI_Count *count)
{
    int rc = tsf_api_Get_elements_x(st, t, count);
    return elements(rc, st, t, rc ? 0 : *count, 1, 0, "MPI_Get_elements_x");
}

int tsl_checked_Type_extent(MPI_Datatype t, MPI_Aint *extent)
{
    return bounds(tsf_api_Type_extent(t, extent), t, "MPI_Type_extent");
}

int tsl_checked_Type_lb(MPI_Datatype t, MPI_Aint *displacement)
{
    return bounds(tsf_api_Type_lb(t, displacement), t, "MPI_Type_lb");
}

int tsl_checked_Type_ub(MPI_Datatype t, MPI_Aint *displacement)
{
    return bounds(tsf_api_Type_ub(t, displacement), t, "MPI_Type_ub");
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* TYPESHIM_CHECK: every answer typeshim gives is also asked of MPICH and
 * compared.  Queries and decoding are asked of the type's twin (the
 * literal construction, markers included) so that the documented
 * differences from MPICH show;
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

/* Documented differences that are not rows of a type's construction. */
static const char why_bottom[] =
    "MPICH 4.0.2 refuses MPI_BOTTOM as the buffer of MPI_Pack and MPI_Unpack "
    "(\"Null pointer in parameter inbuf\"); MPI allows it, with absolute displacements";
static const char why_truncate[] =
    "MPICH 4.0.2 does not check the buffer size of MPI_Pack and MPI_Unpack (it writes or "
    "reads past the buffer); typeshim returns MPI_ERR_TRUNCATE and writes nothing";

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
    const tsd_type *t = o->eng;
    char ours[160], theirs[160];

    tsl_counted();
    tsl_next.Type_size_x(m, &size);
    tsl_next.Type_get_extent_x(m, &lb, &ext);
    tsl_next.Type_get_true_extent_x(m, &tlb, &text);
    if (size == t->size && lb == t->lb && ext == tsd_extent(t) && tlb == t->true_lb &&
        text == t->true_ub - t->true_lb)
        return;
    snprintf(ours, sizeof(ours), "size=%lld lb=%lld extent=%lld true_lb=%lld true_extent=%lld",
             (long long)t->size, (long long)t->lb, (long long)tsd_extent(t), (long long)t->true_lb,
             (long long)(t->true_ub - t->true_lb));
    snprintf(theirs, sizeof(theirs), "size=%lld lb=%lld extent=%lld true_lb=%lld true_extent=%lld",
             (long long)size, (long long)lb, (long long)ext, (long long)tlb, (long long)text);
    diverged(o, TSL_K_BOUNDS, fn, ours, theirs);
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
    if (tsl_next.Type_get_envelope_c(m, &ni, &na, &nc, &nd, &comb) != MPI_SUCCESS)
        return;
    same = comb == c->combiner && ni == c->ni && na == c->na && nc == c->nc && nd == c->nd;
    if (same && comb != MPI_COMBINER_NAMED) {
        ints = tsu_malloc((size_t)ni * sizeof(*ints) + 1);
        addrs = tsu_malloc((size_t)na * sizeof(*addrs) + 1);
        counts = tsu_malloc((size_t)nc * sizeof(*counts) + 1);
        kids = tsu_malloc((size_t)nd * sizeof(*kids) + 1);
        if (!ints || !addrs || !counts || !kids ||
            tsl_next.Type_get_contents_c(m, ni, na, nc, nd, ints, addrs, counts, kids))
            goto out; /* cannot compare: not a divergence */
        same = !memcmp(ints, c->ints, (size_t)ni * sizeof(*ints)) &&
               !memcmp(addrs, c->addrs, (size_t)na * sizeof(*addrs)) &&
               !memcmp(counts, c->counts, (size_t)nc * sizeof(*counts));
        for (int64_t i = 0; i < nd; i++) {
            same &= kids[i] == tsl_twin_of(c->types[i]);
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

/* ---- pack and unpack ---- */

/* MPICH refused a call typeshim carried out. */
static void refused(tsf_dtype *o, const char *fn, int code, const void *buf)
{
    char theirs[MPI_MAX_ERROR_STRING + 32], msg[MPI_MAX_ERROR_STRING];

    snprintf(theirs, sizeof(theirs), "refused: %s", tsl_next_error(code, msg, sizeof(msg)));
    for (char *c = theirs; *c; c++) /* MPICH's error stack, on one line */
        if (*c == '\n')
            *c = c[1] ? ' ' : '\0';
    tsl_diverged(o, TSL_K_REFUSED, fn, "MPI_SUCCESS", theirs,
                 buf == MPI_BOTTOM ? why_bottom : NULL);
}

/* The first byte where a and b differ among the n bytes (only those with
 * mask[i] set, when mask is given), as "at byte N: 0xNN"; -1 if none. */
static int64_t first_diff(const unsigned char *a, const unsigned char *b, const unsigned char *mask,
                          int64_t n)
{
    for (int64_t i = 0; i < n; i++)
        if ((!mask || mask[i]) && a[i] != b[i])
            return i;
    return -1;
}

static void report_bytes(tsf_dtype *o, unsigned kind, const char *fn, const unsigned char *ours,
                         const unsigned char *theirs, int64_t n, int64_t at)
{
    char a[160], b[160];

    snprintf(a, sizeof(a), "%lld bytes; at byte %lld: 0x%02x", (long long)n, (long long)at,
             ours[at]);
    snprintf(b, sizeof(b), "%lld bytes; at byte %lld: 0x%02x", (long long)n, (long long)at,
             theirs[at]);
    diverged(o, kind, fn, a, b);
}

/* Largest span of user memory a pack or unpack is compared over. */
#define SPAN_MAX ((int64_t)1 << 28)
/* What an image holds where the type map has no byte. */
#define GAP 0xa5

/* An image of user memory for MPICH to read or write with type m: the
 * span both typeshim's map of (count, o) and m's cover.  With fill, the
 * bytes of typeshim's type map hold the program's bytes at buf, and only
 * those are read (buf may be MPI_BOTTOM: the gaps are then other memory
 * of the process); the rest is GAP.  The image stands for the absolute
 * addresses [lo, hi) of buf's frame. */
typedef struct image {
    unsigned char *bytes; /* [lo, hi) */
    int64_t lo, hi;
} image;

static int image_make(image *im, tsf_dtype *o, MPI_Datatype m, int64_t count, const void *buf,
                      int fill)
{
    MPI_Count lb, ext, tlb, text;
    int64_t lo, hi, shift, mlo, mhi;
    unsigned char *mask = NULL;

    im->bytes = NULL;
    tsd_span(o->eng, count, &lo, &hi);
    if (tsl_next.Type_get_extent_x(m, &lb, &ext) ||
        tsl_next.Type_get_true_extent_x(m, &tlb, &text) ||
        tsu_mul(count > 0 ? count - 1 : 0, ext, &shift))
        return -1;
    mlo = tlb + (shift < 0 ? shift : 0);
    mhi = tlb + text + (shift > 0 ? shift : 0);
    im->lo = tsu_min(lo, mlo);
    im->hi = tsu_max(hi, mhi);
    if (m != o->handle && im->hi > im->lo) {
        /* the twin is where MPICH's own layout bugs show: a margin of the
         * span and one extent more on each side keeps the copies it
         * misplaces in the image, where the comparison sees them */
        int64_t margin = im->hi - im->lo + (ext < 0 ? -ext : ext);
        if (margin > SPAN_MAX)
            return -1;
        im->lo -= margin;
        im->hi += margin;
    }
    if (im->hi <= im->lo || im->hi - im->lo > SPAN_MAX || hi < lo ||
        !(im->bytes = tsu_malloc((size_t)(im->hi - im->lo))) ||
        (hi > lo && !(mask = tsu_calloc(1, (size_t)(hi - lo)))) ||
        (hi > lo && tsf_typemap_mask(o, count, lo, mask))) {
        tsu_free(im->bytes);
        tsu_free(mask);
        im->bytes = NULL;
        return -1;
    }
    memset(im->bytes, GAP, (size_t)(im->hi - im->lo));
    for (int64_t i = 0; fill && i < hi - lo; i++)
        if (mask[i])
            /* integer arithmetic: buf may be MPI_BOTTOM, a null pointer */
            im->bytes[lo - im->lo + i] =
                *(const unsigned char *)((uintptr_t)buf + (uintptr_t)(lo + i));
    tsu_free(mask);
    return 0;
}

/* Where MPICH is given the image: the address of user byte 0. */
static void *image_base(const image *im)
{
    return (void *)((uintptr_t)im->bytes - (uintptr_t)im->lo);
}

/* Pack and unpack are compared with the literal twin (the program's calls
 * replayed on MPICH, markers included) when the type has one: that is
 * the layout plain MPICH gives the program.  Since the twin may lay data
 * out elsewhere, MPICH reads and writes an image (image_make), never the
 * program's memory; without a twin the shadow has typeshim's layout and
 * reads the program's buffer directly. */
static void check_pack(tsf_dtype *o, const char *fn, const void *inbuf, int64_t count,
                       const void *packed, int64_t bytes)
{
    MPI_Datatype m = tsl_twin_of(o);
    MPI_Count size = 0, pos = 0;
    MPI_Comm comm = tsl_check_comm();
    unsigned char *mine = NULL;
    image im = {NULL, 0, 0};
    const void *from = inbuf;
    char ours[160], theirs[160];
    int64_t at;
    int rc;

    tsl_counted();
    if (comm == MPI_COMM_NULL || tsl_next.Pack_size_c(count, m, comm, &size) != MPI_SUCCESS ||
        (m != o->handle && (image_make(&im, o, m, count, inbuf, 1) || !(from = image_base(&im)))) ||
        !(mine = tsu_malloc((size_t)size + 1)))
        goto out;
    if ((rc = tsl_next.Pack_c(from, count, m, mine, size, &pos, comm)) != MPI_SUCCESS) {
        refused(o, fn, rc, inbuf);
    } else if (pos != bytes) {
        snprintf(ours, sizeof(ours), "%lld bytes", (long long)bytes);
        snprintf(theirs, sizeof(theirs), "%lld bytes", (long long)pos);
        diverged(o, TSL_K_PACK, fn, ours, theirs);
    } else if ((at = first_diff(packed, mine, NULL, bytes)) >= 0) {
        report_bytes(o, TSL_K_PACK, fn, packed, mine, bytes, at);
    }
out:
    tsu_free(mine);
    tsu_free(im.bytes);
}

/* After typeshim unpacked `bytes` into (outbuf, count, o): MPICH unpacks
 * the same stream into an image, and the two are compared over the span
 * either covers: on the bytes of typeshim's type map (the program's
 * bytes), and elsewhere, where neither may write (GAP).  The gaps of the
 * program's buffer are neither read nor compared (with MPI_BOTTOM they
 * are other memory of the process, which the check's own allocations
 * change). */
static void check_unpack(tsf_dtype *o, const char *fn, const void *packed, int64_t bytes,
                         const void *outbuf, int64_t count)
{
    MPI_Datatype m = tsl_twin_of(o);
    image ours = {NULL, 0, 0}, theirs = {NULL, 0, 0};
    MPI_Comm comm = tsl_check_comm();
    MPI_Count pos = 0;
    int64_t at;
    int rc;

    tsl_counted();
    /* typeshim's result as an image, and an empty one for MPICH */
    if (comm == MPI_COMM_NULL || image_make(&ours, o, m, count, outbuf, 1) ||
        image_make(&theirs, o, m, count, NULL, 0))
        goto out;
    rc = tsl_next.Unpack_c(packed, bytes, &pos, image_base(&theirs), count, m, comm);
    if (rc != MPI_SUCCESS) {
        refused(o, fn, rc, outbuf);
        goto out;
    }
    if ((at = first_diff(ours.bytes, theirs.bytes, NULL, ours.hi - ours.lo)) >= 0)
        report_bytes(o, TSL_K_UNPACK, fn, ours.bytes, theirs.bytes, ours.hi - ours.lo, at);
out:
    tsu_free(ours.bytes);
    tsu_free(theirs.bytes);
}

/* MPI_Pack/MPI_Unpack that typeshim refused with `code` because the
 * `bytes` of the stream do not fit the buffer: MPICH's answer to the same
 * call, asked in a sandbox (MPICH does not check the size, and would
 * write or read past the program's buffer), and compared. */
static void check_truncated(tsf_dtype *o, const char *fn, int unpack, const void *buf,
                            int64_t count, const void *packed, int64_t bufsize, int64_t position,
                            int64_t bytes, int code)
{
    MPI_Comm comm = tsl_check_comm();
    unsigned char *stream = NULL;
    image im = {NULL, 0, 0};
    MPI_Count pos = position;
    int64_t need;
    char ours[MPI_MAX_ERROR_STRING + 16], theirs[224];
    int rc, len;

    tsl_counted();
    /* MPICH may touch bytes [position, position + bytes) whatever bufsize
     * says: it gets a scratch stream that long, a copy of the program's
     * buffer where there is one, and unpacks into an image */
    if (comm == MPI_COMM_NULL || position < 0 || tsu_add(position, bytes, &need) ||
        need > SPAN_MAX || !(stream = tsu_calloc(1, (size_t)need + 1)))
        return;
    if (unpack) {
        if (packed && bufsize > 0)
            memcpy(stream, packed, (size_t)tsu_min(bufsize, need));
        if (image_make(&im, o, o->handle, count, NULL, 0))
            goto out;
        rc = tsl_next.Unpack_c(stream, bufsize, &pos, image_base(&im), count, o->handle, comm);
    } else {
        rc = tsl_next.Pack_c(buf, count, o->handle, stream, bufsize, &pos, comm);
    }
    if (rc != MPI_SUCCESS)
        goto out; /* both refused the call */
    tsf_error_message(code, ours, &len);
    /* where MPICH stopped, and what it moved: past the buffer's end, or
     * a silently short message inside it */
    if (pos > bufsize)
        snprintf(theirs, sizeof(theirs),
                 "MPI_SUCCESS, %s %lld bytes from position %lld to %lld, past the end of the "
                 "%lld-byte buffer",
                 unpack ? "read" : "wrote", (long long)(pos - position), (long long)position,
                 (long long)pos, (long long)bufsize);
    else
        snprintf(theirs, sizeof(theirs),
                 "MPI_SUCCESS, %s %lld of the %lld bytes and stopped at position %lld of the "
                 "%lld-byte buffer",
                 unpack ? "read" : "wrote", (long long)(pos - position), (long long)bytes,
                 (long long)pos, (long long)bufsize);
    tsl_diverged(o, TSL_K_ERROR, fn, ours, theirs, why_truncate);
out:
    tsu_free(stream);
    tsu_free(im.bytes);
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
    } else if (elements ? tsl_next.Get_elements_c(st, o->handle, &theirs)
                        : tsl_next.Get_count_c(st, o->handle, &theirs)) {
        return;
    }
    if (theirs == value)
        return;
    snprintf(ours, sizeof(ours), "%s=%lld", elements ? "elements" : "count", (long long)value);
    snprintf(their, sizeof(their), "%s=%lld", elements ? "elements" : "count", (long long)theirs);
    diverged(o, TSL_K_ELEMENTS, fn, ours, their);
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

/* After the façade's MPI_Pack or MPI_Unpack of (buf, count, t) at [from,
 * to) of a packed buffer: what it wrote is compared with MPICH's answer;
 * a truncation typeshim refused, with what MPICH does in a sandbox. */
static int transfer(int rc, const char *fn, int unpack, const void *buf, int64_t count,
                    MPI_Datatype t, void *packed, int64_t bufsize, int64_t from, int64_t to)
{
    tsf_dtype *o;
    int64_t bytes;

    if (rc != MPI_SUCCESS) {
        if (tsf_error_class(rc) == MPI_ERR_TRUNCATE && (o = tsf_lookup_known(t)) && count >= 0 &&
            !tsu_mul(count, o->eng->size, &bytes))
            check_truncated(o, fn, unpack, buf, count, packed, bufsize, from, bytes, rc);
        return rc;
    }
    if (to <= from || !(o = tsf_lookup_known(t)))
        return rc;
    if (unpack)
        check_unpack(o, fn, (char *)packed + from, to - from, buf, count);
    else
        check_pack(o, fn, buf, count, (char *)packed + from, to - from);
    return rc;
}

int tsl_checked_Pack(const void *inbuf, int incount, MPI_Datatype t, void *outbuf, int outsize,
                     int *position, MPI_Comm comm)
{
    int64_t from = position ? *position : 0;
    int rc = tsf_api_Pack(inbuf, incount, t, outbuf, outsize, position, comm);

    return transfer(rc, "MPI_Pack", 0, inbuf, incount, t, outbuf, outsize, from,
                    position ? *position : from);
}

int tsl_checked_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype t, void *outbuf,
                       MPI_Count outsize, MPI_Count *position, MPI_Comm comm)
{
    int64_t from = position ? *position : 0;
    int rc = tsf_api_Pack_c(inbuf, incount, t, outbuf, outsize, position, comm);

    return transfer(rc, "MPI_Pack_c", 0, inbuf, incount, t, outbuf, outsize, from,
                    position ? *position : from);
}

int tsl_checked_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                       MPI_Datatype t, MPI_Comm comm)
{
    int64_t from = position ? *position : 0;
    int rc = tsf_api_Unpack(inbuf, insize, position, outbuf, outcount, t, comm);

    return transfer(rc, "MPI_Unpack", 1, outbuf, outcount, t, (void *)(uintptr_t)inbuf, insize,
                    from, position ? *position : from);
}

int tsl_checked_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                         MPI_Count outcount, MPI_Datatype t, MPI_Comm comm)
{
    int64_t from = position ? *position : 0;
    int rc = tsf_api_Unpack_c(inbuf, insize, position, outbuf, outcount, t, comm);

    return transfer(rc, "MPI_Unpack_c", 1, outbuf, outcount, t, (void *)(uintptr_t)inbuf, insize,
                    from, position ? *position : from);
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

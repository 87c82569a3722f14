/* SPDX-License-Identifier: BSD-3-Clause */
/* TYPESHIM_CHECK, pack and unpack (tsl_check.c has the rest): what the
 * façade's MPI_Pack and MPI_Unpack wrote is compared with MPICH's answer
 * for the type's shadow, the layout MPICH really uses for messages; a
 * truncation typeshim refused, with what MPICH does in a sandbox. */
#include "typeshim_config.h"

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
    tsl_diverged(o, kind, fn, a, b, NULL);
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
    tsf_span(o, count, &lo, &hi);
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
    if (comm == MPI_COMM_NULL || tsl_next_pack_size(count, m, comm, &size) != MPI_SUCCESS ||
        (m != o->handle && (image_make(&im, o, m, count, inbuf, 1) || !(from = image_base(&im)))) ||
        !(mine = tsu_malloc((size_t)size + 1)))
        goto out;
    if ((rc = tsl_next_pack(from, count, m, mine, size, &pos, comm)) == TSL_NEXT_CANNOT) {
        goto out;
    } else if (rc != MPI_SUCCESS) {
        refused(o, fn, rc, inbuf);
    } else if (pos != bytes) {
        snprintf(ours, sizeof(ours), "%lld bytes", (long long)bytes);
        snprintf(theirs, sizeof(theirs), "%lld bytes", (long long)pos);
        tsl_diverged(o, TSL_K_PACK, fn, ours, theirs, NULL);
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
    rc = tsl_next_unpack(packed, bytes, &pos, image_base(&theirs), count, m, comm);
    if (rc == TSL_NEXT_CANNOT)
        goto out;
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
        rc = tsl_next_unpack(stream, bufsize, &pos, image_base(&im), count, o->handle, comm);
    } else {
        rc = tsl_next_pack(buf, count, o->handle, stream, bufsize, &pos, comm);
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
            !tsu_mul(count, tsf_size(o), &bytes))
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

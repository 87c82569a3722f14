/* SPDX-License-Identifier: BSD-3-Clause */
/* typeshim_pack_segment, typeshim_unpack_segment, typeshim_type_copy,
 * typeshim_type_iov: the stream-range and typed-copy entry points of
 * include/typeshim.h. */
#include "typeshim_config.h"

#include "facade/tsf.h"

/* Validates a range of the stream of (count, datatype). */
static int segment_args(const char *fn, int64_t count, MPI_Datatype datatype, int64_t first,
                        int64_t last, const void *bytes, tsf_dtype **o)
{
    int64_t total;
    int rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",
              (long long)count);
    TSF_GET_COMMITTED(*o, datatype, "datatype");
    TSF_CHECK(!tsu_mul(count, (*o)->eng->size, &total), MPI_ERR_COUNT,
              "count=%lld elements overflow 64 bits", (long long)count);
    TSF_CHECK(0 <= first && first <= last && last <= total, MPI_ERR_ARG,
              "range [first=%lld, last=%lld) is not inside the %lld-byte packed stream",
              (long long)first, (long long)last, (long long)total);
    TSF_CHECK(bytes != NULL || first == last, MPI_ERR_ARG, "the segment buffer is NULL");
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_pack_segment(const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Count first,
                         MPI_Count last, void *out)
{
    const char *fn = "typeshim_pack_segment";
    tsf_dtype *o;
    int rc;

    if ((rc = segment_args(fn, count, datatype, first, last, out, &o)))
        goto fn_fail;
    if ((rc = tsd_pack(o->eng, buf, count, first, last, out))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_unpack_segment(const void *in, MPI_Count first, MPI_Count last, void *buf,
                           MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "typeshim_unpack_segment";
    tsf_dtype *o;
    int rc;

    if ((rc = segment_args(fn, count, datatype, first, last, in, &o)))
        goto fn_fail;
    if ((rc = tsd_unpack(o->eng, buf, count, first, last, in))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_type_copy(const void *src, MPI_Datatype srctype, void *dst, MPI_Datatype dsttype,
                      MPI_Count count)
{
    const char *fn = "typeshim_type_copy";
    tsf_dtype *s, *d;
    int64_t total;
    int rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",
              (long long)count);
    TSF_GET_COMMITTED(s, srctype, "srctype");
    TSF_GET_COMMITTED(d, dsttype, "dsttype");
    TSF_CHECK((src && dst) || count == 0 || s->eng->size == 0, MPI_ERR_ARG, "argument %s is NULL",
              src ? "dst" : "src");
    TSF_CHECK(s->eng->size == d->eng->size && s->eng->nbElems == d->eng->nbElems &&
                  tsf_signature(s) == tsf_signature(d),
              MPI_ERR_TYPE,
              "srctype and dsttype have different type signatures (%lld vs %lld basic "
              "elements, %lld vs %lld bytes)",
              (long long)s->eng->nbElems, (long long)d->eng->nbElems, (long long)s->eng->size,
              (long long)d->eng->size);
    TSF_CHECK(!tsu_mul(count, s->eng->size, &total), MPI_ERR_COUNT,
              "count=%lld elements overflow 64 bits", (long long)count);
    if ((rc = tsd_copy(s->eng, src, d->eng, dst, count))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* Fills the caller's arrays; stops the walk once they are full. */
typedef struct iov_out {
    MPI_Aint *disps;
    MPI_Count *lens;
    int max, n;
    int64_t bytes; /* taken so far */
} iov_out;

static int iov_take(void *arg, int64_t disp, int64_t len)
{
    iov_out *o = arg;

    o->disps[o->n] = (MPI_Aint)disp;
    o->lens[o->n++] = len;
    o->bytes += len;
    return o->n == o->max;
}

int tsf_api_type_iov(MPI_Count count, MPI_Datatype datatype, MPI_Count first, MPI_Count last,
                     MPI_Aint *disps, MPI_Count *lens, int max, int *n, MPI_Count *next)
{
    const char *fn = "typeshim_type_iov";
    iov_out out = {disps, lens, max, 0, 0};
    tsf_dtype *o;
    int rc;

    TSF_CHECK(max >= 1, MPI_ERR_ARG, "argument max=%d must be positive", max);
    TSF_CHECK(disps && lens && n && next, MPI_ERR_ARG, "argument %s must not be NULL",
              !disps  ? "disps"
              : !lens ? "lens"
              : !n    ? "n"
                      : "next");
    if ((rc = segment_args(fn, count, datatype, first, last, disps, &o)))
        goto fn_fail;
    if ((rc = tsd_iov(o->eng, count, first, last, iov_take, &out))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    *n = out.n;
    *next = first + out.bytes;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

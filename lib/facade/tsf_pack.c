/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Pack, MPI_Unpack, MPI_Pack_size (+ _c): MPICH's native packed
 * format, the bytes of the type map in order with no header, so data
 * packed here unpacks with MPICH and the reverse.  The communicator is not
 * needed by the format; only MPI_COMM_NULL is rejected. */
#include "typeshim_config.h"

#include <limits.h>
#include <string.h>

#include "facade/tsf.h"

/* count elements of o, in bytes; MPI_ERR_COUNT when that overflows. */
static int stream_bytes(const char *fn, tsf_dtype *o, int64_t count, int64_t *bytes)
{
    if (tsu_mul(count, o->eng->size, bytes))
        return tsf_err(MPI_ERR_COUNT, fn, "count=%lld elements of %lld bytes overflow 64 bits",
                       (long long)count, (long long)o->eng->size);
    return MPI_SUCCESS;
}

/* Pack or unpack (buf, count, datatype) at byte *position of a packed
 * buffer of `bufsize` bytes; *position advances. */
static int transfer(const char *fn, int unpack, void *buf, int64_t count, MPI_Datatype datatype,
                    void *packed, int64_t bufsize, int64_t *position, MPI_Comm comm)
{
    tsf_dtype *o;
    int64_t bytes, end = 0;
    int rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument %s=%lld must be non-negative",
              unpack ? "outcount" : "incount", (long long)count);
    TSF_GET_COMMITTED(o, datatype, "datatype");
    TSF_CHECK(bufsize >= 0, MPI_ERR_ARG, "argument %s=%lld must be non-negative",
              unpack ? "insize" : "outsize", (long long)bufsize);
    TSF_CHECK(comm != MPI_COMM_NULL, MPI_ERR_COMM, "argument comm is MPI_COMM_NULL");
    if ((rc = stream_bytes(fn, o, count, &bytes)))
        goto fn_fail;
    if ((rc = tsf_buffer_room(fn, unpack, "", count, bytes, bufsize, *position, packed, &end)))
        goto fn_fail;
    if (bytes > 0) {
        char *at = (char *)packed + *position;
        rc = unpack ? tsd_unpack(o->eng, buf, count, 0, bytes, at)
                    : tsd_pack(o->eng, buf, count, 0, bytes, at);
        if (rc) { /* nothing was written: *position stays */
            rc = tsf_err_engine(rc, fn);
            goto fn_fail;
        }
    }
    *position = end;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize,
                 int *position, MPI_Comm comm)
{
    const char *fn = "MPI_Pack";
    int64_t pos;
    int rc;

    TSF_CHECK_PTR(position, "position");
    pos = *position;
    if ((rc = transfer(fn, 0, (void *)(uintptr_t)inbuf, incount, datatype, outbuf, outsize, &pos,
                       comm)))
        return rc;
    *position = (int)pos; /* <= outsize */
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf,
                   MPI_Count outsize, MPI_Count *position, MPI_Comm comm)
{
    const char *fn = "MPI_Pack_c";
    int64_t pos;
    int rc;

    TSF_CHECK_PTR(position, "position");
    pos = *position;
    if ((rc = transfer(fn, 0, (void *)(uintptr_t)inbuf, incount, datatype, outbuf, outsize, &pos,
                       comm)))
        return rc;
    *position = pos;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount,
                   MPI_Datatype datatype, MPI_Comm comm)
{
    const char *fn = "MPI_Unpack";
    int64_t pos;
    int rc;

    TSF_CHECK_PTR(position, "position");
    pos = *position;
    if ((rc = transfer(fn, 1, outbuf, outcount, datatype, (void *)(uintptr_t)inbuf, insize, &pos,
                       comm)))
        return rc;
    *position = (int)pos; /* <= insize */
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf,
                     MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm)
{
    const char *fn = "MPI_Unpack_c";
    int64_t pos;
    int rc;

    TSF_CHECK_PTR(position, "position");
    pos = *position;
    if ((rc = transfer(fn, 1, outbuf, outcount, datatype, (void *)(uintptr_t)inbuf, insize, &pos,
                       comm)))
        return rc;
    *position = pos;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* MPI-4.1 section 5.2: "If the packed size of the datatype cannot be
 * expressed by the size parameter, then MPI_PACK_SIZE sets the value of
 * size to MPI_UNDEFINED": past INT_MAX for the int form, past 2^63 - 1 for
 * both (MPICH 4.0.2 gives the int form MPI_UNDEFINED too, but wraps the
 * _c form). */
static int pack_size(const char *fn, int64_t incount, MPI_Datatype datatype, MPI_Comm comm,
                     int64_t max, void *size, int narrow)
{
    tsf_dtype *o;
    int64_t s;
    int rc;

    TSF_CHECK(incount >= 0, MPI_ERR_COUNT, "argument incount=%lld must be non-negative",
              (long long)incount);
    TSF_GET(o, datatype, "datatype");
    TSF_CHECK(comm != MPI_COMM_NULL, MPI_ERR_COMM, "argument comm is MPI_COMM_NULL");
    TSF_CHECK_PTR(size, "size");
    if (tsu_mul(incount, o->eng->size, &s) || s > max)
        s = MPI_UNDEFINED;
    if (narrow)
        *(int *)size = (int)s;
    else
        *(MPI_Count *)size = s;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    return pack_size("MPI_Pack_size", incount, datatype, comm, INT_MAX, size, 1);
}

int tsf_api_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size)
{
    return pack_size("MPI_Pack_size_c", incount, datatype, comm, INT64_MAX, size, 0);
}

int tsf_typemap_mask(const tsf_dtype *o, int64_t count, int64_t lo, unsigned char *mask)
{
    int64_t bytes;
    unsigned char *ones;
    int rc;

    /* the engine moves data only through a committed type's opt_desc */
    if (!(o->eng->flags & TSD_FLAG_COMMITTED) || tsu_mul(count, o->eng->size, &bytes) ||
        !(ones = tsu_malloc((size_t)bytes + 1)))
        return -1;
    /* unpacking a stream of 0xff bytes marks exactly the type map's bytes */
    memset(ones, 0xff, (size_t)bytes);
    rc = tsd_unpack(o->eng, (void *)((uintptr_t)mask - (uintptr_t)lo), count, 0, bytes, ones);
    tsu_free(ones);
    return rc ? -1 : 0;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Pack_external, MPI_Unpack_external, MPI_Pack_external_size (+ _c):
 * the "external32" representation, for every predefined type, pair types
 * and mixed-type structs included (MPICH 4.0.2 aborts on those). */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

static int check_datarep(const char *fn, const char *datarep)
{
    if (!datarep)
        return tsf_err(MPI_ERR_ARG, fn, "argument datarep must not be NULL");
    if (strcmp(datarep, "external32") != 0)
        return tsf_err(MPI_ERR_ARG, fn, "argument datarep=\"%.64s\" is not \"external32\"",
                       datarep);
    return MPI_SUCCESS;
}

/* Bytes of count elements in external32; MPI_ERR_COUNT on overflow. */
static int ext_bytes(const char *fn, tsf_dtype *o, int64_t count, int64_t *bytes)
{
    if (tsu_mul(count, tsd_external32_size(o->eng), bytes))
        return tsf_err(MPI_ERR_COUNT, fn, "count=%lld elements overflow 64 bits in external32",
                       (long long)count);
    return MPI_SUCCESS;
}

static int transfer(const char *fn, int unpack, const char *datarep, void *buf, int64_t count,
                    MPI_Datatype datatype, void *external, int64_t bufsize, int64_t *position)
{
    tsf_dtype *o;
    int64_t bytes, end = 0;
    int rc;

    if ((rc = check_datarep(fn, datarep)))
        goto fn_fail;
    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument %s=%lld must be non-negative",
              unpack ? "outcount" : "incount", (long long)count);
    TSF_GET_COMMITTED(o, datatype, "datatype");
    TSF_CHECK(bufsize >= 0, MPI_ERR_ARG, "argument %s=%lld must be non-negative",
              unpack ? "insize" : "outsize", (long long)bufsize);
    TSF_CHECK_PTR(position, "position");
    if ((rc = ext_bytes(fn, o, count, &bytes)) ||
        (rc = tsf_buffer_room(fn, unpack, "external32 ", count, bytes, bufsize, *position, external,
                              &end)))
        goto fn_fail;
    if (bytes > 0) {
        if ((rc = tsd_external32(o->eng, buf, count, (char *)external + *position, unpack))) {
            rc = tsf_err_engine(rc, fn);
            goto fn_fail;
        }
    }
    *position = end;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Pack_external(const char *datarep, const void *inbuf, int incount,
                          MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position)
{
    return transfer("MPI_Pack_external", 0, datarep, (void *)(uintptr_t)inbuf, incount, datatype,
                    outbuf, outsize, (int64_t *)position);
}

int tsf_api_Pack_external_c(const char *datarep, const void *inbuf, MPI_Count incount,
                            MPI_Datatype datatype, void *outbuf, MPI_Count outsize,
                            MPI_Count *position)
{
    int64_t pos = position ? *position : 0;
    int rc = transfer("MPI_Pack_external_c", 0, datarep, (void *)(uintptr_t)inbuf, incount,
                      datatype, outbuf, outsize, position ? &pos : NULL);
    if (rc == MPI_SUCCESS)
        *position = pos;
    return rc;
}

int tsf_api_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize,
                            MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype)
{
    return transfer("MPI_Unpack_external", 1, datarep, outbuf, outcount, datatype,
                    (void *)(uintptr_t)inbuf, insize, (int64_t *)position);
}

int tsf_api_Unpack_external_c(const char datarep[], const void *inbuf, MPI_Count insize,
                              MPI_Count *position, void *outbuf, MPI_Count outcount,
                              MPI_Datatype datatype)
{
    int64_t pos = position ? *position : 0;
    int rc = transfer("MPI_Unpack_external_c", 1, datarep, outbuf, outcount, datatype,
                      (void *)(uintptr_t)inbuf, insize, position ? &pos : NULL);
    if (rc == MPI_SUCCESS)
        *position = pos;
    return rc;
}

static int ext_size(const char *fn, const char *datarep, int64_t incount, MPI_Datatype datatype,
                    int64_t *size)
{
    tsf_dtype *o;
    int64_t s;
    int rc;

    if ((rc = check_datarep(fn, datarep)))
        goto fn_fail;
    TSF_CHECK(incount >= 0, MPI_ERR_COUNT, "argument incount=%lld must be non-negative",
              (long long)incount);
    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(size, "size");
    /* through s: a size that overflows is an error, and *size stays as it was */
    if ((rc = ext_bytes(fn, o, incount, &s)))
        goto fn_fail;
    *size = s;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Pack_external_size(const char *datarep, int incount, MPI_Datatype datatype,
                               MPI_Aint *size)
{
    return ext_size("MPI_Pack_external_size", datarep, incount, datatype, (int64_t *)size);
}

int tsf_api_Pack_external_size_c(const char *datarep, MPI_Count incount, MPI_Datatype datatype,
                                 MPI_Count *size)
{
    return ext_size("MPI_Pack_external_size_c", datarep, incount, datatype, (int64_t *)size);
}

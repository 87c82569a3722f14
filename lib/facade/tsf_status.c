/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Get_count (+ _c), MPI_Get_elements (+ _x, _c), MPI_Status_set_elements
 * (+ _x; MPICH 4.0.2 declares no _c),
 * MPI_Status_set_cancelled, MPI_Test_cancelled, on the byte count and
 * cancelled flag of the ABI's MPI_Status (object/tso_status.h).
 *
 * Elements are basic elements, as the standard says: Get_elements counts
 * the whole ones in the byte count (as MPICH, an incomplete last one is
 * not counted), Status_set_elements(n) stores the bytes of the first n
 * (MPICH 4.0.2 stores n * size, as if n were a count of datatypes). */
#include "typeshim_config.h"

#include "facade/tsf.h"
#include "object/tso_status.h"

static int get_count(const char *fn, const MPI_Status *status, MPI_Datatype datatype, void *count,
                     int narrow, int elements)
{
    tsf_dtype *o;
    int64_t bytes, v, rest; /* rest: bytes of an incomplete element, not counted */
    int rc;

    TSF_CHECK_STATUS(status);
    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(count, "count");
    bytes = tso_status_bytes(status);
    if (o->eng->size == 0) {
        /* nothing but 0 bytes is made of empty elements */
        v = bytes == 0 ? 0 : MPI_UNDEFINED;
    } else if (!elements || (o->kind == TSF_NAMED && o->eng->bdt_used &&
                             !(o->eng->bdt_used & (o->eng->bdt_used - 1)))) {
        /* a count of datatypes; for a predefined type made of one basic
         * type (MPI_INT, MPI_2INT) elements too are whole datatypes, as in
         * MPICH (MPI-4.0 §3.2.5: with basic datatypes, Get_count and
         * Get_elements agree) */
        v = bytes % o->eng->size ? MPI_UNDEFINED
                                 : bytes / o->eng->size * (elements ? o->eng->nbElems : 1);
    } else {
        v = tsd_elements_in(o->eng, bytes, &rest);
    }
    tsf_put_count(count, narrow, v);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    return get_count("MPI_Get_count", status, datatype, count, 1, 0);
}

int tsf_api_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    return get_count("MPI_Get_count_c", status, datatype, count, 0, 0);
}

int tsf_api_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    return get_count("MPI_Get_elements", status, datatype, count, 1, 1);
}

int tsf_api_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    return get_count("MPI_Get_elements_x", status, datatype, count, 0, 1);
}

int tsf_api_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    return get_count("MPI_Get_elements_c", status, datatype, count, 0, 1);
}

static int set_elements(const char *fn, MPI_Status *status, MPI_Datatype datatype, int64_t count)
{
    tsf_dtype *o;
    int64_t bytes = 0;
    int rc;

    TSF_CHECK_STATUS(status);
    TSF_GET(o, datatype, "datatype");
    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",
              (long long)count);
    if (count > 0) {
        TSF_CHECK(o->eng->nbElems > 0, MPI_ERR_ARG,
                  "count=%lld elements of a datatype that has none", (long long)count);
        bytes = tsd_bytes_of_elements(o->eng, count);
        TSF_CHECK(bytes >= 0 && (uint64_t)bytes >> 63 == 0, MPI_ERR_COUNT,
                  "count=%lld elements overflow the status byte count", (long long)count);
    }
    tso_status_set_bytes(status, bytes);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count)
{
    return set_elements("MPI_Status_set_elements", status, datatype, count);
}

int tsf_api_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    return set_elements("MPI_Status_set_elements_x", status, datatype, count);
}

int tsf_api_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    return set_elements("MPI_Status_set_elements_c", status, datatype, count);
}

int tsf_api_Status_set_cancelled(MPI_Status *status, int flag)
{
    const char *fn = "MPI_Status_set_cancelled";
    int rc;

    TSF_CHECK_STATUS(status);
    tso_status_set_cancelled(status, flag);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Test_cancelled(const MPI_Status *status, int *flag)
{
    const char *fn = "MPI_Test_cancelled";
    int rc;

    TSF_CHECK_STATUS(status);
    TSF_CHECK_PTR(flag, "flag");
    *flag = tso_status_cancelled(status);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* MPI-4.1's accessors of the public fields (section 3.2.5): a program can
 * write status->MPI_SOURCE itself, but tools and other language bindings
 * need a procedure; with MPICH 4.0.2, which lacks them, typeshim's are the
 * only ones. */
static int status_field(const char *fn, const MPI_Status *status, const int *value,
                        const char *argname)
{
    int rc;

    TSF_CHECK_STATUS(status);
    TSF_CHECK_PTR(value, argname);
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

#define STATUS_GET_SET(Name, FIELD)                                                                \
    int tsf_api_Status_get_##Name(const MPI_Status *status, int *Name)                             \
    {                                                                                              \
        int rc = status_field("MPI_Status_get_" #Name, status, Name, #Name);                       \
        if (rc == MPI_SUCCESS)                                                                     \
            *Name = status->FIELD;                                                                 \
        return rc;                                                                                 \
    }                                                                                              \
    int tsf_api_Status_set_##Name(MPI_Status *status, int Name)                                    \
    {                                                                                              \
        int rc = status_field("MPI_Status_set_" #Name, status, &Name, #Name);                      \
        if (rc == MPI_SUCCESS)                                                                     \
            status->FIELD = Name;                                                                  \
        return rc;                                                                                 \
    }

STATUS_GET_SET(source, MPI_SOURCE)
STATUS_GET_SET(tag, MPI_TAG)
STATUS_GET_SET(error, MPI_ERROR)

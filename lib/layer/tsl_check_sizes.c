/* SPDX-License-Identifier: BSD-3-Clause */
/* TYPESHIM_CHECK: the calls that turn a count into bytes, where typeshim
 * departs from MPICH 4.0.2 on purpose (typeshim(7), DIFFERENCES FROM
 * MPICH) and must still be compared, so that each departure is seen and
 * labelled: MPI_Status_set_elements (n counts basic elements, MPI-4.1
 * §5.1.5; MPICH stores n × size(t)) and MPI_Pack_size (MPI_UNDEFINED when
 * the size cannot be expressed, MPI-4.1 §5.2; MPICH wraps it). */
#include "typeshim_config.h"

#include <stdio.h>
#include <string.h>

#include "layer/tsl.h"
#include "layer/tsl_api.h"

static const char why_set_elements[] =
    "MPICH 4.0.2 stores n x size(datatype) bytes; n is a count of basic elements "
    "(MPI-4.1 section 5.1.5): typeshim stores the bytes of the first n of them";
static const char why_pack_size[] =
    "the size cannot be expressed: MPI_UNDEFINED (MPI-4.1 section 5.2); MPICH 4.0.2 wraps it";

/* The bytes a status holds, as MPICH reads them (-1: it cannot say). */
static MPI_Count status_bytes(const MPI_Status *st)
{
    MPI_Count b = -1;

    if (tsl_next_get_count(st, MPI_BYTE, &b, 0) != MPI_SUCCESS)
        return -1;
    return b;
}

/* before: the program's status as it was; after: as typeshim set it. */
static int set_elements(int rc, const char *fn, MPI_Status before, const MPI_Status *after,
                        MPI_Datatype t, MPI_Count n)
{
    tsf_dtype *o = rc == MPI_SUCCESS ? tsf_lookup_known(t) : NULL;
    MPI_Count ours, theirs;
    int64_t whole;
    char a[96], b[96];

    if (!o || !tsl_next.Status_set_elements_x)
        return rc;
    tsl_counted();
    if (tsl_next.Status_set_elements_x(&before, tsl_twin_of(o), n) != MPI_SUCCESS) {
        snprintf(a, sizeof(a), "MPI_SUCCESS, n=%lld", (long long)n);
        tsl_diverged(o, TSL_K_REFUSED, fn, a, "an error", NULL);
        return rc;
    }
    ours = status_bytes(after);
    theirs = status_bytes(&before);
    if (ours == theirs)
        return rc;
    snprintf(a, sizeof(a), "n=%lld: %lld bytes", (long long)n, (long long)ours);
    snprintf(b, sizeof(b), "n=%lld: %lld bytes", (long long)n, (long long)theirs);
    /* documented exactly when MPICH took n as a count of whole types */
    tsl_diverged(o, TSL_K_ELEMENTS, fn, a, b,
                 !tsu_mul(n, tsf_size(o), &whole) && theirs == whole ? why_set_elements : NULL);
    return rc;
}

static MPI_Status before_of(const MPI_Status *st)
{
    MPI_Status b;

    memset(&b, 0, sizeof(b));
    if (st && st != MPI_STATUS_IGNORE)
        b = *st;
    return b;
}

int tsl_checked_Status_set_elements(MPI_Status *st, MPI_Datatype t, int n)
{
    MPI_Status b = before_of(st);
    int rc = tsf_api_Status_set_elements(st, t, n);

    return set_elements(rc, "MPI_Status_set_elements", b, st, t, n);
}

int tsl_checked_Status_set_elements_x(MPI_Status *st, MPI_Datatype t, MPI_Count n)
{
    MPI_Status b = before_of(st);
    int rc = tsf_api_Status_set_elements_x(st, t, n);

    return set_elements(rc, "MPI_Status_set_elements_x", b, st, t, n);
}

int tsl_checked_Status_set_elements_c(MPI_Status *st, MPI_Datatype t, MPI_Count n)
{
    MPI_Status b = before_of(st);
    int rc = tsf_api_Status_set_elements_c(st, t, n);

    return set_elements(rc, "MPI_Status_set_elements_c", b, st, t, n);
}

/* ours: typeshim's answer; narrow: the int form (MPICH asked the same). */
static int pack_size(int rc, const char *fn, MPI_Count count, MPI_Datatype t, MPI_Count ours,
                     int narrow)
{
    tsf_dtype *o = rc == MPI_SUCCESS ? tsf_lookup_known(t) : NULL;
    MPI_Comm comm = o ? tsl_check_comm() : MPI_COMM_NULL;
    MPI_Count theirs = 0;
    int small = 0, their_rc;
    char a[64], b[64];

    if (comm == MPI_COMM_NULL)
        return rc;
    tsl_counted();
    if (narrow)
        their_rc = tsl_next.Pack_size((int)count, tsl_twin_of(o), comm, &small), theirs = small;
    else if ((their_rc = tsl_next_pack_size(count, tsl_twin_of(o), comm, &theirs)) ==
             TSL_NEXT_CANNOT)
        return rc;
    if (their_rc == MPI_SUCCESS && theirs == ours)
        return rc;
    if (ours == MPI_UNDEFINED)
        snprintf(a, sizeof(a), "size=MPI_UNDEFINED");
    else
        snprintf(a, sizeof(a), "size=%lld", (long long)ours);
    if (their_rc != MPI_SUCCESS)
        snprintf(b, sizeof(b), "an error");
    else
        snprintf(b, sizeof(b), "size=%lld", (long long)theirs);
    tsl_diverged(o, their_rc == MPI_SUCCESS ? TSL_K_BOUNDS : TSL_K_REFUSED, fn, a, b,
                 ours == MPI_UNDEFINED ? why_pack_size : NULL);
    return rc;
}

int tsl_checked_Pack_size(int count, MPI_Datatype t, MPI_Comm comm, int *size)
{
    int rc = tsf_api_Pack_size(count, t, comm, size);

    return pack_size(rc, "MPI_Pack_size", count, t, rc ? 0 : *size, 1);
}

int tsl_checked_Pack_size_c(MPI_Count count, MPI_Datatype t, MPI_Comm comm, MPI_Count *size)
{
    int rc = tsf_api_Pack_size_c(count, t, comm, size);

    return pack_size(rc, "MPI_Pack_size_c", count, t, rc ? 0 : *size, 0);
}

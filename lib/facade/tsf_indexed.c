/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_indexed and MPI_Type_create_hindexed (+ _c), and the code the
 * block forms share with them. */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

_Static_assert(sizeof(MPI_Count) == sizeof(int64_t) && sizeof(MPI_Aint) == sizeof(int64_t),
               "the engine's 64-bit arrays alias MPI_Count and MPI_Aint arrays");

int64_t *tsf_i64_from_int(const int *a, int64_t n)
{
    int64_t *w = tsu_malloc((size_t)(n > 0 ? n : 1) * sizeof(int64_t)); /* caller frees */

    if (w && a)
        for (int64_t i = 0; i < n; i++)
            w[i] = a[i];
    return w;
}

int64_t *tsf_i64_from_aint(const MPI_Aint *a, int64_t n)
{
    int64_t *w = tsu_malloc((size_t)(n > 0 ? n : 1) * sizeof(int64_t)); /* caller frees */

    if (w && a && n > 0)
        memcpy(w, a, (size_t)n * sizeof(int64_t));
    return w;
}

int tsf_indexed_common(const char *fn, MPI_Count count, const int64_t *bl, MPI_Count blocklen,
                       const int64_t *disps, int in_bytes, MPI_Datatype oldtype,
                       MPI_Datatype *newtype, tsf_record *r)
{
    tsf_dtype *old;
    tsd_type *t;
    int64_t *bytes = NULL, ext;
    int rc;

    if (bl)
        for (MPI_Count i = 0; i < count; i++)
            TSF_CHECK(bl[i] >= 0, MPI_ERR_COUNT,
                      "array_of_blocklengths[%lld]=%lld must be non-negative", (long long)i,
                      (long long)bl[i]);
    TSF_CHECK(bl || blocklen >= 0, MPI_ERR_COUNT, "argument blocklength=%lld must be non-negative",
              (long long)blocklen);
    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = &old;
    ext = tsd_extent(old->eng);
    if (!in_bytes) {
        if (!(bytes = tsu_malloc((size_t)(count > 0 ? count : 1) * sizeof(int64_t)))) {
            rc = tsf_err_engine(TSD_ERR_NOMEM, fn);
            goto fn_fail;
        }
        for (MPI_Count i = 0; i < count; i++)
            if (tsu_mul(disps[i], ext, &bytes[i])) {
                rc = tsf_err_engine(TSD_ERR_OVERFLOW, fn);
                goto fn_fail;
            }
        disps = bytes;
    }
    if ((rc = tsd_create_hindexed(count, bl, blocklen, disps, old->eng, &t))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    if ((rc = tsf_publish(fn, t, r, newtype)))
        goto fn_fail;
    tsu_free(bytes);
    return MPI_SUCCESS;
fn_fail:
    tsu_free(bytes);
    return rc;
}

/* The checks that must precede any use of the arrays. */
#define CHECK_ARRAYS(count, a, b)                                                                  \
    do {                                                                                           \
        TSF_CHECK((count) >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",         \
                  (long long)(count));                                                             \
        if ((count) > 0) {                                                                         \
            TSF_CHECK_PTR(a, #a);                                                                  \
            TSF_CHECK_PTR(b, #b);                                                                  \
        }                                                                                          \
    } while (0)

int tsf_api_Type_indexed(int count, const int array_of_blocklengths[],
                         const int array_of_displacements[], MPI_Datatype oldtype,
                         MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_indexed";
    int64_t *bl = NULL, *d = NULL;
    int *ints = NULL, rc;

    CHECK_ARRAYS(count, array_of_blocklengths, array_of_displacements);
    bl = tsf_i64_from_int(array_of_blocklengths, count);
    d = tsf_i64_from_int(array_of_displacements, count);
    ints = tsu_malloc((size_t)(2 * count + 1) * sizeof(int));
    if (!bl || !d || !ints)
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    ints[0] = count;
    if (count > 0) {
        memcpy(ints + 1, array_of_blocklengths, (size_t)count * sizeof(int));
        memcpy(ints + 1 + count, array_of_displacements, (size_t)count * sizeof(int));
    }
    {
        tsf_record r = {
            MPI_COMBINER_INDEXED, 2 * (int64_t)count + 1, 0, 0, 1, ints, NULL, NULL, NULL};
        rc = tsf_indexed_common(fn, count, bl, 0, d, 0, oldtype, newtype, &r);
    }
fn_fail:
    tsu_free(ints);
    tsu_free(d);
    tsu_free(bl);
    return rc;
}

int tsf_api_Type_create_hindexed(int count, const int array_of_blocklengths[],
                                 const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                 MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_hindexed";
    int64_t *bl = NULL;
    int *ints = NULL, rc;

    CHECK_ARRAYS(count, array_of_blocklengths, array_of_displacements);
    bl = tsf_i64_from_int(array_of_blocklengths, count);
    ints = tsu_malloc((size_t)(count + 1) * sizeof(int));
    if (!bl || !ints)
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    ints[0] = count;
    if (count > 0)
        memcpy(ints + 1, array_of_blocklengths, (size_t)count * sizeof(int));
    {
        tsf_record r = {MPI_COMBINER_HINDEXED,
                        (int64_t)count + 1,
                        count,
                        0,
                        1,
                        ints,
                        array_of_displacements,
                        NULL,
                        NULL};
        rc = tsf_indexed_common(fn, count, bl, 0, (const int64_t *)array_of_displacements, 1,
                                oldtype, newtype, &r);
    }
fn_fail:
    tsu_free(ints);
    tsu_free(bl);
    return rc;
}

/* The large-count forms record count, blocklengths and displacements as
 * large counts (MPI-4.0 §5.1.13; MPICH 4.0.2 does the same). */
static int indexed_c(const char *fn, int combiner, int in_bytes, MPI_Count count,
                     const MPI_Count array_of_blocklengths[],
                     const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    MPI_Count *c = NULL;
    int rc;

    CHECK_ARRAYS(count, array_of_blocklengths, array_of_displacements);
    if (!(c = tsu_malloc((size_t)(2 * count + 1) * sizeof(MPI_Count))))
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    c[0] = count;
    if (count > 0) {
        memcpy(c + 1, array_of_blocklengths, (size_t)count * sizeof(MPI_Count));
        memcpy(c + 1 + count, array_of_displacements, (size_t)count * sizeof(MPI_Count));
    }
    {
        tsf_record r = {combiner, 0, 0, 2 * count + 1, 1, NULL, NULL, c, NULL};
        rc = tsf_indexed_common(fn, count, (const int64_t *)array_of_blocklengths, 0,
                                (const int64_t *)array_of_displacements, in_bytes, oldtype, newtype,
                                &r);
    }
    tsu_free(c);
    return rc;
fn_fail:
    return rc;
}

int tsf_api_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                           const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                           MPI_Datatype *newtype)
{
    return indexed_c("MPI_Type_indexed_c", MPI_COMBINER_INDEXED, 0, count, array_of_blocklengths,
                     array_of_displacements, oldtype, newtype);
}

int tsf_api_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                   const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                                   MPI_Datatype *newtype)
{
    return indexed_c("MPI_Type_create_hindexed_c", MPI_COMBINER_HINDEXED, 1, count,
                     array_of_blocklengths, array_of_displacements, oldtype, newtype);
}

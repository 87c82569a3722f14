/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_indexed and MPI_Type_create_hindexed (+ _c), and the code the
 * block forms share with them.
 *
 * The caller's arrays go to the engine and into the contents as they are:
 * no converted or assembled copy of a million blocks is made on the way
 * (the engine reads int and 64-bit arrays alike, tsd_blocks). */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

_Static_assert(sizeof(MPI_Count) == sizeof(int64_t) && sizeof(MPI_Aint) == sizeof(int64_t),
               "the engine's 64-bit arrays alias MPI_Count and MPI_Aint arrays");
_Static_assert(sizeof(int) == sizeof(int32_t), "the engine reads int arrays as int32_t");

int64_t *tsf_i64_from_int(const int *a, int64_t n)
{
    int64_t *w = tsu_malloc((size_t)(n > 0 ? n : 1) * sizeof(int64_t)); /* caller frees */

    if (w && a)
        for (int64_t i = 0; i < n; i++)
            w[i] = a[i];
    return w;
}

/* The first negative block length, or -1 when there is none. */
static int64_t negative_length(const tsd_blocks *bk)
{
    if (bk->len32) {
        for (int64_t i = 0; i < bk->count; i++)
            if (bk->len32[i] < 0)
                return i;
    } else if (bk->len64) {
        for (int64_t i = 0; i < bk->count; i++)
            if (bk->len64[i] < 0)
                return i;
    }
    return -1;
}

int tsf_indexed_common(const char *fn, tsd_blocks *bk, int in_bytes, MPI_Datatype oldtype,
                       MPI_Datatype *newtype, tsf_record *r)
{
    int64_t bad = negative_length(bk);
    tsf_dtype *old;
    tsd_type *t;
    int rc;

    TSF_CHECK(bad < 0, MPI_ERR_COUNT, "array_of_blocklengths[%lld]=%lld must be non-negative",
              (long long)bad, (long long)(bad < 0 ? 0 : tsd_blocks_len(bk, bad)));
    TSF_CHECK(bk->len32 || bk->len64 || bk->len >= 0, MPI_ERR_COUNT,
              "argument blocklength=%lld must be non-negative", (long long)bk->len);
    TSF_GET(old, oldtype, "oldtype");
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = &old;
    bk->scale = in_bytes ? 1 : tsd_extent(old->eng);
    if ((rc = tsd_create_blocks(bk, old->eng, &t)))
        return tsf_err_engine(rc, fn);
    return tsf_publish(fn, t, r, newtype);
fn_fail:
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
    int rc;

    CHECK_ARRAYS(count, array_of_blocklengths, array_of_displacements);
    {
        tsd_blocks bk = {.count = count,
                         .len32 = (const int32_t *)array_of_blocklengths,
                         .disp32 = (const int32_t *)array_of_displacements};
        tsf_record r = {.combiner = MPI_COMBINER_INDEXED,
                        .ni = 2 * (int64_t)count + 1,
                        .nd = 1,
                        .ints = &count,
                        .ints_more = {array_of_blocklengths, array_of_displacements},
                        .ni_more = {count, count}};
        return tsf_indexed_common(fn, &bk, 0, oldtype, newtype, &r);
    }
fn_fail:
    return rc;
}

int tsf_api_Type_create_hindexed(int count, const int array_of_blocklengths[],
                                 const MPI_Aint array_of_displacements[], MPI_Datatype oldtype,
                                 MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_hindexed";
    int rc;

    CHECK_ARRAYS(count, array_of_blocklengths, array_of_displacements);
    {
        tsd_blocks bk = {.count = count,
                         .len32 = (const int32_t *)array_of_blocklengths,
                         .disp64 = (const int64_t *)array_of_displacements};
        tsf_record r = {.combiner = MPI_COMBINER_HINDEXED,
                        .ni = (int64_t)count + 1,
                        .na = count,
                        .nd = 1,
                        .ints = &count,
                        .addrs = array_of_displacements,
                        .ints_more = {array_of_blocklengths},
                        .ni_more = {count}};
        return tsf_indexed_common(fn, &bk, 1, oldtype, newtype, &r);
    }
fn_fail:
    return rc;
}

/* The large-count forms record count, blocklengths and displacements as
 * large counts (MPI-4.0 §5.1.13; MPICH 4.0.2 does the same). */
static int indexed_c(const char *fn, int combiner, int in_bytes, MPI_Count count,
                     const MPI_Count array_of_blocklengths[],
                     const MPI_Count array_of_displacements[], MPI_Datatype oldtype,
                     MPI_Datatype *newtype)
{
    int rc;

    CHECK_ARRAYS(count, array_of_blocklengths, array_of_displacements);
    {
        tsd_blocks bk = {.count = count,
                         .len64 = (const int64_t *)array_of_blocklengths,
                         .disp64 = (const int64_t *)array_of_displacements};
        tsf_record r = {.combiner = combiner,
                        .nc = 2 * count + 1,
                        .nd = 1,
                        .counts = &count,
                        .counts_more = {array_of_blocklengths, array_of_displacements},
                        .nc_more = {count, count}};
        return tsf_indexed_common(fn, &bk, in_bytes, oldtype, newtype, &r);
    }
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

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_create_indexed_block and MPI_Type_create_hindexed_block (+ _c). */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

int tsf_api_Type_create_indexed_block(int count, int blocklength,
                                      const int array_of_displacements[], MPI_Datatype oldtype,
                                      MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_indexed_block";
    int64_t *d = NULL;
    int *ints = NULL, rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%d must be non-negative", count);
    if (count > 0)
        TSF_CHECK_PTR(array_of_displacements, "array_of_displacements");
    d = tsf_i64_from_int(array_of_displacements, count);
    ints = tsu_malloc((size_t)(count + 2) * sizeof(int));
    if (!d || !ints)
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    ints[0] = count;
    ints[1] = blocklength;
    if (count > 0)
        memcpy(ints + 2, array_of_displacements, (size_t)count * sizeof(int));
    {
        tsf_record r = {
            MPI_COMBINER_INDEXED_BLOCK, (int64_t)count + 2, 0, 0, 1, ints, NULL, NULL, NULL};
        rc = tsf_indexed_common(fn, count, NULL, blocklength, d, 0, oldtype, newtype, &r);
    }
fn_fail:
    tsu_free(ints);
    tsu_free(d);
    return rc;
}

int tsf_api_Type_create_hindexed_block(int count, int blocklength,
                                       const MPI_Aint array_of_displacements[],
                                       MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_hindexed_block";
    int ints[2] = {count, blocklength}, rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%d must be non-negative", count);
    if (count > 0)
        TSF_CHECK_PTR(array_of_displacements, "array_of_displacements");
    {
        tsf_record r = {MPI_COMBINER_HINDEXED_BLOCK, 2,    count, 0, 1, ints,
                        array_of_displacements,      NULL, NULL};
        return tsf_indexed_common(fn, count, NULL, blocklength,
                                  (const int64_t *)array_of_displacements, 1, oldtype, newtype, &r);
    }
fn_fail:
    return rc;
}

static int block_c(const char *fn, int combiner, int in_bytes, MPI_Count count,
                   MPI_Count blocklength, const MPI_Count array_of_displacements[],
                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Count *c = NULL;
    int rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",
              (long long)count);
    if (count > 0)
        TSF_CHECK_PTR(array_of_displacements, "array_of_displacements");
    if (!(c = tsu_malloc((size_t)(count + 2) * sizeof(MPI_Count))))
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    c[0] = count;
    c[1] = blocklength;
    if (count > 0)
        memcpy(c + 2, array_of_displacements, (size_t)count * sizeof(MPI_Count));
    {
        tsf_record r = {combiner, 0, 0, count + 2, 1, NULL, NULL, c, NULL};
        rc = tsf_indexed_common(fn, count, NULL, blocklength,
                                (const int64_t *)array_of_displacements, in_bytes, oldtype, newtype,
                                &r);
    }
    tsu_free(c);
    return rc;
fn_fail:
    return rc;
}

int tsf_api_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength,
                                        const MPI_Count array_of_displacements[],
                                        MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return block_c("MPI_Type_create_indexed_block_c", MPI_COMBINER_INDEXED_BLOCK, 0, count,
                   blocklength, array_of_displacements, oldtype, newtype);
}

int tsf_api_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength,
                                         const MPI_Count array_of_displacements[],
                                         MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    return block_c("MPI_Type_create_hindexed_block_c", MPI_COMBINER_HINDEXED_BLOCK, 1, count,
                   blocklength, array_of_displacements, oldtype, newtype);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_create_indexed_block and MPI_Type_create_hindexed_block (+ _c). */
#include "typeshim_config.h"

#include "facade/tsf.h"

int tsf_api_Type_create_indexed_block(int count, int blocklength,
                                      const int array_of_displacements[], MPI_Datatype oldtype,
                                      MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_indexed_block";
    int ints[2] = {count, blocklength}, rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%d must be non-negative", count);
    if (count > 0)
        TSF_CHECK_PTR(array_of_displacements, "array_of_displacements");
    {
        tsd_blocks bk = {
            .count = count, .len = blocklength, .disp32 = (const int32_t *)array_of_displacements};
        tsf_record r = {.combiner = MPI_COMBINER_INDEXED_BLOCK,
                        .ni = (int64_t)count + 2,
                        .nd = 1,
                        .ints = ints,
                        .ints_more = {array_of_displacements},
                        .ni_more = {count}};
        return tsf_indexed_common(fn, &bk, 0, oldtype, newtype, &r);
    }
fn_fail:
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
        tsd_blocks bk = {
            .count = count, .len = blocklength, .disp64 = (const int64_t *)array_of_displacements};
        tsf_record r = {.combiner = MPI_COMBINER_HINDEXED_BLOCK,
                        .ni = 2,
                        .na = count,
                        .nd = 1,
                        .ints = ints,
                        .addrs = array_of_displacements};
        return tsf_indexed_common(fn, &bk, 1, oldtype, newtype, &r);
    }
fn_fail:
    return rc;
}

static int block_c(const char *fn, int combiner, int in_bytes, MPI_Count count,
                   MPI_Count blocklength, const MPI_Count array_of_displacements[],
                   MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    MPI_Count c[2] = {count, blocklength};
    int rc;

    TSF_CHECK(count >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",
              (long long)count);
    if (count > 0)
        TSF_CHECK_PTR(array_of_displacements, "array_of_displacements");
    {
        tsd_blocks bk = {
            .count = count, .len = blocklength, .disp64 = (const int64_t *)array_of_displacements};
        tsf_record r = {.combiner = combiner,
                        .nc = count + 2,
                        .nd = 1,
                        .counts = c,
                        .counts_more = {array_of_displacements},
                        .nc_more = {count}};
        return tsf_indexed_common(fn, &bk, in_bytes, oldtype, newtype, &r);
    }
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

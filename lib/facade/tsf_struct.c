/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_create_struct (+ _c). */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

/* MPICH 4.0.2 pads a struct (the epsilon of MPI-1) only when its members
 * are not all of one type; a dup counts as its original and same-sized
 * integers (or reals) count as one type (see tsf_builtin.c). */
static int64_t eps_key(const tsf_dtype *o)
{
    while (o->kind == TSF_DERIVED && o->contents->combiner == MPI_COMBINER_DUP)
        o = o->contents->types[0];
    return o->kind == TSF_NAMED ? o->eps_class : (int64_t)(intptr_t)o;
}

static int needs_epsilon(tsf_dtype *const *types, int64_t count)
{
    int64_t key = 0;
    int have = 0;

    for (int64_t i = 0; i < count; i++) {
        if ((i > 0 && types[i] == types[i - 1]) || tsd_is_marker(types[i]->eng))
            continue;
        if (have && eps_key(types[i]) != key)
            return 1;
        key = eps_key(types[i]);
        have = 1;
    }
    return 0;
}

/* Validates and builds; the record r has everything but its types. */
static int create_struct(const char *fn, const tsd_blocks *bk, const MPI_Datatype types[],
                         MPI_Datatype *newtype, tsf_record *r)
{
    int64_t count = bk->count;
    tsf_dtype **objs = NULL;
    const tsd_type **engs = NULL;
    tsd_type *t;
    int rc;

    objs = tsu_malloc((size_t)(count > 0 ? count : 1) * sizeof(*objs));
    engs = tsu_malloc((size_t)(count > 0 ? count : 1) * sizeof(*engs));
    if (!objs || !engs)
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    for (MPI_Count i = 0; i < count; i++) {
        TSF_CHECK(tsd_blocks_len(bk, i) >= 0, MPI_ERR_COUNT,
                  "array_of_blocklengths[%lld]=%lld must be non-negative", (long long)i,
                  (long long)tsd_blocks_len(bk, i));
        /* a large struct repeats a few types: a handle like the previous
         * one is the same object (its lookup was a tenth of the build) */
        if (i > 0 && types[i] == types[i - 1]) {
            objs[i] = objs[i - 1];
            engs[i] = engs[i - 1];
            continue;
        }
        /* the element's name is written only for its message: formatting
         * it for every block cost a third of building a large struct */
        if (TSU_UNLIKELY(types[i] == MPI_DATATYPE_NULL || !(objs[i] = tsf_lookup(types[i])))) {
            char arg[48];
            snprintf(arg, sizeof(arg), "array_of_types[%lld]", (long long)i);
            tsf_get_failed(types[i], fn, arg, &rc);
            goto fn_fail;
        }
        engs[i] = objs[i]->eng;
    }
    TSF_CHECK_PTR(newtype, "newtype");
    r->types = objs;
    if ((rc = tsd_create_struct_blocks(
             bk, engs, needs_epsilon(objs, count) ? TSD_EPS_ALWAYS : TSD_EPS_MARKED, &t))) {
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    if ((rc = tsf_publish(fn, t, r, newtype)))
        goto fn_fail;
    tsu_free(engs);
    tsu_free(objs);
    return MPI_SUCCESS;
fn_fail:
    tsu_free(engs);
    tsu_free(objs);
    return rc;
}

#define CHECK_ARRAYS(count)                                                                        \
    do {                                                                                           \
        TSF_CHECK((count) >= 0, MPI_ERR_COUNT, "argument count=%lld must be non-negative",         \
                  (long long)(count));                                                             \
        if ((count) > 0) {                                                                         \
            TSF_CHECK_PTR(array_of_blocklengths, "array_of_blocklengths");                         \
            TSF_CHECK_PTR(array_of_displacements, "array_of_displacements");                       \
            TSF_CHECK_PTR(array_of_types, "array_of_types");                                       \
        }                                                                                          \
    } while (0)

int tsf_api_Type_create_struct(int count, const int array_of_blocklengths[],
                               const MPI_Aint array_of_displacements[],
                               const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_struct";
    int rc;

    CHECK_ARRAYS(count);
    {
        tsd_blocks bk = {.count = count,
                         .len32 = (const int32_t *)array_of_blocklengths,
                         .disp64 = (const int64_t *)array_of_displacements,
                         .scale = 1};
        tsf_record r = {.combiner = MPI_COMBINER_STRUCT,
                        .ni = (int64_t)count + 1,
                        .na = count,
                        .nd = count,
                        .ints = &count,
                        .addrs = array_of_displacements,
                        .ints_more = {array_of_blocklengths},
                        .ni_more = {count}};
        return create_struct(fn, &bk, array_of_types, newtype, &r);
    }
fn_fail:
    return rc;
}

int tsf_api_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[],
                                 const MPI_Count array_of_displacements[],
                                 const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_struct_c";
    int rc;

    CHECK_ARRAYS(count);
    {
        tsd_blocks bk = {.count = count,
                         .len64 = (const int64_t *)array_of_blocklengths,
                         .disp64 = (const int64_t *)array_of_displacements,
                         .scale = 1};
        tsf_record r = {.combiner = MPI_COMBINER_STRUCT,
                        .nc = 2 * count + 1,
                        .nd = count,
                        .counts = &count,
                        .counts_more = {array_of_blocklengths, array_of_displacements},
                        .nc_more = {count, count}};
        return create_struct(fn, &bk, array_of_types, newtype, &r);
    }
fn_fail:
    return rc;
}

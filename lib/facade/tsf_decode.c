/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_get_envelope / MPI_Type_get_contents (+ _c): the constructor
 * call exactly as it was made (MPI-4.1 §5.1.13). */
#include "typeshim_config.h"

#include <limits.h>
#include <string.h>

#include "facade/tsf.h"

static const tsf_contents named = {MPI_COMBINER_NAMED, 0, 0, 0, 0, NULL, NULL, NULL, NULL};

static int envelope(const char *fn, MPI_Datatype datatype, MPI_Count *ni, MPI_Count *na,
                    MPI_Count *nc, MPI_Count *nd, int *combiner, int large)
{
    const tsf_contents *c;
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    TSF_CHECK_PTR(ni, "num_integers");
    TSF_CHECK_PTR(na, "num_addresses");
    if (large)
        TSF_CHECK_PTR(nc, "num_large_counts");
    TSF_CHECK_PTR(nd, "num_datatypes");
    TSF_CHECK_PTR(combiner, "combiner");
    c = o->contents ? o->contents : &named;
    /* MPI-4.0 §5.1.13: the variant without large counts cannot describe a
     * type whose constructor record has some */
    TSF_CHECK(large || c->nc == 0, MPI_ERR_TYPE,
              "datatype was built by a large-count (_c) constructor; use %s_c", fn);
    *ni = c->ni;
    *na = c->na;
    if (large)
        *nc = c->nc;
    *nd = c->nd;
    *combiner = c->combiner;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses,
                              int *num_datatypes, int *combiner)
{
    MPI_Count ni, na, nd;
    int rc = envelope("MPI_Type_get_envelope", datatype, num_integers ? &ni : NULL,
                      num_addresses ? &na : NULL, NULL, num_datatypes ? &nd : NULL, combiner, 0);

    if (rc == MPI_SUCCESS) {
        /* record sizes come from int arguments: they fit in an int */
        *num_integers = (int)ni;
        *num_addresses = (int)na;
        *num_datatypes = (int)nd;
    }
    return rc;
}

int tsf_api_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers,
                                MPI_Count *num_addresses, MPI_Count *num_large_counts,
                                MPI_Count *num_datatypes, int *combiner)
{
    return envelope("MPI_Type_get_envelope_c", datatype, num_integers, num_addresses,
                    num_large_counts, num_datatypes, combiner, 1);
}

static int contents(const char *fn, MPI_Datatype datatype, MPI_Count max_i, MPI_Count max_a,
                    MPI_Count max_c, MPI_Count max_d, int *ints, MPI_Aint *addrs, MPI_Count *counts,
                    MPI_Datatype *types, int large)
{
    const tsf_contents *c;
    tsf_dtype *o;
    int rc;

    TSF_GET(o, datatype, "datatype");
    c = o->contents;
    TSF_CHECK(c != NULL, MPI_ERR_TYPE,
              "argument datatype=%s is a named predefined datatype and has no contents",
              o->eng->name);
    /* its children are no longer the program's to be given */
    TSF_CHECK(!tsf_retired(o), MPI_ERR_TYPE,
              "argument datatype is a runtime's hold (typeshim_type_hold) of a type the program "
              "freed, which has no contents to give");
    TSF_CHECK(large || c->nc == 0, MPI_ERR_TYPE,
              "datatype was built by a large-count (_c) constructor; use %s_c", fn);
    TSF_CHECK(max_i >= c->ni, MPI_ERR_OTHER, "max_integers=%lld is less than %lld",
              (long long)max_i, (long long)c->ni);
    TSF_CHECK(max_a >= c->na, MPI_ERR_OTHER, "max_addresses=%lld is less than %lld",
              (long long)max_a, (long long)c->na);
    TSF_CHECK(max_c >= c->nc, MPI_ERR_OTHER, "max_large_counts=%lld is less than %lld",
              (long long)max_c, (long long)c->nc);
    TSF_CHECK(max_d >= c->nd, MPI_ERR_OTHER, "max_datatypes=%lld is less than %lld",
              (long long)max_d, (long long)c->nd);
    if (c->ni)
        TSF_CHECK_PTR(ints, "array_of_integers");
    if (c->na)
        TSF_CHECK_PTR(addrs, "array_of_addresses");
    if (c->nc)
        TSF_CHECK_PTR(counts, "array_of_large_counts");
    if (c->nd)
        TSF_CHECK_PTR(types, "array_of_datatypes");
    /* write only up to the envelope's counts */
    if (c->ni)
        memcpy(ints, c->ints, (size_t)c->ni * sizeof(int));
    if (c->na)
        memcpy(addrs, c->addrs, (size_t)c->na * sizeof(MPI_Aint));
    if (c->nc)
        memcpy(counts, c->counts, (size_t)c->nc * sizeof(MPI_Count));
    for (int64_t i = 0; i < c->nd; i++) {
        /* derived types come back as new references the caller frees */
        tsf_ref_user(c->types[i]);
        types[i] = c->types[i]->handle;
    }
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses,
                              int max_datatypes, int array_of_integers[],
                              MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[])
{
    return contents("MPI_Type_get_contents", datatype, max_integers, max_addresses, 0,
                    max_datatypes, array_of_integers, array_of_addresses, NULL, array_of_datatypes,
                    0);
}

int tsf_api_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers,
                                MPI_Count max_addresses, MPI_Count max_large_counts,
                                MPI_Count max_datatypes, int array_of_integers[],
                                MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[],
                                MPI_Datatype array_of_datatypes[])
{
    return contents("MPI_Type_get_contents_c", datatype, max_integers, max_addresses,
                    max_large_counts, max_datatypes, array_of_integers, array_of_addresses,
                    array_of_large_counts, array_of_datatypes, 1);
}

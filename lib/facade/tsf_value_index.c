/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_get_value_index (MPI-4.1 section 6.9.4): the predefined type of
 * a (value, index) pair for MPI_MINLOC and MPI_MAXLOC.  Where MPI names
 * the pair (MPI_FLOAT_INT, MPI_2INT, MPI_2REAL...) that type is returned;
 * for any other value of an integer or floating-point type with an index
 * of an integer type, a predefined unnamed type laid out as the C struct
 * { value; index; }, made once per pair and kept for the process, decoded
 * as MPI_COMBINER_VALUE_INDEX with the two types; for anything else (a
 * derived type, a complex or logical value, a floating-point index)
 * MPI_DATATYPE_NULL, since no such predefined type exists. */
#include "typeshim_config.h"

#include <pthread.h>

#include "facade/tsf.h"

/* The integer types of MPI-4.1 section 6.9.2's categories "C integer",
 * "Fortran integer" and "Multi-language types" (MPI_CHAR is a character,
 * not one of them). */
static int is_integer(MPI_Datatype t)
{
    static const MPI_Datatype ints[] = {
        MPI_SIGNED_CHAR, MPI_UNSIGNED_CHAR,
        MPI_SHORT,       MPI_UNSIGNED_SHORT,
        MPI_INT,         MPI_UNSIGNED,
        MPI_LONG,        MPI_UNSIGNED_LONG,
        MPI_LONG_LONG,   MPI_UNSIGNED_LONG_LONG,
        MPI_INT8_T,      MPI_INT16_T,
        MPI_INT32_T,     MPI_INT64_T,
        MPI_UINT8_T,     MPI_UINT16_T,
        MPI_UINT32_T,    MPI_UINT64_T,
        MPI_INTEGER,     MPI_INTEGER1,
        MPI_INTEGER2,    MPI_INTEGER4,
        MPI_INTEGER8,    MPI_INTEGER16,
        MPI_AINT,        MPI_OFFSET,
        MPI_COUNT,
    };
    for (size_t i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
        if (t == ints[i])
            return 1;
    return 0;
}

/* "Floating point" of MPI-4.1 section 6.9.2. */
static int is_floating(MPI_Datatype t)
{
    return t == MPI_FLOAT || t == MPI_DOUBLE || t == MPI_LONG_DOUBLE || t == MPI_REAL ||
           t == MPI_DOUBLE_PRECISION || t == MPI_REAL4 || t == MPI_REAL8 || t == MPI_REAL16;
}

/* The pair MPI names, or MPI_DATATYPE_NULL. */
static MPI_Datatype named_pair(MPI_Datatype v, MPI_Datatype i)
{
    static const struct {
        MPI_Datatype value, index, pair;
    } named[] = {
        {MPI_FLOAT, MPI_INT, MPI_FLOAT_INT},
        {MPI_DOUBLE, MPI_INT, MPI_DOUBLE_INT},
        {MPI_LONG, MPI_INT, MPI_LONG_INT},
        {MPI_INT, MPI_INT, MPI_2INT},
        {MPI_SHORT, MPI_INT, MPI_SHORT_INT},
        {MPI_LONG_DOUBLE, MPI_INT, MPI_LONG_DOUBLE_INT},
        {MPI_REAL, MPI_REAL, MPI_2REAL},
        {MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, MPI_2DOUBLE_PRECISION},
        {MPI_INTEGER, MPI_INTEGER, MPI_2INTEGER},
    };
    for (size_t k = 0; k < sizeof(named) / sizeof(named[0]); k++)
        if (named[k].value == v && named[k].index == i)
            return named[k].pair;
    return MPI_DATATYPE_NULL;
}

typedef struct vi_entry {
    struct vi_entry *next;
    MPI_Datatype value, index;
    tsf_dtype *obj;
} vi_entry;

static vi_entry *cache; /* lives for the process */
static long ncached;    /* entries of cache */
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

void tsf_value_index_layout(const tsd_type *value, const tsd_type *index, int64_t *disp_index)
{
    int64_t a = index->align > 0 ? index->align : 1;

    /* where a C compiler puts the second member of struct { V v; I i; } */
    *disp_index = (value->size + a - 1) / a * a;
}

/* Makes the unnamed pair type of (v, i), both predefined named types, and
 * gives its handle.  Called with the lock held. */
static int make_pair(const char *fn, tsf_dtype *v, tsf_dtype *i, MPI_Datatype *out)
{
    const tsd_type *engs[2] = {v->eng, i->eng};
    int64_t bl[2] = {1, 1}, disp[2] = {0, 0};
    tsf_dtype *types[2] = {v, i};
    tsf_record rec = {.combiner = MPI_COMBINER_VALUE_INDEX, .nd = 2, .types = types};
    vi_entry *e = NULL;
    tsd_type *t = NULL;
    int rc;

    tsf_value_index_layout(v->eng, i->eng, &disp[1]);
    if (!(e = tsu_calloc(1, sizeof(*e))))
        TSF_FAIL(MPI_ERR_NO_MEM, "out of memory");
    /* padded to the larger alignment, as the C struct is */
    if ((rc = tsd_create_struct(2, bl, disp, engs, TSD_EPS_ALWAYS, &t)) || (rc = tsd_commit(t))) {
        tsd_type_free(t);
        rc = tsf_err_engine(rc, fn);
        goto fn_fail;
    }
    t->flags |= TSD_FLAG_PREDEFINED;
    /* published like a derived type (tsf_publish frees t on failure), then
     * marked predefined-unnamed: immortal, not freeable */
    if ((rc = tsf_publish(fn, t, &rec, out)) != MPI_SUCCESS)
        goto fn_fail;
    e->obj = tsf_lookup(*out);
    e->obj->kind = TSF_UNNAMED;
    e->value = v->handle;
    e->index = i->handle;
    e->next = cache;
    cache = e;
    ncached++;
    return MPI_SUCCESS;
fn_fail:
    tsu_free(e);
    return rc;
}

long tsf_value_index_cached(void)
{
    long n;

    pthread_mutex_lock(&lock);
    n = ncached;
    pthread_mutex_unlock(&lock);
    return n;
}

int tsf_api_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type,
                                 MPI_Datatype *pair_type)
{
    const char *fn = "MPI_Type_get_value_index";
    MPI_Datatype pair;
    tsf_dtype *v, *i;
    vi_entry *e;
    int rc = MPI_SUCCESS;

    TSF_GET(v, value_type, "value_type");
    TSF_GET(i, index_type, "index_type");
    TSF_CHECK_PTR(pair_type, "pair_type");
    pair = named_pair(value_type, index_type);
    /* is_integer and is_floating know named handles only: a derived type
     * (a dup of MPI_INT included) is neither */
    if (pair == MPI_DATATYPE_NULL && v->kind == TSF_NAMED && i->kind == TSF_NAMED &&
        is_integer(index_type) && (is_integer(value_type) || is_floating(value_type))) {
        pthread_mutex_lock(&lock);
        for (e = cache; e && (e->value != value_type || e->index != index_type); e = e->next)
            ;
        if (e)
            pair = e->obj->handle;
        else
            rc = make_pair(fn, v, i, &pair);
        pthread_mutex_unlock(&lock);
        if (rc != MPI_SUCCESS)
            goto fn_fail;
    }
    *pair_type = pair;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI_Type_create_f90_{real,complex,integer} and MPI_Type_match_size.
 * The f90 types are predefined but unnamed: one object per distinct (p, r)
 * request, cached for the life of the process, decoded as F90_* with their
 * integers, never freed. */
#include "typeshim_config.h"

#include <pthread.h>

#include "facade/tsf.h"

typedef struct f90_entry {
    struct f90_entry *next;
    int combiner, p, r;
    tsf_dtype *obj;
} f90_entry;

static f90_entry *cache; /* lives for the process */
static long ncached;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

/* Gives the cached type for (combiner, p, r), creating it as a copy of
 * `basic` on first use. */
static int f90_get(const char *fn, int combiner, int p, int r, MPI_Datatype basic,
                   MPI_Datatype *newtype)
{
    tsf_dtype *b = tsf_builtin_lookup(basic), *o = NULL;
    f90_entry *e;
    int rc = MPI_SUCCESS;

    pthread_mutex_lock(&lock);
    for (e = cache; e; e = e->next)
        if (e->combiner == combiner && e->p == p && e->r == r)
            break;
    if (!e) {
        int ints[2] = {p, r};
        int is_int = combiner == MPI_COMBINER_F90_INTEGER;
        tsf_record rec = {
            .combiner = combiner, .ni = is_int ? 1 : 2, .ints = is_int ? &ints[1] : ints};
        tsd_type *t = NULL;
        MPI_Datatype h;
        if (!(e = tsu_calloc(1, sizeof(*e))) || tsd_create_dup(b->eng, &t)) {
            tsu_free(e);
            rc = tsf_err(MPI_ERR_NO_MEM, fn, "out of memory");
            goto out;
        }
        t->name[0] = '\0'; /* unnamed, as in MPICH */
        /* published like a derived type (tsf_publish frees t on failure),
         * then marked predefined-unnamed: immortal, not freeable */
        if ((rc = tsf_publish(fn, t, &rec, &h)) != MPI_SUCCESS) {
            tsu_free(e);
            goto out;
        }
        o = tsf_lookup(h);
        o->kind = TSF_UNNAMED;
        o->eps_class = b->eps_class;
        e->combiner = combiner;
        e->p = p;
        e->r = r;
        e->obj = o;
        e->next = cache;
        cache = e;
        ncached++;
    }
    *newtype = e->obj->handle;
out:
    pthread_mutex_unlock(&lock);
    return rc;
}

long tsf_f90_cached(void)
{
    long n;

    pthread_mutex_lock(&lock);
    n = ncached;
    pthread_mutex_unlock(&lock);
    return n;
}

/* Smallest Fortran real kind with at least p digits and range r. */
static MPI_Datatype pick_real(int p, int r, int complex)
{
    static const struct {
        int p, r;
        MPI_Datatype real, cplx;
    } kinds[] = {
        {6, 37, MPI_REAL4, MPI_COMPLEX8},
        {15, 307, MPI_REAL8, MPI_COMPLEX16},
        {33, 4931, MPI_REAL16, MPI_COMPLEX32},
    };
    for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++)
        if ((p == MPI_UNDEFINED || p <= kinds[i].p) && (r == MPI_UNDEFINED || r <= kinds[i].r))
            return complex ? kinds[i].cplx : kinds[i].real;
    return MPI_DATATYPE_NULL;
}

static int f90_real(const char *fn, int combiner, int p, int r, MPI_Datatype *newtype)
{
    MPI_Datatype b;
    int rc;

    TSF_CHECK_PTR(newtype, "newtype");
    TSF_CHECK(p != MPI_UNDEFINED || r != MPI_UNDEFINED, MPI_ERR_ARG,
              "p and r must not both be MPI_UNDEFINED");
    TSF_CHECK(p == MPI_UNDEFINED || p >= 0, MPI_ERR_ARG, "argument p=%d must be non-negative", p);
    TSF_CHECK(r == MPI_UNDEFINED || r >= 0, MPI_ERR_ARG, "argument r=%d must be non-negative", r);
    b = pick_real(p, r, combiner == MPI_COMBINER_F90_COMPLEX);
    TSF_CHECK(b != MPI_DATATYPE_NULL, MPI_ERR_OTHER,
              "no Fortran real kind has precision p=%d and range r=%d", p, r);
    if ((rc = f90_get(fn, combiner, p, r, b, newtype)))
        goto fn_fail;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_create_f90_real(int p, int r, MPI_Datatype *newtype)
{
    return f90_real("MPI_Type_create_f90_real", MPI_COMBINER_F90_REAL, p, r, newtype);
}

int tsf_api_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype)
{
    return f90_real("MPI_Type_create_f90_complex", MPI_COMBINER_F90_COMPLEX, p, r, newtype);
}

int tsf_api_Type_create_f90_integer(int r, MPI_Datatype *newtype)
{
    const char *fn = "MPI_Type_create_f90_integer";
    MPI_Datatype b;
    int rc;

    TSF_CHECK_PTR(newtype, "newtype");
    TSF_CHECK(r >= 0, MPI_ERR_ARG, "argument r=%d must be non-negative", r);
    b = r <= 2    ? MPI_INTEGER1
        : r <= 4  ? MPI_INTEGER2
        : r <= 9  ? MPI_INTEGER4
        : r <= 18 ? MPI_INTEGER8
                  : MPI_DATATYPE_NULL;
    TSF_CHECK(b != MPI_DATATYPE_NULL, MPI_ERR_OTHER, "no Fortran integer kind has range r=%d", r);
    if ((rc = f90_get(fn, MPI_COMBINER_F90_INTEGER, MPI_UNDEFINED, r, b, newtype)))
        goto fn_fail;
    return MPI_SUCCESS;
fn_fail:
    return rc;
}

int tsf_api_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    const char *fn = "MPI_Type_match_size";
    static const MPI_Datatype reals[] = {MPI_REAL4, MPI_REAL8, MPI_REAL16};
    static const MPI_Datatype ints[] = {MPI_INTEGER1, MPI_INTEGER2, MPI_INTEGER4, MPI_INTEGER8};
    static const MPI_Datatype cplx[] = {MPI_COMPLEX8, MPI_COMPLEX16, MPI_COMPLEX32};
    const MPI_Datatype *list;
    size_t n;
    int rc;

    TSF_CHECK_PTR(datatype, "datatype");
    switch (typeclass) {
    case MPI_TYPECLASS_REAL:
        list = reals, n = 3;
        break;
    case MPI_TYPECLASS_INTEGER:
        list = ints, n = 4;
        break;
    case MPI_TYPECLASS_COMPLEX:
        list = cplx, n = 3;
        break;
    default:
        TSF_FAIL(MPI_ERR_ARG, "argument typeclass=%d is not an MPI_TYPECLASS_ value", typeclass);
    }
    for (size_t i = 0; i < n; i++)
        if (tsf_builtin_lookup(list[i])->eng->size == size) {
            *datatype = list[i];
            return MPI_SUCCESS;
        }
    TSF_FAIL(MPI_ERR_ARG, "no predefined type of class %d has size %d", typeclass, size);
fn_fail:
    return rc;
}

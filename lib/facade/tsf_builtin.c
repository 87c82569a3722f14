/* SPDX-License-Identifier: BSD-3-Clause */
/* The predefined datatypes: names, sizes and alignments (measured against
 * MPICH 4.0.2 on x86_64), and the handles of the ABI built for: MPICH's
 * values, found in O(1) from the handle's low byte (builtin handles) or
 * index (pair types), or the addresses Open MPI's mpi.h names, found by
 * a hash of the address. */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

/* MPICH folds same-sized integers (signed or not, C or Fortran) into one
 * internal type, and same-sized reals likewise; a struct whose members are
 * all of one such class gets no padding.  The class is kind << 8 | size. */
enum { K_INT = 1, K_FLOAT = 2, K_CPLX = 3, K_OWN = 0 };

/* A row: the handle by its MPI name, and MPICH's value of it (some MPICH
 * 4.0.2's mpi.h lacks).  In Open MPI's ABI the handle is the address its
 * mpi.h names, 0 for a type Open MPI 4.1 does not define. */
#if TS_ABI_OMPI
#define H(name, mpich) ((uintptr_t)(name))
#else
#define H(name, mpich) ((uintptr_t)(mpich))
#endif
#define D(name, mpich, ...)                                                                        \
    {                                                                                              \
        H(name, mpich), #name, __VA_ARGS__                                                         \
    }

typedef struct builtin_def {
    uintptr_t handle;
    const char *name;
    int id;
    int size, align, kind;
} builtin_def;

static const builtin_def defs[] = {
    D(MPI_CHAR, 0x4c000101, TSD_INT1, 1, 1, K_INT),
    D(MPI_SIGNED_CHAR, 0x4c000118, TSD_INT1, 1, 1, K_INT),
    D(MPI_UNSIGNED_CHAR, 0x4c000102, TSD_UINT1, 1, 1, K_INT),
    D(MPI_BYTE, 0x4c00010d, TSD_UINT1, 1, 1, K_OWN),
    D(MPI_WCHAR, 0x4c00040e, TSD_WCHAR, 4, 4, K_OWN),
    D(MPI_SHORT, 0x4c000203, TSD_INT2, 2, 2, K_INT),
    D(MPI_UNSIGNED_SHORT, 0x4c000204, TSD_UINT2, 2, 2, K_INT),
    D(MPI_INT, 0x4c000405, TSD_INT4, 4, 4, K_INT),
    D(MPI_UNSIGNED, 0x4c000406, TSD_UINT4, 4, 4, K_INT),
    D(MPI_LONG, 0x4c000807, TSD_LONG, 8, 8, K_INT),
    D(MPI_UNSIGNED_LONG, 0x4c000808, TSD_ULONG, 8, 8, K_INT),
    D(MPI_FLOAT, 0x4c00040a, TSD_FLOAT4, 4, 4, K_FLOAT),
    D(MPI_DOUBLE, 0x4c00080b, TSD_FLOAT8, 8, 8, K_FLOAT),
    D(MPI_LONG_DOUBLE, 0x4c00100c, TSD_LDOUBLE, 16, 16, K_OWN),
    D(MPI_LONG_LONG_INT, 0x4c000809, TSD_INT8, 8, 8, K_INT),
    D(MPI_UNSIGNED_LONG_LONG, 0x4c000819, TSD_UINT8, 8, 8, K_INT),
    D(MPI_PACKED, 0x4c00010f, TSD_UINT1, 1, 1, K_OWN),
    D(MPI_LB, 0x4c000010, TSD_LB, 0, 1, K_OWN),
    D(MPI_UB, 0x4c000011, TSD_UB, 0, 1, K_OWN),
    D(MPI_COMPLEX, 0x4c00081e, TSD_COMPLEX8, 8, 4, K_CPLX),
    D(MPI_DOUBLE_COMPLEX, 0x4c001022, TSD_COMPLEX16, 16, 8, K_CPLX),
    D(MPI_LOGICAL, 0x4c00041d, TSD_INT4, 4, 4, K_OWN),
    D(MPI_REAL, 0x4c00041c, TSD_FLOAT4, 4, 4, K_FLOAT),
    D(MPI_DOUBLE_PRECISION, 0x4c00081f, TSD_FLOAT8, 8, 8, K_FLOAT),
    D(MPI_INTEGER, 0x4c00041b, TSD_INT4, 4, 4, K_INT),
    D(MPI_CHARACTER, 0x4c00011a, TSD_INT1, 1, 1, K_OWN),
    D(MPI_REAL4, 0x4c000427, TSD_FLOAT4, 4, 4, K_FLOAT),
    D(MPI_REAL8, 0x4c000829, TSD_FLOAT8, 8, 8, K_FLOAT),
    D(MPI_REAL16, 0x4c00102b, TSD_FLOAT16, 16, 1, K_OWN),
    D(MPI_COMPLEX8, 0x4c000828, TSD_COMPLEX8, 8, 4, K_CPLX),
    D(MPI_COMPLEX16, 0x4c00102a, TSD_COMPLEX16, 16, 8, K_CPLX),
    D(MPI_COMPLEX32, 0x4c00202c, TSD_COMPLEX32, 32, 1, K_OWN),
    D(MPI_INTEGER1, 0x4c00012d, TSD_INT1, 1, 1, K_INT),
    D(MPI_INTEGER2, 0x4c00022f, TSD_INT2, 2, 2, K_INT),
    D(MPI_INTEGER4, 0x4c000430, TSD_INT4, 4, 4, K_INT),
    D(MPI_INTEGER8, 0x4c000831, TSD_INT8, 8, 8, K_INT),
    D(MPI_INTEGER16, 0x4c001032, TSD_INT16, 16, 16, K_INT),
    D(MPI_INT8_T, 0x4c000137, TSD_INT1, 1, 1, K_INT),
    D(MPI_INT16_T, 0x4c000238, TSD_INT2, 2, 2, K_INT),
    D(MPI_INT32_T, 0x4c000439, TSD_INT4, 4, 4, K_INT),
    D(MPI_INT64_T, 0x4c00083a, TSD_INT8, 8, 8, K_INT),
    D(MPI_UINT8_T, 0x4c00013b, TSD_UINT1, 1, 1, K_INT),
    D(MPI_UINT16_T, 0x4c00023c, TSD_UINT2, 2, 2, K_INT),
    D(MPI_UINT32_T, 0x4c00043d, TSD_UINT4, 4, 4, K_INT),
    D(MPI_UINT64_T, 0x4c00083e, TSD_UINT8, 8, 8, K_INT),
    D(MPI_C_BOOL, 0x4c00013f, TSD_BOOL, 1, 1, K_OWN),
    D(MPI_C_COMPLEX, 0x4c000840, TSD_COMPLEX8, 8, 4, K_CPLX),
    D(MPI_C_DOUBLE_COMPLEX, 0x4c001041, TSD_COMPLEX16, 16, 8, K_CPLX),
    D(MPI_C_LONG_DOUBLE_COMPLEX, 0x4c002042, TSD_LDCOMPLEX, 32, 16, K_OWN),
    D(MPIX_C_FLOAT16, 0x4c000246, TSD_FLOAT2, 2, 2, K_OWN),
    D(MPIX_BFLOAT16, 0x4c00024c, TSD_BFLOAT2, 2, 2, K_OWN),
    D(MPI_AINT, 0x4c000843, TSD_INT8, 8, 8, K_INT),
    D(MPI_OFFSET, 0x4c000844, TSD_INT8, 8, 8, K_INT),
    D(MPI_COUNT, 0x4c000845, TSD_INT8, 8, 8, K_INT),
    D(MPI_CXX_BOOL, 0x4c000133, TSD_BOOL, 1, 1, K_OWN),
    D(MPI_CXX_FLOAT_COMPLEX, 0x4c000834, TSD_COMPLEX8, 8, 4, K_CPLX),
    D(MPI_CXX_DOUBLE_COMPLEX, 0x4c001035, TSD_COMPLEX16, 16, 8, K_CPLX),
    D(MPI_CXX_LONG_DOUBLE_COMPLEX, 0x4c002036, TSD_LDCOMPLEX, 32, 16, K_OWN),
    /* Fortran sized types MPICH 4.0.2's mpi.h lacks but later MPICH has */
    D(MPI_LOGICAL1, 0x4c000147, TSD_INT1, 1, 1, K_OWN),
    D(MPI_LOGICAL2, 0x4c000248, TSD_INT2, 2, 2, K_OWN),
    D(MPI_LOGICAL4, 0x4c000449, TSD_INT4, 4, 4, K_OWN),
    D(MPI_LOGICAL8, 0x4c00084a, TSD_INT8, 8, 8, K_OWN),
    D(MPI_LOGICAL16, 0x4c00104b, TSD_INT16, 16, 16, K_OWN),
    D(MPI_REAL2, 0x4c000226, TSD_FLOAT2, 2, 2, K_FLOAT),
    D(MPI_COMPLEX4, 0x4c00042e, TSD_COMPLEX4, 4, 2, K_CPLX),
};
#define NDEFS (sizeof(defs) / sizeof(defs[0]))

/* Pair types: struct {a, b} as MPICH builds them (MPI_2INT and the
 * Fortran pairs have builtin handles but are still two-element types);
 * a and b name rows of defs. */
typedef struct pair_def {
    uintptr_t handle;
    const char *name;
    const char *a, *b;
    int64_t disp_b;
} pair_def;
#define P(name, mpich, a, b, disp_b)                                                               \
    {                                                                                              \
        H(name, mpich), #name, #a, #b, disp_b                                                      \
    }

static const pair_def pairs[] = {
    P(MPI_FLOAT_INT, 0x8c000000, MPI_FLOAT, MPI_INT, 4),
    P(MPI_DOUBLE_INT, 0x8c000001, MPI_DOUBLE, MPI_INT, 8),
    P(MPI_LONG_INT, 0x8c000002, MPI_LONG, MPI_INT, 8),
    P(MPI_SHORT_INT, 0x8c000003, MPI_SHORT, MPI_INT, 4),
    P(MPI_LONG_DOUBLE_INT, 0x8c000004, MPI_LONG_DOUBLE, MPI_INT, 16),
    P(MPI_2INT, 0x4c000816, MPI_INT, MPI_INT, 4),
    P(MPI_2INTEGER, 0x4c000820, MPI_INTEGER, MPI_INTEGER, 4),
    P(MPI_2REAL, 0x4c000821, MPI_REAL, MPI_REAL, 4),
    P(MPI_2DOUBLE_PRECISION, 0x4c001023, MPI_DOUBLE_PRECISION, MPI_DOUBLE_PRECISION, 8),
};
#define NPAIRS (sizeof(pairs) / sizeof(pairs[0]))

static tsf_dtype objs[NDEFS + NPAIRS];
static tsd_type engs[NDEFS];
static tsd_rec recs[NDEFS][2];
/* The guesses of tsf_handle.h: in MPICH's ABI builtin handles by low
 * byte, in Open MPI's every predefined one by a hash of its address (the
 * first probe; tsf_builtin_lookup probes on). */
tsf_dtype *tsf_builtin_at[TSF_BUILTIN_SLOTS];
#if !TS_ABI_OMPI
static tsf_dtype *by_pair[8]; /* 0x8c00000N */
#endif
static size_t pair_ix[NPAIRS][2]; /* the rows of a and b */

static size_t def_index(const char *name)
{
    size_t i = 0;

    while (i < NDEFS - 1 && strcmp(defs[i].name, name) != 0)
        i++;
    return i;
}

static void set_obj(tsf_dtype *o, uintptr_t handle, tsd_type *eng, int eps_class)
{
    o->magic = TSF_MAGIC;
    o->kind = TSF_NAMED;
    o->handle = (MPI_Datatype)handle;
    o->eng = eng;
    o->eps_class = eps_class;
    atomic_init(&o->refs, TSF_UREF);
#if TS_ABI_OMPI
    for (uint32_t k = tsf_builtin_slot(o->handle);; k = (k + 1) % TSF_BUILTIN_SLOTS)
        if (!tsf_builtin_at[k]) {
            tsf_builtin_at[k] = o;
            break;
        }
#else
    if ((handle & 0xfc000000u) == 0x4c000000u)
        tsf_builtin_at[handle & 0xff] = o;
    else
        by_pair[handle & 7] = o;
#endif
}

/* Runs when the library is loaded, before any MPI call can arrive (and,
 * in Open MPI's ABI, after the loader has resolved the addresses). */
__attribute__((constructor)) void tsf_builtin_init(void)
{
    size_t i;

    if (objs[0].magic)
        return;
    for (i = 0; i < NDEFS; i++) {
        const builtin_def *d = &defs[i];
        tsd_init_basic(&engs[i], recs[i], d->id, d->size, d->align, d->name);
        if (d->handle) /* not defined in this ABI: no handle names it */
            set_obj(&objs[i], d->handle, &engs[i],
                    d->kind == K_OWN ? (int)(0x10000 | i) : (d->kind << 8 | d->size));
    }
    for (i = 0; i < NPAIRS; i++) {
        const pair_def *p = &pairs[i];
        const tsd_type *ty[2] = {&engs[pair_ix[i][0] = def_index(p->a)],
                                 &engs[pair_ix[i][1] = def_index(p->b)]};
        int64_t bl[2] = {1, 1}, disp[2] = {0, p->disp_b};
        tsd_type *t = NULL;
        /* immortal: allocated once per process, never freed */
        if (tsd_create_struct(2, bl, disp, ty, TSD_EPS_ALWAYS, &t) || tsd_commit(t))
            continue; /* out of memory at load: the handle stays invalid */
        t->flags |= TSD_FLAG_PREDEFINED;
        snprintf(t->name, sizeof(t->name), "%s", p->name);
        set_obj(&objs[NDEFS + i], p->handle, t, (int)(0x20000 | i));
    }
}

tsf_dtype *tsf_builtin_lookup(MPI_Datatype h)
{
    tsf_dtype *o = NULL;
#if TS_ABI_OMPI
    /* every object is in the table, so the first empty slot ends the probe */
    for (uint32_t k = tsf_builtin_slot(h), n = 0; n < TSF_BUILTIN_SLOTS;
         k = (k + 1) % TSF_BUILTIN_SLOTS, n++)
        if (!(o = tsf_builtin_at[k]) || o->handle == h)
            break;
#else
    uint32_t u = TSO_WORD(h);

    if ((u & 0xffffff00u) == 0x4c000000u || (u & 0xffff0000u) == 0x4c000000u)
        o = tsf_builtin_at[u & 0xff];
    else if ((u & 0xfffffff8u) == 0x8c000000u)
        o = by_pair[u & 7];
#endif
    return (o && o->handle == h) ? o : NULL;
}

const char *tsf_builtin_id_name(int id)
{
    for (size_t i = 0; i < NDEFS; i++)
        if (defs[i].id == id)
            return defs[i].name;
    return tsd_id_name(id); /* no handle has it (UINT16) */
}

int tsf_builtin_pair(const tsf_dtype *o, const tsf_dtype **a, const tsf_dtype **b)
{
    for (size_t i = 0; i < NPAIRS; i++)
        if (o == &objs[NDEFS + i]) {
            *a = &objs[pair_ix[i][0]];
            *b = &objs[pair_ix[i][1]];
            return 1;
        }
    return 0;
}

static void named_kinds(const tsf_dtype *o, const char **names, int *budget, const char *shared)
{
    const tsf_dtype *a, *b;
    int id = o->eng->id;

    if (--*budget < 0)
        return;
    if (o->kind == TSF_NAMED && id >= TSD_INT1 && id < TSD_ID_MAX) {
        if (!names[id])
            names[id] = o->eng->name;
        else if (shared && strcmp(names[id], o->eng->name) != 0)
            names[id] = shared;
    } else if (tsf_builtin_pair(o, &a, &b)) {
        named_kinds(a, names, budget, shared);
        named_kinds(b, names, budget, shared);
    } else if (o->contents) { /* immutable, and its types live as long as o */
        for (int64_t i = 0; i < o->contents->nd && *budget >= 0; i++)
            if (i == 0 || o->contents->types[i] != o->contents->types[i - 1])
                named_kinds(o->contents->types[i], names, budget, shared);
    }
}

int tsf_named_kinds(const tsf_dtype *o, const char **names, int budget, const char *shared)
{
    named_kinds(o, names, &budget, shared);
    return budget;
}

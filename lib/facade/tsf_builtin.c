/* SPDX-License-Identifier: BSD-3-Clause */
/* The predefined datatypes: MPICH's handles, names, sizes and alignments
 * (measured against MPICH 4.0.2 on x86_64), found in O(1) from the handle's
 * low byte (builtin handles) or index (pair types). */
#include "typeshim_config.h"

#include <string.h>

#include "facade/tsf.h"

/* MPICH folds same-sized integers (signed or not, C or Fortran) into one
 * internal type, and same-sized reals likewise; a struct whose members are
 * all of one such class gets no padding.  The class is kind << 8 | size. */
enum { K_INT = 1, K_FLOAT = 2, K_CPLX = 3, K_OWN = 0 };

typedef struct builtin_def {
    uint32_t handle;
    const char *name;
    int id;
    int size, align, kind;
} builtin_def;

static const builtin_def defs[] = {
    {0x4c000101, "MPI_CHAR", TSD_INT1, 1, 1, K_INT},
    {0x4c000118, "MPI_SIGNED_CHAR", TSD_INT1, 1, 1, K_INT},
    {0x4c000102, "MPI_UNSIGNED_CHAR", TSD_UINT1, 1, 1, K_INT},
    {0x4c00010d, "MPI_BYTE", TSD_UINT1, 1, 1, K_OWN},
    {0x4c00040e, "MPI_WCHAR", TSD_WCHAR, 4, 4, K_OWN},
    {0x4c000203, "MPI_SHORT", TSD_INT2, 2, 2, K_INT},
    {0x4c000204, "MPI_UNSIGNED_SHORT", TSD_UINT2, 2, 2, K_INT},
    {0x4c000405, "MPI_INT", TSD_INT4, 4, 4, K_INT},
    {0x4c000406, "MPI_UNSIGNED", TSD_UINT4, 4, 4, K_INT},
    {0x4c000807, "MPI_LONG", TSD_LONG, 8, 8, K_INT},
    {0x4c000808, "MPI_UNSIGNED_LONG", TSD_ULONG, 8, 8, K_INT},
    {0x4c00040a, "MPI_FLOAT", TSD_FLOAT4, 4, 4, K_FLOAT},
    {0x4c00080b, "MPI_DOUBLE", TSD_FLOAT8, 8, 8, K_FLOAT},
    {0x4c00100c, "MPI_LONG_DOUBLE", TSD_LDOUBLE, 16, 16, K_OWN},
    {0x4c000809, "MPI_LONG_LONG_INT", TSD_INT8, 8, 8, K_INT},
    {0x4c000819, "MPI_UNSIGNED_LONG_LONG", TSD_UINT8, 8, 8, K_INT},
    {0x4c00010f, "MPI_PACKED", TSD_UINT1, 1, 1, K_OWN},
    {0x4c000010, "MPI_LB", TSD_LB, 0, 1, K_OWN},
    {0x4c000011, "MPI_UB", TSD_UB, 0, 1, K_OWN},
    {0x4c00081e, "MPI_COMPLEX", TSD_COMPLEX8, 8, 4, K_CPLX},
    {0x4c001022, "MPI_DOUBLE_COMPLEX", TSD_COMPLEX16, 16, 8, K_CPLX},
    {0x4c00041d, "MPI_LOGICAL", TSD_INT4, 4, 4, K_OWN},
    {0x4c00041c, "MPI_REAL", TSD_FLOAT4, 4, 4, K_FLOAT},
    {0x4c00081f, "MPI_DOUBLE_PRECISION", TSD_FLOAT8, 8, 8, K_FLOAT},
    {0x4c00041b, "MPI_INTEGER", TSD_INT4, 4, 4, K_INT},
    {0x4c00011a, "MPI_CHARACTER", TSD_INT1, 1, 1, K_OWN},
    {0x4c000427, "MPI_REAL4", TSD_FLOAT4, 4, 4, K_FLOAT},
    {0x4c000829, "MPI_REAL8", TSD_FLOAT8, 8, 8, K_FLOAT},
    {0x4c00102b, "MPI_REAL16", TSD_FLOAT16, 16, 1, K_OWN},
    {0x4c000828, "MPI_COMPLEX8", TSD_COMPLEX8, 8, 4, K_CPLX},
    {0x4c00102a, "MPI_COMPLEX16", TSD_COMPLEX16, 16, 8, K_CPLX},
    {0x4c00202c, "MPI_COMPLEX32", TSD_COMPLEX32, 32, 1, K_OWN},
    {0x4c00012d, "MPI_INTEGER1", TSD_INT1, 1, 1, K_INT},
    {0x4c00022f, "MPI_INTEGER2", TSD_INT2, 2, 2, K_INT},
    {0x4c000430, "MPI_INTEGER4", TSD_INT4, 4, 4, K_INT},
    {0x4c000831, "MPI_INTEGER8", TSD_INT8, 8, 8, K_INT},
    {0x4c001032, "MPI_INTEGER16", TSD_INT16, 16, 16, K_INT},
    {0x4c000137, "MPI_INT8_T", TSD_INT1, 1, 1, K_INT},
    {0x4c000238, "MPI_INT16_T", TSD_INT2, 2, 2, K_INT},
    {0x4c000439, "MPI_INT32_T", TSD_INT4, 4, 4, K_INT},
    {0x4c00083a, "MPI_INT64_T", TSD_INT8, 8, 8, K_INT},
    {0x4c00013b, "MPI_UINT8_T", TSD_UINT1, 1, 1, K_INT},
    {0x4c00023c, "MPI_UINT16_T", TSD_UINT2, 2, 2, K_INT},
    {0x4c00043d, "MPI_UINT32_T", TSD_UINT4, 4, 4, K_INT},
    {0x4c00083e, "MPI_UINT64_T", TSD_UINT8, 8, 8, K_INT},
    {0x4c00013f, "MPI_C_BOOL", TSD_BOOL, 1, 1, K_OWN},
    {0x4c000840, "MPI_C_COMPLEX", TSD_COMPLEX8, 8, 4, K_CPLX},
    {0x4c001041, "MPI_C_DOUBLE_COMPLEX", TSD_COMPLEX16, 16, 8, K_CPLX},
    {0x4c002042, "MPI_C_LONG_DOUBLE_COMPLEX", TSD_LDCOMPLEX, 32, 16, K_OWN},
    {0x4c000246, "MPIX_C_FLOAT16", TSD_FLOAT2, 2, 2, K_OWN},
    {0x4c00024c, "MPIX_BFLOAT16", TSD_BFLOAT2, 2, 2, K_OWN},
    {0x4c000843, "MPI_AINT", TSD_INT8, 8, 8, K_INT},
    {0x4c000844, "MPI_OFFSET", TSD_INT8, 8, 8, K_INT},
    {0x4c000845, "MPI_COUNT", TSD_INT8, 8, 8, K_INT},
    {0x4c000133, "MPI_CXX_BOOL", TSD_BOOL, 1, 1, K_OWN},
    {0x4c000834, "MPI_CXX_FLOAT_COMPLEX", TSD_COMPLEX8, 8, 4, K_CPLX},
    {0x4c001035, "MPI_CXX_DOUBLE_COMPLEX", TSD_COMPLEX16, 16, 8, K_CPLX},
    {0x4c002036, "MPI_CXX_LONG_DOUBLE_COMPLEX", TSD_LDCOMPLEX, 32, 16, K_OWN},
    /* Fortran sized types MPICH 4.0.2's mpi.h lacks but later MPICH has */
    {0x4c000147, "MPI_LOGICAL1", TSD_INT1, 1, 1, K_OWN},
    {0x4c000248, "MPI_LOGICAL2", TSD_INT2, 2, 2, K_OWN},
    {0x4c000449, "MPI_LOGICAL4", TSD_INT4, 4, 4, K_OWN},
    {0x4c00084a, "MPI_LOGICAL8", TSD_INT8, 8, 8, K_OWN},
    {0x4c00104b, "MPI_LOGICAL16", TSD_INT16, 16, 16, K_OWN},
    {0x4c000226, "MPI_REAL2", TSD_FLOAT2, 2, 2, K_FLOAT},
    {0x4c00042e, "MPI_COMPLEX4", TSD_COMPLEX4, 4, 2, K_CPLX},
};
#define NDEFS (sizeof(defs) / sizeof(defs[0]))

/* Pair types: struct {a, b} as MPICH builds them (MPI_2INT and the
 * Fortran pairs have builtin handles but are still two-element types). */
typedef struct pair_def {
    uint32_t handle;
    const char *name;
    uint32_t a, b;
    int64_t disp_b;
} pair_def;

static const pair_def pairs[] = {
    {0x8c000000, "MPI_FLOAT_INT", 0x4c00040a, 0x4c000405, 4},
    {0x8c000001, "MPI_DOUBLE_INT", 0x4c00080b, 0x4c000405, 8},
    {0x8c000002, "MPI_LONG_INT", 0x4c000807, 0x4c000405, 8},
    {0x8c000003, "MPI_SHORT_INT", 0x4c000203, 0x4c000405, 4},
    {0x8c000004, "MPI_LONG_DOUBLE_INT", 0x4c00100c, 0x4c000405, 16},
    {0x4c000816, "MPI_2INT", 0x4c000405, 0x4c000405, 4},
    {0x4c000820, "MPI_2INTEGER", 0x4c00041b, 0x4c00041b, 4},
    {0x4c000821, "MPI_2REAL", 0x4c00041c, 0x4c00041c, 4},
    {0x4c001023, "MPI_2DOUBLE_PRECISION", 0x4c00081f, 0x4c00081f, 8},
};
#define NPAIRS (sizeof(pairs) / sizeof(pairs[0]))

static tsf_dtype objs[NDEFS + NPAIRS];
static tsd_type engs[NDEFS];
static tsd_rec recs[NDEFS][2];
tsf_dtype *tsf_builtin_by_low[256]; /* builtin handles, by low byte (tsf_handle.h) */
static tsf_dtype *by_pair[8];       /* 0x8c00000N */

static void set_obj(tsf_dtype *o, uint32_t handle, tsd_type *eng, int eps_class)
{
    o->magic = TSF_MAGIC;
    o->kind = TSF_NAMED;
    o->handle = (MPI_Datatype)handle;
    o->eng = eng;
    o->eps_class = eps_class;
    atomic_init(&o->refs, TSF_UREF);
    if ((handle & 0xfc000000u) == 0x4c000000u)
        tsf_builtin_by_low[handle & 0xff] = o;
    else
        by_pair[handle & 7] = o;
}

/* Runs when the library is loaded, before any MPI call can arrive. */
__attribute__((constructor)) void tsf_builtin_init(void)
{
    size_t i;

    if (tsf_builtin_by_low[0x05])
        return;
    for (i = 0; i < NDEFS; i++) {
        const builtin_def *d = &defs[i];
        tsd_init_basic(&engs[i], recs[i], d->id, d->size, d->align, d->name);
        set_obj(&objs[i], d->handle, &engs[i],
                d->kind == K_OWN ? (int)(0x10000 | (d->handle & 0xff)) : (d->kind << 8 | d->size));
    }
    for (i = 0; i < NPAIRS; i++) {
        const pair_def *p = &pairs[i];
        const tsd_type *ty[2] = {tsf_builtin_by_low[p->a & 0xff]->eng,
                                 tsf_builtin_by_low[p->b & 0xff]->eng};
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
    uint32_t u = (uint32_t)h;
    tsf_dtype *o = NULL;

    if ((u & 0xffffff00u) == 0x4c000000u || (u & 0xffff0000u) == 0x4c000000u)
        o = tsf_builtin_by_low[u & 0xff];
    else if ((u & 0xfffffff8u) == 0x8c000000u)
        o = by_pair[u & 7];
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
            *a = tsf_builtin_by_low[pairs[i].a & 0xff];
            *b = tsf_builtin_by_low[pairs[i].b & 0xff];
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

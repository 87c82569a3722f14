/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The predefined reduction operations (MPI-4.1 section 6.9.2): the
 * element kind of each predefined datatype, the classes of kinds each
 * operation is defined for, and the kernels that combine packed
 * elements.  Separate from tss_op.c, which applies them: nothing here
 * knows a user operation, nor any handle but the predefined ones.
 */
#include "typeshim_config.h"

#include <complex.h>
#include <pthread.h>
#include <stdbool.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_op_priv.h"

/* Predefined handles by value, in small open-addressed tables made once
 * from the handles mpi.h names: a switch would take MPICH's handles,
 * integer constants, but not Open MPI's, addresses known once the library
 * is loaded.  A lookup costs what the switch did: a multiply, a load, a
 * compare or two. */
typedef struct slot {
    uintptr_t h; /* the handle's bits; 0: empty (no handle is 0) */
    unsigned char v;
} slot;

#define TYPE_BITS 8 /* 256 slots for the 57 rows below */
#define OP_BITS   5 /* 32 for 14 */
static slot type_slots[1u << TYPE_BITS], op_slots[1u << OP_BITS];

static unsigned slot_of(uintptr_t h, unsigned bits)
{
    return (unsigned)((uint64_t)h * 0x9e3779b97f4a7c15u >> (64 - bits));
}

/* The first row of a handle wins; a handle the ABI lacks (0) has none. */
static void slot_put(slot *t, unsigned bits, uintptr_t h, unsigned char v)
{
    unsigned i = slot_of(h, bits);

    if (!h)
        return;
    while (t[i].h && t[i].h != h)
        i = (i + 1) & ((1u << bits) - 1);
    if (!t[i].h) {
        t[i].h = h;
        t[i].v = v;
    }
}

/* The value of h's row, none without one.  Every table keeps empty slots,
 * so the probe ends. */
static inline unsigned slot_get(const slot *t, unsigned bits, uintptr_t h, unsigned none)
{
    for (unsigned i = slot_of(h, bits); t[i].h; i = (i + 1) & ((1u << bits) - 1))
        if (t[i].h == h)
            return t[i].v;
    return none;
}

static const struct {
    MPI_Datatype t;
    unsigned char k;
} type_rows[] = {
    /* MPI_CHAR is an integer here, as in MPICH (MPI-4.1 leaves it out) */
    {MPI_CHAR, K_I8},
    {MPI_SIGNED_CHAR, K_I8},
    {MPI_INT8_T, K_I8},
    {MPI_INTEGER1, K_I8},
    {MPI_UNSIGNED_CHAR, K_U8},
    {MPI_UINT8_T, K_U8},
    {MPI_SHORT, K_I16},
    {MPI_INT16_T, K_I16},
    {MPI_INTEGER2, K_I16},
    {MPI_UNSIGNED_SHORT, K_U16},
    {MPI_UINT16_T, K_U16},
    {MPI_INT, K_I32},
    {MPI_INT32_T, K_I32},
    {MPI_INTEGER, K_I32},
    {MPI_INTEGER4, K_I32},
    {MPI_UNSIGNED, K_U32},
    {MPI_UINT32_T, K_U32},
    {MPI_LONG, K_I64},
    {MPI_LONG_LONG_INT, K_I64},
    {MPI_INT64_T, K_I64},
    {MPI_INTEGER8, K_I64},
    {MPI_AINT, K_I64},
    {MPI_OFFSET, K_I64},
    {MPI_COUNT, K_I64},
    {MPI_UNSIGNED_LONG, K_U64},
    {MPI_UNSIGNED_LONG_LONG, K_U64},
    {MPI_UINT64_T, K_U64},
    {MPI_FLOAT, K_F32},
    {MPI_REAL, K_F32},
    {MPI_REAL4, K_F32},
    {MPI_DOUBLE, K_F64},
    {MPI_DOUBLE_PRECISION, K_F64},
    {MPI_REAL8, K_F64},
    {MPI_LONG_DOUBLE, K_LD},
    {MPI_C_FLOAT_COMPLEX, K_CF},
    {MPI_COMPLEX, K_CF},
    {MPI_COMPLEX8, K_CF},
    {MPI_CXX_FLOAT_COMPLEX, K_CF},
    {MPI_C_DOUBLE_COMPLEX, K_CD},
    {MPI_DOUBLE_COMPLEX, K_CD},
    {MPI_COMPLEX16, K_CD},
    {MPI_CXX_DOUBLE_COMPLEX, K_CD},
    {MPI_C_LONG_DOUBLE_COMPLEX, K_CLD},
    {MPI_CXX_LONG_DOUBLE_COMPLEX, K_CLD},
    {MPI_C_BOOL, K_BOOL},
    {MPI_CXX_BOOL, K_BOOL},
    {MPI_LOGICAL, K_FLOG},
    {MPI_BYTE, K_BYTE},
    {MPI_FLOAT_INT, K_FLOAT_INT},
    {MPI_DOUBLE_INT, K_DOUBLE_INT},
    {MPI_LONG_INT, K_LONG_INT},
    {MPI_2INT, K_2INT},
    {MPI_2INTEGER, K_2INT},
    {MPI_SHORT_INT, K_SHORT_INT},
    {MPI_LONG_DOUBLE_INT, K_LDOUBLE_INT},
    {MPI_2REAL, K_2REAL},
    {MPI_2DOUBLE_PRECISION, K_2DOUBLE},
};

/* In the order of enum op_id. */
static const MPI_Op op_rows[] = {
    MPI_MAX, MPI_MIN,  MPI_SUM,  MPI_PROD,   MPI_LAND,   MPI_BAND,    MPI_LOR,
    MPI_BOR, MPI_LXOR, MPI_BXOR, MPI_MINLOC, MPI_MAXLOC, MPI_REPLACE, MPI_NO_OP,
};

static pthread_once_t slots_once = PTHREAD_ONCE_INIT;
static int slots_made; /* atomic: the tables are complete */

static void slots_make(void)
{
    for (size_t i = 0; i < sizeof type_rows / sizeof type_rows[0]; i++)
        slot_put(type_slots, TYPE_BITS, (uintptr_t)type_rows[i].t, type_rows[i].k);
    for (size_t i = 0; i < sizeof op_rows / sizeof op_rows[0]; i++)
        slot_put(op_slots, OP_BITS, (uintptr_t)op_rows[i], (unsigned char)i);
    __atomic_store_n(&slots_made, 1, __ATOMIC_RELEASE);
}

/* Made at the first lookup: a load once they are. */
static inline void slots_ready(void)
{
    if (__builtin_expect(!__atomic_load_n(&slots_made, __ATOMIC_ACQUIRE), 0))
        pthread_once(&slots_once, slots_make);
}

static enum kind kind_of(MPI_Datatype t)
{
    slots_ready();
    return (enum kind)slot_get(type_slots, TYPE_BITS, (uintptr_t)t, K_NONE);
}

enum op_id tss_op_id(MPI_Op op)
{
    slots_ready();
    return (enum op_id)slot_get(op_slots, OP_BITS, (uintptr_t)op, OP_NONE);
}

/* The kinds of the value and the index of an unnamed pair type made by
 * MPI_Type_get_value_index; 0 when t is not one, or one of kinds the
 * kernels do not know (MPI_REAL16, MPI_INTEGER16). */
static int value_index_kinds(MPI_Datatype t, enum kind *vk, enum kind *ik)
{
    int ni, na, nd, combiner, rc;
    MPI_Datatype d[2];

    tss_quiet_begin();
    rc = PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    if (rc == MPI_SUCCESS && combiner == MPI_COMBINER_VALUE_INDEX && nd == 2)
        rc = PMPI_Type_get_contents(t, 0, 0, 2, NULL, NULL, d);
    else
        rc = MPI_ERR_TYPE;
    tss_quiet_end();
    if (rc != MPI_SUCCESS)
        return 0;
    /* the contents of a predefined type are predefined: nothing to free */
    *vk = kind_of(d[0]);
    *ik = kind_of(d[1]);
    return *vk >= K_I8 && *vk <= K_LD && *ik >= K_I8 && *ik <= K_U64;
}

/* The kind of a type of MPI_Type_create_f90_real, _complex or _integer,
 * K_NONE for any other type.  Such a type is a predefined type of its
 * class (MPI-4.1 section 19.1.9): its kind is that of the named type of
 * its class and size, MPI_Type_match_size's. */
static enum kind f90_kind(MPI_Datatype t)
{
    int ni, na, nd, combiner, size, tclass, rc;
    MPI_Datatype named = MPI_DATATYPE_NULL;

    tss_quiet_begin();
    rc = PMPI_Type_get_envelope(t, &ni, &na, &nd, &combiner);
    tclass = rc != MPI_SUCCESS                      ? 0
             : combiner == MPI_COMBINER_F90_REAL    ? MPI_TYPECLASS_REAL
             : combiner == MPI_COMBINER_F90_COMPLEX ? MPI_TYPECLASS_COMPLEX
             : combiner == MPI_COMBINER_F90_INTEGER ? MPI_TYPECLASS_INTEGER
                                                    : 0;
    if (tclass && PMPI_Type_size(t, &size) == MPI_SUCCESS)
        (void)PMPI_Type_match_size(tclass, size, &named);
    tss_quiet_end();
    return named == MPI_DATATYPE_NULL ? K_NONE : kind_of(named);
}

/* kind_of, with the unnamed value-index pairs and the f90 types. */
enum kind tss_op_kind_of_any(MPI_Datatype t, enum kind *vk, enum kind *ik)
{
    enum kind k = kind_of(t);

    if (k != K_NONE)
        return k;
    return value_index_kinds(t, vk, ik) ? K_VALUE_INDEX : f90_kind(t);
}

enum cls tss_op_class_of_kind(enum kind k)
{
    if (k >= K_I8 && k <= K_U64)
        return C_INT;
    if (k >= K_F32 && k <= K_LD)
        return C_FLOAT;
    if (k >= K_CF && k <= K_CLD)
        return C_COMPLEX;
    if (k == K_BOOL || k == K_FLOG)
        return C_LOGICAL;
    if (k == K_BYTE)
        return C_BYTE;
    return k >= K_FLOAT_INT ? C_PAIR : C_NONE;
}

/* Which classes each predefined operation is defined for (MPI-4.1
 * section 6.9.2). */
int tss_op_allows(enum op_id op, enum cls c)
{
    switch (op) {
    case OP_MAX:
    case OP_MIN:
        return c == C_INT || c == C_FLOAT;
    case OP_SUM:
    case OP_PROD:
        return c == C_INT || c == C_FLOAT || c == C_COMPLEX;
    case OP_LAND:
    case OP_LOR:
    case OP_LXOR:
        return c == C_INT || c == C_LOGICAL;
    case OP_BAND:
    case OP_BOR:
    case OP_BXOR:
        return c == C_INT || c == C_BYTE;
    case OP_MINLOC:
    case OP_MAXLOC:
        return c == C_PAIR;
    default:
        return 0;
    }
}

#if !TS_ABI_OMPI
/* The last pair allowed, (op << 32) | t in one word (MPICH's handles are
 * 32-bit): a program reduces with the same pair again and again, and
 * both handles are predefined, so immortal: the answer never changes. */
static uint64_t last_allowed; /* atomic */
#endif

int tss_op_plainly_allows(MPI_Op op, MPI_Datatype t)
{
    enum op_id id;
    enum kind k;
    int ok;
#if !TS_ABI_OMPI
    uint64_t pair = (uint64_t)(uint32_t)op << 32 | (uint32_t)t;

    if (__atomic_load_n(&last_allowed, __ATOMIC_RELAXED) == pair)
        return 1;
#endif
    slots_ready();
    id = (enum op_id)slot_get(op_slots, OP_BITS, (uintptr_t)op, OP_NONE);
    k = (enum kind)slot_get(type_slots, TYPE_BITS, (uintptr_t)t, K_NONE);
    ok = id != OP_NONE && id != OP_REPLACE && id != OP_NO_OP && k != K_NONE &&
         tss_op_allows(id, tss_op_class_of_kind(k));
#if !TS_ABI_OMPI
    if (ok)
        __atomic_store_n(&last_allowed, pair, __ATOMIC_RELAXED);
#endif
    return ok;
}

const char *tss_op_name(enum op_id op)
{
    static const char *const names[] = {
        "MPI_MAX", "MPI_MIN",  "MPI_SUM",  "MPI_PROD",   "MPI_LAND",   "MPI_BAND",    "MPI_LOR",
        "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE", "MPI_NO_OP"};

    return (unsigned)op < sizeof names / sizeof names[0] ? names[op] : "a user operation";
}

/* ------------------------------------------------------------ kernels */

/* n elements of T: io[i] = in[i] OP io[i], through memcpy (packed buffers
 * are not aligned).  Integer arithmetic wraps, in the unsigned type U. */
#define LOOP(T, EXPR)                                                                              \
    for (MPI_Count i = 0; i < n; i++) {                                                            \
        T a, b;                                                                                    \
        memcpy(&a, in + i * (MPI_Count)sizeof(T), sizeof(T));                                      \
        memcpy(&b, io + i * (MPI_Count)sizeof(T), sizeof(T));                                      \
        b = (T)(EXPR);                                                                             \
        memcpy(io + i * (MPI_Count)sizeof(T), &b, sizeof(T));                                      \
    }

// clang-format off
/* The cases several kernels share: order, logic (nonzero is true). */
#define CASES_ORDER(T)                                                                             \
    case OP_MAX: LOOP(T, a > b ? a : b) break;                                                    \
    case OP_MIN: LOOP(T, a < b ? a : b) break;
#define CASES_LOGIC(T)                                                                             \
    case OP_LAND: LOOP(T, a && b) break;                                                          \
    case OP_LOR: LOOP(T, a || b) break;                                                           \
    case OP_LXOR: LOOP(T, !a != !b) break;

#define INT_KERNEL(NAME, T, U)                                                                     \
    static void NAME(enum op_id op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        switch (op) {                                                                              \
        CASES_ORDER(T)                                                                             \
        CASES_LOGIC(T)                                                                             \
        case OP_SUM: LOOP(T, (U)a + (U)b) break;                                                  \
        case OP_PROD: LOOP(T, (U)a * (U)b) break;                                                 \
        case OP_BAND: LOOP(T, a & b) break;                                                       \
        case OP_BOR: LOOP(T, a | b) break;                                                        \
        case OP_BXOR: LOOP(T, a ^ b) break;                                                       \
        default: break;                                                                            \
        }                                                                                          \
    }

#define FLOAT_KERNEL(NAME, T)                                                                      \
    static void NAME(enum op_id op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        switch (op) {                                                                              \
        CASES_ORDER(T)                                                                             \
        case OP_SUM: LOOP(T, a + b) break;                                                        \
        case OP_PROD: LOOP(T, a * b) break;                                                       \
        default: break;                                                                            \
        }                                                                                          \
    }

#define COMPLEX_KERNEL(NAME, T)                                                                    \
    static void NAME(enum op_id op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        if (op == OP_SUM)                                                                         \
            LOOP(T, a + b)                                                                         \
        else if (op == OP_PROD)                                                                   \
            LOOP(T, a * b)                                                                         \
    }

#define LOGICAL_KERNEL(NAME, T)                                                                    \
    static void NAME(enum op_id op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        switch (op) {                                                                              \
        CASES_LOGIC(T)                                                                             \
        default: break;                                                                            \
        }                                                                                          \
    }
// clang-format on

/* MINLOC/MAXLOC on (value V, index I) pairs: the better value, and the
 * lower index of equal values (MPI-4.1 section 6.9.4). */
#define PAIR_KERNEL(NAME, V, I)                                                                    \
    static void NAME(enum op_id op, const char *in, char *io, MPI_Count n)                         \
    {                                                                                              \
        const MPI_Count size = (MPI_Count)(sizeof(V) + sizeof(I));                                 \
        for (MPI_Count k = 0; k < n; k++) {                                                        \
            V va, vb;                                                                              \
            I ia, ib;                                                                              \
            memcpy(&va, in + k * size, sizeof(V));                                                 \
            memcpy(&ia, in + k * size + sizeof(V), sizeof(I));                                     \
            memcpy(&vb, io + k * size, sizeof(V));                                                 \
            memcpy(&ib, io + k * size + sizeof(V), sizeof(I));                                     \
            int take = op == OP_MINLOC ? va < vb : va > vb;                                        \
            if (take || (va == vb && ia < ib)) {                                                   \
                memcpy(io + k * size, &va, sizeof(V));                                             \
                memcpy(io + k * size + sizeof(V), &ia, sizeof(I));                                 \
            }                                                                                      \
        }                                                                                          \
    }

INT_KERNEL(op_i8, int8_t, uint8_t)
INT_KERNEL(op_u8, uint8_t, uint8_t)
INT_KERNEL(op_i16, int16_t, uint16_t)
INT_KERNEL(op_u16, uint16_t, uint16_t)
INT_KERNEL(op_i32, int32_t, uint32_t)
INT_KERNEL(op_u32, uint32_t, uint32_t)
INT_KERNEL(op_i64, int64_t, uint64_t)
INT_KERNEL(op_u64, uint64_t, uint64_t)
INT_KERNEL(op_byte, uint8_t, uint8_t)
FLOAT_KERNEL(op_f32, float)
FLOAT_KERNEL(op_f64, double)
FLOAT_KERNEL(op_ld, long double)
COMPLEX_KERNEL(op_cf, float _Complex)
COMPLEX_KERNEL(op_cd, double _Complex)
COMPLEX_KERNEL(op_cld, long double _Complex)
LOGICAL_KERNEL(op_bool, bool)
LOGICAL_KERNEL(op_flog, int32_t)
PAIR_KERNEL(op_float_int, float, int)
PAIR_KERNEL(op_double_int, double, int)
PAIR_KERNEL(op_long_int, long, int)
PAIR_KERNEL(op_2int, int, int)
PAIR_KERNEL(op_short_int, short, int)
PAIR_KERNEL(op_ldouble_int, long double, int)
PAIR_KERNEL(op_2real, float, float)
PAIR_KERNEL(op_2double, double, double)

/* The kernel of k and the packed size of one of its elements. */
kernel_fn *tss_op_kernel_of(enum kind k, MPI_Count *size)
{
    static const struct {
        kernel_fn *fn;
        MPI_Count size;
    } table[] = {
        [K_I8] = {op_i8, 1},
        [K_U8] = {op_u8, 1},
        [K_I16] = {op_i16, 2},
        [K_U16] = {op_u16, 2},
        [K_I32] = {op_i32, 4},
        [K_U32] = {op_u32, 4},
        [K_I64] = {op_i64, 8},
        [K_U64] = {op_u64, 8},
        [K_F32] = {op_f32, 4},
        [K_F64] = {op_f64, 8},
        [K_LD] = {op_ld, sizeof(long double)},
        [K_CF] = {op_cf, 8},
        [K_CD] = {op_cd, 16},
        [K_CLD] = {op_cld, sizeof(long double _Complex)},
        [K_BOOL] = {op_bool, sizeof(bool)},
        [K_FLOG] = {op_flog, 4},
        [K_BYTE] = {op_byte, 1},
        [K_FLOAT_INT] = {op_float_int, sizeof(float) + sizeof(int)},
        [K_DOUBLE_INT] = {op_double_int, sizeof(double) + sizeof(int)},
        [K_LONG_INT] = {op_long_int, sizeof(long) + sizeof(int)},
        [K_2INT] = {op_2int, 2 * sizeof(int)},
        [K_SHORT_INT] = {op_short_int, sizeof(short) + sizeof(int)},
        [K_LDOUBLE_INT] = {op_ldouble_int, sizeof(long double) + sizeof(int)},
        [K_2REAL] = {op_2real, 2 * sizeof(float)},
        [K_2DOUBLE] = {op_2double, 2 * sizeof(double)},
    };

    *size = table[k].size;
    return table[k].fn;
}

/* -1, 0 or 1 as the element of kind k at a is below, equal to or above
 * the one at b; 2 when they are unordered (a NaN). */
static int compare(enum kind k, const char *a, const char *b)
{
#define CMP(T)                                                                                     \
    do {                                                                                           \
        T x, y;                                                                                    \
        memcpy(&x, a, sizeof(T));                                                                  \
        memcpy(&y, b, sizeof(T));                                                                  \
        return x < y ? -1 : x > y ? 1 : x == y ? 0 : 2;                                            \
    } while (0)
    switch (k) {
    case K_I8:
        CMP(int8_t);
    case K_U8:
        CMP(uint8_t);
    case K_I16:
        CMP(int16_t);
    case K_U16:
        CMP(uint16_t);
    case K_I32:
        CMP(int32_t);
    case K_U32:
        CMP(uint32_t);
    case K_I64:
        CMP(int64_t);
    case K_U64:
        CMP(uint64_t);
    case K_F32:
        CMP(float);
    case K_F64:
        CMP(double);
    case K_LD:
        CMP(long double);
    default:
        return 2;
    }
#undef CMP
}

/* MINLOC/MAXLOC on the pairs of an unnamed value-index type, whose value
 * and index kinds are vk and ik: PAIR_KERNEL's rule, the kinds read at
 * run time. */
void tss_op_value_index_kernel(enum op_id op, enum kind vk, enum kind ik, const char *in, char *io,
                               MPI_Count n)
{
    MPI_Count vsize, isize, size;

    tss_op_kernel_of(vk, &vsize);
    tss_op_kernel_of(ik, &isize);
    size = vsize + isize;
    for (MPI_Count k = 0; k < n; k++) {
        const char *a = in + k * size;
        char *b = io + k * size;
        int c = compare(vk, a, b);
        if (c == (op == OP_MINLOC ? -1 : 1) || (c == 0 && compare(ik, a + vsize, b + vsize) < 0))
            memcpy(b, a, (size_t)size);
    }
}

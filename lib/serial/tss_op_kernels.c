/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * The predefined reduction operations (MPI-4.1 section 6.9.2): the
 * element kind of each predefined datatype, the classes of kinds each
 * operation is defined for, and the kernels that combine packed
 * elements.  Separate from tss_op.c, which applies them: nothing here
 * knows a user operation or a handle.
 */
#include "typeshim_config.h"

#include <complex.h>
#include <stdbool.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_op_priv.h"

static enum kind kind_of(MPI_Datatype t)
{
    switch (t) {
    /* MPI_CHAR is an integer here, as in MPICH (MPI-4.1 leaves it out) */
    case MPI_CHAR:
    case MPI_SIGNED_CHAR:
    case MPI_INT8_T:
    case MPI_INTEGER1:
        return K_I8;
    case MPI_UNSIGNED_CHAR:
    case MPI_UINT8_T:
        return K_U8;
    case MPI_SHORT:
    case MPI_INT16_T:
    case MPI_INTEGER2:
        return K_I16;
    case MPI_UNSIGNED_SHORT:
    case MPI_UINT16_T:
        return K_U16;
    case MPI_INT:
    case MPI_INT32_T:
    case MPI_INTEGER:
    case MPI_INTEGER4:
        return K_I32;
    case MPI_UNSIGNED:
    case MPI_UINT32_T:
        return K_U32;
    case MPI_LONG:
    case MPI_LONG_LONG_INT:
    case MPI_INT64_T:
    case MPI_INTEGER8:
    case MPI_AINT:
    case MPI_OFFSET:
    case MPI_COUNT:
        return K_I64;
    case MPI_UNSIGNED_LONG:
    case MPI_UNSIGNED_LONG_LONG:
    case MPI_UINT64_T:
        return K_U64;
    case MPI_FLOAT:
    case MPI_REAL:
    case MPI_REAL4:
        return K_F32;
    case MPI_DOUBLE:
    case MPI_DOUBLE_PRECISION:
    case MPI_REAL8:
        return K_F64;
    case MPI_LONG_DOUBLE:
        return K_LD;
    case MPI_C_FLOAT_COMPLEX:
    case MPI_COMPLEX:
    case MPI_COMPLEX8:
    case MPI_CXX_FLOAT_COMPLEX:
        return K_CF;
    case MPI_C_DOUBLE_COMPLEX:
    case MPI_DOUBLE_COMPLEX:
    case MPI_COMPLEX16:
    case MPI_CXX_DOUBLE_COMPLEX:
        return K_CD;
    case MPI_C_LONG_DOUBLE_COMPLEX:
    case MPI_CXX_LONG_DOUBLE_COMPLEX:
        return K_CLD;
    case MPI_C_BOOL:
    case MPI_CXX_BOOL:
        return K_BOOL;
    case MPI_LOGICAL:
        return K_FLOG;
    case MPI_BYTE:
        return K_BYTE;
    case MPI_FLOAT_INT:
        return K_FLOAT_INT;
    case MPI_DOUBLE_INT:
        return K_DOUBLE_INT;
    case MPI_LONG_INT:
        return K_LONG_INT;
    case MPI_2INT:
    case MPI_2INTEGER:
        return K_2INT;
    case MPI_SHORT_INT:
        return K_SHORT_INT;
    case MPI_LONG_DOUBLE_INT:
        return K_LDOUBLE_INT;
    case MPI_2REAL:
        return K_2REAL;
    case MPI_2DOUBLE_PRECISION:
        return K_2DOUBLE;
    default:
        return K_NONE;
    }
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
int tss_op_allows(MPI_Op op, enum cls c)
{
    switch (op) {
    case MPI_MAX:
    case MPI_MIN:
        return c == C_INT || c == C_FLOAT;
    case MPI_SUM:
    case MPI_PROD:
        return c == C_INT || c == C_FLOAT || c == C_COMPLEX;
    case MPI_LAND:
    case MPI_LOR:
    case MPI_LXOR:
        return c == C_INT || c == C_LOGICAL;
    case MPI_BAND:
    case MPI_BOR:
    case MPI_BXOR:
        return c == C_INT || c == C_BYTE;
    case MPI_MINLOC:
    case MPI_MAXLOC:
        return c == C_PAIR;
    default:
        return 0;
    }
}

const char *tss_op_name(MPI_Op op)
{
    static const char *const names[] = {
        "MPI_MAX", "MPI_MIN",  "MPI_SUM",  "MPI_PROD",   "MPI_LAND",   "MPI_BAND",    "MPI_LOR",
        "MPI_BOR", "MPI_LXOR", "MPI_BXOR", "MPI_MINLOC", "MPI_MAXLOC", "MPI_REPLACE", "MPI_NO_OP"};
    unsigned i = (unsigned)op - (unsigned)MPI_MAX;

    return i < sizeof names / sizeof names[0] ? names[i] : "a user operation";
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
    case MPI_MAX: LOOP(T, a > b ? a : b) break;                                                    \
    case MPI_MIN: LOOP(T, a < b ? a : b) break;
#define CASES_LOGIC(T)                                                                             \
    case MPI_LAND: LOOP(T, a && b) break;                                                          \
    case MPI_LOR: LOOP(T, a || b) break;                                                           \
    case MPI_LXOR: LOOP(T, !a != !b) break;

#define INT_KERNEL(NAME, T, U)                                                                     \
    static void NAME(MPI_Op op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        switch (op) {                                                                              \
        CASES_ORDER(T)                                                                             \
        CASES_LOGIC(T)                                                                             \
        case MPI_SUM: LOOP(T, (U)a + (U)b) break;                                                  \
        case MPI_PROD: LOOP(T, (U)a * (U)b) break;                                                 \
        case MPI_BAND: LOOP(T, a & b) break;                                                       \
        case MPI_BOR: LOOP(T, a | b) break;                                                        \
        case MPI_BXOR: LOOP(T, a ^ b) break;                                                       \
        default: break;                                                                            \
        }                                                                                          \
    }

#define FLOAT_KERNEL(NAME, T)                                                                      \
    static void NAME(MPI_Op op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        switch (op) {                                                                              \
        CASES_ORDER(T)                                                                             \
        case MPI_SUM: LOOP(T, a + b) break;                                                        \
        case MPI_PROD: LOOP(T, a * b) break;                                                       \
        default: break;                                                                            \
        }                                                                                          \
    }

#define COMPLEX_KERNEL(NAME, T)                                                                    \
    static void NAME(MPI_Op op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        if (op == MPI_SUM)                                                                         \
            LOOP(T, a + b)                                                                         \
        else if (op == MPI_PROD)                                                                   \
            LOOP(T, a * b)                                                                         \
    }

#define LOGICAL_KERNEL(NAME, T)                                                                    \
    static void NAME(MPI_Op op, const char *in, char *io, MPI_Count n)                             \
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
    static void NAME(MPI_Op op, const char *in, char *io, MPI_Count n)                             \
    {                                                                                              \
        const MPI_Count size = (MPI_Count)(sizeof(V) + sizeof(I));                                 \
        for (MPI_Count k = 0; k < n; k++) {                                                        \
            V va, vb;                                                                              \
            I ia, ib;                                                                              \
            memcpy(&va, in + k * size, sizeof(V));                                                 \
            memcpy(&ia, in + k * size + sizeof(V), sizeof(I));                                     \
            memcpy(&vb, io + k * size, sizeof(V));                                                 \
            memcpy(&ib, io + k * size + sizeof(V), sizeof(I));                                     \
            int take = op == MPI_MINLOC ? va < vb : va > vb;                                       \
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
void tss_op_value_index_kernel(MPI_Op op, enum kind vk, enum kind ik, const char *in, char *io,
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
        if (c == (op == MPI_MINLOC ? -1 : 1) || (c == 0 && compare(ik, a + vsize, b + vsize) < 0))
            memcpy(b, a, (size_t)size);
    }
}

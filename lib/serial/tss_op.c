/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Reduction operations (MPI-4.1 section 6.9): the predefined operations on
 * the types MPI defines them for, user operations (MPI_Op_create,
 * MPI_Op_free, MPI_Op_commutative) and MPI_Reduce_local.
 *
 * A predefined operation works on the predefined datatypes MPI lists for
 * it, and on no derived datatype (MPI-4.1 section 6.9.2: "predefined
 * operators work only with the MPI types listed"; one-sided accumulates
 * are where derived datatypes of one predefined type are allowed).  Both
 * buffers are packed through libtypeshim (pair types lose their padding),
 * combined element by element, and the result is unpacked into the inout
 * buffer.  A user operation is called with the program's buffers and
 * datatype, as MPI requires.
 */
#include "typeshim_config.h"

#include <complex.h>
#include <limits.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* The element kinds operations are written for. */
enum kind {
    K_NONE,
    K_I8,
    K_U8,
    K_I16,
    K_U16,
    K_I32,
    K_U32,
    K_I64,
    K_U64,
    K_F32,
    K_F64,
    K_LD,
    K_CF,
    K_CD,
    K_CLD,
    K_BOOL,
    K_FLOG,
    K_BYTE,
    /* pairs (value, index), packed without padding */
    K_FLOAT_INT,
    K_DOUBLE_INT,
    K_LONG_INT,
    K_2INT,
    K_SHORT_INT,
    K_LDOUBLE_INT,
    K_2REAL,
    K_2DOUBLE,
    /* an unnamed pair of MPI_Type_get_value_index: its kinds are apart */
    K_VALUE_INDEX
};

enum cls { C_NONE, C_INT, C_FLOAT, C_COMPLEX, C_LOGICAL, C_BYTE, C_PAIR };

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
static enum kind kind_of_any(MPI_Datatype t, enum kind *vk, enum kind *ik)
{
    enum kind k = kind_of(t);

    if (k != K_NONE)
        return k;
    return value_index_kinds(t, vk, ik) ? K_VALUE_INDEX : f90_kind(t);
}

static enum cls class_of_kind(enum kind k)
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
static int op_allows(MPI_Op op, enum cls c)
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

static const char *op_name(MPI_Op op)
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

typedef void kernel_fn(MPI_Op op, const char *in, char *io, MPI_Count n);

/* The kernel of k and the packed size of one of its elements. */
static kernel_fn *kernel_of(enum kind k, MPI_Count *size)
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
static void value_index_kernel(MPI_Op op, enum kind vk, enum kind ik, const char *in, char *io,
                               MPI_Count n)
{
    MPI_Count vsize, isize, size;

    kernel_of(vk, &vsize);
    kernel_of(ik, &isize);
    size = vsize + isize;
    for (MPI_Count k = 0; k < n; k++) {
        const char *a = in + k * size;
        char *b = io + k * size;
        int c = compare(vk, a, b);
        if (c == (op == MPI_MINLOC ? -1 : 1) || (c == 0 && compare(ik, a + vsize, b + vsize) < 0))
            memcpy(b, a, (size_t)size);
    }
}

/* ------------------------------------------------------- user operations */

/* User operation handles: MPICH's kind bits of a direct MPI_Op
 * (0x98000000), the slot in bits 0..15, its generation in bits 16..25;
 * a freed slot rests for 1024 frees (tss_handle.c).  A persistent
 * reduction holds its operation by a slot of its own (tss_op_hold), so
 * that the program may free its handle meanwhile, as MPI_Op_free only
 * marks the operation for deallocation (MPI-4.1 section 6.9.5): a record
 * lives as long as a slot names it (refs). */
typedef struct user_op {
    MPI_User_function *fn;
    MPI_User_function_c *fn_c;
    int commute;
    int refs;
} user_op;

static tso_table ops = TSO_TABLE(TSO_OP, &tss_tso_alloc); /* tss_p2p_lock */

/* Lock held.  The user operation op names, or NULL; its slot in *idx. */
static user_op *user_at(MPI_Op op, unsigned *idx)
{
    if (tso_find(&ops, (uint32_t)op, idx) != TSO_LIVE)
        return NULL;
    return *tso_obj(&ops, *idx);
}

static user_op *user_of(MPI_Op op)
{
    unsigned idx;

    return user_at(op, &idx);
}

/* Why op names no user operation ("freed", "never made"), for messages. */
static const char *op_why(MPI_Op op)
{
    const char *why;

    tss_p2p_lock();
    why = tso_why(&ops, (uint32_t)op);
    tss_p2p_unlock();
    return why;
}

static int is_predefined(MPI_Op op)
{
    return (unsigned)op >= (unsigned)MPI_MAX && (unsigned)op <= (unsigned)MPI_NO_OP;
}

/* Lock held.  Slot idx lets its record go (freed with its last slot). */
static void op_release(unsigned idx)
{
    user_op **slot = (user_op **)tso_obj(&ops, idx), *u = *slot;

    *slot = NULL; /* no spare: another slot may still name the record */
    tso_put(&ops, idx);
    if (--u->refs == 0)
        tss_free(u);
}

void tss_op_finalize(void)
{
    for (unsigned i = 0; i < ops.fresh; i++)
        if (*tso_obj(&ops, i))
            op_release(i);
    tso_reset(&ops);
}

/* Lock held.  A slot naming u, its handle in *op; the class on failure. */
static int op_slot(user_op *u, MPI_Op *op)
{
    unsigned i;
    int rc = tso_take(&ops, &i);

    if (rc != MPI_SUCCESS)
        return rc;
    *tso_obj(&ops, i) = u;
    u->refs++;
    *op = (MPI_Op)tso_handle(&ops, i);
    return MPI_SUCCESS;
}

static const char *op_lack(int rc)
{
    return rc == MPI_ERR_NO_MEM ? "out of memory" : "every operation handle is live";
}

int tss_op_hold(const char *fn, MPI_Op op, MPI_Op *held, tss_error *e)
{
    user_op *u;
    int rc = MPI_SUCCESS;

    *held = MPI_OP_NULL;
    tss_p2p_lock();
    if ((u = user_of(op))) /* predefined, or invalid (checked at each start): none */
        rc = op_slot(u, held);
    tss_p2p_unlock();
    return rc == MPI_SUCCESS ? MPI_SUCCESS : tss_fail(e, rc, "%s: %s", fn, op_lack(rc));
}

void tss_op_unhold(MPI_Op held)
{
    unsigned idx;

    if (user_at(held, &idx))
        op_release(idx);
}

int tss_op_check(const char *fn, MPI_Op op, MPI_Datatype type, tss_error *e)
{
    enum kind vk, ik;
    int user;

    tss_p2p_lock();
    user = user_of(op) != NULL;
    tss_p2p_unlock();
    if (user)
        return MPI_SUCCESS;
    if (!is_predefined(op))
        return tss_fail(e, MPI_ERR_OP, "%s(op=0x%x): Invalid operation (%s)", fn, (unsigned)op,
                        op_why(op));
    if (op == MPI_REPLACE || op == MPI_NO_OP)
        return tss_fail(e, MPI_ERR_OP,
                        "%s(op=0x%x): MPI_REPLACE and MPI_NO_OP serve one-sided accumulates only "
                        "(MPI-4.1 section 6.9.2)",
                        fn, (unsigned)op);
    if (!op_allows(op, class_of_kind(kind_of_any(type, &vk, &ik))))
        return tss_fail(e, MPI_ERR_OP,
                        "%s(op=%s): not defined for this datatype (MPI-4.1 section 6.9.2 lists "
                        "the predefined types of each predefined operation; a derived datatype "
                        "needs a user operation, MPI_Op_create)",
                        fn, op_name(op));
    return MPI_SUCCESS;
}

int tss_op_apply(const char *fn, const void *in, void *io, MPI_Count count, MPI_Datatype type,
                 MPI_Op op, tss_error *e)
{
    MPI_Count nbytes = 0, esize, pos = 0;
    char *a = NULL, *b = NULL;
    enum kind k, vk = K_NONE, ik = K_NONE;
    kernel_fn *kernel;
    user_op u = {0}, *up;
    int rc;

    tss_p2p_lock();
    if ((up = user_of(op)))
        u = *up;
    tss_p2p_unlock();
    if (up) { /* the program's function, on its buffers */
        MPI_Datatype t = type;
        if (u.fn_c) {
            MPI_Count n = count;
            u.fn_c((void *)(uintptr_t)in, io, &n, &t);
        } else if (count > INT_MAX) {
            return tss_fail(e, MPI_ERR_COUNT,
                            "%s(count=%lld): a user operation made by MPI_Op_create takes an "
                            "int count (MPI_Op_create_c makes one that takes more)",
                            fn, (long long)count);
        } else {
            int n = (int)count;
            u.fn((void *)(uintptr_t)in, io, &n, &t);
        }
        return MPI_SUCCESS;
    }
    if ((rc = tss_op_check(fn, op, type, e)))
        return rc;
    if ((k = kind_of_any(type, &vk, &ik)) == K_VALUE_INDEX) {
        MPI_Count isize;
        kernel = NULL;
        kernel_of(vk, &esize);
        kernel_of(ik, &isize);
        esize += isize;
    } else {
        kernel = kernel_of(k, &esize);
    }
    if ((rc = tss_type_check(fn, "datatype", in, count, type, 0, &nbytes, e)))
        return rc;
    if (nbytes == 0)
        return MPI_SUCCESS;
    if (!(a = tss_malloc((size_t)nbytes)) || !(b = tss_malloc((size_t)nbytes))) {
        tss_free(a);
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory (%lld bytes)", fn, (long long)nbytes);
    }
    tss_quiet_begin();
    rc = PMPI_Pack_c(in, count, type, a, nbytes, &pos, MPI_COMM_SELF);
    pos = 0;
    if (rc == MPI_SUCCESS)
        rc = PMPI_Pack_c(io, count, type, b, nbytes, &pos, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS) {
        if (kernel)
            kernel(op, a, b, nbytes / esize);
        else
            value_index_kernel(op, vk, ik, a, b, nbytes / esize);
        rc = typeshim_unpack_segment(b, 0, nbytes, io, count, type);
    }
    tss_quiet_end();
    tss_free(a);
    tss_free(b);
    return rc == MPI_SUCCESS ? MPI_SUCCESS
                             : tss_fail(e, MPI_ERR_TYPE, "%s: the buffers could not be packed", fn);
}

static int op_create(const char *fn, MPI_User_function *f, MPI_User_function_c *fc, int commute,
                     MPI_Op *op)
{
    user_op *u;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((!f && !fc) || !op)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn,
                         op ? "user_fn" : "op");
    if (!(u = tss_malloc(sizeof(*u))))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_NO_MEM, "%s: out of memory", fn);
    u->fn = f;
    u->fn_c = fc;
    u->commute = commute != 0;
    u->refs = 0;
    tss_p2p_lock();
    rc = op_slot(u, op);
    tss_p2p_unlock();
    if (rc != MPI_SUCCESS) {
        tss_free(u);
        return tss_raise(MPI_COMM_WORLD, rc, "%s: %s", fn, op_lack(rc));
    }
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Op_create, PMPI_Op_create)
int PMPI_Op_create(MPI_User_function *user_fn, int commute, MPI_Op *op)
{
    return op_create("MPI_Op_create", user_fn, NULL, commute, op);
}

TSU_WEAK_ALIAS(MPI_Op_create_c, PMPI_Op_create_c)
int PMPI_Op_create_c(MPI_User_function_c *user_fn, int commute, MPI_Op *op)
{
    return op_create("MPI_Op_create_c", NULL, user_fn, commute, op);
}

TSU_WEAK_ALIAS(MPI_Op_free, PMPI_Op_free)
int PMPI_Op_free(MPI_Op *op)
{
    unsigned idx;
    int rc = tss_check_init("MPI_Op_free");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!op)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG, "MPI_Op_free(op=NULL): Invalid argument");
    tss_p2p_lock();
    if (!user_at(*op, &idx)) {
        const char *why = tso_why(&ops, (uint32_t)*op);

        tss_p2p_unlock();
        if (is_predefined(*op))
            return tss_raise(MPI_COMM_WORLD, MPI_ERR_OP,
                             "MPI_Op_free(op=0x%x): a predefined operation cannot be freed",
                             (unsigned)*op);
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_OP, "MPI_Op_free(op=0x%x): Invalid operation (%s)",
                         (unsigned)*op, why);
    }
    op_release(idx);
    tss_p2p_unlock();
    *op = MPI_OP_NULL;
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Op_commutative, PMPI_Op_commutative)
int PMPI_Op_commutative(MPI_Op op, int *commute)
{
    user_op *u;
    int rc = tss_check_init("MPI_Op_commutative");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!commute)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_ARG,
                         "MPI_Op_commutative(commute=NULL): Invalid argument");
    tss_p2p_lock();
    u = user_of(op);
    rc = u ? u->commute : 1;
    tss_p2p_unlock();
    if (!u && !is_predefined(op))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_OP,
                         "MPI_Op_commutative(op=0x%x): Invalid operation (%s)", (unsigned)op,
                         op_why(op));
    *commute = rc;
    return MPI_SUCCESS;
}

static int reduce_local(const char *fn, const void *in, void *io, MPI_Count count,
                        MPI_Datatype type, MPI_Op op)
{
    tss_error e = {0};
    MPI_Count bytes;
    int rc = tss_check_init(fn);

    if (rc != MPI_SUCCESS)
        return rc;
    if (count < 0)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COUNT, "%s(count=%lld): Negative count", fn,
                         (long long)count);
    if (in == MPI_IN_PLACE || io == MPI_IN_PLACE)
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_BUFFER,
                         "%s(%s=MPI_IN_PLACE): Invalid buffer (not allowed here)", fn,
                         in == MPI_IN_PLACE ? "inbuf" : "inoutbuf");
    if ((rc = tss_type_check(fn, "datatype", io, count, type, 1, &bytes, &e)) ||
        (rc = tss_op_check(fn, op, type, &e)) ||
        (count > 0 && (rc = tss_op_apply(fn, in, io, count, type, op, &e))))
        return tss_raise(MPI_COMM_WORLD, rc, "%s", e.text);
    return MPI_SUCCESS;
}

TSU_WEAK_ALIAS(MPI_Reduce_local, PMPI_Reduce_local)
int PMPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype,
                      MPI_Op op)
{
    return reduce_local("MPI_Reduce_local", inbuf, inoutbuf, count, datatype, op);
}

TSU_WEAK_ALIAS(MPI_Reduce_local_c, PMPI_Reduce_local_c)
int PMPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype,
                        MPI_Op op)
{
    return reduce_local("MPI_Reduce_local_c", inbuf, inoutbuf, count, datatype, op);
}

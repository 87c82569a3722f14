/* SPDX-License-Identifier: BSD-3-Clause */
/* xc_common.h: shared helpers of the cross-check programs.
 *
 * Every xc_<area>.c program is built twice from the same source, against
 * MPICH and against typeshim, and xcheck.sh compares the two outputs line
 * by line.  Everything here uses the standard MPI API only, and prints one
 * comparison per line as "<key> = <value>".  Never print addresses or raw
 * handle values of derived types: only values both implementations must
 * agree on.
 */
#ifndef XC_COMMON_H
#define XC_COMMON_H

#include <mpi.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The same source is built against MPICH 4, typeshim and Open MPI 4.1 (an
 * MPI-3.1 library).  What the library under test offers:
 * - XC_MPI4: what MPI-4.0 added (the large-count _c forms, persistent
 *   collectives, MPI_Isendrecv, MPI_Info_get_string, ...);
 * - XC_MPICH: MPICH's extensions (the MPIX_ types);
 * - XC_ROBUST: bad handles and NULL pointers refused (below).
 * A section left out prints none of its keys; xcheck.sh names the keys
 * only one side printed, and intended-ompi.txt says why each is absent.
 * MPI-1's functions and markers, which MPI-3.0 removed, are tested in
 * every build (for Open MPI, below). */
#define XC_MPI4 (MPI_VERSION >= 4)
/* XC_ROBUST: the MPI refuses a handle that names no object and a NULL
 * pointer argument with an error class (MPICH's integer handles, and
 * typeshim on them); Open MPI 4.1 dereferences them and crashes, so
 * those calls are left out of its build. */
#ifdef OPEN_MPI
#define XC_ROBUST 0
#else
#define XC_ROBUST 1
#endif
#ifdef MPICH
#define XC_MPICH 1
#else
#define XC_MPICH 0
#endif

#include "../mpi1_compat.h"

/* The status's byte count, as MPICH's layout spells it (count_lo, and
 * count_hi_and_cancelled: 31 bits of count and the cancelled flag), which
 * typeshim shares.  Elsewhere the same two numbers are read from the
 * count (Open MPI keeps a size_t _ucount and a _cancelled flag apart). */
#if XC_MPICH
#define XC_STATUS_LO(s) ((s).count_lo)
#define XC_STATUS_HI(s) ((s).count_hi_and_cancelled)
#elif defined(OPEN_MPI)
#define XC_STATUS_LO(s) ((int)(unsigned)((s)._ucount & 0xffffffffu))
#define XC_STATUS_HI(s) ((int)((((s)._ucount >> 32) & 0x7fffffffu) << 1 | ((s)._cancelled != 0)))
#endif

#define XC_NELEM(a) ((int)(sizeof(a) / sizeof((a)[0])))
#define XC_KEYLEN   512

/* Every predefined datatype handle of MPICH's mpi.h (MPI_DATATYPE_NULL
 * excluded), in mpi.h order.  Aliases (MPI_LONG_LONG, MPI_C_COMPLEX) are
 * not listed: they are the same handles. */
#if XC_MPI4
#define XC_IF_MPI4(...) __VA_ARGS__
#else
#define XC_IF_MPI4(...)
#endif
#if XC_MPICH
#define XC_IF_MPICH(...) __VA_ARGS__
#else
#define XC_IF_MPICH(...)
#endif

// clang-format off
#define XC_PREDEFINED(X) \
    X(MPI_CHAR) \
    X(MPI_SIGNED_CHAR) \
    X(MPI_UNSIGNED_CHAR) \
    X(MPI_BYTE) \
    X(MPI_WCHAR) \
    X(MPI_SHORT) \
    X(MPI_UNSIGNED_SHORT) \
    X(MPI_INT) \
    X(MPI_LONG) \
    X(MPI_UNSIGNED_LONG) \
    X(MPI_FLOAT) \
    X(MPI_DOUBLE) \
    X(MPI_LONG_DOUBLE) \
    X(MPI_LONG_LONG_INT) \
    X(MPI_UNSIGNED_LONG_LONG) \
    X(MPI_PACKED) \
    X(MPI_UB) \
    X(MPI_FLOAT_INT) \
    X(MPI_DOUBLE_INT) \
    X(MPI_LONG_INT) \
    X(MPI_SHORT_INT) \
    X(MPI_2INT) \
    X(MPI_LONG_DOUBLE_INT) \
    X(MPI_COMPLEX) \
    X(MPI_DOUBLE_COMPLEX) \
    X(MPI_LOGICAL) \
    X(MPI_REAL) \
    X(MPI_DOUBLE_PRECISION) \
    X(MPI_INTEGER) \
    X(MPI_2INTEGER) \
    X(MPI_2REAL) \
    X(MPI_2DOUBLE_PRECISION) \
    X(MPI_CHARACTER) \
    X(MPI_REAL4) \
    X(MPI_REAL8) \
    X(MPI_REAL16) \
    X(MPI_COMPLEX8) \
    X(MPI_COMPLEX16) \
    X(MPI_COMPLEX32) \
    X(MPI_INTEGER1) \
    X(MPI_INTEGER2) \
    X(MPI_INTEGER4) \
    X(MPI_INTEGER8) \
    X(MPI_INT8_T) \
    X(MPI_INT16_T) \
    X(MPI_INT32_T) \
    X(MPI_INT64_T) \
    X(MPI_UINT8_T) \
    X(MPI_UINT16_T) \
    X(MPI_UINT32_T) \
    X(MPI_UINT64_T) \
    X(MPI_C_BOOL) \
    X(MPI_C_FLOAT_COMPLEX) \
    X(MPI_C_DOUBLE_COMPLEX) \
    X(MPI_C_LONG_DOUBLE_COMPLEX) \
    XC_IF_MPICH(X(MPIX_C_FLOAT16)) \
    X(MPI_AINT) \
    X(MPI_OFFSET) \
    X(MPI_COUNT) \
    X(MPI_CXX_BOOL) \
    X(MPI_CXX_FLOAT_COMPLEX) \
    X(MPI_CXX_DOUBLE_COMPLEX) \
    X(MPI_CXX_LONG_DOUBLE_COMPLEX)
// clang-format on

struct xc_named {
    const char *name;
    MPI_Datatype type;
};

#define XC_NAMED_ENTRY(t) {#t, t},
static const struct xc_named xc_named_types[]
    __attribute__((unused)) = {XC_PREDEFINED(XC_NAMED_ENTRY)};

/* The macro name of a predefined handle, or NULL. */
const char *xc_predef_name(MPI_Datatype t);

const char *xc_combiner_name(int c);

// clang-format off
#define XC_ERRCLASSES(X) \
    X(MPI_SUCCESS) \
    X(MPI_ERR_BUFFER) \
    X(MPI_ERR_COUNT) \
    X(MPI_ERR_TYPE) \
    X(MPI_ERR_TAG) \
    X(MPI_ERR_COMM) \
    X(MPI_ERR_RANK) \
    X(MPI_ERR_ROOT) \
    X(MPI_ERR_TRUNCATE) \
    X(MPI_ERR_GROUP) \
    X(MPI_ERR_OP) \
    X(MPI_ERR_REQUEST) \
    X(MPI_ERR_TOPOLOGY) \
    X(MPI_ERR_DIMS) \
    X(MPI_ERR_ARG) \
    X(MPI_ERR_OTHER) \
    X(MPI_ERR_UNKNOWN) \
    X(MPI_ERR_INTERN) \
    X(MPI_ERR_IN_STATUS) \
    X(MPI_ERR_PENDING) \
    X(MPI_ERR_INFO) \
    X(MPI_ERR_INFO_KEY) \
    X(MPI_ERR_INFO_VALUE) \
    X(MPI_ERR_INFO_NOKEY) \
    X(MPI_ERR_NAME) \
    X(MPI_ERR_NO_MEM) \
    X(MPI_ERR_NOT_SAME) \
    X(MPI_ERR_UNSUPPORTED_OPERATION) \
    X(MPI_ERR_BASE) \
    X(MPI_ERR_KEYVAL) \
    X(MPI_ERR_SIZE) \
    X(MPI_ERR_DISP) \
    XC_IF_MPI4(X(MPI_ERR_VALUE_TOO_LARGE))
// clang-format on

/* "ok" for MPI_SUCCESS, else the name of the error CLASS of rc (never the
 * raw code: codes legitimately differ between implementations). */
const char *xc_rc(int rc);

/* ------------------------------------------------------------ printing */

void xc_kv(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void xc_kv(const char *key, const char *fmt, ...);

/* Build "prefix.suffix" into a caller buffer. */
const char *xc_key(char *buf, const char *prefix, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
const char *xc_key(char *buf, const char *prefix, const char *fmt, ...);

/* Print a return code under key "<prefix><suffix>". */
void xc_rc_kv(const char *prefix, const char *suffix, int rc);

/* A rank (or rank-like attribute value) as it may be printed: MPI_PROC_NULL,
 * MPI_ANY_SOURCE, MPI_ROOT and MPI_UNDEFINED by name, since their values
 * are the ABI's (MPICH's MPI_PROC_NULL is -1, Open MPI's -2), else the
 * number. */
const char *xc_rank(int r);

/* A datatype value as it may be printed: the predefined name, or "derived". */
const char *xc_tname(MPI_Datatype t);

/* ------------------------------------------------------ type queries */

void xc_decode(const char *prefix, MPI_Datatype t, int depth);

int xc_is_named_like(int combiner);

/* Sizes, bounds, true bounds, name, envelope of t, in all API forms. */
void xc_bounds(const char *p, MPI_Datatype t);

void xc_name(const char *p, MPI_Datatype t);

/* Envelope (int and _c forms); returns the combiner or -1. */
int xc_envelope(const char *p, MPI_Datatype t);

/* Print a list of values: "[1,2,3]" into buf. */
void xc_fmt_ll(char *buf, size_t len, const long long *v, long long n);

/* The integers of get_contents as "[1,2,ORDER_C]": the constants a
 * subarray or darray records (order, distributions, MPI_DISTRIBUTE_DFLT_DARG)
 * by name, since their values are the ABI's.  large: the layout of a type
 * made by a _c constructor (its sizes among the counts). */
void xc_fmt_ints(char *buf, size_t len, int comb, const int *ints, long long n, int large);

/* Full get_contents decode: the int form (when the envelope allows it) and
 * the _c form; recursive on each returned derived type, which is freed. */
void xc_decode(const char *p, MPI_Datatype t, int depth);

/* Everything about t under the key prefix p. */
void xc_show(const char *p, MPI_Datatype t);

/* Size, bounds and true bounds of t, in the widest form the MPI has. */
void xc_measure(MPI_Datatype t, MPI_Count *size, MPI_Count *lb, MPI_Count *extent,
                MPI_Count *true_lb, MPI_Count *true_extent);

/* FNV-1a over n bytes: the packed images are compared by hash. */
unsigned long long xc_hash(const unsigned char *b, long long n);

/* Packs `count` elements of a committed type from a patterned buffer and
 * unpacks them into a poisoned one; prints the hashes of the packed bytes
 * and of the whole unpacked buffer (its gaps must keep the poison). */
void xc_pack(const char *p, MPI_Datatype t, int count);

/* The usual end of a constructor test: print the constructor's return code;
 * if it succeeded, show the type, commit it, check the bounds did not change
 * with the commit, and free it. */
void xc_done(const char *p, int rc, MPI_Datatype *t);

void xc_init(int *argc, char ***argv);

int xc_finalize(void);

#endif /* XC_COMMON_H */

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_args_gen.h: the argument generators of test/fuzz/fuzz_args.c.
 *
 * The input is read front to back; an exhausted input reads as zeros.
 * Every generator takes what it needs from it and returns one argument:
 * a live handle of the pools, a freed one, a predefined handle of the right
 * or the wrong kind, a null handle, a garbage integer; counts near 0,
 * INT_MAX, 2^31, 2^32 and 2^63; ranks and tags in and out of range.  The
 * pools are small and bounded; what an input made is freed when it ends
 * (fuzz_args.c, cleanup).  Included once, by fuzz_args.c.
 *
 * Generators are called one per statement (never two in one expression):
 * C leaves the order of a call's arguments open, and an input must mean
 * the same calls under gcc (the replay driver) and clang (libFuzzer).
 */
#ifndef FUZZ_ARGS_GEN_H
#define FUZZ_ARGS_GEN_H

#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include <mpi.h>

static const uint8_t *in_p;
static size_t in_n;
static size_t in_read; /* bytes read, past the end included (the trace) */

static unsigned u8(void)
{
    in_read++;
    if (!in_n)
        return 0;
    in_n--;
    return *in_p++;
}

static uint32_t u32(void)
{
    uint32_t v = 0;

    for (int i = 0; i < 4; i++)
        v = v << 8 | u8();
    return v;
}

static uint64_t u64(void)
{
    uint64_t hi = u32();

    return hi << 32 | u32();
}

static int pick(int n)
{
    return (int)(u8() % (unsigned)n);
}

/* ---- scratch memory of one call, freed after it --------------------- */

#define NSCRATCH 16
static void *scratch[NSCRATCH];
static int nscratch;

/* n bytes, exactly (ASan sees a write past them); NULL when n is 0 */
static void *S(size_t n)
{
    void *p;

    if (!n || nscratch == NSCRATCH)
        return NULL;
    if (!(p = calloc(1, n)))
        abort();
    scratch[nscratch++] = p;
    return p;
}

static void scratch_reset(void)
{
    while (nscratch)
        free(scratch[--nscratch]);
}

/* A nonblocking or persistent call may read its arrays (counts,
 * displacements, types) until its request is freed (MPI-4.1 sections
 * 6.12 and 6.13): their scratch then lives until the input ends, after
 * its requests are. */
#define NKEPT (64 * NSCRATCH)
static void *kept[NKEPT];
static int nkept;

static void scratch_keep(void)
{
    while (nscratch && nkept < NKEPT)
        kept[nkept++] = scratch[--nscratch];
}

static void kept_free(void)
{
    while (nkept)
        free(kept[--nkept]);
}

/* ---- integers ------------------------------------------------------- */

static int ci(void) /* an int count, size, index or length */
{
    static const int v[] = {0,       1,  2,  3,       4,       7,           8,
                            16,      -1, -2, INT_MAX, INT_MIN, INT_MAX - 1, INT_MAX / 2 + 1,
                            1 << 20, 100};
    unsigned k = u8();

    if (k < 160)
        return v[k % (sizeof(v) / sizeof(v[0]))];
    if (k < 240)
        return (int)(k - 200);
    return (int)u32();
}

static MPI_Count cc(void) /* an MPI_Count or MPI_Aint */
{
    static const MPI_Count v[] = {0,
                                  1,
                                  2,
                                  3,
                                  8,
                                  16,
                                  -1,
                                  -8,
                                  INT_MAX,
                                  (MPI_Count)INT_MAX + 1,
                                  (MPI_Count)1 << 32,
                                  INT64_MAX,
                                  INT64_MIN,
                                  INT64_MAX - 7,
                                  (MPI_Count)1 << 62,
                                  -((MPI_Count)1 << 31)};
    unsigned k = u8();

    if (k < 160)
        return v[k % (sizeof(v) / sizeof(v[0]))];
    if (k < 240)
        return (MPI_Count)k - 200;
    return (MPI_Count)u64();
}

#define CNT(CT) ((CT)(sizeof(CT) == sizeof(int) ? (MPI_Count)ci() : cc()))

static int rk(void) /* a rank */
{
    static const int v[] = {0, 0, 0, MPI_PROC_NULL, MPI_ANY_SOURCE, 1, -7, INT_MAX, MPI_ROOT};

    return v[pick(sizeof(v) / sizeof(v[0]))];
}

static int tg(void) /* a tag */
{
    static const int v[] = {0, 0, 1, 2, MPI_ANY_TAG, -5, 268435455, 268435456, INT_MAX, 7};

    return v[pick(sizeof(v) / sizeof(v[0]))];
}

/* a NUL-terminated string of the input, up to 300 bytes (longer than
 * MPI_MAX_OBJECT_NAME and MPI_MAX_INFO_KEY), or NULL */
static char *str(void)
{
    unsigned k = u8();
    size_t n = k < 200 ? k % 12 : k - 200 + (k >= 250 ? 250 : 0);
    char *s;

    if (k == 255)
        return NULL;
    if (!(s = S(n + 1)))
        return NULL;
    for (size_t i = 0; i < n; i++)
        s[i] = (char)(u8() % 4 ? 'a' + u8() % 4 : ' ' + u8() % 64);
    return s;
}

/* ---- pools of live handles ------------------------------------------ */

#define NPOOL 6
#define NDEAD 4

/* One pool per kind: live handles the input made, the last handles it
 * freed, the predefined handles of the kind. */
#define POOL(K, H, NULLH)                                                                          \
    static H K##_pool[NPOOL];                                                                      \
    static H K##_dead[NDEAD];                                                                      \
    static unsigned K##_ndead;                                                                     \
    static __attribute__((unused)) void K##_died(H h)                                              \
    {                                                                                              \
        K##_dead[K##_ndead++ % NDEAD] = h;                                                         \
    }                                                                                              \
    static void K##_pool_init(void)                                                                \
    {                                                                                              \
        for (int i = 0; i < NPOOL; i++)                                                            \
            K##_pool[i] = NULLH;                                                                   \
        for (int i = 0; i < NDEAD; i++)                                                            \
            K##_dead[i] = NULLH;                                                                   \
    }

POOL(type, MPI_Datatype, MPI_DATATYPE_NULL)
POOL(comm, MPI_Comm, MPI_COMM_NULL)
POOL(grp, MPI_Group, MPI_GROUP_NULL)
POOL(op, MPI_Op, MPI_OP_NULL)
POOL(info, MPI_Info, MPI_INFO_NULL)
POOL(req, MPI_Request, MPI_REQUEST_NULL)
POOL(eh, MPI_Errhandler, MPI_ERRHANDLER_NULL)
POOL(msg, MPI_Message, MPI_MESSAGE_NULL)
POOL(tkv, int, MPI_KEYVAL_INVALID)
POOL(ckv, int, MPI_KEYVAL_INVALID)
POOL(win, MPI_Win, MPI_WIN_NULL)
POOL(wkv, int, MPI_KEYVAL_INVALID)
POOL(file, MPI_File, MPI_FILE_NULL)
POOL(ses, MPI_Session, MPI_SESSION_NULL)

/* predefined handles of every kind, for the "wrong kind" case (MPICH's
 * handles are ints; a communicator passed as a datatype and so on) */
static int wrong_kind(void)
{
    const int v[] = {(int)MPI_COMM_WORLD,
                     (int)MPI_COMM_SELF,
                     (int)MPI_SUM,
                     (int)MPI_INFO_ENV,
                     (int)MPI_GROUP_EMPTY,
                     (int)MPI_ERRORS_RETURN,
                     (int)MPI_INT,
                     (int)MPI_MAXLOC,
                     (int)MPI_REQUEST_NULL,
                     (int)MPI_MESSAGE_NO_PROC,
                     (int)MPI_WIN_NULL,
                     (int)MPI_OP_NULL,
                     (int)MPI_INFO_NULL,
                     0,
                     -1};

    return v[pick(sizeof(v) / sizeof(v[0]))];
}

/* The common shape of a handle generator: 0..5 a pool slot (its handle,
 * maybe null), 6 a freed handle, 7 the null handle, 8 the wrong kind,
 * 9 a garbage integer, above a predefined one of the kind. */
#define GEN(K, H, NULLH, PREDEF...)                                                                \
    static H K##_gen(void)                                                                         \
    {                                                                                              \
        static const H predef[] = {PREDEF};                                                        \
        unsigned k = u8() % 16;                                                                    \
        if (k < NPOOL)                                                                             \
            return K##_pool[k];                                                                    \
        switch (k) {                                                                               \
        case 6:                                                                                    \
            return K##_dead[u8() % NDEAD];                                                         \
        case 7:                                                                                    \
            return NULLH;                                                                          \
        case 8:                                                                                    \
            return (H)(uintptr_t)wrong_kind();                                                     \
        case 9:                                                                                    \
            return (H)(uintptr_t)u32();                                                            \
        default:                                                                                   \
            return predef[u8() % (sizeof(predef) / sizeof(predef[0]))];                            \
        }                                                                                          \
    }                                                                                              \
    /* a pointer to a pool slot, or to a copy of what K##_gen gives */                             \
    static H *K##_ref(void)                                                                        \
    {                                                                                              \
        static H tmp[4];                                                                           \
        static unsigned ntmp;                                                                      \
        unsigned k = u8();                                                                         \
        H *t;                                                                                      \
        if (k < 128)                                                                               \
            return &K##_pool[k % NPOOL];                                                           \
        t = &tmp[ntmp++ % 4];                                                                      \
        *t = K##_gen();                                                                            \
        return t;                                                                                  \
    }

#define TYPE_PREDEF                                                                                \
    MPI_INT, MPI_DOUBLE, MPI_BYTE, MPI_CHAR, MPI_PACKED, MPI_LB, MPI_UB, MPI_2INT, MPI_FLOAT_INT,  \
        MPI_LONG_DOUBLE_INT, MPI_SHORT_INT, MPI_C_LONG_DOUBLE_COMPLEX, MPI_CXX_BOOL, MPI_AINT,     \
        MPI_COUNT, MPI_OFFSET, MPI_INT8_T, MPI_UINT64_T, MPI_LONG_DOUBLE, MPI_C_BOOL, MPI_WCHAR,   \
        MPI_REAL16, MPI_2DOUBLE_PRECISION, MPI_INTEGER, MPI_COMPLEX
GEN(type, MPI_Datatype, MPI_DATATYPE_NULL, TYPE_PREDEF)
/* Attributes set on these outlive the input (and its keyvals, which
 * stay alive while an attribute uses them) unless cleanup deletes them:
 * a later input would depend on an earlier one. */
static const MPI_Datatype type_predefs[] = {TYPE_PREDEF};
GEN(comm, MPI_Comm, MPI_COMM_NULL, MPI_COMM_WORLD, MPI_COMM_SELF)
GEN(grp, MPI_Group, MPI_GROUP_NULL, MPI_GROUP_EMPTY)
GEN(op, MPI_Op, MPI_OP_NULL, MPI_SUM, MPI_MAX, MPI_MAXLOC, MPI_BAND, MPI_REPLACE, MPI_NO_OP,
    MPI_LXOR, MPI_PROD)
GEN(info, MPI_Info, MPI_INFO_NULL, MPI_INFO_ENV)
GEN(req, MPI_Request, MPI_REQUEST_NULL, MPI_REQUEST_NULL)
GEN(msg, MPI_Message, MPI_MESSAGE_NULL, MPI_MESSAGE_NO_PROC)
GEN(tkv, int, MPI_KEYVAL_INVALID, MPI_TAG_UB, MPI_KEYVAL_INVALID)
GEN(ckv, int, MPI_KEYVAL_INVALID, MPI_TAG_UB, MPI_WTIME_IS_GLOBAL, MPI_APPNUM, MPI_UNIVERSE_SIZE,
    MPI_LASTUSEDCODE, MPI_IO, MPI_HOST)
GEN(win, MPI_Win, MPI_WIN_NULL, MPI_WIN_NULL)
GEN(wkv, int, MPI_KEYVAL_INVALID, MPI_WIN_BASE, MPI_WIN_SIZE, MPI_WIN_DISP_UNIT,
    MPI_WIN_CREATE_FLAVOR, MPI_WIN_MODEL, MPI_TAG_UB)
/* files: forged ones are words, never dereferenced (both ABIs) */
GEN(file, MPI_File, MPI_FILE_NULL, MPI_FILE_NULL)
GEN(ses, MPI_Session, MPI_SESSION_NULL, MPI_SESSION_NULL)

/* Error handlers: never MPI_ERRORS_ARE_FATAL nor MPI_ERRORS_ABORT, which
 * would end the process on the next error by the program's choice. */
static MPI_Errhandler eh_gen(void)
{
    unsigned k = u8() % 10;
    MPI_Errhandler h;

    if (k < NPOOL)
        h = eh_pool[k];
    else if (k == 6)
        h = eh_dead[u8() % NDEAD];
    else if (k == 7)
        h = MPI_ERRHANDLER_NULL;
    else if (k == 8)
        h = (MPI_Errhandler)u32();
    else
        h = MPI_ERRORS_RETURN;
    if (h == MPI_ERRORS_ARE_FATAL || h == MPI_ERRORS_ABORT)
        h = MPI_ERRORS_RETURN;
    return h;
}

#define T_ty   type_gen()
#define T_cm   comm_gen()
#define T_grp  grp_gen()
#define T_op   op_gen()
#define T_info info_gen()
#define T_req  req_gen()
#define T_win  win_gen()
#define T_file file_gen()
#define T_ses  ses_gen()

/* an output pointer: p, or NULL now and then */
#define OUT(p) (u8() % 16 == 15 ? NULL : (p))

#endif

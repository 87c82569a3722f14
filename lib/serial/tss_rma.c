/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * One-sided operations on one process (MPI-4.1 section 12.3): MPI_Put,
 * MPI_Get, MPI_Accumulate, MPI_Get_accumulate, MPI_Fetch_and_op,
 * MPI_Compare_and_swap, the request forms MPI_Rput, MPI_Rget,
 * MPI_Raccumulate, MPI_Rget_accumulate, and the large-count forms.
 *
 * The target is the process itself (rank 0; MPI_PROC_NULL does nothing
 * once the arguments and the epoch are checked), so an operation moves
 * its data when it is called: the origin side packed through libtypeshim,
 * then unpacked into the target buffer the target datatype describes at
 * the window's base plus target_disp x disp_unit (an address, on a
 * dynamic window), or the other way for a get.  The packed stream goes
 * through a buffer of its own, so origin and target may overlap.  An
 * accumulate combines the packed elements of the two sides with the
 * predefined operation's kernel (tss_op.c) and unpacks the result.  The
 * memory moves under tss_win_mutex: accumulates from several threads are
 * atomic per element, as MPI-4.1 section 12.7.1 requires.
 *
 * Checked first, as layered mode checks them over MPICH: datatypes valid
 * and committed, a target type that writes no byte twice, the origin's
 * type signature equal to the target's (and the result's, for the fetching
 * forms), the target buffer inside the window, an epoch open (request
 * forms: a passive target one), an operation predefined and defined for
 * the one predefined type both sides are made of.  A refused operation
 * moves nothing.
 */
#include "typeshim_config.h"

#include <pthread.h>
#include <stdint.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"
#include "tss_win_priv.h"

enum rma_kind { RMA_PUT, RMA_GET, RMA_ACC, RMA_GACC, RMA_FOP, RMA_CAS };

/* One side of an operation: buffer, count, datatype, and its packed
 * size once checked. */
typedef struct side {
    const char *arg; /* the datatype's argument, for messages */
    const void *buf;
    MPI_Count count;
    MPI_Datatype type;
    MPI_Count bytes;
} side;

/* An operation as its call gave it. */
typedef struct rma {
    const char *fn;
    enum rma_kind kind;
    side origin, result, target; /* result: the fetching forms' */
    const void *compare;         /* MPI_Compare_and_swap's */
    int rank;
    MPI_Aint disp;
    MPI_Op op;
    MPI_Win win;
    MPI_Request *request; /* the request forms' */
    int request_form;
} rma;

static int fetching(const rma *a)
{
    return a->kind == RMA_GACC || a->kind == RMA_FOP || a->kind == RMA_CAS;
}

/* Whether the origin's data is read: not under MPI_NO_OP, nor by a get. */
static int reads_origin(const rma *a)
{
    return a->kind != RMA_GET &&
           !((a->kind == RMA_GACC || a->kind == RMA_FOP) && a->op == MPI_NO_OP);
}

/* Whether the target is written. */
static int writes_target(const rma *a)
{
    return a->kind != RMA_GET && reads_origin(a);
}

/* The checks that need no lock: counts, rank, datatypes, signatures, the
 * operation; e filled on failure. */
static int check_args(rma *a, MPI_Datatype *basic, tss_error *e)
{
    side *sides[3] = {&a->origin, &a->target, &a->result};
    int rc;

    if (a->request_form && !a->request)
        return tss_fail(e, MPI_ERR_ARG, "%s(request=NULL): Invalid argument", a->fn);
    for (int i = 0; i < 3; i++)
        if (sides[i]->count < 0)
            return tss_fail(e, MPI_ERR_COUNT, "%s(%.*scount=%lld): Negative count", a->fn,
                            (int)(strlen(sides[i]->arg) - 8), sides[i]->arg,
                            (long long)sides[i]->count);
    if ((rc = tss_win_rank(a->fn, "target_rank", a->rank, e)) != MPI_SUCCESS)
        return rc;
    /* a side written must not write a byte twice (MPI-4.1 section 12.3) */
    if ((reads_origin(a) &&
         (rc = tss_type_check(a->fn, a->origin.arg, a->origin.buf, a->origin.count, a->origin.type,
                              TSS_SIDE_SEND, &a->origin.bytes, e))) ||
        (a->kind == RMA_GET &&
         (rc = tss_type_check(a->fn, a->origin.arg, a->origin.buf, a->origin.count, a->origin.type,
                              TSS_SIDE_RECV, &a->origin.bytes, e))) ||
        (fetching(a) &&
         (rc = tss_type_check(a->fn, a->result.arg, a->result.buf, a->result.count, a->result.type,
                              TSS_SIDE_RECV, &a->result.bytes, e))) ||
        (rc =
             tss_type_check(a->fn, a->target.arg, NULL, a->target.count, a->target.type,
                            writes_target(a) ? TSS_SIDE_RECV : TSS_SIDE_SEND, &a->target.bytes, e)))
        return rc;
    /* the origin's signature is the target's (MPI-4.1 section 12.3.1), as
     * is the result's */
    if (((reads_origin(a) || a->kind == RMA_GET) &&
         (rc = tss_sig_check(a->fn, a->fn,
                             "the origin and target datatypes must have equal type signatures "
                             "(MPI-4.1 section 12.3)",
                             a->origin.count, a->origin.type, a->target.count, a->target.type,
                             TYPESHIM_MATCH_EQUAL, e))) ||
        (fetching(a) &&
         (rc = tss_sig_check(a->fn, a->fn,
                             "the result and target datatypes must have equal type signatures "
                             "(MPI-4.1 section 12.3.4)",
                             a->result.count, a->result.type, a->target.count, a->target.type,
                             TYPESHIM_MATCH_EQUAL, e))))
        return rc;
    if (a->kind == RMA_PUT || a->kind == RMA_GET)
        return MPI_SUCCESS;
    /* accumulates: one predefined type on every side, and an operation
     * defined for it */
    if ((rc = tss_type_basic(a->fn, a->target.arg, a->target.count, a->target.type, a->target.bytes,
                             basic, e)))
        return rc;
    if ((a->kind == RMA_FOP || a->kind == RMA_CAS) && *basic != a->target.type)
        return tss_fail(e, MPI_ERR_TYPE,
                        "%s(datatype): a predefined datatype is needed (MPI-4.1 section 12.3.4)",
                        a->fn);
    if (a->kind == RMA_CAS)
        return MPI_SUCCESS;
    return tss_op_rma_check(a->fn, a->op, *basic, fetching(a), e);
}

/* Packs (buf, count, type) into out (bytes). */
static int pack(const void *buf, MPI_Count count, MPI_Datatype type, MPI_Count bytes, void *out)
{
    return typeshim_pack_segment(buf, count, type, 0, bytes, out);
}

static int unpack(const void *in, MPI_Count bytes, void *buf, MPI_Count count, MPI_Datatype type)
{
    return typeshim_unpack_segment(in, 0, bytes, buf, count, type);
}

/* tss_win_mutex held.  Moves a's data with the target buffer at t,
 * through tmp (scratch(a) bytes). */
static int move(const rma *a, MPI_Datatype basic, char *t, char *tmp)
{
    MPI_Count n = a->target.bytes;
    /* old exists beside in for the accumulates, cmp for the fetching
     * forms only (scratch) */
    char *in = tmp, *old = tmp + n,
         *cmp = a->kind == RMA_PUT || a->kind == RMA_GET || a->kind == RMA_ACC ? NULL : tmp + 2 * n;
    int rc = MPI_SUCCESS;

    tss_quiet_begin();
    switch (a->kind) {
    case RMA_PUT:
        if ((rc = pack(a->origin.buf, a->origin.count, a->origin.type, n, in)) == MPI_SUCCESS)
            rc = unpack(in, n, t, a->target.count, a->target.type);
        break;
    case RMA_GET:
        if ((rc = pack(t, a->target.count, a->target.type, n, in)) == MPI_SUCCESS)
            rc = unpack(in, n, (void *)(uintptr_t)a->origin.buf, a->origin.count, a->origin.type);
        break;
    case RMA_ACC:
    case RMA_GACC:
    case RMA_FOP:
        /* old: the target's elements before; in: the origin's, combined
         * into old (in op old), which goes back to the target; a fetching
         * form combines into a copy (cmp), old going to the result */
        if ((rc = pack(t, a->target.count, a->target.type, n, old)) != MPI_SUCCESS)
            break;
        if (reads_origin(a)) {
            char *io = a->kind == RMA_ACC ? old : cmp;
            if ((rc = pack(a->origin.buf, a->origin.count, a->origin.type, n, in)) != MPI_SUCCESS)
                break;
            if (io != old)
                memcpy(io, old, (size_t)n);
            tss_op_rma_apply(a->op, basic, in, io, n);
            if ((rc = unpack(io, n, t, a->target.count, a->target.type)) != MPI_SUCCESS)
                break;
        }
        if (a->kind != RMA_ACC)
            rc = unpack(old, n, a->result.buf ? (void *)(uintptr_t)a->result.buf : NULL,
                        a->result.count, a->result.type);
        break;
    case RMA_CAS:
        /* one element: the target replaced when it equals compare, bit
         * for bit (MPI-4.1 section 12.3.4 allows integer, logical and
         * byte types only, where that is equality) */
        if ((rc = pack(t, 1, a->target.type, n, old)) == MPI_SUCCESS &&
            (rc = pack(a->compare, 1, a->target.type, n, cmp)) == MPI_SUCCESS &&
            memcmp(old, cmp, (size_t)n) == 0 &&
            (rc = pack(a->origin.buf, 1, a->origin.type, n, in)) == MPI_SUCCESS)
            rc = unpack(in, n, t, 1, a->target.type);
        if (rc == MPI_SUCCESS)
            rc = unpack(old, n, (void *)(uintptr_t)a->result.buf, 1, a->result.type);
        break;
    }
    tss_quiet_end();
    return rc;
}

/* Whether basic may be compared and swapped: an integer, logical or byte
 * type (MPI-4.1 section 12.3.4). */
static int swappable(MPI_Datatype t)
{
    /* C integer, Fortran integer, logical, multi-language and byte types;
     * MPI_CHAR too, as MPICH (and this runtime's reductions) take it */
    static const MPI_Datatype ok[] = {
        MPI_INT,      MPI_LONG,          MPI_SHORT,         MPI_UNSIGNED_SHORT,
        MPI_UNSIGNED, MPI_UNSIGNED_LONG, MPI_LONG_LONG_INT, MPI_UNSIGNED_LONG_LONG,
        MPI_INT8_T,   MPI_INT16_T,       MPI_INT32_T,       MPI_INT64_T,
        MPI_UINT8_T,  MPI_UINT16_T,      MPI_UINT32_T,      MPI_UINT64_T,
        MPI_AINT,     MPI_OFFSET,        MPI_COUNT,         MPI_C_BOOL,
        MPI_INTEGER,  MPI_INTEGER1,      MPI_INTEGER2,      MPI_INTEGER4,
        MPI_INTEGER8, MPI_INTEGER16,     MPI_LOGICAL,       MPI_BYTE,
        MPI_CHAR,     MPI_SIGNED_CHAR,   MPI_UNSIGNED_CHAR, MPI_CXX_BOOL,
    };

    for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
        if (t == ok[i] && t != MPI_DATATYPE_NULL)
            return 1;
    return 0;
}

/* The bytes of scratch a's move needs: the packed stream once for a put
 * or get, the target's old elements beside it for an accumulate, and a
 * third for the fetching forms (the result keeps the old elements).  0
 * when that passes size_t. */
static size_t scratch(const rma *a)
{
    size_t n, copies = a->kind == RMA_PUT || a->kind == RMA_GET ? 1 : a->kind == RMA_ACC ? 2 : 3;

    if ((uint64_t)a->target.bytes > SIZE_MAX ||
        __builtin_mul_overflow((size_t)a->target.bytes, copies, &n))
        return 0;
    return n;
}

static int rma_run(rma *a)
{
    MPI_Datatype basic = MPI_DATATYPE_NULL;
    tss_win_rec *w;
    tss_error e;
    char *tmp = NULL, *t = NULL;
    size_t size = 0;
    int rc = tss_win_check(a->fn, a->win, &w);

    if (rc != MPI_SUCCESS)
        return rc;
    if ((rc = check_args(a, &basic, &e)) != MPI_SUCCESS)
        return tss_raise_win(a->win, rc, "%s", e.text);
    if (a->kind == RMA_CAS && !swappable(basic))
        return tss_raise_win(a->win, MPI_ERR_TYPE,
                             "%s(datatype): MPI_Compare_and_swap takes an integer, logical or "
                             "byte type (MPI-4.1 section 12.3.4)",
                             a->fn);
    /* MPI_PROC_NULL: nothing to move, and no epoch needed (a program
     * may lock MPI_PROC_NULL, which opens none) */
    if (a->rank == MPI_PROC_NULL)
        return a->request_form ? tss_req_done_now(a->fn, MPI_COMM_WORLD, a->request) : MPI_SUCCESS;
    pthread_mutex_lock(&tss_win_mutex);
    /* the epoch and the target's range first: the scratch is then no
     * larger than three copies of the window's memory, whatever the
     * counts a refused call names */
    rc = tss_win_access(a->fn, w, a->request_form, &e);
    if (rc == MPI_SUCCESS)
        rc = tss_win_target(a->fn, w, a->disp, a->target.count, a->target.type, &t, &e);
    if (rc == MPI_SUCCESS && a->target.bytes > 0 && !(size = scratch(a)))
        rc = tss_fail(&e, MPI_ERR_NO_MEM,
                      "%s: %lld bytes of data: their copies pass the address space", a->fn,
                      (long long)a->target.bytes);
    if (rc == MPI_SUCCESS && size && !(tmp = tss_malloc(size)))
        rc = tss_fail(&e, MPI_ERR_NO_MEM, "%s: out of memory (%zu bytes)", a->fn, size);
    if (rc == MPI_SUCCESS && tmp && move(a, basic, t, tmp) != MPI_SUCCESS)
        rc = tss_fail(&e, MPI_ERR_INTERN, "%s: the data could not be moved", a->fn);
    if (rc == MPI_SUCCESS) /* a refused operation is none of the epoch's */
        tss_win_accessed(w);
    pthread_mutex_unlock(&tss_win_mutex);
    tss_free(tmp);
    if (rc != MPI_SUCCESS)
        return tss_raise_win(a->win, rc, "%s", e.text);
    /* done already: the request is complete when made */
    return a->request_form ? tss_req_done_now(a->fn, MPI_COMM_WORLD, a->request) : MPI_SUCCESS;
}

/* The sides of each call, named after its arguments. */
#define ORIGIN(buf, count, type) ((side){"origin_datatype", (buf), (count), (type), 0})
#define TARGET(count, type)      ((side){"target_datatype", NULL, (count), (type), 0})
#define RESULT(buf, count, type) ((side){"result_datatype", (buf), (count), (type), 0})
#define NO_SIDE                  ((side){"result_datatype", NULL, 0, MPI_DATATYPE_NULL, 0})
#define ONE(buf, type)           ((side){"datatype", (buf), 1, (type), 0})

/* Every call's body: its operation, run; request NULL in the forms
 * without one (form 0). */
static int call(const char *fn, enum rma_kind kind, side origin, side result, side target,
                const void *compare, int rank, MPI_Aint disp, MPI_Op op, MPI_Win win,
                MPI_Request *request, int form)
{
    rma a = {fn, kind, origin, result, target, compare, rank, disp, op, win, request, form};

    return rma_run(&a);
}

/* Put and get, each in four forms: int or MPI_Count counts, with or
 * without a request.  The parameter lists are function-like macros,
 * expanded only where a prototype is written. */
#define NO_REQ()         /* none */
#define WITH_REQ()       , MPI_Request *request
#define PUT_ORIGIN_CONST const
#define GET_ORIGIN_CONST
#define PUT_GET(NAME, KIND, CT, REQ_PARAM, REQ, FORM)                                              \
    TSS_WEAK_ALIAS(MPI_##NAME, PMPI_##NAME)                                                        \
    int PMPI_##NAME(KIND##_ORIGIN_CONST void *origin_addr, CT origin_count,                        \
                    MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp,           \
                    CT target_count, MPI_Datatype target_datatype, MPI_Win win REQ_PARAM())        \
    {                                                                                              \
        return call("MPI_" #NAME, RMA_##KIND, ORIGIN(origin_addr, origin_count, origin_datatype),  \
                    NO_SIDE, TARGET(target_count, target_datatype), NULL, target_rank,             \
                    target_disp, MPI_OP_NULL, win, REQ, FORM);                                     \
    }

PUT_GET(Put, PUT, int, NO_REQ, NULL, 0)
PUT_GET(Put_c, PUT, MPI_Count, NO_REQ, NULL, 0)
PUT_GET(Rput, PUT, int, WITH_REQ, request, 1)
PUT_GET(Rput_c, PUT, MPI_Count, WITH_REQ, request, 1)
PUT_GET(Get, GET, int, NO_REQ, NULL, 0)
PUT_GET(Get_c, GET, MPI_Count, NO_REQ, NULL, 0)
PUT_GET(Rget, GET, int, WITH_REQ, request, 1)
PUT_GET(Rget_c, GET, MPI_Count, WITH_REQ, request, 1)

#define ACCUMULATE(NAME, CT, REQ_PARAM, REQ, FORM)                                                 \
    TSS_WEAK_ALIAS(MPI_##NAME, PMPI_##NAME)                                                        \
    int PMPI_##NAME(const void *origin_addr, CT origin_count, MPI_Datatype origin_datatype,        \
                    int target_rank, MPI_Aint target_disp, CT target_count,                        \
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win REQ_PARAM())              \
    {                                                                                              \
        return call("MPI_" #NAME, RMA_ACC, ORIGIN(origin_addr, origin_count, origin_datatype),     \
                    NO_SIDE, TARGET(target_count, target_datatype), NULL, target_rank,             \
                    target_disp, op, win, REQ, FORM);                                              \
    }

ACCUMULATE(Accumulate, int, NO_REQ, NULL, 0)
ACCUMULATE(Accumulate_c, MPI_Count, NO_REQ, NULL, 0)
ACCUMULATE(Raccumulate, int, WITH_REQ, request, 1)
ACCUMULATE(Raccumulate_c, MPI_Count, WITH_REQ, request, 1)

#define GET_ACCUMULATE(NAME, CT, REQ_PARAM, REQ, FORM)                                             \
    TSS_WEAK_ALIAS(MPI_##NAME, PMPI_##NAME)                                                        \
    int PMPI_##NAME(const void *origin_addr, CT origin_count, MPI_Datatype origin_datatype,        \
                    void *result_addr, CT result_count, MPI_Datatype result_datatype,              \
                    int target_rank, MPI_Aint target_disp, CT target_count,                        \
                    MPI_Datatype target_datatype, MPI_Op op, MPI_Win win REQ_PARAM())              \
    {                                                                                              \
        return call("MPI_" #NAME, RMA_GACC, ORIGIN(origin_addr, origin_count, origin_datatype),    \
                    RESULT(result_addr, result_count, result_datatype),                            \
                    TARGET(target_count, target_datatype), NULL, target_rank, target_disp, op,     \
                    win, REQ, FORM);                                                               \
    }

GET_ACCUMULATE(Get_accumulate, int, NO_REQ, NULL, 0)
GET_ACCUMULATE(Get_accumulate_c, MPI_Count, NO_REQ, NULL, 0)
GET_ACCUMULATE(Rget_accumulate, int, WITH_REQ, request, 1)
GET_ACCUMULATE(Rget_accumulate_c, MPI_Count, WITH_REQ, request, 1)

TSS_WEAK_ALIAS(MPI_Fetch_and_op, PMPI_Fetch_and_op)
int PMPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype,
                      int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    return call("MPI_Fetch_and_op", RMA_FOP, ONE(origin_addr, datatype), ONE(result_addr, datatype),
                ONE(NULL, datatype), NULL, target_rank, target_disp, op, win, NULL, 0);
}

TSS_WEAK_ALIAS(MPI_Compare_and_swap, PMPI_Compare_and_swap)
int PMPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr,
                          MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    return call("MPI_Compare_and_swap", RMA_CAS, ONE(origin_addr, datatype),
                ONE(result_addr, datatype), ONE(NULL, datatype), compare_addr, target_rank,
                target_disp, MPI_OP_NULL, win, NULL, 0);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Collectives on a communicator of one process (MPI-4.1 chapter 6):
 * blocking, nonblocking and persistent, each with its large-count _c
 * form.
 *
 * With one process every collective reduces to its own contribution: the
 * data moves from the send buffer to the receive buffer (block 0 of the
 * v and w forms), a reduction of one contribution is a copy, MPI_Bcast
 * and MPI_Barrier move nothing, and MPI_Exscan leaves the receive buffer
 * of process 0 alone, as MPI says it is undefined there.  MPI_IN_PLACE
 * leaves the data where it is.  Every argument is still checked: the
 * datatypes (valid, committed), the counts, the root, the operation
 * (defined for the datatype), and the two sides' type signatures, which
 * must be equal (MPI-4.1 section 6.1; typeshim_type_match).  A nonblocking
 * collective is complete when it returns; its request still has to be
 * completed by a Wait or Test, or freed.  The steps every block takes
 * (tss_coll_match, tss_coll_copy, tss_coll_done) serve the neighbourhood
 * collectives of tss_neighbor.c too.  A persistent collective
 * (MPI_Bcast_init...) checks its arguments when made and keeps a plan of
 * what the call does, with holds of its derived datatypes; each
 * MPI_Start runs the plan on the buffers' contents of that moment.
 */
#include "typeshim_config.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* The checks every collective starts with. */
static int coll_args(const char *fn, MPI_Comm comm, int rooted, int root)
{
    int rc = tss_check_comm(fn, comm);

    if (rc != MPI_SUCCESS)
        return rc;
    if (rooted && root != 0)
        return tss_raise(comm, MPI_ERR_ROOT,
                         "%s(root=%d): Invalid root (the communicator has size 1)", fn, root);
    return MPI_SUCCESS;
}

/* buf moved by disp extents of type (extent from type; 0 when type is
 * invalid: the block's own check refuses it). */
static const char *shift(const void *buf, MPI_Aint disp, MPI_Datatype type, MPI_Count *extent)
{
    MPI_Count lb;
    int rc;

    tss_quiet_begin();
    rc = PMPI_Type_get_extent_c(type, &lb, extent);
    tss_quiet_end();
    if (rc != MPI_SUCCESS)
        *extent = 0;
    /* in unsigned arithmetic, as an address wraps: a displacement whose
     * bytes pass MPI_Aint is harmless for a block of count 0, which
     * touches nothing; a larger count there is the program's error, one
     * no call can see (MPICH computes the same address) */
    return tss_at(buf, (MPI_Aint)((uintptr_t)disp * (uintptr_t)*extent));
}

const char *tss_shifted(const void *buf, MPI_Aint disp, MPI_Datatype type)
{
    MPI_Count extent;

    return shift(buf, disp, type, &extent);
}

int tss_shift_check(const char *fn, const char *name, const void *buf, MPI_Aint disp,
                    MPI_Count count, MPI_Datatype type, const char *arg, const char **at,
                    tss_error *e)
{
    MPI_Count extent;
    MPI_Aint bytes;

    *at = shift(buf, disp, type, &extent);
    /* the block would start at no address the program can name */
    if (count > 0 && __builtin_mul_overflow(disp, extent, &bytes))
        return tss_too_big(fn, name, disp, 1, type, arg, e);
    return MPI_SUCCESS;
}

int tss_coll_match(const char *fn, tss_block *s, tss_block *r, tss_error *e)
{
    int rc;

    if ((rc = tss_type_check(fn, s->arg, s->buf, s->count, s->type, 0, &s->bytes, e)) ||
        (rc = tss_type_check(fn, r->arg, r->buf, r->count, r->type, 1, &r->bytes, e)))
        return rc;
    if (s->bytes != r->bytes)
        return tss_fail(e, s->bytes > r->bytes ? MPI_ERR_TRUNCATE : MPI_ERR_TYPE,
                        "%s(%s, %s): %lld bytes sent where %lld are received: the type "
                        "signatures of the two sides must match (MPI-4.1 section 6.1)",
                        fn, s->arg, r->arg, (long long)s->bytes, (long long)r->bytes);
    if (s->type == r->type && s->count == r->count)
        return MPI_SUCCESS; /* the usual case: no rule to write */
    char rule[160];
    snprintf(rule, sizeof(rule), "%s and %s must have equal type signatures (MPI-4.1 section 6.1)",
             s->arg, r->arg);
    return tss_sig_compare(fn, fn, rule, s->count, s->type, r->count, r->type, TYPESHIM_MATCH_EQUAL,
                           e);
}

int tss_coll_copy(const char *fn, const tss_block *s, const tss_block *r, tss_error *e)
{
    MPI_Count pos = 0, moved;
    void *tmp;
    int rc;

    if (s->bytes == 0)
        return MPI_SUCCESS;
    /* buffer to buffer when nothing is unusual (overlap included) */
    if (typeshim_type_move(s->buf, s->count, s->type, (void *)(uintptr_t)r->buf, r->count, r->type,
                           &moved))
        return MPI_SUCCESS;
    if (!(tmp = tss_malloc((size_t)s->bytes)))
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory (%lld bytes)", fn,
                        (long long)s->bytes);
    /* packed first: the two buffers may overlap */
    tss_quiet_begin();
    rc = PMPI_Pack_c(s->buf, s->count, s->type, tmp, s->bytes, &pos, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS)
        rc =
            typeshim_unpack_segment(tmp, 0, s->bytes, (void *)(uintptr_t)r->buf, r->count, r->type);
    tss_quiet_end();
    tss_free(tmp);
    return rc == MPI_SUCCESS ? MPI_SUCCESS
                             : tss_fail(e, MPI_ERR_TYPE, "%s: the data could not be moved", fn);
}

/* The process's own block: (sbuf, scount, stype) into (rbuf, rcount,
 * rtype), whose sizes, then type signatures, must agree (a send larger
 * than the receive is MPI_ERR_TRUNCATE, as in MPICH; any other
 * difference MPI_ERR_TYPE); with sbuf MPI_IN_PLACE (skip) only the
 * receive side is checked; dry: checked only (a persistent collective
 * being made). */
static int move(const char *fn, int skip, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
                void *rbuf, MPI_Count rcount, MPI_Datatype rtype, int dry, tss_error *e)
{
    tss_block s = {"sendtype", sbuf, scount, stype, 0}, r = {"recvtype", rbuf, rcount, rtype, 0};
    int rc;

    if (skip)
        return tss_type_check(fn, r.arg, r.buf, r.count, r.type, 1, &r.bytes, e);
    if ((rc = tss_coll_match(fn, &s, &r, e)) || dry)
        return rc;
    return tss_coll_copy(fn, &s, &r, e);
}

/* A reduction of the process's one contribution: a copy, unless in
 * place; none at all for MPI_Exscan (copy 0). */
static int reduce(const char *fn, int copy, const void *sbuf, void *rbuf, MPI_Count count,
                  MPI_Datatype type, MPI_Op op, int dry, tss_error *e)
{
    MPI_Count bytes;
    int rc;

    /* The usual reduction, a predefined operation on a named predefined
     * type, is a copy: typeshim_type_move makes the datatype checks, in
     * which nothing is unusual when it moves; what it declines goes the
     * general way, which reports it in MPICH's order. */
    if (copy && sbuf != MPI_IN_PLACE && !dry && tss_op_plainly_allows(op, type) &&
        typeshim_type_move(sbuf, count, type, rbuf, count, type, &bytes))
        return MPI_SUCCESS;
    if ((rc = tss_type_check(fn, "datatype", rbuf, count, type, 1, &bytes, e)) ||
        (rc = tss_op_check(fn, op, type, e)))
        return rc;
    return move(fn, !copy || sbuf == MPI_IN_PLACE, sbuf, count, type, rbuf, count, type, dry, e);
}

/* How a collective is called. */
enum how { BLOCKING, NONBLOCKING, PERSISTENT };

/* What a persistent collective does at each start: move() or reduce()
 * with these arguments (types are the plan's own holds of derived
 * ones), or nothing but its checks when made (barrier, bcast, scatter in
 * place). */
enum { PLAN_NONE, PLAN_MOVE, PLAN_REDUCE, PLAN_CALL };
struct tss_plan {
    const char *fn;
    int what, skip; /* skip: move's; reduce's copy */
    const void *sbuf;
    MPI_Count scount;
    MPI_Datatype stype;
    void *rbuf;
    MPI_Count rcount;
    MPI_Datatype rtype;
    MPI_Op op, op_held; /* op_held: the plan's own reference (tss_op_hold) */
    MPI_Datatype held[2];
    /* PLAN_CALL (tss_persist_call) */
    int (*run)(void *ctx, tss_error *e);
    void (*drop)(void *ctx);
    void *ctx;
};

int tss_plan_run(const tss_plan *p, tss_error *e)
{
    switch (p->what) {
    case PLAN_MOVE:
        return move(p->fn, p->skip, p->sbuf, p->scount, p->stype, p->rbuf, p->rcount, p->rtype, 0,
                    e);
    case PLAN_REDUCE:
        return reduce(p->fn, p->skip, p->sbuf, p->rbuf, p->rcount, p->rtype, p->op, 0, e);
    case PLAN_CALL:
        return p->run(p->ctx, e);
    default:
        return MPI_SUCCESS;
    }
}

void tss_plan_free(tss_plan *p)
{
    for (int i = 0; i < 2; i++)
        if (p->held[i])
            tss_type_unhold(p->held[i]);
    tss_op_unhold(p->op_held);
    if (p->drop)
        p->drop(p->ctx);
    tss_free(p);
}

/* An inactive persistent request whose starts run a copy of plan. */
static int persist(MPI_Comm comm, const tss_plan *plan, MPI_Request *request)
{
    tss_error e;
    tss_plan *p = tss_malloc(sizeof(*p));
    MPI_Request h;
    tss_req *r = NULL;
    int rc = MPI_ERR_NO_MEM;

    TSS_NO_ERROR(e);
    if (!p) {
        tss_fail(&e, rc, "%s: out of memory for a request", plan->fn);
        goto fail;
    }
    *p = *plan;
    p->held[0] = p->held[1] = 0;
    p->op_held = MPI_OP_NULL;
    /* the plan's own references: the program may free its handles */
    if ((p->what == PLAN_MOVE || p->what == PLAN_REDUCE) &&
        ((p->stype && (rc = tss_type_hold(p->fn, p->stype, &p->held[0], &e))) ||
         (rc = tss_type_hold(p->fn, p->rtype, &p->held[1], &e))))
        goto fail;
    if (p->what == PLAN_REDUCE && (rc = tss_op_hold(p->fn, p->op, &p->op_held, &e)))
        goto fail;
    p->stype = p->held[0] ? p->held[0] : p->stype;
    p->rtype = p->held[1] ? p->held[1] : p->rtype;
    p->op = p->op_held != MPI_OP_NULL ? p->op_held : p->op;
    tss_p2p_lock();
    if ((r = tss_req_new(&h))) {
        r->kind = TSS_COLL;
        r->comm = comm;
        r->persistent = 1;
        r->plan = p;
        tss_status_empty(&r->status, MPI_ANY_SOURCE);
    }
    tss_p2p_unlock();
    if (!r) {
        rc = tss_fail(&e, MPI_ERR_NO_MEM, "%s: out of memory for a request", plan->fn);
        goto fail;
    }
    *request = h;
    return MPI_SUCCESS;
fail:
    tss_p2p_lock();
    if (p)
        tss_plan_free(p);
    else if (plan->drop) /* the caller's context is ours to drop */
        plan->drop(plan->ctx);
    tss_p2p_unlock();
    return tss_raise(comm, rc, "%s", e.text);
}

int tss_persist_call(const char *fn, MPI_Comm comm, int (*run)(void *ctx, tss_error *e),
                     void (*drop)(void *ctx), void *ctx, MPI_Request *request)
{
    tss_plan plan = {.fn = fn, .what = PLAN_CALL, .run = run, .drop = drop, .ctx = ctx};

    return persist(comm, &plan, request);
}

/* Ends a collective: its error raised; or a complete request handed out
 * (nonblocking), or an inactive persistent one that runs plan. */
static int done(const char *fn, MPI_Comm comm, int rc, const tss_error *e, enum how how,
                MPI_Request *request, const tss_plan *plan)
{
    if (rc != MPI_SUCCESS)
        return tss_raise(comm, rc, "%s", e->text);
    if (how == PERSISTENT)
        return persist(comm, plan, request);
    return how == NONBLOCKING ? tss_req_done_now(fn, comm, request) : MPI_SUCCESS;
}

int tss_coll_done(const char *fn, MPI_Comm comm, int rc, const tss_error *e, MPI_Request *request)
{
    return done(fn, comm, rc, e, request ? NONBLOCKING : BLOCKING, request, NULL);
}

/* An array argument of the v and w forms must be there. */
#define ARRAY_CHECK(fn, comm, a)                                                                   \
    do {                                                                                           \
        if (!(a))                                                                                  \
            return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, #a);          \
    } while (0)

/* ------------------------------------------------------------- cores */

static int barrier(const char *fn, MPI_Comm comm, MPI_Request *request, enum how how)
{
    tss_plan plan = {.fn = fn, .what = PLAN_NONE};
    int rc = coll_args(fn, comm, 0, 0);

    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, how);
    return done(fn, comm, MPI_SUCCESS, NULL, how, request, &plan);
}

static int bcast(const char *fn, void *buf, MPI_Count count, MPI_Datatype type, int root,
                 MPI_Comm comm, MPI_Request *request, enum how how)
{
    tss_plan plan = {.fn = fn, .what = PLAN_NONE};
    tss_error e;
    MPI_Count bytes;
    int rc = coll_args(fn, comm, 1, root);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, how);
    rc = tss_type_check(fn, "datatype", buf, count, type, 1, &bytes, &e);
    return done(fn, comm, rc, &e, how, request, &plan);
}

/* The argument a block's displacement comes from (recv: the receive
 * side's): Alltoallv has two arrays, the other v forms one. */
static const char *disp_name(const char *fn, int recv)
{
    if (strstr(fn, "Alltoallv"))
        return recv ? "rdispls[0]" : "sdispls[0]";
    return "displs[0]";
}

/* Gather, Scatter, Allgather, Alltoall and their v forms: the process's
 * block at displacements sdisp and rdisp (elements). in_place: which side
 * MPI_IN_PLACE stands on (0 send, 1 receive). */
static int block(const char *fn, int rooted, int root, int in_place, const void *sbuf,
                 MPI_Count scount, MPI_Aint sdisp, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                 MPI_Aint rdisp, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request,
                 enum how how)
{
    tss_error e;
    const char *sat, *rat;
    int skip = in_place ? rbuf == MPI_IN_PLACE : sbuf == MPI_IN_PLACE;
    int rc = coll_args(fn, comm, rooted, root);
    tss_plan plan = {.fn = fn, .what = PLAN_NONE};

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, how);
    /* MPI_IN_PLACE stands for one side only (MPI-4.1 section 6.5); on the
     * other it is no buffer, and reading it would read address -1 (MPICH
     * refuses it with MPI_ERR_BUFFER too) */
    if (in_place ? sbuf == MPI_IN_PLACE : rbuf == MPI_IN_PLACE)
        return tss_raise(comm, MPI_ERR_BUFFER, "%s(%s=MPI_IN_PLACE): Invalid buffer pointer", fn,
                         in_place ? "sendbuf" : "recvbuf");
    /* the side MPI_IN_PLACE stands for has no block of its own */
    rc = tss_shift_check(fn, disp_name(fn, 0), sbuf, sdisp, skip && !in_place ? 0 : scount, stype,
                         "sendtype", &sat, &e);
    if (rc == MPI_SUCCESS)
        rc = tss_shift_check(fn, disp_name(fn, 1), rbuf, rdisp, skip && in_place ? 0 : rcount,
                             rtype, "recvtype", &rat, &e);
    if (rc == MPI_SUCCESS && skip &&
        in_place) { /* scatter in place: only the send side is described */
        MPI_Count bytes;
        rc = tss_type_check(fn, "sendtype", sat, scount, stype, 0, &bytes, &e);
    } else if (rc == MPI_SUCCESS) {
        plan = (tss_plan){.fn = fn,
                          .what = PLAN_MOVE,
                          .skip = skip,
                          .sbuf = sat,
                          .scount = scount,
                          .stype = skip ? 0 : stype,
                          .rbuf = (void *)(uintptr_t)rat,
                          .rcount = rcount,
                          .rtype = rtype};
        rc = move(fn, skip, plan.sbuf, scount, stype, plan.rbuf, rcount, rtype, how == PERSISTENT,
                  &e);
    }
    return done(fn, comm, rc, &e, how, request, &plan);
}

static int reduction(const char *fn, int rooted, int root, int copy, const void *sbuf, void *rbuf,
                     MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                     MPI_Request *request, enum how how)
{
    tss_error e;
    int rc = coll_args(fn, comm, rooted, root);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, how);
    rc = reduce(fn, copy, sbuf, rbuf, count, type, op, how == PERSISTENT, &e);
    if (how != PERSISTENT) /* no plan to fill: a reduction costs a copy */
        return done(fn, comm, rc, &e, how, request, NULL);
    tss_plan plan = {.fn = fn,
                     .what = PLAN_REDUCE,
                     .skip = copy,
                     .sbuf = sbuf,
                     .rbuf = rbuf,
                     .rcount = count,
                     .rtype = type,
                     .op = op};
    return done(fn, comm, rc, &e, how, request, &plan);
}

/* ------------------------------------------------------------ the calls
 * Each family's six forms (TSS_SIX, tss.h). */
TSS_WEAK_ALIAS(MPI_Barrier, PMPI_Barrier)
int PMPI_Barrier(MPI_Comm comm)
{
    return barrier("MPI_Barrier", comm, NULL, BLOCKING);
}

TSS_WEAK_ALIAS(MPI_Ibarrier, PMPI_Ibarrier)
int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
    return barrier("MPI_Ibarrier", comm, request, NONBLOCKING);
}

TSS_WEAK_ALIAS(MPI_Barrier_init, PMPI_Barrier_init)
int PMPI_Barrier_init(MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    TSS_INFO_CHECK("MPI_Barrier_init", comm, info);
    return barrier("MPI_Barrier_init", comm, request, PERSISTENT);
}

#define BCAST(N, CT, AT, PARAM, REQ, NB, INFO)                                                     \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(void *buffer, CT count, MPI_Datatype datatype, int root, MPI_Comm comm PARAM())   \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        return bcast("MPI_" #N, buffer, count, datatype, root, comm, REQ, NB);                     \
    }
TSS_SIX(BCAST, Bcast, Ibcast)

/* Gather, Scatter (ROOTED 1), Allgather, Alltoall (0). */
#define BLOCKS(N, ROOTED, IN_PLACE, CT, AT, PARAM, REQ, NB, INFO, ROOT_PARAM, ROOT)                \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, CT sendcount, MPI_Datatype sendtype, void *recvbuf,          \
                 CT recvcount, MPI_Datatype recvtype ROOT_PARAM(), MPI_Comm comm PARAM())          \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        return block("MPI_" #N, ROOTED, ROOT, IN_PLACE, sendbuf, sendcount, 0, sendtype, recvbuf,  \
                     recvcount, 0, recvtype, comm, REQ, NB);                                       \
    }
#define ROOT_P() , int root
#define NO_ROOT()
#define GATHER(N, CT, AT, PARAM, REQ, NB, INFO)                                                    \
    BLOCKS(N, 1, 0, CT, AT, PARAM, REQ, NB, INFO, ROOT_P, root)
#define SCATTER(N, CT, AT, PARAM, REQ, NB, INFO)                                                   \
    BLOCKS(N, 1, 1, CT, AT, PARAM, REQ, NB, INFO, ROOT_P, root)
#define ALLGATHER(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    BLOCKS(N, 0, 0, CT, AT, PARAM, REQ, NB, INFO, NO_ROOT, 0)
TSS_SIX(GATHER, Gather, Igather)
TSS_SIX(SCATTER, Scatter, Iscatter)
TSS_SIX(ALLGATHER, Allgather, Iallgather)
TSS_SIX(ALLGATHER, Alltoall, Ialltoall)

/* Gatherv and Allgatherv: the receive side by arrays. */
#define GATHERV(N, ROOTED, CT, AT, PARAM, REQ, NB, INFO, ROOT_PARAM, ROOT)                         \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, CT sendcount, MPI_Datatype sendtype, void *recvbuf,          \
                 const CT recvcounts[], const AT displs[], MPI_Datatype recvtype ROOT_PARAM(),     \
                 MPI_Comm comm PARAM())                                                            \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        ARRAY_CHECK("MPI_" #N, comm, recvcounts);                                                  \
        ARRAY_CHECK("MPI_" #N, comm, displs);                                                      \
        return block("MPI_" #N, ROOTED, ROOT, 0, sendbuf, sendcount, 0, sendtype, recvbuf,         \
                     recvcounts[0], displs[0], recvtype, comm, REQ, NB);                           \
    }
#define GATHERV_R(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    GATHERV(N, 1, CT, AT, PARAM, REQ, NB, INFO, ROOT_P, root)
#define GATHERV_A(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    GATHERV(N, 0, CT, AT, PARAM, REQ, NB, INFO, NO_ROOT, 0)
TSS_SIX(GATHERV_R, Gatherv, Igatherv)
TSS_SIX(GATHERV_A, Allgatherv, Iallgatherv)

#define SCATTERV(N, CT, AT, PARAM, REQ, NB, INFO)                                                  \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const AT displs[],                    \
                 MPI_Datatype sendtype, void *recvbuf, CT recvcount, MPI_Datatype recvtype,        \
                 int root, MPI_Comm comm PARAM())                                                  \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        ARRAY_CHECK("MPI_" #N, comm, sendcounts);                                                  \
        ARRAY_CHECK("MPI_" #N, comm, displs);                                                      \
        return block("MPI_" #N, 1, root, 1, sendbuf, sendcounts[0], displs[0], sendtype, recvbuf,  \
                     recvcount, 0, recvtype, comm, REQ, NB);                                       \
    }
TSS_SIX(SCATTERV, Scatterv, Iscatterv)

#define ALLTOALLV(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const AT sdispls[],                   \
                 MPI_Datatype sendtype, void *recvbuf, const CT recvcounts[], const AT rdispls[],  \
                 MPI_Datatype recvtype, MPI_Comm comm PARAM())                                     \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        ARRAY_CHECK("MPI_" #N, comm, recvcounts);                                                  \
        ARRAY_CHECK("MPI_" #N, comm, rdispls);                                                     \
        if (sendbuf != MPI_IN_PLACE) {                                                             \
            ARRAY_CHECK("MPI_" #N, comm, sendcounts);                                              \
            ARRAY_CHECK("MPI_" #N, comm, sdispls);                                                 \
        }                                                                                          \
        return block("MPI_" #N, 0, 0, 0, sendbuf, sendbuf == MPI_IN_PLACE ? 0 : sendcounts[0],     \
                     sendbuf == MPI_IN_PLACE ? 0 : sdispls[0], sendtype, recvbuf, recvcounts[0],   \
                     rdispls[0], recvtype, comm, REQ, NB);                                         \
    }
TSS_SIX(ALLTOALLV, Alltoallv, Ialltoallv)

/* Alltoallw: displacements in bytes, a datatype per process. */
#define ALLTOALLW(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const AT sdispls[],                   \
                 const MPI_Datatype sendtypes[], void *recvbuf, const CT recvcounts[],             \
                 const AT rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm PARAM())        \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        int in_place = sendbuf == MPI_IN_PLACE;                                                    \
        ARRAY_CHECK("MPI_" #N, comm, recvcounts);                                                  \
        ARRAY_CHECK("MPI_" #N, comm, rdispls);                                                     \
        ARRAY_CHECK("MPI_" #N, comm, recvtypes);                                                   \
        if (!in_place) {                                                                           \
            ARRAY_CHECK("MPI_" #N, comm, sendcounts);                                              \
            ARRAY_CHECK("MPI_" #N, comm, sdispls);                                                 \
            ARRAY_CHECK("MPI_" #N, comm, sendtypes);                                               \
        }                                                                                          \
        return block("MPI_" #N, 0, 0, 0, in_place ? sendbuf : tss_at(sendbuf, sdispls[0]),         \
                     in_place ? 0 : sendcounts[0], 0, in_place ? MPI_BYTE : sendtypes[0],          \
                     (void *)(uintptr_t)tss_at(recvbuf, rdispls[0]), recvcounts[0], 0,             \
                     recvtypes[0], comm, REQ, NB);                                                 \
    }
TSS_SIX(ALLTOALLW, Alltoallw, Ialltoallw)

/* The usual blocking reduction on one process, a predefined operation on
 * a named predefined type, is a copy: before any other work, when
 * nothing is unusual (typeshim_type_move makes the datatype checks and
 * declines the rest, which reduction() then reports in MPICH's order). */
static int reduce_direct(const void *sbuf, void *rbuf, MPI_Count count, MPI_Datatype type,
                         MPI_Op op, MPI_Comm comm)
{
    MPI_Count moved;

    return sbuf != MPI_IN_PLACE && tss_comm_plain(comm) && tss_op_plainly_allows(op, type) &&
           typeshim_type_move(sbuf, count, type, rbuf, count, type, &moved);
}

/* Reduce (rooted), Allreduce, Scan (copy), Exscan (no copy). */
#define REDUCTION(N, ROOTED, COPY, CT, AT, PARAM, REQ, NB, INFO, ROOT_PARAM, ROOT)                 \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, void *recvbuf, CT count, MPI_Datatype datatype,              \
                 MPI_Op op ROOT_PARAM(), MPI_Comm comm PARAM())                                    \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        if (NB == 0 && COPY && ROOT == 0 &&                                                        \
            reduce_direct(sendbuf, recvbuf, count, datatype, op, comm))                            \
            return MPI_SUCCESS;                                                                    \
        return reduction("MPI_" #N, ROOTED, ROOT, COPY, sendbuf, recvbuf, count, datatype, op,     \
                         comm, REQ, NB);                                                           \
    }
#define REDUCE(N, CT, AT, PARAM, REQ, NB, INFO)                                                    \
    REDUCTION(N, 1, 1, CT, AT, PARAM, REQ, NB, INFO, ROOT_P, root)
#define ALLREDUCE(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    REDUCTION(N, 0, 1, CT, AT, PARAM, REQ, NB, INFO, NO_ROOT, 0)
#define EXSCAN(N, CT, AT, PARAM, REQ, NB, INFO)                                                    \
    REDUCTION(N, 0, 0, CT, AT, PARAM, REQ, NB, INFO, NO_ROOT, 0)
TSS_SIX(REDUCE, Reduce, Ireduce)
TSS_SIX(ALLREDUCE, Allreduce, Iallreduce)
TSS_SIX(ALLREDUCE, Scan, Iscan)
TSS_SIX(EXSCAN, Exscan, Iexscan)

#define REDUCE_SCATTER_BLOCK(N, CT, AT, PARAM, REQ, NB, INFO)                                      \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, void *recvbuf, CT recvcount, MPI_Datatype datatype,          \
                 MPI_Op op, MPI_Comm comm PARAM())                                                 \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        return reduction("MPI_" #N, 0, 0, 1, sendbuf, recvbuf, recvcount, datatype, op, comm, REQ, \
                         NB);                                                                      \
    }
TSS_SIX(REDUCE_SCATTER_BLOCK, Reduce_scatter_block, Ireduce_scatter_block)

#define REDUCE_SCATTER(N, CT, AT, PARAM, REQ, NB, INFO)                                            \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, void *recvbuf, const CT recvcounts[], MPI_Datatype datatype, \
                 MPI_Op op, MPI_Comm comm PARAM())                                                 \
    {                                                                                              \
        TSS_INFO_CHECK("MPI_" #N, comm, INFO);                                                     \
        ARRAY_CHECK("MPI_" #N, comm, recvcounts);                                                  \
        return reduction("MPI_" #N, 0, 0, 1, sendbuf, recvbuf, recvcounts[0], datatype, op, comm,  \
                         REQ, NB);                                                                 \
    }
TSS_SIX(REDUCE_SCATTER, Reduce_scatter, Ireduce_scatter)

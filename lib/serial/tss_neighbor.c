/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Neighbourhood collectives on a communicator of one process (MPI-4.1
 * section 8.6): MPI_Neighbor_allgather, _allgatherv, _alltoall, _alltoallv
 * and _alltoallw, their nonblocking MPI_Ineighbor_ forms and the
 * large-count _c forms of all of them.
 *
 * The communicator's topology gives the blocks: one per neighbour on each
 * side, in the order of MPI-4.1 section 8.6 (tss_topo_degrees), and which
 * send block each receive block gets (tss_topo_from).  A Cartesian grid
 * of one process has in each dimension the process itself as both
 * neighbours when the dimension is periodic, so that the block sent in
 * the negative direction comes back from the positive one and the other
 * way round, and MPI_PROC_NULL twice when it is not: those blocks are
 * neither read nor written.  Every edge of a graph or distributed graph
 * is a loop, and messages to oneself arrive in the order they were sent
 * (MPI-4.1 section 3.5): receive block i gets send block i.
 *
 * Every block's count and datatype are checked, then every block's two
 * sizes compared, before anything moves: a failed call writes nothing.
 * MPI_IN_PLACE is no buffer here (these collectives have no in-place
 * form).  A nonblocking form is complete when it returns.
 */
#include "typeshim_config.h"

#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

static MPI_Count count_at(const void *a, int wide, int i)
{
    return wide ? ((const MPI_Count *)a)[i] : ((const int *)a)[i];
}

static MPI_Aint disp_at(const void *a, int wide, int i)
{
    return wide ? ((const MPI_Aint *)a)[i] : ((const int *)a)[i];
}

/* The displacement, in elements, of block k of count each; wrapping as
 * tss_shifted's bytes do (disp_check refuses the blocks where it would). */
static MPI_Aint block_disp(int k, MPI_Count count)
{
    return (MPI_Aint)((uint64_t)k * (uint64_t)count);
}

/* Block j of a's send side: allgather sends its one block to every
 * neighbour.  name holds its name for messages. */
static void send_block(const tss_nbr *a, int j, tss_block *b, char *name, size_t len)
{
    b->type = a->sendtype;
    b->count = a->sendcount;
    b->buf = a->sendbuf;
    snprintf(name, len, "block %d of sendbuf", j);
    switch (a->kind) {
    case TSS_NBR_ALLGATHER:
    case TSS_NBR_ALLGATHERV:
        snprintf(name, len, "sendbuf");
        break;
    case TSS_NBR_ALLTOALL:
        b->buf = tss_shifted(a->sendbuf, block_disp(j, a->sendcount), a->sendtype);
        break;
    case TSS_NBR_ALLTOALLV:
        b->count = count_at(a->sendcounts, a->wide, j);
        b->buf = tss_shifted(a->sendbuf, disp_at(a->sdispls, a->wide, j), a->sendtype);
        break;
    case TSS_NBR_ALLTOALLW:
        b->count = count_at(a->sendcounts, a->wide, j);
        b->buf = tss_at(a->sendbuf, ((const MPI_Aint *)a->sdispls)[j]);
        b->type = a->sendtypes[j];
        snprintf(name, len, "sendtypes[%d]", j);
        break;
    }
    b->arg = name;
}

/* Block i of a's receive side. */
static void recv_block(const tss_nbr *a, int i, tss_block *b, char *name, size_t len)
{
    b->type = a->recvtype;
    b->count = a->recvcount;
    snprintf(name, len, "block %d of recvbuf", i);
    switch (a->kind) {
    case TSS_NBR_ALLGATHER:
    case TSS_NBR_ALLTOALL:
        b->buf = tss_shifted(a->recvbuf, block_disp(i, a->recvcount), a->recvtype);
        break;
    case TSS_NBR_ALLGATHERV:
    case TSS_NBR_ALLTOALLV:
        b->count = count_at(a->recvcounts, a->wide, i);
        b->buf = tss_shifted(a->recvbuf, disp_at(a->rdispls, a->wide, i), a->recvtype);
        break;
    case TSS_NBR_ALLTOALLW:
        b->count = count_at(a->recvcounts, a->wide, i);
        b->buf = tss_at(a->recvbuf, ((const MPI_Aint *)a->rdispls)[i]);
        b->type = a->recvtypes[i];
        snprintf(name, len, "recvtypes[%d]", i);
        break;
    }
    b->arg = name;
}

/* The arrays a's blocks are read from: needed when there are blocks. */
static int arrays(const tss_nbr *a, int indegree, int outdegree, tss_error *e)
{
    /* the send side by arrays (sv), the receive side (rv), and their types (w) */
    int w = a->kind == TSS_NBR_ALLTOALLW, sv = w || a->kind == TSS_NBR_ALLTOALLV;
    int rv = sv || a->kind == TSS_NBR_ALLGATHERV;
    struct {
        const char *name;
        const void *p;
        int needed;
    } arr[] = {
        {"sendcounts", a->sendcounts, sv && outdegree > 0},
        {"sdispls", a->sdispls, sv && outdegree > 0},
        {"sendtypes", a->sendtypes, w && outdegree > 0},
        {"recvcounts", a->recvcounts, rv && indegree > 0},
        {sv ? "rdispls" : "displs", a->rdispls, rv && indegree > 0},
        {"recvtypes", a->recvtypes, w && indegree > 0},
    };

    for (size_t k = 0; k < sizeof arr / sizeof arr[0]; k++)
        if (arr[k].needed && !arr[k].p)
            return tss_fail(e, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", a->fn, arr[k].name);
    if (a->sendbuf == MPI_IN_PLACE || a->recvbuf == MPI_IN_PLACE)
        return tss_fail(e, MPI_ERR_BUFFER,
                        "%s(%s=MPI_IN_PLACE): Invalid buffer (a neighbourhood collective has no "
                        "in-place form, MPI-4.1 section 8.6)",
                        a->fn, a->sendbuf == MPI_IN_PLACE ? "sendbuf" : "recvbuf");
    return MPI_SUCCESS;
}

/* Block k of a's send side (send) or receive side, of count elements,
 * whose displacement in elements comes from an array or from k blocks
 * before it: MPI_ERR_COUNT when its bytes pass MPI_Aint (the block would
 * start at no address the program can name). */
static int disp_check(const tss_nbr *a, int send, int k, MPI_Count count, tss_error *e)
{
    enum tss_nbr_kind kd = a->kind;
    int by_array = kd == TSS_NBR_ALLTOALLV || (!send && kd == TSS_NBR_ALLGATHERV);
    int by_block = kd == TSS_NBR_ALLTOALL || (!send && kd == TSS_NBR_ALLGATHER);
    MPI_Count each = send ? a->sendcount : a->recvcount;
    MPI_Datatype type = send ? a->sendtype : a->recvtype;
    const char *arg = send ? "sendtype" : "recvtype", *at;
    char name[48];
    MPI_Aint disp;

    if (by_array) {
        disp = disp_at(send ? a->sdispls : a->rdispls, a->wide, k);
        snprintf(name, sizeof name, "%s[%d]",
                 send                       ? "sdispls"
                 : kd == TSS_NBR_ALLGATHERV ? "displs"
                                            : "rdispls",
                 k);
    } else if (by_block) {
        snprintf(name, sizeof name, "%d x %s", k, send ? "sendcount" : "recvcount");
        if (count > 0 && __builtin_mul_overflow((MPI_Aint)k, each, &disp))
            return tss_too_big(a->fn, name, each, 1, type, arg, e);
        disp = (MPI_Aint)k * each;
    } else {
        return MPI_SUCCESS;
    }
    return tss_shift_check(a->fn, name, send ? a->sendbuf : a->recvbuf, disp, count, type, arg, &at,
                           e);
}

/* Every block of a checked, and the two sides of each that moves. */
static int check(const tss_nbr *a, const tss_topo *t, int indegree, int outdegree, tss_error *e)
{
    char sname[48], rname[48];
    tss_block s, r;
    int rc;

    /* a count and datatype given once are checked even without a block to
     * use them (the counts of the array forms are 0 here) */
    if (a->kind != TSS_NBR_ALLTOALLW &&
        ((rc = tss_type_check(a->fn, "sendtype", a->sendbuf, a->sendcount, a->sendtype, 0, &s.bytes,
                              e)) ||
         (rc = tss_type_check(a->fn, "recvtype", a->recvbuf, a->recvcount, a->recvtype, 1, &r.bytes,
                              e))))
        return rc;
    for (int j = 0; j < outdegree; j++) {
        send_block(a, j, &s, sname, sizeof sname);
        if ((rc = tss_type_check(a->fn, s.arg, s.buf, s.count, s.type, 0, &s.bytes, e)) ||
            (rc = disp_check(a, 1, j, s.count, e)))
            return rc;
    }
    for (int i = 0; i < indegree; i++) {
        int from = tss_topo_from(t, i);
        recv_block(a, i, &r, rname, sizeof rname);
        if ((rc = disp_check(a, 0, i, r.count, e)))
            return rc;
        if (from < 0) {
            rc = tss_type_check(a->fn, r.arg, r.buf, r.count, r.type, 1, &r.bytes, e);
        } else {
            send_block(a, from, &s, sname, sizeof sname);
            rc = tss_coll_match(a->fn, &s, &r, e);
        }
        if (rc != MPI_SUCCESS)
            return rc;
    }
    return MPI_SUCCESS;
}

/* Moves every block that has a neighbour. */
static int move_all(const tss_nbr *a, const tss_topo *t, int indegree, tss_error *e)
{
    char sname[48], rname[48];
    tss_block s, r;
    int rc;

    for (int i = 0; i < indegree; i++) {
        int from = tss_topo_from(t, i);
        if (from < 0)
            continue;
        send_block(a, from, &s, sname, sizeof sname);
        recv_block(a, i, &r, rname, sizeof rname);
        if ((rc = tss_coll_match(a->fn, &s, &r, e)) || (rc = tss_coll_copy(a->fn, &s, &r, e)))
            return rc;
    }
    return MPI_SUCCESS;
}

int tss_neighbor_run(const tss_nbr *a, tss_error *e)
{
    tss_topo *t = tss_comm_topo(a->comm);
    int rc, indegree, outdegree;

    if (!t)
        return tss_fail(e, MPI_ERR_TOPOLOGY,
                        "%s: the communicator has no topology (a neighbourhood collective needs "
                        "a Cartesian, graph or distributed graph one, MPI-4.1 section 8.6)",
                        a->fn);
    tss_topo_degrees(t, &indegree, &outdegree);
    if (!(rc = arrays(a, indegree, outdegree, e)) && !(rc = check(a, t, indegree, outdegree, e)) &&
        !a->dry)
        rc = move_all(a, t, indegree, e);
    tss_topo_unref(t);
    return rc;
}

/* A persistent form's copy of its call: the arguments, with its own
 * references to the derived datatypes (the program may free its handles)
 * in types[], which a.sendtype/recvtype or a.sendtypes/recvtypes point
 * into; held[k] is the hold behind types[k], or 0.  The other arrays
 * stay the program's, which MPI-4.1 section 6.13 says it leaves alone
 * until the request is freed. */
typedef struct saved {
    tss_nbr a;
    int n;
    MPI_Datatype *types, *held;
} saved;

static int saved_run(void *ctx, tss_error *e)
{
    return tss_neighbor_run(&((saved *)ctx)->a, e);
}

/* Lock held (tss_type_unhold). */
static void saved_drop(void *ctx)
{
    saved *sv = ctx;

    for (int k = 0; k < sv->n; k++)
        if (sv->held[k])
            tss_type_unhold(sv->held[k]);
    tss_free(sv);
}

/* The copy of checked call a, its types held; NULL with e filled. */
static saved *save(const tss_nbr *a, tss_error *e)
{
    int w = a->kind == TSS_NBR_ALLTOALLW, in = 0, out = 0, n;
    tss_topo *t = tss_comm_topo(a->comm);
    saved *sv;

    if (t) /* checked: it has one, unless freed meanwhile (erroneous) */
        tss_topo_degrees(t, &in, &out);
    tss_topo_unref(t);
    n = w ? in + out : 2;
    if (!(sv = tss_calloc(1, sizeof(*sv) + 2 * (size_t)n * sizeof(MPI_Datatype)))) {
        tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory for a request", a->fn);
        return NULL;
    }
    sv->a = *a;
    sv->a.dry = 0;
    sv->types = (MPI_Datatype *)(sv + 1);
    sv->held = sv->types + n;
    for (int k = 0; k < n; k++) {
        sv->types[k] = w ? (k < out ? a->sendtypes[k] : a->recvtypes[k - out])
                         : (k == 0 ? a->sendtype : a->recvtype);
        /* a type the dry run did not refuse but cannot hold serves no
         * block (MPI_DATATYPE_NULL with count 0): kept as given */
        tss_error why;
        if (tss_type_hold(a->fn, sv->types[k], &sv->held[k], &why) != MPI_SUCCESS) {
            sv->held[k] = 0;
            if (why.cls == MPI_ERR_NO_MEM) { /* a type left unheld could vanish */
                *e = why;
                tss_p2p_lock(); /* the duplicates go when it is released */
                saved_drop(sv);
                tss_p2p_unlock();
                return NULL;
            }
        }
        sv->n = k + 1;
        if (sv->held[k])
            sv->types[k] = sv->held[k];
    }
    if (w) {
        sv->a.sendtypes = sv->types;
        sv->a.recvtypes = sv->types + out;
    } else {
        sv->a.sendtype = sv->types[0];
        sv->a.recvtype = sv->types[1];
    }
    return sv;
}

/* A call: its communicator and request checked, then a carried out; or,
 * how 2 (persistent), a checked and kept for each MPI_Start. */
static int neighbor(const tss_nbr *a, MPI_Info info, MPI_Request *request, int how)
{
    tss_error e;
    tss_nbr dry = *a;
    saved *sv;
    int rc = tss_check_comm(a->fn, a->comm);

    TSS_NO_ERROR(e);
    if (rc != MPI_SUCCESS)
        return rc;
    TSS_INFO_CHECK(a->fn, a->comm, info);
    TSS_REQ_CHECK(a->fn, a->comm, request, how);
    if (how != 2) {
        rc = tss_neighbor_run(a, &e);
        return tss_coll_done(a->fn, a->comm, rc, &e, request);
    }
    dry.dry = 1;
    if ((rc = tss_neighbor_run(&dry, &e)) || !(sv = save(a, &e)))
        return tss_raise(a->comm, rc ? rc : e.cls, "%s", e.text);
    return tss_persist_call(a->fn, a->comm, saved_run, saved_drop, sv, request);
}

/* ------------------------------------------------------------ the calls
 * Each family's six forms (TSS_SIX): CT the count type, AT the
 * displacement type of the v forms; wide for the _c ones. */
#define WIDE(CT) (sizeof(CT) != sizeof(int))

/* Allgather and alltoall: one count and datatype a side. */
#define BLOCKS(N, KIND, CT, PARAM, REQ, NB, INFO)                                                  \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, CT sendcount, MPI_Datatype sendtype, void *recvbuf,          \
                 CT recvcount, MPI_Datatype recvtype, MPI_Comm comm PARAM())                       \
    {                                                                                              \
        tss_nbr a = {.fn = "MPI_" #N,                                                              \
                     .kind = KIND,                                                                 \
                     .wide = WIDE(CT),                                                             \
                     .sendbuf = sendbuf,                                                           \
                     .sendcount = sendcount,                                                       \
                     .sendtype = sendtype,                                                         \
                     .recvbuf = recvbuf,                                                           \
                     .recvcount = recvcount,                                                       \
                     .recvtype = recvtype,                                                         \
                     .comm = comm};                                                                \
        return neighbor(&a, INFO, REQ, NB);                                                        \
    }
#define ALLGATHER(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    BLOCKS(N, TSS_NBR_ALLGATHER, CT, PARAM, REQ, NB, INFO)
#define ALLTOALL(N, CT, AT, PARAM, REQ, NB, INFO)                                                  \
    BLOCKS(N, TSS_NBR_ALLTOALL, CT, PARAM, REQ, NB, INFO)
TSS_SIX(ALLGATHER, Neighbor_allgather, Ineighbor_allgather)
TSS_SIX(ALLTOALL, Neighbor_alltoall, Ineighbor_alltoall)

#define ALLGATHERV(N, CT, AT, PARAM, REQ, NB, INFO)                                                \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, CT sendcount, MPI_Datatype sendtype, void *recvbuf,          \
                 const CT recvcounts[], const AT displs[], MPI_Datatype recvtype,                  \
                 MPI_Comm comm PARAM())                                                            \
    {                                                                                              \
        tss_nbr a = {.fn = "MPI_" #N,                                                              \
                     .kind = TSS_NBR_ALLGATHERV,                                                   \
                     .wide = WIDE(CT),                                                             \
                     .sendbuf = sendbuf,                                                           \
                     .sendcount = sendcount,                                                       \
                     .sendtype = sendtype,                                                         \
                     .recvbuf = recvbuf,                                                           \
                     .recvcounts = recvcounts,                                                     \
                     .rdispls = displs,                                                            \
                     .recvtype = recvtype,                                                         \
                     .comm = comm};                                                                \
        return neighbor(&a, INFO, REQ, NB);                                                        \
    }
TSS_SIX(ALLGATHERV, Neighbor_allgatherv, Ineighbor_allgatherv)

#define ALLTOALLV(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const AT sdispls[],                   \
                 MPI_Datatype sendtype, void *recvbuf, const CT recvcounts[], const AT rdispls[],  \
                 MPI_Datatype recvtype, MPI_Comm comm PARAM())                                     \
    {                                                                                              \
        tss_nbr a = {.fn = "MPI_" #N,                                                              \
                     .kind = TSS_NBR_ALLTOALLV,                                                    \
                     .wide = WIDE(CT),                                                             \
                     .sendbuf = sendbuf,                                                           \
                     .sendcounts = sendcounts,                                                     \
                     .sdispls = sdispls,                                                           \
                     .sendtype = sendtype,                                                         \
                     .recvbuf = recvbuf,                                                           \
                     .recvcounts = recvcounts,                                                     \
                     .rdispls = rdispls,                                                           \
                     .recvtype = recvtype,                                                         \
                     .comm = comm};                                                                \
        return neighbor(&a, INFO, REQ, NB);                                                        \
    }
TSS_SIX(ALLTOALLV, Neighbor_alltoallv, Ineighbor_alltoallv)

/* The w forms' displacements are MPI_Aint bytes in both forms. */
#define ALLTOALLW(N, CT, AT, PARAM, REQ, NB, INFO)                                                 \
    TSS_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const MPI_Aint sdispls[],             \
                 const MPI_Datatype sendtypes[], void *recvbuf, const CT recvcounts[],             \
                 const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm PARAM())  \
    {                                                                                              \
        tss_nbr a = {.fn = "MPI_" #N,                                                              \
                     .kind = TSS_NBR_ALLTOALLW,                                                    \
                     .wide = WIDE(CT),                                                             \
                     .sendbuf = sendbuf,                                                           \
                     .sendcounts = sendcounts,                                                     \
                     .sdispls = sdispls,                                                           \
                     .sendtypes = sendtypes,                                                       \
                     .recvbuf = recvbuf,                                                           \
                     .recvcounts = recvcounts,                                                     \
                     .rdispls = rdispls,                                                           \
                     .recvtypes = recvtypes,                                                       \
                     .comm = comm};                                                                \
        return neighbor(&a, INFO, REQ, NB);                                                        \
    }
TSS_SIX(ALLTOALLW, Neighbor_alltoallw, Ineighbor_alltoallw)

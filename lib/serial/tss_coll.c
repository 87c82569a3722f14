/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Collectives on a communicator of one process (MPI-4.1 chapter 6):
 * blocking and nonblocking, each with its large-count _c form.
 *
 * With one process every collective reduces to its own contribution: the
 * data moves from the send buffer to the receive buffer (block 0 of the
 * v and w forms), a reduction of one contribution is a copy, MPI_Bcast
 * and MPI_Barrier move nothing, and MPI_Exscan leaves the receive buffer
 * of process 0 alone, as MPI says it is undefined there.  MPI_IN_PLACE
 * leaves the data where it is.  Every argument is still checked: the
 * datatypes (valid, committed), the counts, the root, the operation
 * (defined for the datatype), and the two sides' sizes, which must agree
 * (MPI-4.1 section 6.1: the type signatures must match).  A nonblocking
 * collective is complete when it returns; its request still has to be
 * completed by a Wait or Test, or freed.  The steps every block takes
 * (tss_coll_match, tss_coll_copy, tss_coll_done) serve the neighbourhood
 * collectives of tss_neighbor.c too.
 */
#include "typeshim_config.h"

#include <stdint.h>
#include <stdlib.h>

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

const char *tss_shifted(const void *buf, MPI_Aint disp, MPI_Datatype type)
{
    MPI_Count lb, extent;
    int rc;

    tss_quiet_begin();
    rc = PMPI_Type_get_extent_c(type, &lb, &extent);
    tss_quiet_end();
    return tss_at(buf, rc == MPI_SUCCESS ? disp * extent : 0);
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
    return MPI_SUCCESS;
}

int tss_coll_copy(const char *fn, const tss_block *s, const tss_block *r, tss_error *e)
{
    MPI_Count pos = 0;
    void *tmp;
    int rc;

    if (s->bytes == 0)
        return MPI_SUCCESS;
    if (!(tmp = malloc((size_t)s->bytes)))
        return tss_fail(e, MPI_ERR_NO_MEM, "%s: out of memory (%lld bytes)", fn,
                        (long long)s->bytes);
    /* packed first: the two buffers may overlap */
    tss_quiet_begin();
    rc = PMPI_Pack_c(s->buf, s->count, s->type, tmp, s->bytes, &pos, MPI_COMM_SELF);
    if (rc == MPI_SUCCESS)
        rc =
            typeshim_unpack_segment(tmp, 0, s->bytes, (void *)(uintptr_t)r->buf, r->count, r->type);
    tss_quiet_end();
    free(tmp);
    return rc == MPI_SUCCESS ? MPI_SUCCESS
                             : tss_fail(e, MPI_ERR_TYPE, "%s: the data could not be moved", fn);
}

/* The process's own block: (sbuf, scount, stype) into (rbuf, rcount,
 * rtype), whose sizes must agree; with sbuf MPI_IN_PLACE (skip) only the
 * receive side is checked. */
static int move(const char *fn, int skip, const void *sbuf, MPI_Count scount, MPI_Datatype stype,
                void *rbuf, MPI_Count rcount, MPI_Datatype rtype, tss_error *e)
{
    tss_block s = {"sendtype", sbuf, scount, stype, 0}, r = {"recvtype", rbuf, rcount, rtype, 0};
    int rc;

    if (skip)
        return tss_type_check(fn, r.arg, r.buf, r.count, r.type, 1, &r.bytes, e);
    return (rc = tss_coll_match(fn, &s, &r, e)) ? rc : tss_coll_copy(fn, &s, &r, e);
}

/* A reduction of the process's one contribution: a copy, unless in
 * place; none at all for MPI_Exscan (copy 0). */
static int reduce(const char *fn, int copy, const void *sbuf, void *rbuf, MPI_Count count,
                  MPI_Datatype type, MPI_Op op, tss_error *e)
{
    MPI_Count bytes;
    int rc;

    if ((rc = tss_type_check(fn, "datatype", rbuf, count, type, 1, &bytes, e)) ||
        (rc = tss_op_check(fn, op, type, e)))
        return rc;
    return move(fn, !copy || sbuf == MPI_IN_PLACE, sbuf, count, type, rbuf, count, type, e);
}

int tss_coll_done(const char *fn, MPI_Comm comm, int rc, const tss_error *e, MPI_Request *request)
{
    if (rc != MPI_SUCCESS)
        return tss_raise(comm, rc, "%s", e->text);
    return request ? tss_req_done_now(fn, comm, request) : MPI_SUCCESS;
}

/* An array argument of the v and w forms must be there. */
#define ARRAY_CHECK(fn, comm, a)                                                                   \
    do {                                                                                           \
        if (!(a))                                                                                  \
            return tss_raise(comm, MPI_ERR_ARG, "%s(%s=NULL): Invalid argument", fn, #a);          \
    } while (0)

/* ------------------------------------------------------------- cores */

static int barrier(const char *fn, MPI_Comm comm, MPI_Request *request, int nb)
{
    int rc = coll_args(fn, comm, 0, 0);

    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, nb);
    return tss_coll_done(fn, comm, MPI_SUCCESS, NULL, request);
}

static int bcast(const char *fn, void *buf, MPI_Count count, MPI_Datatype type, int root,
                 MPI_Comm comm, MPI_Request *request, int nb)
{
    tss_error e = {0};
    MPI_Count bytes;
    int rc = coll_args(fn, comm, 1, root);

    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, nb);
    rc = tss_type_check(fn, "datatype", buf, count, type, 1, &bytes, &e);
    return tss_coll_done(fn, comm, rc, &e, request);
}

/* Gather, Scatter, Allgather, Alltoall and their v forms: the process's
 * block at displacements sdisp and rdisp (elements). in_place: which side
 * MPI_IN_PLACE stands on (0 send, 1 receive). */
static int block(const char *fn, int rooted, int root, int in_place, const void *sbuf,
                 MPI_Count scount, MPI_Aint sdisp, MPI_Datatype stype, void *rbuf, MPI_Count rcount,
                 MPI_Aint rdisp, MPI_Datatype rtype, MPI_Comm comm, MPI_Request *request, int nb)
{
    tss_error e = {0};
    int skip = in_place ? rbuf == MPI_IN_PLACE : sbuf == MPI_IN_PLACE;
    int rc = coll_args(fn, comm, rooted, root);

    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, nb);
    if (skip && in_place) { /* scatter in place: only the send side is described */
        MPI_Count bytes;
        rc = tss_type_check(fn, "sendtype", tss_shifted(sbuf, sdisp, stype), scount, stype, 0,
                            &bytes, &e);
    } else {
        rc = move(fn, skip, tss_shifted(sbuf, sdisp, stype), scount, stype,
                  (void *)(uintptr_t)tss_shifted(rbuf, rdisp, rtype), rcount, rtype, &e);
    }
    return tss_coll_done(fn, comm, rc, &e, request);
}

static int reduction(const char *fn, int rooted, int root, int copy, const void *sbuf, void *rbuf,
                     MPI_Count count, MPI_Datatype type, MPI_Op op, MPI_Comm comm,
                     MPI_Request *request, int nb)
{
    tss_error e = {0};
    int rc = coll_args(fn, comm, rooted, root);

    if (rc != MPI_SUCCESS)
        return rc;
    TSS_REQ_CHECK(fn, comm, request, nb);
    rc = reduce(fn, copy, sbuf, rbuf, count, type, op, &e);
    return tss_coll_done(fn, comm, rc, &e, request);
}

/* ------------------------------------------------------------ the calls
 * Each family's int form (CT int, AT int) and large-count form (CT
 * MPI_Count, AT MPI_Aint), blocking (TSS_NO_PARAM, NULL) and nonblocking
 * (TSS_REQ_PARAM, request): TSS_FOUR in tss.h. */
TSU_WEAK_ALIAS(MPI_Barrier, PMPI_Barrier)
int PMPI_Barrier(MPI_Comm comm)
{
    return barrier("MPI_Barrier", comm, NULL, 0);
}

TSU_WEAK_ALIAS(MPI_Ibarrier, PMPI_Ibarrier)
int PMPI_Ibarrier(MPI_Comm comm, MPI_Request *request)
{
    return barrier("MPI_Ibarrier", comm, request, 1);
}

#define BCAST(N, CT, AT, PARAM, REQ, NB)                                                           \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(void *buffer, CT count, MPI_Datatype datatype, int root, MPI_Comm comm PARAM())   \
    {                                                                                              \
        return bcast("MPI_" #N, buffer, count, datatype, root, comm, REQ, NB);                     \
    }
TSS_FOUR(BCAST, Bcast, Ibcast)

/* Gather, Scatter (ROOTED 1), Allgather, Alltoall (0). */
#define BLOCKS(N, ROOTED, IN_PLACE, CT, AT, PARAM, REQ, NB, ROOT_PARAM, ROOT)                      \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, CT sendcount, MPI_Datatype sendtype, void *recvbuf,          \
                 CT recvcount, MPI_Datatype recvtype ROOT_PARAM(), MPI_Comm comm PARAM())          \
    {                                                                                              \
        return block("MPI_" #N, ROOTED, ROOT, IN_PLACE, sendbuf, sendcount, 0, sendtype, recvbuf,  \
                     recvcount, 0, recvtype, comm, REQ, NB);                                       \
    }
#define ROOT_P() , int root
#define NO_ROOT()
#define GATHER(N, CT, AT, PARAM, REQ, NB)    BLOCKS(N, 1, 0, CT, AT, PARAM, REQ, NB, ROOT_P, root)
#define SCATTER(N, CT, AT, PARAM, REQ, NB)   BLOCKS(N, 1, 1, CT, AT, PARAM, REQ, NB, ROOT_P, root)
#define ALLGATHER(N, CT, AT, PARAM, REQ, NB) BLOCKS(N, 0, 0, CT, AT, PARAM, REQ, NB, NO_ROOT, 0)
TSS_FOUR(GATHER, Gather, Igather)
TSS_FOUR(SCATTER, Scatter, Iscatter)
TSS_FOUR(ALLGATHER, Allgather, Iallgather)
TSS_FOUR(ALLGATHER, Alltoall, Ialltoall)

/* Gatherv and Allgatherv: the receive side by arrays. */
#define GATHERV(N, ROOTED, CT, AT, PARAM, REQ, NB, ROOT_PARAM, ROOT)                               \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, CT sendcount, MPI_Datatype sendtype, void *recvbuf,          \
                 const CT recvcounts[], const AT displs[], MPI_Datatype recvtype ROOT_PARAM(),     \
                 MPI_Comm comm PARAM())                                                            \
    {                                                                                              \
        ARRAY_CHECK("MPI_" #N, comm, recvcounts);                                                  \
        ARRAY_CHECK("MPI_" #N, comm, displs);                                                      \
        return block("MPI_" #N, ROOTED, ROOT, 0, sendbuf, sendcount, 0, sendtype, recvbuf,         \
                     recvcounts[0], displs[0], recvtype, comm, REQ, NB);                           \
    }
#define GATHERV_R(N, CT, AT, PARAM, REQ, NB) GATHERV(N, 1, CT, AT, PARAM, REQ, NB, ROOT_P, root)
#define GATHERV_A(N, CT, AT, PARAM, REQ, NB) GATHERV(N, 0, CT, AT, PARAM, REQ, NB, NO_ROOT, 0)
TSS_FOUR(GATHERV_R, Gatherv, Igatherv)
TSS_FOUR(GATHERV_A, Allgatherv, Iallgatherv)

#define SCATTERV(N, CT, AT, PARAM, REQ, NB)                                                        \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const AT displs[],                    \
                 MPI_Datatype sendtype, void *recvbuf, CT recvcount, MPI_Datatype recvtype,        \
                 int root, MPI_Comm comm PARAM())                                                  \
    {                                                                                              \
        ARRAY_CHECK("MPI_" #N, comm, sendcounts);                                                  \
        ARRAY_CHECK("MPI_" #N, comm, displs);                                                      \
        return block("MPI_" #N, 1, root, 1, sendbuf, sendcounts[0], displs[0], sendtype, recvbuf,  \
                     recvcount, 0, recvtype, comm, REQ, NB);                                       \
    }
TSS_FOUR(SCATTERV, Scatterv, Iscatterv)

#define ALLTOALLV(N, CT, AT, PARAM, REQ, NB)                                                       \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const AT sdispls[],                   \
                 MPI_Datatype sendtype, void *recvbuf, const CT recvcounts[], const AT rdispls[],  \
                 MPI_Datatype recvtype, MPI_Comm comm PARAM())                                     \
    {                                                                                              \
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
TSS_FOUR(ALLTOALLV, Alltoallv, Ialltoallv)

/* Alltoallw: displacements in bytes, a datatype per process. */
#define ALLTOALLW(N, CT, AT, PARAM, REQ, NB)                                                       \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, const CT sendcounts[], const AT sdispls[],                   \
                 const MPI_Datatype sendtypes[], void *recvbuf, const CT recvcounts[],             \
                 const AT rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm PARAM())        \
    {                                                                                              \
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
TSS_FOUR(ALLTOALLW, Alltoallw, Ialltoallw)

/* Reduce (rooted), Allreduce, Scan (copy), Exscan (no copy). */
#define REDUCTION(N, ROOTED, COPY, CT, AT, PARAM, REQ, NB, ROOT_PARAM, ROOT)                       \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, void *recvbuf, CT count, MPI_Datatype datatype,              \
                 MPI_Op op ROOT_PARAM(), MPI_Comm comm PARAM())                                    \
    {                                                                                              \
        return reduction("MPI_" #N, ROOTED, ROOT, COPY, sendbuf, recvbuf, count, datatype, op,     \
                         comm, REQ, NB);                                                           \
    }
#define REDUCE(N, CT, AT, PARAM, REQ, NB)    REDUCTION(N, 1, 1, CT, AT, PARAM, REQ, NB, ROOT_P, root)
#define ALLREDUCE(N, CT, AT, PARAM, REQ, NB) REDUCTION(N, 0, 1, CT, AT, PARAM, REQ, NB, NO_ROOT, 0)
#define EXSCAN(N, CT, AT, PARAM, REQ, NB)    REDUCTION(N, 0, 0, CT, AT, PARAM, REQ, NB, NO_ROOT, 0)
TSS_FOUR(REDUCE, Reduce, Ireduce)
TSS_FOUR(ALLREDUCE, Allreduce, Iallreduce)
TSS_FOUR(ALLREDUCE, Scan, Iscan)
TSS_FOUR(EXSCAN, Exscan, Iexscan)

#define REDUCE_SCATTER_BLOCK(N, CT, AT, PARAM, REQ, NB)                                            \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, void *recvbuf, CT recvcount, MPI_Datatype datatype,          \
                 MPI_Op op, MPI_Comm comm PARAM())                                                 \
    {                                                                                              \
        return reduction("MPI_" #N, 0, 0, 1, sendbuf, recvbuf, recvcount, datatype, op, comm, REQ, \
                         NB);                                                                      \
    }
TSS_FOUR(REDUCE_SCATTER_BLOCK, Reduce_scatter_block, Ireduce_scatter_block)

#define REDUCE_SCATTER(N, CT, AT, PARAM, REQ, NB)                                                  \
    TSU_WEAK_ALIAS(MPI_##N, PMPI_##N)                                                              \
    int PMPI_##N(const void *sendbuf, void *recvbuf, const CT recvcounts[], MPI_Datatype datatype, \
                 MPI_Op op, MPI_Comm comm PARAM())                                                 \
    {                                                                                              \
        ARRAY_CHECK("MPI_" #N, comm, recvcounts);                                                  \
        return reduction("MPI_" #N, 0, 0, 1, sendbuf, recvbuf, recvcounts[0], datatype, op, comm,  \
                         REQ, NB);                                                                 \
    }
TSS_FOUR(REDUCE_SCATTER, Reduce_scatter, Ireduce_scatter)

/* SPDX-License-Identifier: BSD-3-Clause */
/* Generated from lib/api.def and the prototypes by tools/gen-api.sh
 * (make api): the wrapped MPI functions of the next layer.  Unless
 * TYPESHIM_DISABLE is set, each checks every datatype argument the call
 * reads (tsf_check_type: known, not freed, committed, a receive type map
 * that does not overlap, a count that is not negative) and raises a
 * failure on the call's communicator, window or file; then it calls the
 * next layer's PMPI_ function.  Arguments MPI ignores are not read:
 * the send side with MPI_IN_PLACE as sendbuf, the receive side with
 * MPI_IN_PLACE as recvbuf, the root's side of a rooted collective
 * elsewhere.  Exported as weak MPI_ names only: a runtime that defines
 * them (libtypeshim-serial) wins a static link. */
#include "typeshim_config.h"

#include "binding/tsb.h"
#include "facade/tsf.h"
#include "layer/tsl.h"
#include "layer/tsl_api.h"

TSU_WEAK_DEF int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Accumulate";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Accumulate))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Accumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Accumulate_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Accumulate_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Accumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgather";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgather))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgather_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgather_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgather_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgather_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgather_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgather_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgather_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgather_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgatherv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgatherv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgatherv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgatherv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgatherv_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgatherv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgatherv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgatherv_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allgatherv_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allgatherv_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Allreduce";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allreduce))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allreduce(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Allreduce_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allreduce_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allreduce_c(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allreduce_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allreduce_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allreduce_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allreduce_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Allreduce_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Allreduce_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoall";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoall))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoall_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoall_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoall_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoall_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoall_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoall_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoall_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoall_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallv_c(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallv_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallv_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallv_init_c(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallw";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallw))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallw_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallw_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallw_c(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallw_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallw_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallw_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Alltoallw_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Alltoallw_init_c(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Bcast";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bcast))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bcast(buffer, count, datatype, root, comm);
}

TSU_WEAK_DEF int MPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Bcast_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bcast_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bcast_c(buffer, count, datatype, root, comm);
}

TSU_WEAK_DEF int MPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Bcast_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bcast_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bcast_init(buffer, count, datatype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Bcast_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bcast_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bcast_init_c(buffer, count, datatype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Bsend";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bsend))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bsend(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Bsend_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bsend_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bsend_c(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Bsend_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bsend_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bsend_init(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Bsend_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Bsend_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Bsend_init_c(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    const char *fn = "MPI_Compare_and_swap";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Compare_and_swap))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Compare_and_swap(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
}

TSU_WEAK_DEF int MPI_Error_string(int errorcode, char *string, int *resultlen)
{
    return tsl_api_Error_string(errorcode, string, resultlen);
}

TSU_WEAK_DEF int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Exscan";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Exscan))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Exscan(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Exscan_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Exscan_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Exscan_c(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Exscan_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Exscan_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Exscan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Exscan_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Exscan_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Exscan_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Fetch_and_op";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Fetch_and_op))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Fetch_and_op(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
}

TSU_WEAK_DEF int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    const char *fn = "MPI_File_get_type_extent";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, 0))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_get_type_extent))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_get_type_extent(fh, datatype, extent);
}

TSU_WEAK_DEF int MPI_File_get_type_extent_c(MPI_File fh, MPI_Datatype datatype, MPI_Count *extent)
{
    const char *fn = "MPI_File_get_type_extent_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, 0))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_get_type_extent_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_get_type_extent_c(fh, datatype, extent);
}

TSU_WEAK_DEF int MPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_all(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_all_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_all_c(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_at";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_at))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_at(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_at_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_at_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_at_all(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at_all_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_at_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_at_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_at_all_c(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_at_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_at_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_at_c(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_c(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_shared";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_shared))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_shared(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_shared_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_shared_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iread_shared_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iread_shared_c(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_all(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_all_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_all_c(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_at";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_at))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_at(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_at_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_at_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_at_all(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at_all_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_at_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_at_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_at_all_c(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_at_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_at_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_at_c(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_c(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_shared";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_shared))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_shared(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_shared_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_shared_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_iwrite_shared_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_iwrite_shared_c(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_all(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_all_begin";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_all_begin))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_all_begin(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_all_begin_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_all_begin_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_all_begin_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_all_begin_c(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_all_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_all_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_at))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_at(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void * buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_at_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_at_all(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_at_all_begin";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_at_all_begin))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_at_all_begin(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_at_all_begin_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_at_all_begin_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_at_all_begin_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_at_all_begin_c(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_at_all_c(MPI_File fh, MPI_Offset offset, void * buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_at_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_at_all_c(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_at_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_at_c(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_ordered(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_ordered";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_ordered))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_ordered(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_ordered_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_ordered_begin";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_ordered_begin))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_ordered_begin(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_ordered_begin_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_ordered_begin_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_ordered_begin_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_ordered_begin_c(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_ordered_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_ordered_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_ordered_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_ordered_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_shared";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_shared))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_shared(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_shared_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_shared_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_read_shared_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_read_shared_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char *datarep, MPI_Info info)
{
    const char *fn = "MPI_File_set_view";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "etype", etype, NULL, 0, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "filetype", filetype, NULL, 0, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_set_view))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_set_view(fh, disp, etype, filetype, datarep, info);
}

TSU_WEAK_DEF int MPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_all(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_all_begin";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_all_begin))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_all_begin(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_all_begin_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_all_begin_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_all_begin_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_all_begin_c(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_all_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_all_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void * buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_at))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_at(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at_all";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_at_all))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_at_all(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_at_all_begin";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_at_all_begin))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_at_all_begin(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_at_all_begin_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_at_all_begin_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_at_all_begin_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_at_all_begin_c(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_at_all_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at_all_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_at_all_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_at_all_c(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at_c(MPI_File fh, MPI_Offset offset, const void * buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_at_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_at_c(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_ordered(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_ordered";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_ordered))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_ordered(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_ordered_begin";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_ordered_begin))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_ordered_begin(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_ordered_begin_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_ordered_begin_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_ordered_begin_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_ordered_begin_c(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_ordered_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_ordered_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_ordered_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_ordered_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_shared";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_shared))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_shared(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_shared_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_shared_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.File_write_shared_c))
        return tsb_raise_on(TSB_ON_FILE, &fh, tsl_no_next(fn));
    return tsl_wrap.File_write_shared_c(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gather";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gather))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gather_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gather_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gather_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gather_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gather_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gather_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gather_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gather_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gatherv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gatherv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gatherv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gatherv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gatherv_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gatherv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gatherv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gatherv_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Gatherv_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Gatherv_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Get";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Get))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Get(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Get_accumulate";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Get_accumulate))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Get_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Get_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Get_accumulate_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Get_accumulate_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Get_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Get_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Get_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Get_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Get_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgather";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iallgather))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iallgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgather_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iallgather_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iallgather_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgatherv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iallgatherv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iallgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgatherv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iallgatherv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iallgatherv_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallreduce";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iallreduce))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iallreduce(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallreduce_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iallreduce_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iallreduce_c(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoall";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ialltoall))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ialltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoall_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ialltoall_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ialltoall_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ialltoallv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ialltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ialltoallv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ialltoallv_c(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallw";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ialltoallw))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ialltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallw_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ialltoallw_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ialltoallw_c(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibcast";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ibcast))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ibcast(buffer, count, datatype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibcast_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ibcast_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ibcast_c(buffer, count, datatype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibsend";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ibsend))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ibsend(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibsend_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ibsend_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ibsend_c(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iexscan";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iexscan))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iexscan(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iexscan_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iexscan_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iexscan_c(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igather";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Igather))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Igather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igather_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Igather_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Igather_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igatherv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Igatherv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Igatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igatherv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Igatherv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Igatherv_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    const char *fn = "MPI_Imrecv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Imrecv))
        return tsb_raise_on(TSB_ON_WORLD, NULL, tsl_no_next(fn));
    return tsl_wrap.Imrecv(buf, count, datatype, message, request);
}

TSU_WEAK_DEF int MPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    const char *fn = "MPI_Imrecv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Imrecv_c))
        return tsb_raise_on(TSB_ON_WORLD, NULL, tsl_no_next(fn));
    return tsl_wrap.Imrecv_c(buf, count, datatype, message, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgather";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_allgather))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgather_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_allgather_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_allgather_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgatherv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_allgatherv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgatherv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_allgatherv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_allgatherv_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoall";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_alltoall))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoall_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_alltoall_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_alltoall_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_alltoallv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_alltoallv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_alltoallv_c(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallw";

    /* its datatype arguments depend on the topology: not read */
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_alltoallw))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallw_c";

    /* its datatype arguments depend on the topology: not read */
    if (TSU_UNLIKELY(!tsl_wrap.Ineighbor_alltoallw_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ineighbor_alltoallw_c(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irecv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Irecv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Irecv(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irecv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Irecv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Irecv_c(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ireduce))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ireduce(sendbuf, recvbuf, count, datatype, op, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ireduce_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ireduce_c(sendbuf, recvbuf, count, datatype, op, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ireduce_scatter))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ireduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter_block";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ireduce_scatter_block))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ireduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter_block_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ireduce_scatter_block_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ireduce_scatter_block_c(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ireduce_scatter_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ireduce_scatter_c(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irsend";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Irsend))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Irsend(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irsend_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Irsend_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Irsend_c(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscan";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iscan))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iscan(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscan_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iscan_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iscan_c(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatter";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iscatter))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iscatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatter_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iscatter_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iscatter_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatterv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iscatterv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iscatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatterv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Iscatterv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Iscatterv_c(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isend";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Isend))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Isend(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isend_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Isend_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Isend_c(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Isendrecv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Isendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Isendrecv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Isendrecv_c(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv_replace";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Isendrecv_replace))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Isendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv_replace_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Isendrecv_replace_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Isendrecv_replace_c(buf, count, datatype, dest, sendtag, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Issend";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Issend))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Issend(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Issend_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Issend_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Issend_c(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    const char *fn = "MPI_Mrecv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Mrecv))
        return tsb_raise_on(TSB_ON_WORLD, NULL, tsl_no_next(fn));
    return tsl_wrap.Mrecv(buf, count, datatype, message, status);
}

TSU_WEAK_DEF int MPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    const char *fn = "MPI_Mrecv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Mrecv_c))
        return tsb_raise_on(TSB_ON_WORLD, NULL, tsl_no_next(fn));
    return tsl_wrap.Mrecv_c(buf, count, datatype, message, status);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgather";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgather))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgather(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgather_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgather_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgather_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgather_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgather_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgather_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgather_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgather_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgather_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgatherv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgatherv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgatherv(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgatherv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgatherv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgatherv_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgatherv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgatherv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgatherv_init(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgatherv_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_allgatherv_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_allgatherv_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoall";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoall))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoall(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoall_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoall_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoall_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoall_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoall_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoall_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoall_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoall_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoall_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallv(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallv_c(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallv_init(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallv_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallv_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallv_init_c(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallw";

    /* its datatype arguments depend on the topology: not read */
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallw))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallw(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallw_c";

    /* its datatype arguments depend on the topology: not read */
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallw_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallw_c(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallw_init";

    /* its datatype arguments depend on the topology: not read */
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallw_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallw_init(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallw_init_c";

    /* its datatype arguments depend on the topology: not read */
    if (TSU_UNLIKELY(!tsl_wrap.Neighbor_alltoallw_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Neighbor_alltoallw_init_c(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Precv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Precv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Precv_init(buf, partitions, count, datatype, dest, tag, comm, info, request);
}

TSU_WEAK_DEF int MPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Psend_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Psend_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Psend_init(buf, partitions, count, datatype, dest, tag, comm, info, request);
}

TSU_WEAK_DEF int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Put";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Put))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Put(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Put_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Put_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Put_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Put_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Raccumulate";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Raccumulate))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Raccumulate(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Raccumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Raccumulate_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Raccumulate_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Raccumulate_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Recv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Recv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Recv(buf, count, datatype, source, tag, comm, status);
}

TSU_WEAK_DEF int MPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Recv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Recv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Recv_c(buf, count, datatype, source, tag, comm, status);
}

TSU_WEAK_DEF int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Recv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Recv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Recv_init(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Recv_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Recv_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Recv_init_c(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce(sendbuf, recvbuf, count, datatype, op, root, comm);
}

TSU_WEAK_DEF int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_c(sendbuf, recvbuf, count, datatype, op, root, comm);
}

TSU_WEAK_DEF int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_init(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_init_c(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op)
{
    const char *fn = "MPI_Reduce_local";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_local))
        return tsb_raise_on(TSB_ON_WORLD, NULL, tsl_no_next(fn));
    return tsl_wrap.Reduce_local(inbuf, inoutbuf, count, datatype, op);
}

TSU_WEAK_DEF int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op)
{
    const char *fn = "MPI_Reduce_local_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_local_c))
        return tsb_raise_on(TSB_ON_WORLD, NULL, tsl_no_next(fn));
    return tsl_wrap.Reduce_local_c(inbuf, inoutbuf, count, datatype, op);
}

TSU_WEAK_DEF int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter(sendbuf, recvbuf, recvcounts, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter_block";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter_block))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter_block(sendbuf, recvbuf, recvcount, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter_block_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter_block_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter_block_c(sendbuf, recvbuf, recvcount, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_block_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter_block_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter_block_init(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_block_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter_block_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter_block_init_c(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter_c(sendbuf, recvbuf, recvcounts, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter_init(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Reduce_scatter_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Reduce_scatter_init_c(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rget))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Rget(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget_accumulate";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rget_accumulate))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Rget_accumulate(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Rget_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget_accumulate_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rget_accumulate_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Rget_accumulate_c(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Rget_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rget_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Rget_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rput";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rput))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Rput(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rput_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rput_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rput_c))
        return tsb_raise_on(TSB_ON_WIN, &win, tsl_no_next(fn));
    return tsl_wrap.Rput_c(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Rsend";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rsend))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Rsend(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Rsend_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rsend_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Rsend_c(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Rsend_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rsend_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Rsend_init(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Rsend_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Rsend_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Rsend_init_c(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Scan";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scan))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scan(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Scan_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scan_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scan_c(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scan_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scan_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scan_init(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scan_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scan_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scan_init_c(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatter";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatter))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatter(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatter_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatter_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatter_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatter_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatter_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatter_init(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatter_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatter_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatter_init_c(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatterv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatterv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatterv(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatterv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatterv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatterv_c(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatterv_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatterv_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatterv_init(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatterv_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Scatterv_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Scatterv_init_c(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Send";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Send))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Send(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Send_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Send_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Send_c(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Send_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Send_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Send_init(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Send_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Send_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Send_init_c(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Sendrecv))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Sendrecv(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Sendrecv_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Sendrecv_c(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv_replace";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Sendrecv_replace))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Sendrecv_replace(buf, count, datatype, dest, sendtag, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv_replace_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Sendrecv_replace_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Sendrecv_replace_c(buf, count, datatype, dest, sendtag, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Ssend";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ssend))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ssend(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Ssend_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ssend_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ssend_c(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ssend_init";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ssend_init))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ssend_init(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ssend_init_c";
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    if (TSU_UNLIKELY(!tsl_wrap.Ssend_init_c))
        return tsb_raise_on(TSB_ON_COMM, &comm, tsl_no_next(fn));
    return tsl_wrap.Ssend_init_c(buf, count, datatype, dest, tag, comm, request);
}

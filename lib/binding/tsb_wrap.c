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

TSU_WEAK_DEF int MPI_Abort(MPI_Comm comm, int errorcode)
{
    return tsl_api_Abort(comm, errorcode);
}

TSU_WEAK_DEF int MPI_Accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Accumulate";
    __typeof__(MPI_Accumulate) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Accumulate);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Accumulate_c";
    __typeof__(MPI_Accumulate_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Accumulate_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgather";
    __typeof__(MPI_Allgather) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgather);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgather_c";
    __typeof__(MPI_Allgather_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgather_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgather_init";
    __typeof__(MPI_Allgather_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgather_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgather_init_c";
    __typeof__(MPI_Allgather_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgather_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgatherv";
    __typeof__(MPI_Allgatherv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgatherv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Allgatherv_c";
    __typeof__(MPI_Allgatherv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgatherv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgatherv_init";
    __typeof__(MPI_Allgatherv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgatherv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allgatherv_init_c";
    __typeof__(MPI_Allgatherv_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allgatherv_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Allreduce";
    __typeof__(MPI_Allreduce) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allreduce);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Allreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Allreduce_c";
    __typeof__(MPI_Allreduce_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allreduce_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Allreduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allreduce_init";
    __typeof__(MPI_Allreduce_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allreduce_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Allreduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Allreduce_init_c";
    __typeof__(MPI_Allreduce_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Allreduce_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoall";
    __typeof__(MPI_Alltoall) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoall);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoall_c";
    __typeof__(MPI_Alltoall_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoall_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoall_init";
    __typeof__(MPI_Alltoall_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoall_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoall_init_c";
    __typeof__(MPI_Alltoall_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoall_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallv";
    __typeof__(MPI_Alltoallv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallv_c";
    __typeof__(MPI_Alltoallv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallv_init";
    __typeof__(MPI_Alltoallv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallv_init_c";
    __typeof__(MPI_Alltoallv_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallv_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallw";
    __typeof__(MPI_Alltoallw) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallw);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Alltoallw_c";
    __typeof__(MPI_Alltoallw_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallw_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Alltoallw_init(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallw_init";
    __typeof__(MPI_Alltoallw_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallw_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Alltoallw_init_c";
    __typeof__(MPI_Alltoallw_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Alltoallw_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Bcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Bcast";
    __typeof__(MPI_Bcast) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? 0 : TSF_ARG_RECV)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bcast);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buffer, count, datatype, root, comm);
}

TSU_WEAK_DEF int MPI_Bcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Bcast_c";
    __typeof__(MPI_Bcast_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? 0 : TSF_ARG_RECV)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bcast_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buffer, count, datatype, root, comm);
}

TSU_WEAK_DEF int MPI_Bcast_init(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Bcast_init";
    __typeof__(MPI_Bcast_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? 0 : TSF_ARG_RECV)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bcast_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buffer, count, datatype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Bcast_init_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Bcast_init_c";
    __typeof__(MPI_Bcast_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? 0 : TSF_ARG_RECV)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bcast_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buffer, count, datatype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Bsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Bsend";
    __typeof__(MPI_Bsend) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bsend);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Bsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Bsend_c";
    __typeof__(MPI_Bsend_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bsend_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Bsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Bsend_init";
    __typeof__(MPI_Bsend_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bsend_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Bsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Bsend_init_c";
    __typeof__(MPI_Bsend_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Bsend_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Compare_and_swap(const void *origin_addr, const void *compare_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Win win)
{
    const char *fn = "MPI_Compare_and_swap";
    __typeof__(MPI_Compare_and_swap) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Compare_and_swap);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, compare_addr, result_addr, datatype, target_rank, target_disp, win);
}

TSU_WEAK_DEF int MPI_Error_string(int errorcode, char *string, int *resultlen)
{
    return tsl_api_Error_string(errorcode, string, resultlen);
}

TSU_WEAK_DEF int MPI_Exscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Exscan";
    __typeof__(MPI_Exscan) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Exscan);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Exscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Exscan_c";
    __typeof__(MPI_Exscan_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Exscan_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Exscan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Exscan_init";
    __typeof__(MPI_Exscan_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Exscan_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Exscan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Exscan_init_c";
    __typeof__(MPI_Exscan_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Exscan_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Fetch_and_op(const void *origin_addr, void *result_addr, MPI_Datatype datatype, int target_rank, MPI_Aint target_disp, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Fetch_and_op";
    __typeof__(MPI_Fetch_and_op) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Fetch_and_op);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, result_addr, datatype, target_rank, target_disp, op, win);
}

TSU_WEAK_DEF int MPI_File_get_type_extent(MPI_File fh, MPI_Datatype datatype, MPI_Aint *extent)
{
    const char *fn = "MPI_File_get_type_extent";
    __typeof__(MPI_File_get_type_extent) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, 0))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_get_type_extent);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, datatype, extent);
}

TSU_WEAK_DEF int MPI_File_get_type_extent_c(MPI_File fh, MPI_Datatype datatype, MPI_Count *extent)
{
    const char *fn = "MPI_File_get_type_extent_c";
    __typeof__(MPI_File_get_type_extent_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, 0))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_get_type_extent_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, datatype, extent);
}

TSU_WEAK_DEF int MPI_File_iread(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread";
    __typeof__(MPI_File_iread) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_all";
    __typeof__(MPI_File_iread_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_all_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_all_c";
    __typeof__(MPI_File_iread_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_at";
    __typeof__(MPI_File_iread_at) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_at);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at_all(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_at_all";
    __typeof__(MPI_File_iread_at_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_at_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at_all_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iread_at_all_c";
    __typeof__(MPI_File_iread_at_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_at_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_at_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_at_c";
    __typeof__(MPI_File_iread_at_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_at_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_c";
    __typeof__(MPI_File_iread_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_shared";
    __typeof__(MPI_File_iread_shared) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_shared);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iread_shared_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iread_shared_c";
    __typeof__(MPI_File_iread_shared_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iread_shared_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite";
    __typeof__(MPI_File_iwrite) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_all";
    __typeof__(MPI_File_iwrite_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_all_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_all_c";
    __typeof__(MPI_File_iwrite_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_at";
    __typeof__(MPI_File_iwrite_at) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_at);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_at_all";
    __typeof__(MPI_File_iwrite_at_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_at_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at_all_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Request *request)
{
    const char *fn = "MPI_File_iwrite_at_all_c";
    __typeof__(MPI_File_iwrite_at_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_at_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_at_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_at_c";
    __typeof__(MPI_File_iwrite_at_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_at_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_c";
    __typeof__(MPI_File_iwrite_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_shared";
    __typeof__(MPI_File_iwrite_shared) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_shared);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_iwrite_shared_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPIO_Request *request)
{
    const char *fn = "MPI_File_iwrite_shared_c";
    __typeof__(MPI_File_iwrite_shared_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_iwrite_shared_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, request);
}

TSU_WEAK_DEF int MPI_File_read(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read";
    __typeof__(MPI_File_read) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_all(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_all";
    __typeof__(MPI_File_read_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_all_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_all_begin";
    __typeof__(MPI_File_read_all_begin) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_all_begin);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_all_begin_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_all_begin_c";
    __typeof__(MPI_File_read_all_begin_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_all_begin_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_all_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_all_c";
    __typeof__(MPI_File_read_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at";
    __typeof__(MPI_File_read_at) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_at);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at_all(MPI_File fh, MPI_Offset offset, void * buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at_all";
    __typeof__(MPI_File_read_at_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_at_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at_all_begin(MPI_File fh, MPI_Offset offset, void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_at_all_begin";
    __typeof__(MPI_File_read_at_all_begin) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_at_all_begin);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_at_all_begin_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_at_all_begin_c";
    __typeof__(MPI_File_read_at_all_begin_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_at_all_begin_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_at_all_c(MPI_File fh, MPI_Offset offset, void * buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at_all_c";
    __typeof__(MPI_File_read_at_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_at_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_at_c(MPI_File fh, MPI_Offset offset, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_at_c";
    __typeof__(MPI_File_read_at_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_at_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_c";
    __typeof__(MPI_File_read_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_ordered(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_ordered";
    __typeof__(MPI_File_read_ordered) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_ordered);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_ordered_begin(MPI_File fh, void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_ordered_begin";
    __typeof__(MPI_File_read_ordered_begin) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_ordered_begin);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_ordered_begin_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_read_ordered_begin_c";
    __typeof__(MPI_File_read_ordered_begin_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_ordered_begin_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_read_ordered_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_ordered_c";
    __typeof__(MPI_File_read_ordered_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_ordered_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_shared(MPI_File fh, void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_shared";
    __typeof__(MPI_File_read_shared) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_shared);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_read_shared_c(MPI_File fh, void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_read_shared_c";
    __typeof__(MPI_File_read_shared_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_read_shared_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_set_view(MPI_File fh, MPI_Offset disp, MPI_Datatype etype, MPI_Datatype filetype, const char *datarep, MPI_Info info)
{
    const char *fn = "MPI_File_set_view";
    __typeof__(MPI_File_set_view) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "etype", etype, NULL, 0, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "filetype", filetype, NULL, 0, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_set_view);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, disp, etype, filetype, datarep, info);
}

TSU_WEAK_DEF int MPI_File_write(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write";
    __typeof__(MPI_File_write) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_all(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_all";
    __typeof__(MPI_File_write_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_all_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_all_begin";
    __typeof__(MPI_File_write_all_begin) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_all_begin);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_all_begin_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_all_begin_c";
    __typeof__(MPI_File_write_all_begin_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_all_begin_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_all_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_all_c";
    __typeof__(MPI_File_write_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at(MPI_File fh, MPI_Offset offset, const void * buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at";
    __typeof__(MPI_File_write_at) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_at);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at_all(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at_all";
    __typeof__(MPI_File_write_at_all) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_at_all);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at_all_begin(MPI_File fh, MPI_Offset offset, const void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_at_all_begin";
    __typeof__(MPI_File_write_at_all_begin) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_at_all_begin);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_at_all_begin_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_at_all_begin_c";
    __typeof__(MPI_File_write_at_all_begin_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_at_all_begin_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_at_all_c(MPI_File fh, MPI_Offset offset, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at_all_c";
    __typeof__(MPI_File_write_at_all_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_at_all_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_at_c(MPI_File fh, MPI_Offset offset, const void * buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_at_c";
    __typeof__(MPI_File_write_at_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_at_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, offset, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_c";
    __typeof__(MPI_File_write_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_ordered(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_ordered";
    __typeof__(MPI_File_write_ordered) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_ordered);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_ordered_begin(MPI_File fh, const void *buf, int count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_ordered_begin";
    __typeof__(MPI_File_write_ordered_begin) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_ordered_begin);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_ordered_begin_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype)
{
    const char *fn = "MPI_File_write_ordered_begin_c";
    __typeof__(MPI_File_write_ordered_begin_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_ordered_begin_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype);
}

TSU_WEAK_DEF int MPI_File_write_ordered_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_ordered_c";
    __typeof__(MPI_File_write_ordered_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_ordered_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_shared(MPI_File fh, const void *buf, int count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_shared";
    __typeof__(MPI_File_write_shared) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_shared);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_File_write_shared_c(MPI_File fh, const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Status *status)
{
    const char *fn = "MPI_File_write_shared_c";
    __typeof__(MPI_File_write_shared_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_FILE, &fh, rc);
    }
    next_fn = TSL_WRAP_NEXT(File_write_shared_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_FILE, &fh, fn);
    return next_fn(fh, buf, count, datatype, status);
}

TSU_WEAK_DEF int MPI_Gather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gather";
    __typeof__(MPI_Gather) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gather);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gather_c";
    __typeof__(MPI_Gather_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gather_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gather_init";
    __typeof__(MPI_Gather_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gather_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Gather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gather_init_c";
    __typeof__(MPI_Gather_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gather_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Gatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gatherv";
    __typeof__(MPI_Gatherv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gatherv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Gatherv_c";
    __typeof__(MPI_Gatherv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gatherv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Gatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gatherv_init";
    __typeof__(MPI_Gatherv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gatherv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Gatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Gatherv_init_c";
    __typeof__(MPI_Gatherv_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Gatherv_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Get(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Get";
    __typeof__(MPI_Get) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Get);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Get_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Get_accumulate";
    __typeof__(MPI_Get_accumulate) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Get_accumulate);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Get_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win)
{
    const char *fn = "MPI_Get_accumulate_c";
    __typeof__(MPI_Get_accumulate_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Get_accumulate_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win);
}

TSU_WEAK_DEF int MPI_Get_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Get_c";
    __typeof__(MPI_Get_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Get_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Get_library_version(char *version, int *resultlen)
{
    return tsl_api_Get_library_version(version, resultlen);
}

TSU_WEAK_DEF int MPI_Iallgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgather";
    __typeof__(MPI_Iallgather) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iallgather);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgather_c";
    __typeof__(MPI_Iallgather_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iallgather_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgatherv";
    __typeof__(MPI_Iallgatherv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iallgatherv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallgatherv_c";
    __typeof__(MPI_Iallgatherv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iallgatherv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Iallreduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallreduce";
    __typeof__(MPI_Iallreduce) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iallreduce);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iallreduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iallreduce_c";
    __typeof__(MPI_Iallreduce_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iallreduce_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoall";
    __typeof__(MPI_Ialltoall) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ialltoall);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoall_c";
    __typeof__(MPI_Ialltoall_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ialltoall_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallv";
    __typeof__(MPI_Ialltoallv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ialltoallv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallv_c";
    __typeof__(MPI_Ialltoallv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ialltoallv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallw(const void *sendbuf, const int sendcounts[], const int sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const int rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallw";
    __typeof__(MPI_Ialltoallw) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ialltoallw);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Ialltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ialltoallw_c";
    __typeof__(MPI_Ialltoallw_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "sendtypes", sendtypes, "sendcounts", sendcounts, sizeof(*sendcounts), tsl_group_size(comm), TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_types(fn, "recvtypes", recvtypes, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ialltoallw_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Ibcast(void *buffer, int count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibcast";
    __typeof__(MPI_Ibcast) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? 0 : TSF_ARG_RECV)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ibcast);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buffer, count, datatype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ibcast_c(void *buffer, MPI_Count count, MPI_Datatype datatype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibcast_c";
    __typeof__(MPI_Ibcast_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? 0 : TSF_ARG_RECV)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ibcast_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buffer, count, datatype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ibsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibsend";
    __typeof__(MPI_Ibsend) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ibsend);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Ibsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ibsend_c";
    __typeof__(MPI_Ibsend_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ibsend_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Iexscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iexscan";
    __typeof__(MPI_Iexscan) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iexscan);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iexscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iexscan_c";
    __typeof__(MPI_Iexscan_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iexscan_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Igather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igather";
    __typeof__(MPI_Igather) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Igather);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Igather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igather_c";
    __typeof__(MPI_Igather_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Igather_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Igatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igatherv";
    __typeof__(MPI_Igatherv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Igatherv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Igatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Igatherv_c";
    __typeof__(MPI_Igatherv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type_counts(fn, "recvtype", recvtype, "recvcounts", recvcounts, sizeof(*recvcounts), tsl_group_size(comm), TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Igatherv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Imrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    const char *fn = "MPI_Imrecv";
    __typeof__(MPI_Imrecv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (message && *message != MPI_MESSAGE_NO_PROC ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    next_fn = TSL_WRAP_NEXT(Imrecv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WORLD, NULL, fn);
    return next_fn(buf, count, datatype, message, request);
}

TSU_WEAK_DEF int MPI_Imrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Request *request)
{
    const char *fn = "MPI_Imrecv_c";
    __typeof__(MPI_Imrecv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (message && *message != MPI_MESSAGE_NO_PROC ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    next_fn = TSL_WRAP_NEXT(Imrecv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WORLD, NULL, fn);
    return next_fn(buf, count, datatype, message, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgather";
    __typeof__(MPI_Ineighbor_allgather) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_allgather);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgather_c";
    __typeof__(MPI_Ineighbor_allgather_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_allgather_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgatherv";
    __typeof__(MPI_Ineighbor_allgatherv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_allgatherv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_allgatherv_c";
    __typeof__(MPI_Ineighbor_allgatherv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_allgatherv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoall";
    __typeof__(MPI_Ineighbor_alltoall) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_alltoall);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoall_c";
    __typeof__(MPI_Ineighbor_alltoall_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_alltoall_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallv";
    __typeof__(MPI_Ineighbor_alltoallv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_alltoallv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallv_c";
    __typeof__(MPI_Ineighbor_alltoallv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ineighbor_alltoallv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallw";
    __typeof__(MPI_Ineighbor_alltoallw) *next_fn;

    /* its datatype arguments depend on the topology: not read */
    next_fn = TSL_WRAP_NEXT(Ineighbor_alltoallw);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Ineighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ineighbor_alltoallw_c";
    __typeof__(MPI_Ineighbor_alltoallw_c) *next_fn;

    /* its datatype arguments depend on the topology: not read */
    next_fn = TSL_WRAP_NEXT(Ineighbor_alltoallw_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, request);
}

TSU_WEAK_DEF int MPI_Irecv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irecv";
    __typeof__(MPI_Irecv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Irecv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Irecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irecv_c";
    __typeof__(MPI_Irecv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Irecv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce";
    __typeof__(MPI_Ireduce) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ireduce);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_c";
    __typeof__(MPI_Ireduce_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ireduce_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, root, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter";
    __typeof__(MPI_Ireduce_scatter) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ireduce_scatter);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter_block";
    __typeof__(MPI_Ireduce_scatter_block) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ireduce_scatter_block);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter_block_c";
    __typeof__(MPI_Ireduce_scatter_block_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ireduce_scatter_block_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcount, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Ireduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ireduce_scatter_c";
    __typeof__(MPI_Ireduce_scatter_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ireduce_scatter_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcounts, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Irsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irsend";
    __typeof__(MPI_Irsend) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Irsend);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Irsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Irsend_c";
    __typeof__(MPI_Irsend_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Irsend_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Iscan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscan";
    __typeof__(MPI_Iscan) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iscan);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iscan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscan_c";
    __typeof__(MPI_Iscan_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iscan_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatter";
    __typeof__(MPI_Iscatter) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iscatter);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatter_c";
    __typeof__(MPI_Iscatter_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iscatter_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatterv";
    __typeof__(MPI_Iscatterv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iscatterv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Iscatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Iscatterv_c";
    __typeof__(MPI_Iscatterv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Iscatterv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, request);
}

TSU_WEAK_DEF int MPI_Isend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isend";
    __typeof__(MPI_Isend) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Isend);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Isend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isend_c";
    __typeof__(MPI_Isend_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Isend_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv";
    __typeof__(MPI_Isendrecv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Isendrecv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv_c";
    __typeof__(MPI_Isendrecv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Isendrecv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv_replace";
    __typeof__(MPI_Isendrecv_replace) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Isendrecv_replace);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, sendtag, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Isendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Isendrecv_replace_c";
    __typeof__(MPI_Isendrecv_replace_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Isendrecv_replace_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, sendtag, source, recvtag, comm, request);
}

TSU_WEAK_DEF int MPI_Issend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Issend";
    __typeof__(MPI_Issend) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Issend);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Issend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Issend_c";
    __typeof__(MPI_Issend_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Issend_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Mrecv(void *buf, int count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    const char *fn = "MPI_Mrecv";
    __typeof__(MPI_Mrecv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (message && *message != MPI_MESSAGE_NO_PROC ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    next_fn = TSL_WRAP_NEXT(Mrecv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WORLD, NULL, fn);
    return next_fn(buf, count, datatype, message, status);
}

TSU_WEAK_DEF int MPI_Mrecv_c(void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Message *message, MPI_Status *status)
{
    const char *fn = "MPI_Mrecv_c";
    __typeof__(MPI_Mrecv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (message && *message != MPI_MESSAGE_NO_PROC ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    next_fn = TSL_WRAP_NEXT(Mrecv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WORLD, NULL, fn);
    return next_fn(buf, count, datatype, message, status);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgather";
    __typeof__(MPI_Neighbor_allgather) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgather);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgather_c";
    __typeof__(MPI_Neighbor_allgather_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgather_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgather_init";
    __typeof__(MPI_Neighbor_allgather_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgather_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_allgather_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgather_init_c";
    __typeof__(MPI_Neighbor_allgather_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgather_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgatherv";
    __typeof__(MPI_Neighbor_allgatherv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgatherv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_allgatherv_c";
    __typeof__(MPI_Neighbor_allgatherv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgatherv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgatherv_init";
    __typeof__(MPI_Neighbor_allgatherv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgatherv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_allgatherv_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint displs[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_allgatherv_init_c";
    __typeof__(MPI_Neighbor_allgatherv_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_allgatherv_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcounts, displs, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoall";
    __typeof__(MPI_Neighbor_alltoall) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoall);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoall_c";
    __typeof__(MPI_Neighbor_alltoall_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoall_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoall_init";
    __typeof__(MPI_Neighbor_alltoall_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoall_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoall_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoall_init_c";
    __typeof__(MPI_Neighbor_alltoall_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoall_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallv";
    __typeof__(MPI_Neighbor_alltoallv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallv_c";
    __typeof__(MPI_Neighbor_alltoallv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv_init(const void *sendbuf, const int sendcounts[], const int sdispls[], MPI_Datatype sendtype, void *recvbuf, const int recvcounts[], const int rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallv_init";
    __typeof__(MPI_Neighbor_alltoallv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], MPI_Datatype sendtype, void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], MPI_Datatype recvtype, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallv_init_c";
    __typeof__(MPI_Neighbor_alltoallv_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallv_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtype, recvbuf, recvcounts, rdispls, recvtype, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallw";
    __typeof__(MPI_Neighbor_alltoallw) *next_fn;

    /* its datatype arguments depend on the topology: not read */
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallw);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm)
{
    const char *fn = "MPI_Neighbor_alltoallw_c";
    __typeof__(MPI_Neighbor_alltoallw_c) *next_fn;

    /* its datatype arguments depend on the topology: not read */
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallw_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw_init(const void *sendbuf, const int sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const int recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallw_init";
    __typeof__(MPI_Neighbor_alltoallw_init) *next_fn;

    /* its datatype arguments depend on the topology: not read */
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallw_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Neighbor_alltoallw_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint sdispls[], const MPI_Datatype sendtypes[], void *recvbuf, const MPI_Count recvcounts[], const MPI_Aint rdispls[], const MPI_Datatype recvtypes[], MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Neighbor_alltoallw_init_c";
    __typeof__(MPI_Neighbor_alltoallw_init_c) *next_fn;

    /* its datatype arguments depend on the topology: not read */
    next_fn = TSL_WRAP_NEXT(Neighbor_alltoallw_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, sdispls, sendtypes, recvbuf, recvcounts, rdispls, recvtypes, comm, info, request);
}

TSU_WEAK_DEF int MPI_Precv_init(void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Precv_init";
    __typeof__(MPI_Precv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Precv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, partitions, count, datatype, dest, tag, comm, info, request);
}

TSU_WEAK_DEF int MPI_Psend_init(const void *buf, int partitions, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Psend_init";
    __typeof__(MPI_Psend_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Psend_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, partitions, count, datatype, dest, tag, comm, info, request);
}

TSU_WEAK_DEF int MPI_Put(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Put";
    __typeof__(MPI_Put) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Put);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Put_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win)
{
    const char *fn = "MPI_Put_c";
    __typeof__(MPI_Put_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Put_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win);
}

TSU_WEAK_DEF int MPI_Raccumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Raccumulate";
    __typeof__(MPI_Raccumulate) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Raccumulate);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Raccumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Raccumulate_c";
    __typeof__(MPI_Raccumulate_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Raccumulate_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Recv(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Recv";
    __typeof__(MPI_Recv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Recv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, source, tag, comm, status);
}

TSU_WEAK_DEF int MPI_Recv_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Recv_c";
    __typeof__(MPI_Recv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Recv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, source, tag, comm, status);
}

TSU_WEAK_DEF int MPI_Recv_init(void *buf, int count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Recv_init";
    __typeof__(MPI_Recv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Recv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Recv_init_c(void *buf, MPI_Count count, MPI_Datatype datatype, int source, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Recv_init_c";
    __typeof__(MPI_Recv_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Recv_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, source, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Reduce(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce";
    __typeof__(MPI_Reduce) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, root, comm);
}

TSU_WEAK_DEF int MPI_Reduce_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_c";
    __typeof__(MPI_Reduce_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, root, comm);
}

TSU_WEAK_DEF int MPI_Reduce_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_init";
    __typeof__(MPI_Reduce_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_init_c";
    __typeof__(MPI_Reduce_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && (rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (at_root ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_local(const void *inbuf, void *inoutbuf, int count, MPI_Datatype datatype, MPI_Op op)
{
    const char *fn = "MPI_Reduce_local";
    __typeof__(MPI_Reduce_local) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_local);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WORLD, NULL, fn);
    return next_fn(inbuf, inoutbuf, count, datatype, op);
}

TSU_WEAK_DEF int MPI_Reduce_local_c(const void *inbuf, void *inoutbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op)
{
    const char *fn = "MPI_Reduce_local_c";
    __typeof__(MPI_Reduce_local_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_WORLD, NULL, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_local_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WORLD, NULL, fn);
    return next_fn(inbuf, inoutbuf, count, datatype, op);
}

TSU_WEAK_DEF int MPI_Reduce_scatter(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter";
    __typeof__(MPI_Reduce_scatter) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcounts, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter_block";
    __typeof__(MPI_Reduce_scatter_block) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter_block);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcount, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter_block_c";
    __typeof__(MPI_Reduce_scatter_block_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter_block_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcount, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block_init(const void *sendbuf, void *recvbuf, int recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_block_init";
    __typeof__(MPI_Reduce_scatter_block_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter_block_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_block_init_c(const void *sendbuf, void *recvbuf, MPI_Count recvcount, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_block_init_c";
    __typeof__(MPI_Reduce_scatter_block_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter_block_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcount, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Reduce_scatter_c";
    __typeof__(MPI_Reduce_scatter_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcounts, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_init(const void *sendbuf, void *recvbuf, const int recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_init";
    __typeof__(MPI_Reduce_scatter_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Reduce_scatter_init_c(const void *sendbuf, void *recvbuf, const MPI_Count recvcounts[], MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Reduce_scatter_init_c";
    __typeof__(MPI_Reduce_scatter_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, NULL, 0, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Reduce_scatter_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, recvcounts, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Rget(void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget";
    __typeof__(MPI_Rget) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rget);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rget_accumulate(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, void *result_addr, int result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget_accumulate";
    __typeof__(MPI_Rget_accumulate) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rget_accumulate);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Rget_accumulate_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, void *result_addr, MPI_Count result_count, MPI_Datatype result_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Op op, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget_accumulate_c";
    __typeof__(MPI_Rget_accumulate_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "result_datatype", result_datatype, "result_count", result_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rget_accumulate_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, result_addr, result_count, result_datatype, target_rank, target_disp, target_count, target_datatype, op, win, request);
}

TSU_WEAK_DEF int MPI_Rget_c(void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rget_c";
    __typeof__(MPI_Rget_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED | TSF_ARG_RECV))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rget_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rput(const void *origin_addr, int origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, int target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rput";
    __typeof__(MPI_Rput) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rput);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rput_c(const void *origin_addr, MPI_Count origin_count, MPI_Datatype origin_datatype, int target_rank, MPI_Aint target_disp, MPI_Count target_count, MPI_Datatype target_datatype, MPI_Win win, MPI_Request *request)
{
    const char *fn = "MPI_Rput_c";
    __typeof__(MPI_Rput_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "origin_datatype", origin_datatype, "origin_count", origin_count, TSF_ARG_COMMITTED))) ||
            ((rc = tsf_check_type(fn, "target_datatype", target_datatype, "target_count", target_count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_WIN, &win, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rput_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_WIN, &win, fn);
    return next_fn(origin_addr, origin_count, origin_datatype, target_rank, target_disp, target_count, target_datatype, win, request);
}

TSU_WEAK_DEF int MPI_Rsend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Rsend";
    __typeof__(MPI_Rsend) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rsend);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Rsend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Rsend_c";
    __typeof__(MPI_Rsend_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rsend_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Rsend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Rsend_init";
    __typeof__(MPI_Rsend_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rsend_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Rsend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Rsend_init_c";
    __typeof__(MPI_Rsend_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Rsend_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Scan(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Scan";
    __typeof__(MPI_Scan) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scan);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Scan_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm)
{
    const char *fn = "MPI_Scan_c";
    __typeof__(MPI_Scan_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scan_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm);
}

TSU_WEAK_DEF int MPI_Scan_init(const void *sendbuf, void *recvbuf, int count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scan_init";
    __typeof__(MPI_Scan_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scan_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scan_init_c(const void *sendbuf, void *recvbuf, MPI_Count count, MPI_Datatype datatype, MPI_Op op, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scan_init_c";
    __typeof__(MPI_Scan_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scan_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, recvbuf, count, datatype, op, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatter(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatter";
    __typeof__(MPI_Scatter) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatter);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatter_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatter_c";
    __typeof__(MPI_Scatter_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatter_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatter_init(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatter_init";
    __typeof__(MPI_Scatter_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatter_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatter_init_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatter_init_c";
    __typeof__(MPI_Scatter_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatter_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatterv(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatterv";
    __typeof__(MPI_Scatterv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatterv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatterv_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm)
{
    const char *fn = "MPI_Scatterv_c";
    __typeof__(MPI_Scatterv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatterv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm);
}

TSU_WEAK_DEF int MPI_Scatterv_init(const void *sendbuf, const int sendcounts[], const int displs[], MPI_Datatype sendtype, void *recvbuf, int recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatterv_init";
    __typeof__(MPI_Scatterv_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatterv_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Scatterv_init_c(const void *sendbuf, const MPI_Count sendcounts[], const MPI_Aint displs[], MPI_Datatype sendtype, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int root, MPI_Comm comm, MPI_Info info, MPI_Request *request)
{
    const char *fn = "MPI_Scatterv_init_c";
    __typeof__(MPI_Scatterv_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        int at_root = tsl_is_root(comm, root);
        if ((root != MPI_PROC_NULL && sendbuf != MPI_IN_PLACE && at_root && (rc = tsf_check_type(fn, "sendtype", sendtype, NULL, 0, TSF_ARG_COMMITTED))) ||
            (root != MPI_PROC_NULL && recvbuf != MPI_IN_PLACE && root != MPI_ROOT && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | TSF_ARG_RECV))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Scatterv_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcounts, displs, sendtype, recvbuf, recvcount, recvtype, root, comm, info, request);
}

TSU_WEAK_DEF int MPI_Send(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Send";
    __typeof__(MPI_Send) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Send);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Send_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Send_c";
    __typeof__(MPI_Send_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Send_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Send_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Send_init";
    __typeof__(MPI_Send_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Send_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Send_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Send_init_c";
    __typeof__(MPI_Send_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Send_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv";
    __typeof__(MPI_Sendrecv) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Sendrecv);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Sendrecv_c(const void *sendbuf, MPI_Count sendcount, MPI_Datatype sendtype, int dest, int sendtag, void *recvbuf, MPI_Count recvcount, MPI_Datatype recvtype, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv_c";
    __typeof__(MPI_Sendrecv_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if ((sendbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "sendtype", sendtype, "sendcount", sendcount, TSF_ARG_COMMITTED))) ||
            (recvbuf != MPI_IN_PLACE && (rc = tsf_check_type(fn, "recvtype", recvtype, "recvcount", recvcount, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Sendrecv_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(sendbuf, sendcount, sendtype, dest, sendtag, recvbuf, recvcount, recvtype, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Sendrecv_replace(void *buf, int count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv_replace";
    __typeof__(MPI_Sendrecv_replace) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Sendrecv_replace);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, sendtag, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Sendrecv_replace_c(void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int sendtag, int source, int recvtag, MPI_Comm comm, MPI_Status *status)
{
    const char *fn = "MPI_Sendrecv_replace_c";
    __typeof__(MPI_Sendrecv_replace_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED | (source != MPI_PROC_NULL ? TSF_ARG_RECV : 0)))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Sendrecv_replace_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, sendtag, source, recvtag, comm, status);
}

TSU_WEAK_DEF int MPI_Ssend(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Ssend";
    __typeof__(MPI_Ssend) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ssend);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Ssend_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm)
{
    const char *fn = "MPI_Ssend_c";
    __typeof__(MPI_Ssend_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ssend_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm);
}

TSU_WEAK_DEF int MPI_Ssend_init(const void *buf, int count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ssend_init";
    __typeof__(MPI_Ssend_init) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ssend_init);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

TSU_WEAK_DEF int MPI_Ssend_init_c(const void *buf, MPI_Count count, MPI_Datatype datatype, int dest, int tag, MPI_Comm comm, MPI_Request *request)
{
    const char *fn = "MPI_Ssend_init_c";
    __typeof__(MPI_Ssend_init_c) *next_fn;
    int rc;

    if (TSU_LIKELY(tsl_mode() != TSL_DISABLED)) {
        if (((rc = tsf_check_type(fn, "datatype", datatype, "count", count, TSF_ARG_COMMITTED))))
            return tsb_raise_on(TSB_ON_COMM, &comm, rc);
    }
    next_fn = TSL_WRAP_NEXT(Ssend_init_c);
    if (TSU_UNLIKELY(!next_fn))
        return tsb_no_next(TSB_ON_COMM, &comm, fn);
    return next_fn(buf, count, datatype, dest, tag, comm, request);
}

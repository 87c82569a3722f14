/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * Self-communication of the single-process runtime: MPI_Sendrecv.
 *
 * With one process, the only partner is the process itself (rank 0) or
 * MPI_PROC_NULL.  MPI_Sendrecv is the one point-to-point call that needs no
 * message queue there: its send and its receive belong to the same call, so
 * the message is packed from the send buffer and unpacked into the receive
 * buffer, exactly what a message does to a derived datatype.  This lets the
 * usual "send to the right, receive from the left" exchanges (halos, rings,
 * shifts) run unchanged on one process.
 *
 * The data moves through libtypeshim's own MPI_Pack_c/MPI_Unpack_c, so the
 * datatype rules (committed, valid, truncation) are libtypeshim's.  Their
 * errors are caught here (tss_quiet_begin) and raised again under
 * MPI_Sendrecv's name, naming the argument at fault.
 */
#include "typeshim_config.h"

#include <stdlib.h>
#include <string.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

#include "typeshim.h"
#include "tss.h"

/* Raises, under MPI_Sendrecv's name, an error libtypeshim returned while
 * errors were quiet: its class, and its message minus the inner
 * function's name ("MPI_Pack_c: argument ..." keeps "argument ..."). */
static int tss_reraise(MPI_Comm comm, int code, const char *arg)
{
    char msg[MPI_MAX_ERROR_STRING] = "";
    const char *why = msg;
    int len, cls = tss_error_class(code);

    if (typeshim_error_message && typeshim_error_message(code, msg, &len)) {
        const char *colon = strstr(msg, ": ");
        if (colon)
            why = colon + 2;
    } else {
        tss_error_text(code, msg, &len);
    }
    return tss_raise(comm, cls > 0 ? cls : MPI_ERR_INTERN, "MPI_Sendrecv(%s): %s", arg, why);
}

/* The checks MPICH makes before any data moves, in its order. */
static int tss_sendrecv_args(int sendcount, int dest, int sendtag, int recvcount, int source,
                             int recvtag, MPI_Comm comm)
{
    int rc = tss_check_init("MPI_Sendrecv");

    if (rc != MPI_SUCCESS)
        return rc;
    if (!tss_comm_valid(comm))
        return tss_raise(MPI_COMM_WORLD, MPI_ERR_COMM,
                         "MPI_Sendrecv(comm=0x%x): Invalid communicator", (unsigned)comm);
    if (sendcount < 0 || recvcount < 0)
        return tss_raise(comm, MPI_ERR_COUNT, "MPI_Sendrecv(%s=%d): Negative count",
                         sendcount < 0 ? "sendcount" : "recvcount",
                         sendcount < 0 ? sendcount : recvcount);
    if (dest != 0 && dest != MPI_PROC_NULL)
        return tss_raise(comm, MPI_ERR_RANK,
                         "MPI_Sendrecv(dest=%d): Invalid rank (the communicator has size 1)", dest);
    if (source != 0 && source != MPI_PROC_NULL && source != MPI_ANY_SOURCE)
        return tss_raise(comm, MPI_ERR_RANK,
                         "MPI_Sendrecv(source=%d): Invalid rank (the communicator has size 1)",
                         source);
    if (sendtag < 0 && dest != MPI_PROC_NULL)
        return tss_raise(comm, MPI_ERR_TAG, "MPI_Sendrecv(sendtag=%d): Invalid tag", sendtag);
    if (recvtag < 0 && recvtag != MPI_ANY_TAG && source != MPI_PROC_NULL)
        return tss_raise(comm, MPI_ERR_TAG, "MPI_Sendrecv(recvtag=%d): Invalid tag", recvtag);
    /* The receive can only be matched by this call's own send: anything
     * else waits forever in MPICH; here it is an error that says why. */
    if (source != MPI_PROC_NULL && dest == MPI_PROC_NULL)
        return tss_raise(comm, MPI_ERR_OTHER,
                         "MPI_Sendrecv(source=%d, dest=MPI_PROC_NULL): the receive could never "
                         "complete (one process, and it sends nothing)",
                         source);
    if (source != MPI_PROC_NULL && recvtag != MPI_ANY_TAG && recvtag != sendtag)
        return tss_raise(comm, MPI_ERR_OTHER,
                         "MPI_Sendrecv(sendtag=%d, recvtag=%d): the receive could never "
                         "complete (one process, and its only message has another tag)",
                         sendtag, recvtag);
    return MPI_SUCCESS;
}

/* Status of a completed receive of nbytes from rank 0 (or of the empty
 * receive from MPI_PROC_NULL, MPI-4 §3.11).  MPI_ERROR is left alone, as
 * MPI requires of single-completion calls. */
static void tss_set_status(MPI_Status *status, int source, int tag, MPI_Count nbytes)
{
    if (status == MPI_STATUS_IGNORE)
        return;
    status->MPI_SOURCE = source;
    status->MPI_TAG = tag;
    PMPI_Status_set_cancelled(status, 0);
    PMPI_Status_set_elements_x(status, MPI_BYTE, nbytes);
}

/* libtypeshim checks both datatypes, valid and committed (packing and
 * unpacking zero elements makes it check commit), and gives the bytes
 * sent and the room of the receive buffer.  *arg names the argument of a
 * failure.  Called with errors quiet. */
static int tss_types_check(const void *sendbuf, int sendcount, MPI_Datatype sendtype, void *recvbuf,
                           int recvcount, MPI_Datatype recvtype, MPI_Comm comm, MPI_Count *nbytes,
                           MPI_Count *room, const char **arg)
{
    MPI_Count pos = 0;
    int rc;

    *arg = "sendtype";
    rc = PMPI_Pack_size_c(sendcount, sendtype, comm, nbytes);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Pack_c(sendbuf, 0, sendtype, NULL, 0, &pos, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    *arg = "recvtype";
    rc = PMPI_Pack_size_c(recvcount, recvtype, comm, room);
    if (rc == MPI_SUCCESS)
        rc = PMPI_Unpack_c(NULL, 0, &pos, recvbuf, 0, recvtype, comm);
    return rc;
}

TSU_WEAK_ALIAS(MPI_Sendrecv, PMPI_Sendrecv)
int PMPI_Sendrecv(const void *sendbuf, int sendcount, MPI_Datatype sendtype, int dest, int sendtag,
                  void *recvbuf, int recvcount, MPI_Datatype recvtype, int source, int recvtag,
                  MPI_Comm comm, MPI_Status *status)
{
    MPI_Count nbytes = 0, room = 0, pos = 0;
    const char *arg;
    void *wire;
    int rc;

    rc = tss_sendrecv_args(sendcount, dest, sendtag, recvcount, source, recvtag, comm);
    if (rc != MPI_SUCCESS)
        return rc;
    /* Checked even when a side is MPI_PROC_NULL, as MPICH checks them. */
    tss_quiet_begin();
    rc = tss_types_check(sendbuf, sendcount, sendtype, recvbuf, recvcount, recvtype, comm, &nbytes,
                         &room, &arg);
    tss_quiet_end();
    if (rc != MPI_SUCCESS)
        return tss_reraise(comm, rc, arg);

    if (source == MPI_PROC_NULL) {
        /* A message sent to rank 0 then has no receive to match it, and
         * with no other receive call in this runtime it never will: MPICH
         * would keep it queued until MPI_Finalize, unobservable.  It is
         * dropped. */
        tss_set_status(status, MPI_PROC_NULL, MPI_ANY_TAG, 0);
        return MPI_SUCCESS;
    }
    if (nbytes > room)
        return tss_raise(comm, MPI_ERR_TRUNCATE,
                         "MPI_Sendrecv: Message truncated: %lld bytes sent, the receive buffer "
                         "(recvcount=%d) holds %lld",
                         (long long)nbytes, recvcount, (long long)room);
    wire = malloc(nbytes ? (size_t)nbytes : 1);
    if (!wire)
        return tss_raise(comm, MPI_ERR_NO_MEM,
                         "MPI_Sendrecv: out of memory for a %lld-byte message", (long long)nbytes);

    /* A shorter message fills the receive buffer's first nbytes of type
     * map, ending inside an element if it must (MPI_Get_elements then
     * counts the basic elements received). */
    tss_quiet_begin();
    arg = "sendtype";
    rc = PMPI_Pack_c(sendbuf, sendcount, sendtype, wire, nbytes, &pos, comm);
    if (rc == MPI_SUCCESS) {
        arg = "recvtype";
        rc = typeshim_unpack_segment(wire, 0, nbytes, recvbuf, recvcount, recvtype);
    }
    tss_quiet_end();
    free(wire);
    if (rc != MPI_SUCCESS)
        return tss_reraise(comm, rc, arg);
    tss_set_status(status, 0, sendtag, nbytes);
    return MPI_SUCCESS;
}

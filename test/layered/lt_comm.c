/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * lt_comm - datatype checks on communication calls, and typeshim's
 * messages through MPICH's error machinery (layered only: plain MPICH
 * crashes or accepts these calls).
 *
 * Every rank makes the same calls, each with one bad datatype argument:
 * freed, never committed, unknown to both typeshim and MPICH, a receive
 * type whose map overlaps itself, a negative count.  Each call must return
 * (MPI_ERRORS_RETURN; a window's handler is set, a file's returns by
 * default) the right class, and MPI_Error_string of the returned code must
 * be typeshim's message naming the call and the argument.  Collectives are
 * made by every rank with the same bad argument, so none waits for
 * another.  Then the same calls with good arguments must work, including
 * a send from an overlapping type (MPI allows it).
 *
 * With LT_COMM_LEAK=1 one more type, named "lt_comm_leak", is made and
 * never freed, for the leak report of TYPESHIM_LEAKS (lt_run.sh checks
 * stderr).
 */
#include "lt_common.h"

#include <unistd.h>

#define NBAD 5
static const char *const bad_name[NBAD] = {"freed", "uncommitted", "unknown", "overlapping",
                                           "negative count"};

/* The error a bad argument of kind k gives, and a fragment of its message. */
static int want_class(int k)
{
    return k == 4 ? MPI_ERR_COUNT : MPI_ERR_TYPE;
}

static const char *want_text(int k)
{
    /* a handle typeshim issued and the program freed is known freed; a
     * refused valid one is named by its construction */
    static const char *const text[NBAD] = {
        "was freed (made at ", "(vector(2, 1, 1, MPI_INT)) is not committed (MPI_Type_commit)",
#ifdef OPEN_MPI
        "is not a datatype typeshim or Open MPI issued (never created)",
#else
        "is not a datatype typeshim or MPICH issued (never created)",
#endif
        ")) describes a receive buffer but its type map overlaps itself", "must be non-negative"};
    return text[k];
}

/* rc came back from `call` given bad argument k (`arg` names it). */
static void expect(const char *call, const char *arg, int k, int rc)
{
    char msg[MPI_MAX_ERROR_STRING];
    int cls = -1, len = 0;

    if (!LT_CHECK(rc != MPI_SUCCESS)) {
        fprintf(stderr, "lt_comm: %s with a %s %s succeeded\n", call, bad_name[k], arg);
        return;
    }
    MPI_Error_class(rc, &cls);
    LT_CHECK_INT(cls, ==, want_class(k));
    MPI_Error_string(rc, msg, &len);
    /* a freed type: made at this program's call (dladdr names lt_comm) */
    if (!LT_CHECK(strstr(msg, call) && strstr(msg, arg) && strstr(msg, want_text(k)) &&
                  (k != 0 || strstr(msg, "lt_comm"))))
        fprintf(stderr, "lt_comm: %s with a %s %s: message \"%s\"\n", call, bad_name[k], arg, msg);
}

/* rc came back from `call` given a receive type whose copies overlap
 * across the count: MPI_ERR_TYPE, and a message that names the call, the
 * argument and the copies (`copies`). */
static void expect_copies(const char *call, const char *arg, const char *copies, int rc)
{
    char msg[MPI_MAX_ERROR_STRING];
    int cls = -1, len = 0;

    if (!LT_CHECK(rc != MPI_SUCCESS)) {
        fprintf(stderr, "lt_comm: %s with copies that overlap succeeded\n", call);
        return;
    }
    MPI_Error_class(rc, &cls);
    LT_CHECK_INT(cls, ==, MPI_ERR_TYPE);
    MPI_Error_string(rc, msg, &len);
    if (!LT_CHECK(strstr(msg, call) && strstr(msg, arg) && strstr(msg, copies)))
        fprintf(stderr, "lt_comm: %s with copies that overlap: message \"%s\"\n", call, msg);
}

/* Receive types whose copies overlap across the count (count 2 of
 * resized(MPI_INT, 0, 2) writes bytes 2-3 twice) are refused like
 * contiguous(count, type), on every receive side: point-to-point, the
 * non-root processes of a broadcast, the root of a reduction.  Copies
 * that interleave without sharing a byte are accepted.  A receive from
 * MPI_PROC_NULL writes nothing (MPI-4.1 section 3.11): its type must be
 * valid and committed, but may overlap. */
static void receive_copies(int rank, int size, MPI_Datatype own, MPI_Datatype uncommitted)
{
    int buf[64], recv[64], to = (rank + 1) % size, from = (rank + size - 1) % size;
    MPI_Datatype half, v, woven;
    MPI_Message msg = MPI_MESSAGE_NULL, none = MPI_MESSAGE_NO_PROC;
    MPI_Status st;
    MPI_Request req;

    MPI_Type_create_resized(MPI_INT, 0, 2, &half);
    MPI_Type_commit(&half);
    MPI_Type_vector(3, 1, 3, MPI_INT, &v); /* ints 0, 3, 6 */
    MPI_Type_create_resized(v, 0, sizeof(int), &woven);
    MPI_Type_commit(&woven);
    MPI_Type_free(&v);
    for (int i = 0; i < 64; i++)
        buf[i] = 1000 * rank + i;

    expect_copies("MPI_Recv", "datatype", "copies 0 and 1 of the type overlap",
                  MPI_Recv(recv, 2, half, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
#if MPI_VERSION >= 4 /* MPI-4.0's (Open MPI 4.1 has neither) */
    expect_copies("MPI_Recv_c", "datatype", "copies 0 and 1",
                  MPI_Recv_c(recv, 2, half, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
#endif
    expect_copies("MPI_Irecv", "datatype", "copies 0 and 1",
                  MPI_Irecv(recv, 2, half, from, 0, MPI_COMM_WORLD, &req));
    expect_copies("MPI_Recv_init", "datatype", "copies 0 and 1",
                  MPI_Recv_init(recv, 2, half, from, 0, MPI_COMM_WORLD, &req));
    expect_copies("MPI_Sendrecv", "recvtype", "copies 0 and 1",
                  MPI_Sendrecv(buf, 1, MPI_INT, to, 0, recv, 2, half, from, 0, MPI_COMM_WORLD,
                               MPI_STATUS_IGNORE));
    expect_copies(
        "MPI_Sendrecv_replace", "datatype", "copies 0 and 1",
        MPI_Sendrecv_replace(recv, 2, half, to, 0, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    expect_copies("MPI_Mrecv", "datatype", "copies 0 and 1",
                  MPI_Mrecv(recv, 2, half, &msg, MPI_STATUS_IGNORE));
    expect_copies("MPI_Recv", "datatype", "copies 0 and 3",
                  MPI_Recv(recv, 4, woven, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    /* count 3 of resized(MPI_INT, 0, 0): every copy at one place */
    {
        MPI_Datatype zero;
        MPI_Type_create_resized(MPI_INT, 0, 0, &zero);
        MPI_Type_commit(&zero);
        expect_copies("MPI_Recv", "datatype", "copies 0 and 1",
                      MPI_Recv(recv, 3, zero, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        MPI_Type_free(&zero);
    }

    /* a broadcast: every process but the root receives.  Each names
     * another as the root, so every one is refused before MPICH runs. */
    if (size > 1) {
        expect_copies("MPI_Bcast", "datatype", "copies 0 and 1",
                      MPI_Bcast(recv, 2, half, to, MPI_COMM_WORLD));
        expect_copies("MPI_Ibcast", "datatype", "copies 0 and 1",
                      MPI_Ibcast(recv, 2, half, to, MPI_COMM_WORLD, &req));
#if MPI_VERSION >= 4
        expect_copies("MPI_Bcast_init", "datatype", "copies 0 and 1",
                      MPI_Bcast_init(recv, 2, half, to, MPI_COMM_WORLD, MPI_INFO_NULL, &req));
#endif
        expect("MPI_Bcast", "datatype", 3, MPI_Bcast(recv, 1, own, to, MPI_COMM_WORLD));
    }
    /* the root only sends: an overlapping type is fine there */
    LT_CHECK_MPI(MPI_Bcast(buf, 2, half, 0, MPI_COMM_SELF));
    LT_CHECK_MPI(MPI_Bcast(buf, 1, own, 0, MPI_COMM_SELF));
    /* the v forms: blocks of recvcounts[i] elements; the arrays of types */
    {
        int *counts = calloc((size_t)size, sizeof(int)),
            *displs = calloc((size_t)size, sizeof(int));
        MPI_Datatype *types = calloc((size_t)size, sizeof(MPI_Datatype));
        for (int i = 0; i < size; i++) {
            counts[i] = i == size - 1 ? 2 : 1;
            displs[i] = 4 * i;
            types[i] = half;
        }
        char which[64];
        snprintf(which, sizeof which, "(recvcounts[%d]=2) but copies 0 and 1", size - 1);
        expect_copies("MPI_Allgatherv", "recvtype", which,
                      MPI_Allgatherv(buf, 1, MPI_INT, recv, counts, displs, half, MPI_COMM_WORLD));
        expect_copies(
            "MPI_Gatherv", "recvtype", which,
            MPI_Gatherv(buf, 1, MPI_INT, recv, counts, displs, half, rank, MPI_COMM_WORLD));
        for (int i = 0; i < size; i++)
            displs[i] *= (int)sizeof(int); /* bytes for MPI_Alltoallw */
        expect_copies(
            "MPI_Alltoallw", "recvtypes", which,
            MPI_Alltoallw(buf, counts, displs, types, recv, counts, displs, types, MPI_COMM_WORLD));
        /* one element each: received (displacements in extents of 2 bytes) */
        for (int i = 0; i < size; i++) {
            counts[i] = 1;
            displs[i] = 8 * i;
            recv[4 * i] = -1;
        }
        LT_CHECK_MPI(MPI_Allgatherv(buf, 1, MPI_INT, recv, counts, displs, half, MPI_COMM_WORLD));
        for (int i = 0; i < size; i++)
            LT_CHECK_INT(recv[4 * i], ==, 1000 * i);
        free(counts);
        free(displs);
        free(types);
    }
    /* a reduction's root receives (each process its own root: all refused) */
    expect_copies("MPI_Reduce", "datatype", "copies 0 and 1",
                  MPI_Reduce(buf, recv, 2, half, MPI_SUM, rank, MPI_COMM_WORLD));

    /* interleaved copies share no byte: ints 0, 3, 6 of each element, the
     * next element one int further */
    for (int i = 0; i < 64; i++)
        recv[i] = -1;
    LT_CHECK_MPI(
        MPI_Sendrecv(buf, 9, MPI_INT, rank, 3, recv, 3, woven, rank, 3, MPI_COMM_WORLD, &st));
    LT_CHECK_INT(recv[0], ==, buf[0]);
    LT_CHECK_INT(recv[3], ==, buf[1]);
    LT_CHECK_INT(recv[6], ==, buf[2]);
    LT_CHECK_INT(recv[1], ==, buf[3]);
    LT_CHECK_INT(recv[8], ==, buf[8]);
    LT_CHECK_INT(recv[9], ==, -1);
    /* one element of half: no copy to meet */
    LT_CHECK_MPI(MPI_Sendrecv(buf, 1, MPI_INT, rank, 4, recv, 1, half, rank, 4, MPI_COMM_WORLD,
                              MPI_STATUS_IGNORE));
    LT_CHECK_INT(recv[0], ==, buf[0]);

    /* from MPI_PROC_NULL nothing is written: no overlap check, the
     * buffer untouched; the type must still be valid and committed */
    recv[0] = -5;
    LT_CHECK_MPI(MPI_Recv(recv, 2, half, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &st));
    LT_CHECK_MPI(MPI_Recv(recv, 1, own, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    LT_CHECK_INT(st.MPI_SOURCE, ==, MPI_PROC_NULL);
    LT_CHECK_MPI(MPI_Irecv(recv, 2, half, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req));
    LT_CHECK_MPI(MPI_Wait(&req, MPI_STATUS_IGNORE));
    LT_CHECK_MPI(MPI_Recv_init(recv, 1, own, MPI_PROC_NULL, 0, MPI_COMM_WORLD, &req));
    LT_CHECK_MPI(MPI_Request_free(&req));
    LT_CHECK_MPI(MPI_Sendrecv(buf, 1, MPI_INT, MPI_PROC_NULL, 0, recv, 2, half, MPI_PROC_NULL, 0,
                              MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    LT_CHECK_MPI(MPI_Sendrecv_replace(recv, 1, own, MPI_PROC_NULL, 0, MPI_PROC_NULL, 0,
                                      MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    LT_CHECK_MPI(MPI_Mrecv(recv, 2, half, &none, MPI_STATUS_IGNORE));
    LT_CHECK_INT(recv[0], ==, -5);
    expect("MPI_Recv", "datatype", 1,
           MPI_Recv(recv, 1, uncommitted, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));

    MPI_Type_free(&half);
    MPI_Type_free(&woven);
}

int main(int argc, char **argv)
{
    int rank, size, buf[64] = {0}, recv[64] = {0}, *counts, *displs;
    MPI_Datatype good, freed, uncommitted, overlap, t[NBAD];
    MPI_Datatype unknown = (MPI_Datatype)0x4c00ffee; /* no predefined type has it */
    MPI_Request req;
    MPI_Win win;
    MPI_File fh;
    char path[256];
    int rc;

    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    lt_begin("lt_comm");
    LT_REQUIRE_TYPESHIM();

    MPI_Type_contiguous(2, MPI_INT, &good);
    MPI_Type_commit(&good);
    MPI_Type_contiguous(3, MPI_INT, &freed);
    MPI_Type_commit(&freed);
    {
        MPI_Datatype copy = freed;
        MPI_Type_free(&copy);
    }
    MPI_Type_vector(2, 1, 1, MPI_INT, &uncommitted);
    MPI_Type_vector(3, 2, 1, MPI_INT, &overlap); /* blocks of 2 every 1: overlapping */
    MPI_Type_commit(&overlap);
    t[0] = freed;
    t[1] = uncommitted;
    t[2] = unknown;
    t[3] = overlap;
    t[4] = good;

    counts = calloc((size_t)size, sizeof(int));
    displs = calloc((size_t)size, sizeof(int));
    for (int i = 0; i < size; i++) {
        counts[i] = 1;
        displs[i] = 2 * i;
    }
    MPI_Win_create(recv, sizeof(recv), sizeof(int), MPI_INFO_NULL, MPI_COMM_WORLD, &win);
    MPI_Win_set_errhandler(win, MPI_ERRORS_RETURN);
    snprintf(path, sizeof(path), "%s/lt_comm.%d.tmp", getenv("TMPDIR") ? getenv("TMPDIR") : "/tmp",
             (int)getppid());
    rc = MPI_File_open(MPI_COMM_WORLD, path,
                       MPI_MODE_CREATE | MPI_MODE_RDWR | MPI_MODE_DELETE_ON_CLOSE, MPI_INFO_NULL,
                       &fh);
    LT_CHECK_MPI(rc);

    for (int k = 0; k < NBAD; k++) {
        MPI_Datatype d = t[k];
        int n = k == 4 ? -1 : 1; /* the count: negative in the last case */
        int to = (rank + 1) % size, from = (rank + size - 1) % size;

        /* an overlapping map may be sent: only receives are refused */
        if (k != 3) {
            expect("MPI_Send", k == 4 ? "count" : "datatype", k,
                   MPI_Send(buf, n, d, to, 0, MPI_COMM_WORLD));
            expect("MPI_Isend", k == 4 ? "count" : "datatype", k,
                   MPI_Isend(buf, n, d, to, 0, MPI_COMM_WORLD, &req));
        }
        expect("MPI_Recv", k == 4 ? "count" : "datatype", k,
               MPI_Recv(recv, n, d, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        expect("MPI_Sendrecv", k == 4 ? "recvcount" : "recvtype", k,
               MPI_Sendrecv(buf, 1, MPI_INT, to, 0, recv, n, d, from, 0, MPI_COMM_WORLD,
                            MPI_STATUS_IGNORE));
        if (k != 3)
            expect("MPI_Bcast", k == 4 ? "count" : "datatype", k,
                   MPI_Bcast(buf, n, d, 0, MPI_COMM_WORLD));
        expect("MPI_Allgatherv", k == 4 ? "sendcount" : "recvtype", k,
               k == 4
                   ? MPI_Allgatherv(buf, -1, MPI_INT, recv, counts, displs, MPI_INT, MPI_COMM_WORLD)
                   : MPI_Allgatherv(buf, 1, MPI_INT, recv, counts, displs, d, MPI_COMM_WORLD));
        if (k != 3)
            expect("MPI_Put", k == 4 ? "origin_count" : "origin_datatype", k,
                   MPI_Put(buf, n, d, to, 0, 1, MPI_INT, win));
        /* an overlapping filetype is ROMIO's to refuse (MPI_ERR_IO) */
        if (k != 3 && k != 4)
            expect("MPI_File_set_view", "filetype", k,
                   MPI_File_set_view(fh, 0, MPI_INT, d, "native", MPI_INFO_NULL));
    }

    /* the good calls still work, and an overlapping type may be sent */
    MPI_Win_fence(0, win);
    LT_CHECK_MPI(MPI_Put(buf, 1, good, (rank + 1) % size, 0, 2, MPI_INT, win));
    MPI_Win_fence(0, win);
    buf[0] = rank;
    LT_CHECK_MPI(MPI_Sendrecv(buf, 1, overlap, (rank + 1) % size, 1, recv, 6, MPI_INT,
                              (rank + size - 1) % size, 1, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
    LT_CHECK_INT(recv[0], ==, (rank + size - 1) % size);
    LT_CHECK_MPI(MPI_Bcast(buf, 1, good, 0, MPI_COMM_WORLD));
    LT_CHECK_INT(buf[0], ==, 0);
    LT_CHECK_MPI(MPI_File_set_view(fh, 0, MPI_INT, good, "native", MPI_INFO_NULL));
    /* an indexed type with shuffled blocks: commit leaves its overlap
     * undecided, the first receive decides it */
    {
        int bl[2] = {3, 3}, disp[2] = {2, 0}, sorted[2] = {3, 0};
        MPI_Datatype shuffled, apart;
        MPI_Type_indexed(2, bl, disp, MPI_INT, &shuffled);
        MPI_Type_commit(&shuffled);
        int from = (rank + size - 1) % size;
        expect("MPI_Recv", "datatype", 3,
               MPI_Recv(recv, 1, shuffled, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        expect("MPI_Recv", "datatype", 3,
               MPI_Recv(recv, 1, shuffled, from, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        MPI_Type_indexed(2, bl, sorted, MPI_INT, &apart); /* [3, 6) and [0, 3): disjoint */
        MPI_Type_commit(&apart);
        LT_CHECK_MPI(MPI_Sendrecv(buf, 6, MPI_INT, rank, 5, recv, 1, apart, rank, 5, MPI_COMM_WORLD,
                                  MPI_STATUS_IGNORE));
        MPI_Type_free(&shuffled);
        MPI_Type_free(&apart);
    }

    receive_copies(rank, size, overlap, uncommitted);

    /* no element, no datatype: MPI_DATATYPE_NULL with a count of 0 is
     * passed on, and the MPI decides: MPICH takes it, Open MPI 4.1 refuses
     * it (MPI_ERR_TYPE, its own error) */
    {
        int none = MPI_Sendrecv(buf, 0, MPI_DATATYPE_NULL, (rank + 1) % size, 2, recv, 0,
                                MPI_DATATYPE_NULL, (rank + size - 1) % size, 2, MPI_COMM_WORLD,
                                MPI_STATUS_IGNORE),
            cls = -1;
#ifdef OPEN_MPI
        MPI_Error_class(none, &cls);
        LT_CHECK_INT(cls, ==, MPI_ERR_TYPE);
#else
        (void)cls;
        LT_CHECK_INT(none, ==, MPI_SUCCESS);
#endif
    }
    /* arguments MPI ignores are not read: the send side of MPI_IN_PLACE */
    for (int i = 0; i < 2 * size; i++)
        recv[i] = i / 2 == rank ? rank : -1;
    LT_CHECK_MPI(MPI_Allgather(MPI_IN_PLACE, -7, freed, recv, 2, MPI_INT, MPI_COMM_WORLD));
    LT_CHECK_INT(recv[2 * size - 2], ==, size - 1);

    /* an intercommunicator's gather and scatter: the root group's root
     * only receives (gathers) or sends (scatters), the other group the
     * reverse; the arguments that do not apply hold MPI_DATATYPE_NULL */
    if (size >= 2) {
        MPI_Comm local, inter;
        int color = rank % 2, lrank, got[64] = {0};
        MPI_Comm_split(MPI_COMM_WORLD, color, rank, &local);
        MPI_Comm_rank(local, &lrank);
        MPI_Intercomm_create(local, 0, MPI_COMM_WORLD, 1 - color, 9, &inter);
        MPI_Comm_set_errhandler(inter, MPI_ERRORS_RETURN);
        buf[0] = rank + 100;
        if (color == 0) {
            int root = lrank == 0 ? MPI_ROOT : MPI_PROC_NULL;
            LT_CHECK_MPI(MPI_Gather(NULL, 1, MPI_DATATYPE_NULL, got, 1,
                                    lrank == 0 ? MPI_INT : MPI_DATATYPE_NULL, root, inter));
            if (lrank == 0)
                LT_CHECK_INT(got[0], ==, 101);
            LT_CHECK_MPI(MPI_Scatter(buf, 1, lrank == 0 ? MPI_INT : MPI_DATATYPE_NULL, NULL, 1,
                                     MPI_DATATYPE_NULL, root, inter));
        } else {
            LT_CHECK_MPI(MPI_Gather(buf, 1, MPI_INT, NULL, 1, MPI_DATATYPE_NULL, 0, inter));
            LT_CHECK_MPI(MPI_Scatter(NULL, 1, MPI_DATATYPE_NULL, got, 1, MPI_INT, 0, inter));
            LT_CHECK_INT(got[0], ==, 100);
        }
        MPI_Comm_free(&inter);
        MPI_Comm_free(&local);
    }

    MPI_File_close(&fh);
    MPI_Win_free(&win);
    MPI_Type_free(&good);
    MPI_Type_free(&uncommitted);
    MPI_Type_free(&overlap);
    free(counts);
    free(displs);
    if (getenv("LT_COMM_LEAK")) {
        MPI_Datatype lost;
        MPI_Type_create_hvector(2, 1, 16, MPI_INT, &lost);
        MPI_Type_set_name(lost, "lt_comm_leak");
    } else {
        lt_check_no_leak();
    }
    MPI_Finalize();
    return lt_finish("lt_comm", rank);
}

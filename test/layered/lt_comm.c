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
        "is not a datatype typeshim or MPICH issued (never created)",
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
        expect("MPI_Recv", "datatype", 3,
               MPI_Recv(recv, 1, shuffled, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        expect("MPI_Recv", "datatype", 3,
               MPI_Recv(recv, 1, shuffled, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        MPI_Type_indexed(2, bl, sorted, MPI_INT, &apart); /* [3, 6) and [0, 3): disjoint */
        MPI_Type_commit(&apart);
        LT_CHECK_MPI(MPI_Recv(recv, 1, apart, MPI_PROC_NULL, 0, MPI_COMM_WORLD, MPI_STATUS_IGNORE));
        MPI_Type_free(&shuffled);
        MPI_Type_free(&apart);
    }

    /* no element, no datatype: MPI_DATATYPE_NULL with a count of 0 passes,
     * as in MPICH */
    LT_CHECK_MPI(MPI_Sendrecv(buf, 0, MPI_DATATYPE_NULL, (rank + 1) % size, 2, recv, 0,
                              MPI_DATATYPE_NULL, (rank + size - 1) % size, 2, MPI_COMM_WORLD,
                              MPI_STATUS_IGNORE));
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

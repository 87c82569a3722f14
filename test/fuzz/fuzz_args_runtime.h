/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * fuzz_args_runtime.h: the callers of libtypeshim-serial's functions and
 * of the wrapped calls of the next layer (one-sided, MPI-IO) for
 * test/fuzz/fuzz_args.c.  Included once, by fuzz_args_calls.h.
 */
#ifndef FUZZ_ARGS_RUNTIME_H
#define FUZZ_ARGS_RUNTIME_H

/* How a call ends: blocking, nonblocking (a request), persistent (an info
 * and a request), or with a status. */
#define RUN_B(FN, ...) return FN(__VA_ARGS__)
#define RUN_S(FN, ...)                                                                             \
    MPI_Status *stp = STATUS;                                                                      \
    return FN(__VA_ARGS__, stp)
#define RUN_I(FN, ...)                                                                             \
    MPI_Request rq = MPI_REQUEST_NULL;                                                             \
    MPI_Request *rqp = OUT(&rq);                                                                   \
    int rc = FN(__VA_ARGS__, rqp);                                                                 \
    if (rc == MPI_SUCCESS) {                                                                       \
        keep_req(rq);                                                                              \
        scratch_keep();                                                                            \
    }                                                                                              \
    return rc
#define RUN_P(FN, ...)                                                                             \
    MPI_Info inf = T_info;                                                                         \
    RUN_I(FN, __VA_ARGS__, inf)
#define RUN(X, FN, ...) RUN_##X(FN, __VA_ARGS__)

/* ============================================= point to point ========= */

#define T_SEND(FN, CT, X, R)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(R, &n, t);                                                                    \
        int peer = rk();                                                                           \
        int tag = tg();                                                                            \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, b, n, t, peer, tag, c);                                                         \
    }
T_SEND(MPI_Send, int, B, 0)
T_SEND(MPI_Send_c, MPI_Count, B, 0)
T_SEND(MPI_Bsend, int, B, 0)
T_SEND(MPI_Bsend_c, MPI_Count, B, 0)
T_SEND(MPI_Ssend, int, B, 0)
T_SEND(MPI_Ssend_c, MPI_Count, B, 0)
T_SEND(MPI_Rsend, int, B, 0)
T_SEND(MPI_Rsend_c, MPI_Count, B, 0)
T_SEND(MPI_Recv, int, S, 1)
T_SEND(MPI_Recv_c, MPI_Count, S, 1)
T_SEND(MPI_Isend, int, I, 0)
T_SEND(MPI_Isend_c, MPI_Count, I, 0)
T_SEND(MPI_Ibsend, int, I, 0)
T_SEND(MPI_Ibsend_c, MPI_Count, I, 0)
T_SEND(MPI_Issend, int, I, 0)
T_SEND(MPI_Issend_c, MPI_Count, I, 0)
T_SEND(MPI_Irsend, int, I, 0)
T_SEND(MPI_Irsend_c, MPI_Count, I, 0)
T_SEND(MPI_Irecv, int, I, 1)
T_SEND(MPI_Irecv_c, MPI_Count, I, 1)
T_SEND(MPI_Send_init, int, I, 0)
T_SEND(MPI_Send_init_c, MPI_Count, I, 0)
T_SEND(MPI_Bsend_init, int, I, 0)
T_SEND(MPI_Bsend_init_c, MPI_Count, I, 0)
T_SEND(MPI_Ssend_init, int, I, 0)
T_SEND(MPI_Ssend_init_c, MPI_Count, I, 0)
T_SEND(MPI_Rsend_init, int, I, 0)
T_SEND(MPI_Rsend_init_c, MPI_Count, I, 0)
T_SEND(MPI_Recv_init, int, I, 1)
T_SEND(MPI_Recv_init_c, MPI_Count, I, 1)

/* partitions * count elements */
#define T_PART(FN, R)                                                                              \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        int parts = ci();                                                                          \
        MPI_Count n = cc();                                                                        \
        MPI_Datatype t = T_ty;                                                                     \
        int fit = parts > 0 && n > 0 && n <= ARENA && parts <= ARENA;                              \
        MPI_Count tot = fit ? (MPI_Count)parts * n : 0;                                            \
        void *b = PL(R, &tot, t);                                                                  \
        if (fit && tot < (MPI_Count)parts * n)                                                     \
            n = tot / parts;                                                                       \
        int peer = rk();                                                                           \
        int tag = tg();                                                                            \
        MPI_Comm c = T_cm;                                                                         \
        RUN(P, FN, b, parts, n, t, peer, tag, c);                                                  \
    }
T_PART(MPI_Psend_init, 0)
T_PART(MPI_Precv_init, 1)

#define T_SENDRECV(FN, CT, X)                                                                      \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT sn = CNT(CT);                                                                           \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = PL(0, &sn, st);                                                                 \
        int dst = rk();                                                                            \
        int stag = tg();                                                                           \
        CT rn = CNT(CT);                                                                           \
        MPI_Datatype rt = T_ty;                                                                    \
        void *rb = PL(1, &rn, rt);                                                                 \
        int src = rk();                                                                            \
        int rtag = tg();                                                                           \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, sb, sn, st, dst, stag, rb, rn, rt, src, rtag, c);                               \
    }
T_SENDRECV(MPI_Sendrecv, int, S)
T_SENDRECV(MPI_Sendrecv_c, MPI_Count, S)
T_SENDRECV(MPI_Isendrecv, int, I)
T_SENDRECV(MPI_Isendrecv_c, MPI_Count, I)

#define T_REPLACE(FN, CT, X)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(2, &n, t);                                                                    \
        int dst = rk();                                                                            \
        int stag = tg();                                                                           \
        int src = rk();                                                                            \
        int rtag = tg();                                                                           \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, b, n, t, dst, stag, src, rtag, c);                                              \
    }
T_REPLACE(MPI_Sendrecv_replace, int, S)
T_REPLACE(MPI_Sendrecv_replace_c, MPI_Count, S)
T_REPLACE(MPI_Isendrecv_replace, int, I)
T_REPLACE(MPI_Isendrecv_replace_c, MPI_Count, I)

static int c_MPI_Probe(void)
{
    int src = rk();
    int tag = tg();
    MPI_Comm c = T_cm;
    RUN(S, MPI_Probe, src, tag, c);
}
static int c_MPI_Iprobe(void)
{
    int src = rk();
    int tag = tg();
    MPI_Comm c = T_cm;
    int f;
    int *fp = OUT(&f);
    RUN(S, MPI_Iprobe, src, tag, c, fp);
}

static int c_MPI_Mprobe(void)
{
    int src = rk(), tag = tg();
    MPI_Comm c = T_cm;
    MPI_Message m = MPI_MESSAGE_NULL;
    MPI_Message *mp = OUT(&m);
    MPI_Status *s = STATUS;
    int rc = MPI_Mprobe(src, tag, c, mp, s);

    if (rc == MPI_SUCCESS)
        keep_msg(m);
    return rc;
}

static int c_MPI_Improbe(void)
{
    int src = rk(), tag = tg();
    MPI_Comm c = T_cm;
    MPI_Message m = MPI_MESSAGE_NULL;
    MPI_Message *mp = OUT(&m);
    int f = 0;
    int *fp = OUT(&f);
    MPI_Status *s = STATUS;
    int rc = MPI_Improbe(src, tag, c, fp, mp, s);

    if (rc == MPI_SUCCESS && f)
        keep_msg(m);
    return rc;
}

#define T_MRECV(FN, CT, X)                                                                         \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(1, &n, t);                                                                    \
        MPI_Message *m = OUT(msg_ref());                                                           \
        RUN(X, FN, b, n, t, m);                                                                    \
    }
T_MRECV(MPI_Mrecv, int, S)
T_MRECV(MPI_Mrecv_c, MPI_Count, S)
T_MRECV(MPI_Imrecv, int, I)
T_MRECV(MPI_Imrecv_c, MPI_Count, I)

/* ---- completion */
static int c_MPI_Wait(void)
{
    MPI_Request *r = OUT(req_ref());
    RUN(S, MPI_Wait, r);
}
static int c_MPI_Test(void)
{
    MPI_Request *r = OUT(req_ref());
    int f;
    int *fp = OUT(&f);
    RUN(S, MPI_Test, r, fp);
}
static int c_MPI_Request_free(void)
{
    MPI_Request *r = OUT(req_ref());
    /* An active request freed whose other side never comes (one process,
     * the input over) stays posted for good with its datatype held, which
     * the live-type check at the end of the input would count as a leak:
     * it is cancelled first.  The free of an active request is still what
     * is tested, since a cancelled request stays active until completed. */
    if (r && *r != MPI_REQUEST_NULL)
        MPI_Cancel(r);
    return MPI_Request_free(r);
}
static int c_MPI_Request_get_status(void)
{
    MPI_Request r = T_req;
    int f;
    int *fp = OUT(&f);
    RUN(S, MPI_Request_get_status, r, fp);
}
static int c_MPI_Cancel(void)
{
    return MPI_Cancel(OUT(req_ref()));
}
static int c_MPI_Start(void)
{
    return MPI_Start(OUT(req_ref()));
}

/* An array of requests from the pools (copied back after the call, so
 * the pool sees what the call wrote) or forged; n of them. */
static MPI_Request reqs[8];
static MPI_Request *reqs_from[8];
static MPI_Request *req_array(int n)
{
    if (n > 8) /* MPI reads n of them: only NULL can be wrong here */
        return NULL;
    if (n <= 0)
        return u8() % 2 ? NULL : reqs;
    if (u8() % 16 == 15)
        return NULL;
    for (int i = 0; i < n; i++) {
        reqs_from[i] = req_ref();
        reqs[i] = *reqs_from[i];
    }
    return reqs;
}
static void req_back(int n)
{
    for (int i = 0; i < n && i < 8; i++)
        if (reqs_from[i] >= req_pool && reqs_from[i] < req_pool + NPOOL)
            *reqs_from[i] = reqs[i];
    memset(reqs_from, 0, sizeof(reqs_from));
}
static MPI_Status *statuses(int n)
{
    static MPI_Status *volatile ignore = MPI_STATUSES_IGNORE;
    unsigned k = u8() % 8;

    if (k == 7 && NULL_STATUS)
        return NULL;
    if (k >= 5 || n <= 0 || n > 8)
        return ignore;
    return S((size_t)n * sizeof(MPI_Status));
}
static int *indices(int n)
{
    return n <= 0 || n > 8 ? (int *)NULL : OUT((int *)S((size_t)n * sizeof(int)));
}

#define REQS_CALL(...)                                                                             \
    int rc = __VA_ARGS__;                                                                          \
    req_back(n);                                                                                   \
    return rc
static int c_MPI_Waitall(void)
{
    int n = ci();
    MPI_Request *r = req_array(n);
    MPI_Status *s = statuses(n);
    REQS_CALL(MPI_Waitall(n, r, s));
}
static int c_MPI_Testall(void)
{
    int n = ci();
    MPI_Request *r = req_array(n);
    MPI_Status *s = statuses(n);
    int f;
    int *fp = OUT(&f);
    REQS_CALL(MPI_Testall(n, r, fp, s));
}
static int c_MPI_Waitany(void)
{
    int n = ci();
    MPI_Request *r = req_array(n);
    int i;
    int *ip = OUT(&i);
    MPI_Status *s = STATUS;
    REQS_CALL(MPI_Waitany(n, r, ip, s));
}
static int c_MPI_Testany(void)
{
    int n = ci();
    MPI_Request *r = req_array(n);
    int i;
    int *ip = OUT(&i);
    int f;
    int *fp = OUT(&f);
    MPI_Status *s = STATUS;
    REQS_CALL(MPI_Testany(n, r, ip, fp, s));
}
static int c_MPI_Waitsome(void)
{
    int n = ci();
    MPI_Request *r = req_array(n);
    int o;
    int *op = OUT(&o);
    int *ix = indices(n);
    MPI_Status *s = statuses(n);
    REQS_CALL(MPI_Waitsome(n, r, op, ix, s));
}
static int c_MPI_Testsome(void)
{
    int n = ci();
    MPI_Request *r = req_array(n);
    int o;
    int *op = OUT(&o);
    int *ix = indices(n);
    MPI_Status *s = statuses(n);
    REQS_CALL(MPI_Testsome(n, r, op, ix, s));
}
static int c_MPI_Startall(void)
{
    int n = ci();
    MPI_Request *r = req_array(n);
    REQS_CALL(MPI_Startall(n, r));
}

/* ---- the buffer of buffered sends: the harness's own memory */
static unsigned char bsend_buf[1 << 14];
static void fz_bsend_detach(void)
{
    void *p;
    int n;
    MPI_Buffer_detach(&p, &n);
}
static int c_MPI_Buffer_attach(void)
{
    int n = ci();
    if (n > (int)sizeof(bsend_buf))
        n = sizeof(bsend_buf);
    return MPI_Buffer_attach(bsend_buf, n);
}
static int c_MPI_Buffer_attach_c(void)
{
    MPI_Count n = cc();
    if (n > (MPI_Count)sizeof(bsend_buf))
        n = sizeof(bsend_buf);
    return MPI_Buffer_attach_c(bsend_buf, n);
}
static int c_MPI_Buffer_detach(void)
{
    void *p;
    void *pp = OUT(&p);
    int n;
    return MPI_Buffer_detach(pp, OUT(&n));
}
static int c_MPI_Buffer_detach_c(void)
{
    void *p;
    void *pp = OUT(&p);
    MPI_Count n;
    return MPI_Buffer_detach_c(pp, OUT(&n));
}

/* =============================================== collectives ========== */

static int root(void)
{
    return u8() % 4 ? 0 : rk();
}

#define T_BCAST(FN, CT, X)                                                                         \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(2, &n, t);                                                                    \
        int r = root();                                                                            \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, b, n, t, r, c);                                                                 \
    }
T_BCAST(MPI_Bcast, int, B)
T_BCAST(MPI_Bcast_c, MPI_Count, B)
T_BCAST(MPI_Ibcast, int, I)
T_BCAST(MPI_Ibcast_c, MPI_Count, I)
T_BCAST(MPI_Bcast_init, int, P)
T_BCAST(MPI_Bcast_init_c, MPI_Count, P)

static int c_MPI_Barrier(void)
{
    return MPI_Barrier(T_cm);
}
static int c_MPI_Ibarrier(void)
{
    MPI_Comm c = T_cm;
    RUN(I, MPI_Ibarrier, c);
}
static int c_MPI_Barrier_init(void)
{
    MPI_Comm c = T_cm;
    RUN(P, MPI_Barrier_init, c);
}

/* (sbuf, scount, stype, rbuf, rcount, rtype[, root], comm) */
#define T_GATHER(FN, CT, X, ROOT)                                                                  \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT sn = CNT(CT);                                                                           \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = INPL(PL(0, &sn, st));                                                           \
        CT rn = CNT(CT);                                                                           \
        MPI_Datatype rt = T_ty;                                                                    \
        void *rb = PL(1, &rn, rt);                                                                 \
        ROOT MPI_Comm c = T_cm;                                                                    \
        RUN(X, FN, sb, sn, st, rb, rn, rt, c);                                                     \
    }
#define WITH_ROOT                                                                                  \
    int r = root();                                                                                \
    (void)r;
#define NO_ROOT
#define T_GATHER_R(FN, CT, X)                                                                      \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT sn = CNT(CT);                                                                           \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = INPL(PL(0, &sn, st));                                                           \
        CT rn = CNT(CT);                                                                           \
        MPI_Datatype rt = T_ty;                                                                    \
        void *rb = PL(1, &rn, rt);                                                                 \
        int r = root();                                                                            \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, sb, sn, st, rb, rn, rt, r, c);                                                  \
    }
T_GATHER_R(MPI_Gather, int, B)
T_GATHER_R(MPI_Gather_c, MPI_Count, B)
T_GATHER_R(MPI_Igather, int, I)
T_GATHER_R(MPI_Igather_c, MPI_Count, I)
T_GATHER_R(MPI_Gather_init, int, P)
T_GATHER_R(MPI_Gather_init_c, MPI_Count, P)
T_GATHER_R(MPI_Scatter, int, B)
T_GATHER_R(MPI_Scatter_c, MPI_Count, B)
T_GATHER_R(MPI_Iscatter, int, I)
T_GATHER_R(MPI_Iscatter_c, MPI_Count, I)
T_GATHER_R(MPI_Scatter_init, int, P)
T_GATHER_R(MPI_Scatter_init_c, MPI_Count, P)
T_GATHER(MPI_Allgather, int, B, NO_ROOT)
T_GATHER(MPI_Allgather_c, MPI_Count, B, NO_ROOT)
T_GATHER(MPI_Iallgather, int, I, NO_ROOT)
T_GATHER(MPI_Iallgather_c, MPI_Count, I, NO_ROOT)
T_GATHER(MPI_Allgather_init, int, P, NO_ROOT)
T_GATHER(MPI_Allgather_init_c, MPI_Count, P, NO_ROOT)
T_GATHER(MPI_Alltoall, int, B, NO_ROOT)
T_GATHER(MPI_Alltoall_c, MPI_Count, B, NO_ROOT)
T_GATHER(MPI_Ialltoall, int, I, NO_ROOT)
T_GATHER(MPI_Ialltoall_c, MPI_Count, I, NO_ROOT)
T_GATHER(MPI_Alltoall_init, int, P, NO_ROOT)
T_GATHER(MPI_Alltoall_init_c, MPI_Count, P, NO_ROOT)

/* the v forms on a communicator of one process: arrays of one element */
#define ONE(E, gen) ARR(E, 1, gen)
#define V_RECV(R, CT, DT, rcs, rds, rt, rb)                                                        \
    CT *rcs = ONE(CT, CNT(CT));                                                                    \
    DT *rds = ONE(DT, (DT)sm());                                                                   \
    MPI_Datatype rt = T_ty;                                                                        \
    void *rb = PL(R, &(CT){0}, rt);                                                                \
    if (rcs && rds)                                                                                \
        rb = PLD(R, &rcs[0], rt, rds[0]);
#define T_GATHERV(FN, CT, DT, X)                                                                   \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT sn = CNT(CT);                                                                           \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = INPL(PL(0, &sn, st));                                                           \
        V_RECV(1, CT, DT, rcs, rds, rt, rb) int r = root();                                        \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, sb, sn, st, rb, rcs, rds, rt, r, c);                                            \
    }
T_GATHERV(MPI_Gatherv, int, int, B)
T_GATHERV(MPI_Gatherv_c, MPI_Count, MPI_Aint, B)
T_GATHERV(MPI_Igatherv, int, int, I)
T_GATHERV(MPI_Igatherv_c, MPI_Count, MPI_Aint, I)
T_GATHERV(MPI_Gatherv_init, int, int, P)
T_GATHERV(MPI_Gatherv_init_c, MPI_Count, MPI_Aint, P)
#define T_ALLGATHERV(FN, CT, DT, X)                                                                \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT sn = CNT(CT);                                                                           \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = INPL(PL(0, &sn, st));                                                           \
        V_RECV(1, CT, DT, rcs, rds, rt, rb) MPI_Comm c = T_cm;                                     \
        RUN(X, FN, sb, sn, st, rb, rcs, rds, rt, c);                                               \
    }
T_ALLGATHERV(MPI_Allgatherv, int, int, B)
T_ALLGATHERV(MPI_Allgatherv_c, MPI_Count, MPI_Aint, B)
T_ALLGATHERV(MPI_Iallgatherv, int, int, I)
T_ALLGATHERV(MPI_Iallgatherv_c, MPI_Count, MPI_Aint, I)
T_ALLGATHERV(MPI_Allgatherv_init, int, int, P)
T_ALLGATHERV(MPI_Allgatherv_init_c, MPI_Count, MPI_Aint, P)
#define T_SCATTERV(FN, CT, DT, X)                                                                  \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        V_RECV(0, CT, DT, scs, sds, st, sb) CT rn = CNT(CT);                                       \
        MPI_Datatype rt = T_ty;                                                                    \
        void *rb = INPL(PL(1, &rn, rt));                                                           \
        int r = root();                                                                            \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, sb, scs, sds, st, rb, rn, rt, r, c);                                            \
    }
T_SCATTERV(MPI_Scatterv, int, int, B)
T_SCATTERV(MPI_Scatterv_c, MPI_Count, MPI_Aint, B)
T_SCATTERV(MPI_Iscatterv, int, int, I)
T_SCATTERV(MPI_Iscatterv_c, MPI_Count, MPI_Aint, I)
T_SCATTERV(MPI_Scatterv_init, int, int, P)
T_SCATTERV(MPI_Scatterv_init_c, MPI_Count, MPI_Aint, P)
#define T_ALLTOALLV(FN, CT, DT, X)                                                                 \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        V_RECV(0, CT, DT, scs, sds, st, sb) V_RECV(1, CT, DT, rcs, rds, rt, rb) MPI_Comm c = T_cm; \
        sb = INPL(sb);                                                                             \
        RUN(X, FN, sb, scs, sds, st, rb, rcs, rds, rt, c);                                         \
    }
T_ALLTOALLV(MPI_Alltoallv, int, int, B)
T_ALLTOALLV(MPI_Alltoallv_c, MPI_Count, MPI_Aint, B)
T_ALLTOALLV(MPI_Ialltoallv, int, int, I)
T_ALLTOALLV(MPI_Ialltoallv_c, MPI_Count, MPI_Aint, I)
T_ALLTOALLV(MPI_Alltoallv_init, int, int, P)
T_ALLTOALLV(MPI_Alltoallv_init_c, MPI_Count, MPI_Aint, P)
/* w forms: byte displacements, an array of types */
#define W_SIDE(R, CT, DT, cs, ds, ts, b)                                                           \
    CT *cs = ONE(CT, CNT(CT));                                                                     \
    DT *ds = ONE(DT, (DT)sa());                                                                    \
    MPI_Datatype *ts = ONE(MPI_Datatype, T_ty);                                                    \
    void *b = arena[R];                                                                            \
    if (cs && ds && ts)                                                                            \
        b = PLB(R, &cs[0], ts[0], ds[0]);
#define T_ALLTOALLW(FN, CT, DT, X)                                                                 \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        W_SIDE(0, CT, DT, scs, sds, sts, sb)                                                       \
        W_SIDE(1, CT, DT, rcs, rds, rts, rb) MPI_Comm c = T_cm;                                    \
        sb = INPL(sb);                                                                             \
        RUN(X, FN, sb, scs, sds, sts, rb, rcs, rds, rts, c);                                       \
    }
T_ALLTOALLW(MPI_Alltoallw, int, int, B)
T_ALLTOALLW(MPI_Alltoallw_c, MPI_Count, MPI_Aint, B)
T_ALLTOALLW(MPI_Ialltoallw, int, int, I)
T_ALLTOALLW(MPI_Ialltoallw_c, MPI_Count, MPI_Aint, I)
T_ALLTOALLW(MPI_Alltoallw_init, int, int, P)
T_ALLTOALLW(MPI_Alltoallw_init_c, MPI_Count, MPI_Aint, P)

/* reductions: (sbuf, rbuf, count, type, op[, root], comm) */
#define T_REDUCE(FN, CT, X, ...)                                                                   \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *sb = PL(0, &n, t);                                                                   \
        void *rb = PL(1, &n, t);                                                                   \
        sb = INPL(sb);                                                                             \
        MPI_Op o = T_op;                                                                           \
        __VA_ARGS__ MPI_Comm c = T_cm;                                                             \
        RUN(X, FN, sb, rb, n, t, o, ROOTARG c);                                                    \
    }
#define ROOTARG
T_REDUCE(MPI_Allreduce, int, B)
T_REDUCE(MPI_Allreduce_c, MPI_Count, B)
T_REDUCE(MPI_Iallreduce, int, I)
T_REDUCE(MPI_Iallreduce_c, MPI_Count, I)
T_REDUCE(MPI_Allreduce_init, int, P)
T_REDUCE(MPI_Allreduce_init_c, MPI_Count, P)
T_REDUCE(MPI_Scan, int, B)
T_REDUCE(MPI_Scan_c, MPI_Count, B)
T_REDUCE(MPI_Iscan, int, I)
T_REDUCE(MPI_Iscan_c, MPI_Count, I)
T_REDUCE(MPI_Scan_init, int, P)
T_REDUCE(MPI_Scan_init_c, MPI_Count, P)
T_REDUCE(MPI_Exscan, int, B)
T_REDUCE(MPI_Exscan_c, MPI_Count, B)
T_REDUCE(MPI_Iexscan, int, I)
T_REDUCE(MPI_Iexscan_c, MPI_Count, I)
T_REDUCE(MPI_Exscan_init, int, P)
T_REDUCE(MPI_Exscan_init_c, MPI_Count, P)
#undef ROOTARG
#define ROOTARG r,
T_REDUCE(MPI_Reduce, int, B, int r = root();)
T_REDUCE(MPI_Reduce_c, MPI_Count, B, int r = root();)
T_REDUCE(MPI_Ireduce, int, I, int r = root();)
T_REDUCE(MPI_Ireduce_c, MPI_Count, I, int r = root();)
T_REDUCE(MPI_Reduce_init, int, P, int r = root();)
T_REDUCE(MPI_Reduce_init_c, MPI_Count, P, int r = root();)
#undef ROOTARG

#define T_RSBLOCK(FN, CT, X)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *sb = PL(0, &n, t);                                                                   \
        void *rb = PL(1, &n, t);                                                                   \
        sb = INPL(sb);                                                                             \
        MPI_Op o = T_op;                                                                           \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, sb, rb, n, t, o, c);                                                            \
    }
T_RSBLOCK(MPI_Reduce_scatter_block, int, B)
T_RSBLOCK(MPI_Reduce_scatter_block_c, MPI_Count, B)
T_RSBLOCK(MPI_Ireduce_scatter_block, int, I)
T_RSBLOCK(MPI_Ireduce_scatter_block_c, MPI_Count, I)
T_RSBLOCK(MPI_Reduce_scatter_block_init, int, P)
T_RSBLOCK(MPI_Reduce_scatter_block_init_c, MPI_Count, P)
#define T_RS(FN, CT, X)                                                                            \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT *rcs = ONE(CT, CNT(CT));                                                                \
        CT n = rcs ? rcs[0] : 1;                                                                   \
        MPI_Datatype t = T_ty;                                                                     \
        void *sb = PL(0, &n, t);                                                                   \
        void *rb = PL(1, &n, t);                                                                   \
        if (rcs)                                                                                   \
            rcs[0] = n;                                                                            \
        sb = INPL(sb);                                                                             \
        MPI_Op o = T_op;                                                                           \
        MPI_Comm c = T_cm;                                                                         \
        RUN(X, FN, sb, rb, rcs, t, o, c);                                                          \
    }
T_RS(MPI_Reduce_scatter, int, B)
T_RS(MPI_Reduce_scatter_c, MPI_Count, B)
T_RS(MPI_Ireduce_scatter, int, I)
T_RS(MPI_Ireduce_scatter_c, MPI_Count, I)
T_RS(MPI_Reduce_scatter_init, int, P)
T_RS(MPI_Reduce_scatter_init_c, MPI_Count, P)

#define T_RLOCAL(FN, CT)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *ib = PL(0, &n, t);                                                                   \
        void *iob = PL(1, &n, t);                                                                  \
        MPI_Op o = T_op;                                                                           \
        return FN(ib, iob, n, t, o);                                                               \
    }
T_RLOCAL(MPI_Reduce_local, int)
T_RLOCAL(MPI_Reduce_local_c, MPI_Count)

/* ---- neighbourhood collectives: blocks of one count per neighbour */
static void *nbuf(int r, int deg, MPI_Count *n, MPI_Datatype t)
{
    MPI_Count tot;
    void *p;

    if (deg <= 0 || *n <= 0 || __builtin_mul_overflow(*n, (MPI_Count)deg, &tot))
        return PL(r, n, t);
    p = PL(r, &tot, t);
    if (tot < *n * deg)
        *n = tot / deg;
    return p;
}
#define T_NGATHER(FN, CT, X)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int in, out;                                                                               \
        degrees(c, &in, &out);                                                                     \
        MPI_Count sn = CNT(CT);                                                                    \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = nbuf(0, 1, &sn, st);                                                            \
        MPI_Count rn = CNT(CT);                                                                    \
        MPI_Datatype rt = T_ty;                                                                    \
        void *rb = nbuf(1, in, &rn, rt);                                                           \
        RUN(X, FN, sb, (CT)sn, st, rb, (CT)rn, rt, c);                                             \
    }
T_NGATHER(MPI_Neighbor_allgather, int, B)
T_NGATHER(MPI_Neighbor_allgather_c, MPI_Count, B)
T_NGATHER(MPI_Ineighbor_allgather, int, I)
T_NGATHER(MPI_Ineighbor_allgather_c, MPI_Count, I)
T_NGATHER(MPI_Neighbor_allgather_init, int, P)
T_NGATHER(MPI_Neighbor_allgather_init_c, MPI_Count, P)
#define T_NALLTOALL(FN, CT, X)                                                                     \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int in, out;                                                                               \
        degrees(c, &in, &out);                                                                     \
        MPI_Count sn = CNT(CT);                                                                    \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = nbuf(0, out, &sn, st);                                                          \
        MPI_Count rn = CNT(CT);                                                                    \
        MPI_Datatype rt = T_ty;                                                                    \
        void *rb = nbuf(1, in, &rn, rt);                                                           \
        RUN(X, FN, sb, (CT)sn, st, rb, (CT)rn, rt, c);                                             \
    }
T_NALLTOALL(MPI_Neighbor_alltoall, int, B)
T_NALLTOALL(MPI_Neighbor_alltoall_c, MPI_Count, B)
T_NALLTOALL(MPI_Ineighbor_alltoall, int, I)
T_NALLTOALL(MPI_Ineighbor_alltoall_c, MPI_Count, I)
T_NALLTOALL(MPI_Neighbor_alltoall_init, int, P)
T_NALLTOALL(MPI_Neighbor_alltoall_init_c, MPI_Count, P)

/* i * n, or 0 when the product leaves the MPI_Count range (a count that
 * big only fits the arena with a zero extent, where displacements do
 * not matter) */
static MPI_Count displacement(int i, MPI_Count n)
{
    MPI_Count d;
    return __builtin_mul_overflow((MPI_Count)i, n, &d) ? 0 : d;
}
/* counts and displacements of deg blocks laid end to end, n each */
#define NV_SIDE(R, deg, CT, DT, cs, ds, t, b)                                                      \
    MPI_Count cs##n = CNT(CT);                                                                     \
    MPI_Datatype t = T_ty;                                                                         \
    void *b = nbuf(R, deg, &cs##n, t);                                                             \
    CT *cs = ARR(CT, deg > 0 ? deg : 1, (CT)cs##n);                                                \
    DT *ds = ARR(DT, deg > 0 ? deg : 1, 0);                                                        \
    for (int i = 0; ds && i < deg; i++)                                                            \
        ds[i] = (DT)displacement(i, cs##n);
#define T_NALLGATHERV(FN, CT, DT, X)                                                               \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int in, out;                                                                               \
        degrees(c, &in, &out);                                                                     \
        MPI_Count sn = CNT(CT);                                                                    \
        MPI_Datatype st = T_ty;                                                                    \
        void *sb = nbuf(0, 1, &sn, st);                                                            \
        NV_SIDE(1, in, CT, DT, rcs, rds, rt, rb) RUN(X, FN, sb, (CT)sn, st, rb, rcs, rds, rt, c);  \
    }
T_NALLGATHERV(MPI_Neighbor_allgatherv, int, int, B)
T_NALLGATHERV(MPI_Neighbor_allgatherv_c, MPI_Count, MPI_Aint, B)
T_NALLGATHERV(MPI_Ineighbor_allgatherv, int, int, I)
T_NALLGATHERV(MPI_Ineighbor_allgatherv_c, MPI_Count, MPI_Aint, I)
T_NALLGATHERV(MPI_Neighbor_allgatherv_init, int, int, P)
T_NALLGATHERV(MPI_Neighbor_allgatherv_init_c, MPI_Count, MPI_Aint, P)
#define T_NALLTOALLV(FN, CT, DT, X)                                                                \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int in, out;                                                                               \
        degrees(c, &in, &out);                                                                     \
        NV_SIDE(0, out, CT, DT, scs, sds, st, sb)                                                  \
        NV_SIDE(1, in, CT, DT, rcs, rds, rt, rb)                                                   \
        RUN(X, FN, sb, scs, sds, st, rb, rcs, rds, rt, c);                                         \
    }
T_NALLTOALLV(MPI_Neighbor_alltoallv, int, int, B)
T_NALLTOALLV(MPI_Neighbor_alltoallv_c, MPI_Count, MPI_Aint, B)
T_NALLTOALLV(MPI_Ineighbor_alltoallv, int, int, I)
T_NALLTOALLV(MPI_Ineighbor_alltoallv_c, MPI_Count, MPI_Aint, I)
T_NALLTOALLV(MPI_Neighbor_alltoallv_init, int, int, P)
T_NALLTOALLV(MPI_Neighbor_alltoallv_init_c, MPI_Count, MPI_Aint, P)
/* w: byte displacements; every block of one type */
static MPI_Aint xtent(MPI_Datatype t)
{
    MPI_Aint lb, ext;
    return MPI_Type_get_extent(t, &lb, &ext) == MPI_SUCCESS ? ext : 0;
}
/* d elements of extent ext in bytes, or 0 past the MPI_Aint range */
static MPI_Aint bytes_of(MPI_Aint d, MPI_Aint ext)
{
    MPI_Aint b;
    return __builtin_mul_overflow(d, ext, &b) ? 0 : b;
}
#define NW_SIDE(R, deg, CT, cs, ds, ts, b)                                                         \
    NV_SIDE(R, deg, CT, MPI_Aint, cs, ds, ts##0, b)                                                \
    MPI_Datatype *ts = ARR(MPI_Datatype, deg > 0 ? deg : 1, ts##0);                                \
    for (int i = 0; ds && i < deg; i++)                                                            \
        ds[i] = bytes_of(ds[i], xtent(ts##0));
#define T_NALLTOALLW(FN, CT, X)                                                                    \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int in, out;                                                                               \
        degrees(c, &in, &out);                                                                     \
        NW_SIDE(0, out, CT, scs, sds, sts, sb)                                                     \
        NW_SIDE(1, in, CT, rcs, rds, rts, rb) RUN(X, FN, sb, scs, sds, sts, rb, rcs, rds, rts, c); \
    }
T_NALLTOALLW(MPI_Neighbor_alltoallw, int, B)
T_NALLTOALLW(MPI_Neighbor_alltoallw_c, MPI_Count, B)
T_NALLTOALLW(MPI_Ineighbor_alltoallw, int, I)
T_NALLTOALLW(MPI_Ineighbor_alltoallw_c, MPI_Count, I)
T_NALLTOALLW(MPI_Neighbor_alltoallw_init, int, P)
T_NALLTOALLW(MPI_Neighbor_alltoallw_init_c, MPI_Count, P)

/* ============================================ communicators ========= */

#define NEWCOMM(call)                                                                              \
    MPI_Comm nc = MPI_COMM_NULL;                                                                   \
    MPI_Comm *ncp = OUT(&nc);                                                                      \
    int rc = (call);                                                                               \
    if (rc == MPI_SUCCESS)                                                                         \
        keep_comm(nc);                                                                             \
    return rc

static int c_MPI_Comm_dup(void)
{
    MPI_Comm c = T_cm;
    NEWCOMM(MPI_Comm_dup(c, ncp));
}
static int c_MPI_Comm_dup_with_info(void)
{
    MPI_Comm c = T_cm;
    MPI_Info i = T_info;
    NEWCOMM(MPI_Comm_dup_with_info(c, i, ncp));
}
static int c_MPI_Comm_create(void)
{
    MPI_Comm c = T_cm;
    MPI_Group g = T_grp;
    NEWCOMM(MPI_Comm_create(c, g, ncp));
}
static int c_MPI_Comm_create_group(void)
{
    MPI_Comm c = T_cm;
    MPI_Group g = T_grp;
    int t = tg();
    NEWCOMM(MPI_Comm_create_group(c, g, t, ncp));
}
static int c_MPI_Comm_split(void)
{
    MPI_Comm c = T_cm;
    int color = u8() % 4 ? sm() : MPI_UNDEFINED;
    int key = sm();
    NEWCOMM(MPI_Comm_split(c, color, key, ncp));
}
static int c_MPI_Comm_split_type(void)
{
    MPI_Comm c = T_cm;
    int ty = u8() % 2 ? MPI_COMM_TYPE_SHARED : sm();
    int key = sm();
    MPI_Info i = T_info;
    NEWCOMM(MPI_Comm_split_type(c, ty, key, i, ncp));
}
static int c_MPI_Comm_get_parent(void)
{
    MPI_Comm p;
    return MPI_Comm_get_parent(OUT(&p));
}

static int idup(int with_info)
{
    MPI_Comm c = T_cm;
    MPI_Info i = T_info;
    MPI_Comm nc = MPI_COMM_NULL;
    MPI_Comm *ncp = OUT(&nc);
    MPI_Request rq = MPI_REQUEST_NULL;
    MPI_Request *rqp = OUT(&rq);
    int rc = with_info ? MPI_Comm_idup_with_info(c, i, ncp, rqp) : MPI_Comm_idup(c, ncp, rqp);

    if (rc == MPI_SUCCESS) {
        keep_comm(nc);
        keep_req(rq);
    }
    return rc;
}
static int c_MPI_Comm_idup(void)
{
    return idup(0);
}
static int c_MPI_Comm_idup_with_info(void)
{
    return idup(1);
}

static int free_comm(int disconnect)
{
    MPI_Comm *c = OUT(comm_ref());

    if (c && *c != MPI_COMM_WORLD && *c != MPI_COMM_SELF) /* what the queue holds on c */
        drain(*c);
    return disconnect ? MPI_Comm_disconnect(c) : MPI_Comm_free(c);
}
static int c_MPI_Comm_free(void)
{
    return free_comm(0);
}
static int c_MPI_Comm_disconnect(void)
{
    return free_comm(1);
}

static int c_MPI_Comm_compare(void)
{
    MPI_Comm a = T_cm;
    MPI_Comm b = T_cm;
    int r;
    return MPI_Comm_compare(a, b, OUT(&r));
}
static int c_MPI_Comm_get_name(void)
{
    MPI_Comm c = T_cm;
    char *name = OUT((char *)S(MPI_MAX_OBJECT_NAME));
    int len;
    return MPI_Comm_get_name(c, name, OUT(&len));
}
static int c_MPI_Comm_set_name(void)
{
    MPI_Comm c = T_cm;
    return MPI_Comm_set_name(c, str());
}
static int c_MPI_Comm_group(void)
{
    MPI_Comm c = T_cm;
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Comm_group(c, OUT(&g));
    if (!rc)
        keep_grp(g);
    return rc;
}
static int c_MPI_Comm_remote_group(void)
{
    MPI_Comm c = T_cm;
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Comm_remote_group(c, OUT(&g));
    if (!rc)
        keep_grp(g);
    return rc;
}
#define T_CINT(FN)                                                                                 \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int v;                                                                                     \
        return FN(c, OUT(&v));                                                                     \
    }
T_CINT(MPI_Comm_rank)
T_CINT(MPI_Comm_size)
T_CINT(MPI_Comm_remote_size)
T_CINT(MPI_Comm_test_inter)
T_CINT(MPI_Topo_test)
T_CINT(MPI_Cartdim_get)
static int c_MPI_Comm_get_info(void)
{
    MPI_Comm c = T_cm;
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_Comm_get_info(c, OUT(&i));
    if (!rc)
        keep_info(i);
    return rc;
}
static int c_MPI_Comm_set_info(void)
{
    MPI_Comm c = T_cm;
    return MPI_Comm_set_info(c, T_info);
}

/* ---- groups */
#define NEWGRP(call)                                                                               \
    MPI_Group ng = MPI_GROUP_NULL;                                                                 \
    MPI_Group *ngp = OUT(&ng);                                                                     \
    int rc = (call);                                                                               \
    if (rc == MPI_SUCCESS)                                                                         \
        keep_grp(ng);                                                                              \
    return rc
#define T_G2(FN)                                                                                   \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Group a = T_grp;                                                                       \
        MPI_Group b = T_grp;                                                                       \
        NEWGRP(FN(a, b, ngp));                                                                     \
    }
T_G2(MPI_Group_difference)
T_G2(MPI_Group_intersection)
T_G2(MPI_Group_union)
#define T_GSEL(FN)                                                                                 \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Group g = T_grp;                                                                       \
        int n = ci();                                                                              \
        int *r = ARRN(int, n, rk());                                                               \
        NEWGRP(FN(g, n, r, ngp));                                                                  \
    }
T_GSEL(MPI_Group_excl)
T_GSEL(MPI_Group_incl)
#define T_GRANGE(FN)                                                                               \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Group g = T_grp;                                                                       \
        int n = ci();                                                                              \
        int(*r)[3] = (int(*)[3])ARRN(int, n > 0 && n <= 21 ? 3 * n : n, sm());                     \
        NEWGRP(FN(g, n, r, ngp));                                                                  \
    }
T_GRANGE(MPI_Group_range_excl)
T_GRANGE(MPI_Group_range_incl)
static int c_MPI_Group_compare(void)
{
    MPI_Group a = T_grp;
    MPI_Group b = T_grp;
    int r;
    return MPI_Group_compare(a, b, OUT(&r));
}
static int c_MPI_Group_free(void)
{
    return MPI_Group_free(OUT(grp_ref()));
}
static int c_MPI_Group_rank(void)
{
    MPI_Group g = T_grp;
    int v;
    return MPI_Group_rank(g, OUT(&v));
}
static int c_MPI_Group_size(void)
{
    MPI_Group g = T_grp;
    int v;
    return MPI_Group_size(g, OUT(&v));
}
static int c_MPI_Group_translate_ranks(void)
{
    MPI_Group a = T_grp;
    int n = ci();
    int *r1 = ARRN(int, n, rk());
    MPI_Group b = T_grp;
    int *r2 = ARRN(int, n, 0);
    return MPI_Group_translate_ranks(a, n, r1, b, r2);
}

/* ---- info */
static int c_MPI_Info_create(void)
{
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_Info_create(OUT(&i));
    if (!rc)
        keep_info(i);
    return rc;
}
static int c_MPI_Info_create_env(void)
{
    static char a0[] = "prog", a1[] = "-x";
    static char *argv[] = {a0, a1, NULL};
    int argc = u8() % 2 ? 0 : 2;
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_Info_create_env(argc, argc ? argv : NULL, OUT(&i));
    if (!rc)
        keep_info(i);
    return rc;
}
static int c_MPI_Info_dup(void)
{
    MPI_Info o = T_info;
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_Info_dup(o, OUT(&i));
    if (!rc)
        keep_info(i);
    return rc;
}
static int c_MPI_Info_free(void)
{
    return MPI_Info_free(OUT(info_ref()));
}
static int c_MPI_Info_set(void)
{
    MPI_Info i = T_info;
    char *k = str();
    char *v = str();
    return MPI_Info_set(i, k, v);
}
static int c_MPI_Info_delete(void)
{
    MPI_Info i = T_info;
    return MPI_Info_delete(i, str());
}
static int c_MPI_Info_get(void)
{
    MPI_Info i = T_info;
    char *k = str();
    int len = u8() % 4 ? sm() : ci();
    char *v = len >= 0 && len <= MPI_MAX_INFO_VAL ? S((size_t)len + 1)
              : len < 0                           ? (char *)arena[2]
                                                  : NULL;
    int f;
    int *fp = OUT(&f);

    if (len > MPI_MAX_INFO_VAL)
        len = MPI_MAX_INFO_VAL, v = S((size_t)len + 1);
    return MPI_Info_get(i, k, len, v, fp);
}
static int c_MPI_Info_get_string(void)
{
    MPI_Info i = T_info;
    char *k = str();
    int len = u8() % 4 ? sm() : ci();
    char *v;
    int f;
    int *fp = OUT(&f);

    if (len > MPI_MAX_INFO_VAL + 1)
        len = MPI_MAX_INFO_VAL + 1;
    v = len > 0 ? S((size_t)len) : u8() % 2 ? NULL : (char *)arena[2];
    return MPI_Info_get_string(i, k, OUT(&len), v, fp);
}
static int c_MPI_Info_get_valuelen(void)
{
    MPI_Info i = T_info;
    char *k = str();
    int len;
    int *lp = OUT(&len);
    int f;
    return MPI_Info_get_valuelen(i, k, lp, OUT(&f));
}
static int c_MPI_Info_get_nkeys(void)
{
    MPI_Info i = T_info;
    int n;
    return MPI_Info_get_nkeys(i, OUT(&n));
}
static int c_MPI_Info_get_nthkey(void)
{
    MPI_Info i = T_info;
    int n = sm();
    char *k = OUT((char *)S(MPI_MAX_INFO_KEY + 1));
    return MPI_Info_get_nthkey(i, n, k);
}

/* ---- attributes on communicators */
static int new_ckv(int mpi1)
{
    MPI_Comm_copy_attr_function *cp = ccopy();
    MPI_Comm_delete_attr_function *dl =
        u8() % 2 ? MPI_COMM_NULL_DELETE_FN
                 : (MPI_Comm_delete_attr_function *)(void (*)(void))del_ok;
    int kv = MPI_KEYVAL_INVALID;
    int *kvp = OUT(&kv);
    int rc = mpi1 ? MPI_Keyval_create((MPI_Copy_function *)(void (*)(void))cp,
                                      (MPI_Delete_function *)(void (*)(void))dl, kvp, NULL)
                  : MPI_Comm_create_keyval(cp, dl, kvp, NULL);

    if (rc == MPI_SUCCESS)
        keep_ckv(kv);
    return rc;
}
static int c_MPI_Comm_create_keyval(void)
{
    return new_ckv(0);
}
static int c_MPI_Keyval_create(void)
{
    return new_ckv(1);
}
static int c_MPI_Comm_free_keyval(void)
{
    return MPI_Comm_free_keyval(OUT(ckv_ref()));
}
static int c_MPI_Keyval_free(void)
{
    return MPI_Keyval_free(OUT(ckv_ref()));
}
#define T_SETATTR(FN)                                                                              \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int kv = ckv_gen();                                                                        \
        return FN(c, kv, (void *)(intptr_t)u8());                                                  \
    }
T_SETATTR(MPI_Comm_set_attr)
T_SETATTR(MPI_Attr_put)
#define T_GETATTR(FN)                                                                              \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int kv = ckv_gen();                                                                        \
        void *v;                                                                                   \
        void *vp = OUT(&v);                                                                        \
        int f;                                                                                     \
        return FN(c, kv, vp, OUT(&f));                                                             \
    }
T_GETATTR(MPI_Comm_get_attr)
T_GETATTR(MPI_Attr_get)
#define T_DELATTR(FN)                                                                              \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Comm c = T_cm;                                                                         \
        int kv = ckv_gen();                                                                        \
        return FN(c, kv);                                                                          \
    }
T_DELATTR(MPI_Comm_delete_attr)
T_DELATTR(MPI_Attr_delete)

/* ---- error handlers and error codes */
static int new_eh(int mpi1)
{
    MPI_Errhandler e = MPI_ERRHANDLER_NULL;
    MPI_Errhandler *ep = OUT(&e);
    int rc = mpi1 ? MPI_Errhandler_create(user_eh, ep) : MPI_Comm_create_errhandler(user_eh, ep);

    if (rc == MPI_SUCCESS)
        keep_eh(e);
    return rc;
}
static int c_MPI_Comm_create_errhandler(void)
{
    return new_eh(0);
}
static int c_MPI_Errhandler_create(void)
{
    return new_eh(1);
}
static int get_eh(int mpi1)
{
    MPI_Comm c = T_cm;
    MPI_Errhandler e = MPI_ERRHANDLER_NULL;
    MPI_Errhandler *ep = OUT(&e);
    int rc = mpi1 ? MPI_Errhandler_get(c, ep) : MPI_Comm_get_errhandler(c, ep);

    /* a new reference to the handler (MPI-4.1 section 9.3.1) */
    if (rc == MPI_SUCCESS && e != MPI_ERRORS_RETURN && e != MPI_ERRORS_ARE_FATAL &&
        e != MPI_ERRORS_ABORT)
        keep_eh(e);
    return rc;
}
static int c_MPI_Comm_get_errhandler(void)
{
    return get_eh(0);
}
static int c_MPI_Errhandler_get(void)
{
    return get_eh(1);
}
static int c_MPI_Comm_set_errhandler(void)
{
    MPI_Comm c = T_cm;
    return MPI_Comm_set_errhandler(c, eh_gen());
}
static int c_MPI_Errhandler_set(void)
{
    MPI_Comm c = T_cm;
    return MPI_Errhandler_set(c, eh_gen());
}
static int c_MPI_Errhandler_free(void)
{
    MPI_Errhandler tmp;
    MPI_Errhandler *e = u8() % 2 ? &eh_pool[u8() % NPOOL] : (tmp = eh_gen(), &tmp);
    return MPI_Errhandler_free(OUT(e));
}
static int c_MPI_Comm_call_errhandler(void)
{
    MPI_Comm c = T_cm;
    int code = u8() % 2 ? ci() : MPI_ERR_TYPE;
    return MPI_Comm_call_errhandler(c, code);
}
static int c_MPI_Error_class(void)
{
    int code = ci();
    int v;
    return MPI_Error_class(code, OUT(&v));
}
static int c_MPI_Error_string(void)
{
    int code = ci();
    char *b = OUT((char *)S(MPI_MAX_ERROR_STRING));
    int len;
    return MPI_Error_string(code, b, OUT(&len));
}

/* ---- error classes and codes the input adds: kept until cleanup
 * removes them (newest first, so a class after its codes), as at most
 * NUERR values, so that no input leaves one to the next */
#define NUERR 32
static int uerr[NUERR], nuerr;
static int uerr_gen(void)
{
    unsigned k = u8() % 4;
    if (k < 2 && nuerr)
        return uerr[pick(nuerr)];
    return k == 2 ? MPI_ERR_TYPE : ci();
}
static void uerr_remove(int v)
{
    MPI_Remove_error_string(v);
    MPI_Remove_error_code(v);
    MPI_Remove_error_class(v);
}
static void uerr_keep(int rc, const int *v)
{
    if (rc != MPI_SUCCESS || !v)
        return;
    if (nuerr < NUERR)
        uerr[nuerr++] = *v;
    else
        uerr_remove(*v);
}
static void uerr_close(void)
{
    while (nuerr)
        uerr_remove(uerr[--nuerr]);
}
static int c_MPI_Add_error_class(void)
{
    int v, *p = OUT(&v);
    int rc = MPI_Add_error_class(p);
    uerr_keep(rc, p);
    return rc;
}
static int c_MPI_Add_error_code(void)
{
    int cls = uerr_gen();
    int v, *p = OUT(&v);
    int rc = MPI_Add_error_code(cls, p);
    uerr_keep(rc, p);
    return rc;
}
static int c_MPI_Add_error_string(void)
{
    int code = uerr_gen();
    return MPI_Add_error_string(code, str());
}
static int c_MPI_Remove_error_class(void)
{
    return MPI_Remove_error_class(uerr_gen());
}
static int c_MPI_Remove_error_code(void)
{
    return MPI_Remove_error_code(uerr_gen());
}
static int c_MPI_Remove_error_string(void)
{
    return MPI_Remove_error_string(uerr_gen());
}

/* ---- generalized requests: callbacks that write a status and may fail */
static int fz_greq_query(void *state, MPI_Status *st)
{
    st->MPI_SOURCE = 0;
    st->MPI_TAG = 1;
    return state ? *(const int *)state : MPI_SUCCESS;
}
static int fz_greq_free(void *state)
{
    (void)state;
    return MPI_SUCCESS;
}
static int fz_greq_cancel(void *state, int complete)
{
    (void)complete;
    return state ? *(const int *)state : MPI_SUCCESS;
}
static int c_MPI_Grequest_start(void)
{
    static const int fail = MPI_ERR_OTHER;
    unsigned k = u8();
    MPI_Request r = MPI_REQUEST_NULL;
    int rc =
        MPI_Grequest_start(k & 1 ? fz_greq_query : NULL, k & 2 ? fz_greq_free : NULL,
                           k & 4 ? fz_greq_cancel : NULL, k & 8 ? (void *)&fail : NULL, OUT(&r));
    keep_req(r);
    return rc;
}
static int c_MPI_Grequest_complete(void)
{
    return MPI_Grequest_complete(T_req);
}

/* ---- statuses between C and Fortran */
static int c_MPI_Status_c2f(void)
{
    MPI_Status *c = (MPI_Status *)S(sizeof(MPI_Status));
    MPI_Fint *f = (MPI_Fint *)S(sizeof(MPI_Status));
    unsigned k = u8() % 4;
    if (c)
        memset(c, u8(), sizeof(MPI_Status));
    return MPI_Status_c2f(k == 0 ? MPI_STATUS_IGNORE : OUT(c),
                          k == 1 ? MPI_F_STATUS_IGNORE : OUT(f));
}
static int c_MPI_Status_f2c(void)
{
    MPI_Fint *f = (MPI_Fint *)S(sizeof(MPI_Status));
    MPI_Status *c = (MPI_Status *)S(sizeof(MPI_Status));
    unsigned k = u8() % 4;
    if (f)
        memset(f, u8(), sizeof(MPI_Status));
    return MPI_Status_f2c(k == 0 ? MPI_F_STATUSES_IGNORE : OUT(f),
                          k == 1 ? MPI_STATUS_IGNORE : OUT(c));
}

/* ---- intercommunicators: none can be made on one process */
static int c_MPI_Intercomm_create(void)
{
    MPI_Comm lc = T_cm;
    int ll = u8() % 2 ? 0 : ci();
    MPI_Comm pc = T_cm;
    int rl = u8() % 2 ? 0 : ci();
    int tag = u8() % 2 ? 5 : ci();
    MPI_Comm ic = MPI_COMM_NULL;
    int rc = MPI_Intercomm_create(lc, ll, pc, rl, tag, OUT(&ic));
    keep_comm(ic);
    return rc;
}
static int c_MPI_Intercomm_merge(void)
{
    MPI_Comm c = T_cm;
    int high = ci();
    MPI_Comm m = MPI_COMM_NULL;
    int rc = MPI_Intercomm_merge(c, high, OUT(&m));
    keep_comm(m);
    return rc;
}

/* ---- reduction operations */
static int c_MPI_Op_create(void)
{
    int commute = sm();
    MPI_Op o = MPI_OP_NULL;
    int rc = MPI_Op_create(user_op, commute, OUT(&o));
    if (!rc)
        keep_op(o);
    return rc;
}
static int c_MPI_Op_create_c(void)
{
    int commute = sm();
    MPI_Op o = MPI_OP_NULL;
    int rc = MPI_Op_create_c(user_op_c, commute, OUT(&o));
    if (!rc)
        keep_op(o);
    return rc;
}
static int c_MPI_Op_free(void)
{
    return MPI_Op_free(OUT(op_ref()));
}
static int c_MPI_Op_commutative(void)
{
    MPI_Op o = T_op;
    int c;
    return MPI_Op_commutative(o, OUT(&c));
}

/* ---- environment */
static void *mem_pool[NPOOL];
static void fz_free_mem_slot(int i)
{
    if (mem_pool[i])
        MPI_Free_mem(mem_pool[i]);
    mem_pool[i] = NULL;
}
static int c_MPI_Alloc_mem(void)
{
    MPI_Aint n = u8() % 4 ? (MPI_Aint)sm() * 64 : (MPI_Aint)cc();
    MPI_Info i = T_info;
    void *p = NULL;
    int slot = pick(NPOOL);
    int rc;

    if (n > (1 << 20)) /* a huge block is refused by malloc, not by MPI */
        n = n < 0 ? n : 1 << 20;
    rc = MPI_Alloc_mem(n, i, OUT(&p));
    if (rc == MPI_SUCCESS && p) {
        fz_free_mem_slot(slot);
        mem_pool[slot] = p;
    }
    return rc;
}
static int c_MPI_Free_mem(void)
{
    int slot = pick(NPOOL);
    int rc = MPI_Free_mem(mem_pool[slot]);

    if (rc == MPI_SUCCESS)
        mem_pool[slot] = NULL;
    return rc;
}
static int c_MPI_Get_library_version(void)
{
    char *b = OUT((char *)S(MPI_MAX_LIBRARY_VERSION_STRING));
    int len;
    return MPI_Get_library_version(b, OUT(&len));
}
static int c_MPI_Get_processor_name(void)
{
    char *b = OUT((char *)S(MPI_MAX_PROCESSOR_NAME));
    int len;
    return MPI_Get_processor_name(b, OUT(&len));
}
static int c_MPI_Get_version(void)
{
    int v, s;
    int *vp = OUT(&v);
    return MPI_Get_version(vp, OUT(&s));
}
static int c_MPI_Initialized(void)
{
    int f;
    return MPI_Initialized(OUT(&f));
}
static int c_MPI_Finalized(void)
{
    int f;
    return MPI_Finalized(OUT(&f));
}
static int c_MPI_Is_thread_main(void)
{
    int f;
    return MPI_Is_thread_main(OUT(&f));
}
static int c_MPI_Query_thread(void)
{
    int f;
    return MPI_Query_thread(OUT(&f));
}
static int c_MPI_Pcontrol(void)
{
    return MPI_Pcontrol(ci());
}
static int c_MPI_Wtime(void)
{
    return MPI_Wtime() >= 0 ? MPI_SUCCESS : MPI_ERR_OTHER;
}
static int c_MPI_Wtick(void)
{
    return MPI_Wtick() > 0 ? MPI_SUCCESS : MPI_ERR_OTHER;
}

/* ================================================ topologies ========= */

static int ndims_of(MPI_Comm c)
{
    int n;
    return MPI_Cartdim_get(c, &n) == MPI_SUCCESS && n >= 0 && n <= 64 ? n : 1;
}
static int c_MPI_Cart_create(void)
{
    MPI_Comm c = T_cm;
    int nd = ci();
    int *dims = ARRN(int, nd, u8() % 8 ? 1 : sm());
    int *per = ARRN(int, nd, sm());
    int re = sm();
    NEWCOMM(MPI_Cart_create(c, nd, dims, per, re, ncp));
}
static int c_MPI_Cart_coords(void)
{
    MPI_Comm c = T_cm;
    int r = rk();
    int m = MAXN(sm());
    int *co = ARRN(int, m, 0);
    return MPI_Cart_coords(c, r, m, co);
}
static int c_MPI_Cart_get(void)
{
    MPI_Comm c = T_cm;
    int m = MAXN(sm());
    int *d = ARRN(int, m, 0);
    int *p = ARRN(int, m, 0);
    int *co = ARRN(int, m, 0);
    return MPI_Cart_get(c, m, d, p, co);
}
static int c_MPI_Cart_map(void)
{
    MPI_Comm c = T_cm;
    int nd = ci();
    int *dims = ARRN(int, nd, sm());
    int *per = ARRN(int, nd, sm());
    int r;
    return MPI_Cart_map(c, nd, dims, per, OUT(&r));
}
static int c_MPI_Cart_rank(void)
{
    MPI_Comm c = T_cm;
    int nd = ndims_of(c);
    int *co = ARRN(int, nd, sm());
    int r;
    return MPI_Cart_rank(c, co, OUT(&r));
}
static int c_MPI_Cart_shift(void)
{
    MPI_Comm c = T_cm;
    int dir = sm();
    int d = ci();
    int s;
    int *sp = OUT(&s);
    int t;
    return MPI_Cart_shift(c, dir, d, sp, OUT(&t));
}
static int c_MPI_Cart_sub(void)
{
    MPI_Comm c = T_cm;
    int nd = ndims_of(c);
    int *rem = ARRN(int, nd, sm());
    NEWCOMM(MPI_Cart_sub(c, rem, ncp));
}
static int c_MPI_Dims_create(void)
{
    int nn = sm();
    int nd = ci();
    int *d = ARRN(int, nd, u8() % 2 ? 0 : sm());
    return MPI_Dims_create(nn, nd, d);
}

/* index[] of nnodes entries, edges[] of index[nnodes - 1] entries */
static int *edges_for(const int *index, int nn)
{
    int ne = index && nn > 0 && nn <= 64 ? index[nn - 1] : 0;
    return ne > 64 ? NULL : ARR(int, ne > 0 ? ne : 1, u8() % 4 ? 0 : rk());
}
static int c_MPI_Graph_create(void)
{
    MPI_Comm c = T_cm;
    int nn = ci();
    int *ix = ARRN(int, nn, sm());
    int *ed = edges_for(ix, nn);
    int re = sm();
    NEWCOMM(MPI_Graph_create(c, nn, ix, ed, re, ncp));
}
static int c_MPI_Graph_map(void)
{
    MPI_Comm c = T_cm;
    int nn = ci();
    int *ix = ARRN(int, nn, sm());
    int *ed = edges_for(ix, nn);
    int r;
    return MPI_Graph_map(c, nn, ix, ed, OUT(&r));
}
static int c_MPI_Graph_get(void)
{
    MPI_Comm c = T_cm;
    int mi = MAXN(sm());
    int me = MAXN(sm());
    int *ix = ARRN(int, mi, 0);
    int *ed = ARRN(int, me, 0);
    return MPI_Graph_get(c, mi, me, ix, ed);
}
static int c_MPI_Graph_neighbors(void)
{
    MPI_Comm c = T_cm;
    int r = rk();
    int m = MAXN(sm());
    int *nb = ARRN(int, m, 0);
    return MPI_Graph_neighbors(c, r, m, nb);
}
static int c_MPI_Graph_neighbors_count(void)
{
    MPI_Comm c = T_cm;
    int r = rk();
    int n;
    return MPI_Graph_neighbors_count(c, r, OUT(&n));
}
static int c_MPI_Graphdims_get(void)
{
    MPI_Comm c = T_cm;
    int a;
    int *ap = OUT(&a);
    int b;
    return MPI_Graphdims_get(c, ap, OUT(&b));
}

static int *weights(int n)
{
    switch (u8() % 8) {
    case 0:
        return MPI_UNWEIGHTED;
    case 1:
        return MPI_WEIGHTS_EMPTY;
    case 2:
        return NULL;
    default:
        return ARRN(int, n, sm());
    }
}
static int c_MPI_Dist_graph_create(void)
{
    MPI_Comm c = T_cm;
    int n = ci();
    int *src = ARRN(int, n, rk());
    int *deg = ARRN(int, n, sm());
    int ne = 0;
    int *dst, *w;
    MPI_Info i;
    int re;

    for (int k = 0; deg && n > 0 && n <= 64 && k < n; k++)
        ne = deg[k] > 0 && ne <= 64 ? ne + (deg[k] > 64 ? 65 : deg[k]) : ne; /* saturates */
    dst = ne > 64 ? NULL : ARR(int, ne > 0 ? ne : 1, rk());
    w = weights(ne > 64 ? 1 : ne);
    i = T_info;
    re = sm();
    NEWCOMM(MPI_Dist_graph_create(c, n, src, deg, dst, w, i, re, ncp));
}
static int c_MPI_Dist_graph_create_adjacent(void)
{
    MPI_Comm c = T_cm;
    int in = ci();
    int *src = ARRN(int, in, rk());
    int *sw = weights(in);
    int out = ci();
    int *dst = ARRN(int, out, rk());
    int *dw = weights(out);
    MPI_Info i = T_info;
    int re = sm();
    NEWCOMM(MPI_Dist_graph_create_adjacent(c, in, src, sw, out, dst, dw, i, re, ncp));
}
static int c_MPI_Dist_graph_neighbors(void)
{
    MPI_Comm c = T_cm;
    int mi = MAXN(sm());
    int *src = ARRN(int, mi, 0);
    int *sw = u8() % 2 ? MPI_UNWEIGHTED : ARRN(int, mi, 0);
    int mo = MAXN(sm());
    int *dst = ARRN(int, mo, 0);
    int *dw = u8() % 2 ? MPI_UNWEIGHTED : ARRN(int, mo, 0);
    return MPI_Dist_graph_neighbors(c, mi, src, sw, mo, dst, dw);
}
static int c_MPI_Dist_graph_neighbors_count(void)
{
    MPI_Comm c = T_cm;
    int a, b, w;
    int *ap = OUT(&a);
    int *bp = OUT(&b);
    return MPI_Dist_graph_neighbors_count(c, ap, bp, OUT(&w));
}

/* ============================================ one-sided, MPI-IO ====== */
/* Windows come from the pool (made by the calls below, over the
 * harness's own memory so that no window exposes memory the harness
 * does not own: a size within the block, or a bad one), or are forged.
 * Files come from the pool (opened by the calls below on four names in a
 * directory of the harness's own, removed after each input), or are
 * forged: a forged MPI_File is a word the runtime never dereferences. */

static MPI_Win win(void)
{
    return u8() % 4 ? T_win : (MPI_Win)u32();
}

#define WIN_BYTES 256
static char win_mem[NPOOL][WIN_BYTES];
static char attach_mem[4][64];

/* a window size: within WIN_BYTES mostly, else negative */
static MPI_Aint win_size(void)
{
    return u8() % 8 ? (MPI_Aint)(u8() % (WIN_BYTES + 1)) : -(MPI_Aint)(u8() + 1);
}

/* a displacement unit: small, 0, or negative */
static int win_unit(void)
{
    unsigned k = u8() % 8;
    return k < 6 ? 1 << (k % 4) : k == 6 ? 0 : -(int)u8();
}

/* A creation call's end: the window kept, with MPI_ERRORS_RETURN (a new
 * window's handler is MPI_ERRORS_ARE_FATAL, which would end the input
 * at its first error). */
static int made_win(int rc, MPI_Win w)
{
    if (rc == MPI_SUCCESS) {
        MPI_Win_set_errhandler(w, MPI_ERRORS_RETURN);
        keep_win(w);
    }
    return rc;
}

#define T_WIN_CREATE(FN, UT)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        void *b = u8() % 8 ? win_mem[pick(NPOOL)] : NULL;                                          \
        MPI_Aint n = win_size();                                                                   \
        UT du = win_unit();                                                                        \
        MPI_Info i = T_info;                                                                       \
        MPI_Comm c = T_cm;                                                                         \
        MPI_Win w = MPI_WIN_NULL;                                                                  \
        int rc = FN(b, n, du, i, c, OUT(&w));                                                      \
        return made_win(rc, w);                                                                    \
    }
T_WIN_CREATE(MPI_Win_create, int)
T_WIN_CREATE(MPI_Win_create_c, MPI_Aint)
#define T_WIN_ALLOC(FN, UT)                                                                        \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Aint n = win_size();                                                                   \
        UT du = win_unit();                                                                        \
        MPI_Info i = T_info;                                                                       \
        MPI_Comm c = T_cm;                                                                         \
        void *base = NULL;                                                                         \
        void *bp = OUT(&base);                                                                     \
        MPI_Win w = MPI_WIN_NULL;                                                                  \
        int rc = FN(n, du, i, c, bp, OUT(&w));                                                     \
        return made_win(rc, w);                                                                    \
    }
T_WIN_ALLOC(MPI_Win_allocate, int)
T_WIN_ALLOC(MPI_Win_allocate_c, MPI_Aint)
T_WIN_ALLOC(MPI_Win_allocate_shared, int)
T_WIN_ALLOC(MPI_Win_allocate_shared_c, MPI_Aint)
static int c_MPI_Win_create_dynamic(void)
{
    MPI_Info i = T_info;
    MPI_Comm c = T_cm;
    MPI_Win w = MPI_WIN_NULL;
    int rc = MPI_Win_create_dynamic(i, c, OUT(&w));
    return made_win(rc, w);
}
#define T_SHARED_QUERY(FN, UT)                                                                     \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Win w = win();                                                                         \
        int r = rk();                                                                              \
        MPI_Aint n;                                                                                \
        UT du;                                                                                     \
        void *base;                                                                                \
        MPI_Aint *np = OUT(&n);                                                                    \
        UT *dp = OUT(&du);                                                                         \
        return FN(w, r, np, dp, OUT(&base));                                                       \
    }
T_SHARED_QUERY(MPI_Win_shared_query, int)
T_SHARED_QUERY(MPI_Win_shared_query_c, MPI_Aint)
static int c_MPI_Win_attach(void)
{
    MPI_Win w = win();
    void *b = u8() % 8 ? attach_mem[u8() % 4] + u8() % 16 : NULL;
    MPI_Aint n = u8() % 8 ? (MPI_Aint)(u8() % 49) : -1;
    return MPI_Win_attach(w, b, n);
}
static int c_MPI_Win_detach(void)
{
    MPI_Win w = win();
    void *b = u8() % 8 ? attach_mem[u8() % 4] + u8() % 16 : (void *)(uintptr_t)u32();
    return MPI_Win_detach(w, b);
}
static int c_MPI_Win_free(void)
{
    MPI_Win *w = win_ref();
    MPI_Win old = *w;
    int rc = MPI_Win_free(OUT(w));
    if (rc == MPI_SUCCESS)
        win_died(old);
    return rc;
}
static int c_MPI_Win_get_group(void)
{
    MPI_Win w = win();
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Win_get_group(w, OUT(&g));
    if (rc == MPI_SUCCESS)
        keep_grp(g);
    return rc;
}
static int c_MPI_Win_set_name(void)
{
    MPI_Win w = win();
    const char *n = u8() % 8 ? "fuzzed window" : NULL;
    return MPI_Win_set_name(w, n);
}
static int c_MPI_Win_get_name(void)
{
    MPI_Win w = win();
    char *b = OUT((char *)S(MPI_MAX_OBJECT_NAME));
    int len;
    return MPI_Win_get_name(w, b, OUT(&len));
}
static int c_MPI_Win_set_info(void)
{
    MPI_Win w = win();
    MPI_Info i = T_info;
    return MPI_Win_set_info(w, i);
}
static int c_MPI_Win_get_info(void)
{
    MPI_Win w = win();
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_Win_get_info(w, OUT(&i));
    if (rc == MPI_SUCCESS)
        keep_info(i);
    return rc;
}
static int c_MPI_Win_create_keyval(void)
{
    int kv = MPI_KEYVAL_INVALID;
    int rc = MPI_Win_create_keyval(MPI_WIN_NULL_COPY_FN, MPI_WIN_NULL_DELETE_FN, OUT(&kv), NULL);
    if (rc == MPI_SUCCESS)
        keep_wkv(kv);
    return rc;
}
static int c_MPI_Win_free_keyval(void)
{
    return MPI_Win_free_keyval(OUT(wkv_ref()));
}
static int c_MPI_Win_set_attr(void)
{
    MPI_Win w = win();
    int kv = wkv_gen();
    return MPI_Win_set_attr(w, kv, (void *)(uintptr_t)u8());
}
static int c_MPI_Win_get_attr(void)
{
    MPI_Win w = win();
    int kv = wkv_gen();
    void *v;
    int flag;
    void *vp = OUT(&v);
    return MPI_Win_get_attr(w, kv, vp, OUT(&flag));
}
static int c_MPI_Win_delete_attr(void)
{
    MPI_Win w = win();
    int kv = wkv_gen();
    return MPI_Win_delete_attr(w, kv);
}
static void user_win_eh(MPI_Win *w, int *code, ...)
{
    (void)w, (void)code;
}
static int c_MPI_Win_create_errhandler(void)
{
    MPI_Errhandler e = MPI_ERRHANDLER_NULL;
    int rc = MPI_Win_create_errhandler(u8() % 8 ? user_win_eh : NULL, OUT(&e));
    if (rc == MPI_SUCCESS)
        keep_eh(e);
    return rc;
}
static int c_MPI_Win_set_errhandler(void)
{
    MPI_Win w = win();
    return MPI_Win_set_errhandler(w, eh_gen());
}
static int c_MPI_Win_get_errhandler(void)
{
    MPI_Win w = win();
    MPI_Errhandler e = MPI_ERRHANDLER_NULL;
    int rc = MPI_Win_get_errhandler(w, OUT(&e));
    if (rc == MPI_SUCCESS && e != MPI_ERRORS_RETURN && e != MPI_ERRORS_ARE_FATAL &&
        e != MPI_ERRORS_ABORT)
        keep_eh(e);
    return rc;
}
static int c_MPI_Win_call_errhandler(void)
{
    MPI_Win w = win();
    int code = u8() % 2 ? ci() : MPI_ERR_RMA_SYNC;
    return MPI_Win_call_errhandler(w, code);
}
/* synchronisation: an assert of MPI_MODE_* bits, or garbage */
static int assert_bits(void)
{
    return u8() % 8 ? (int)(u8() & 0x1f) << 10 : (int)u32();
}
#define T_WIN_ONLY(FN)                                                                             \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        return FN(win());                                                                          \
    }
#define T_WIN_RANK(FN)                                                                             \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        int r = rk();                                                                              \
        return FN(r, win());                                                                       \
    }
#define T_WIN_GROUP(FN)                                                                            \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Group g = T_grp;                                                                       \
        int a = assert_bits();                                                                     \
        return FN(g, a, win());                                                                    \
    }
T_WIN_ONLY(MPI_Win_complete)
T_WIN_ONLY(MPI_Win_wait)
T_WIN_ONLY(MPI_Win_unlock_all)
T_WIN_ONLY(MPI_Win_flush_all)
T_WIN_ONLY(MPI_Win_flush_local_all)
T_WIN_ONLY(MPI_Win_sync)
T_WIN_RANK(MPI_Win_unlock)
T_WIN_RANK(MPI_Win_flush)
T_WIN_RANK(MPI_Win_flush_local)
T_WIN_GROUP(MPI_Win_post)
T_WIN_GROUP(MPI_Win_start)
static int c_MPI_Win_fence(void)
{
    int a = assert_bits();
    return MPI_Win_fence(a, win());
}
static int c_MPI_Win_test(void)
{
    MPI_Win w = win();
    int flag;
    return MPI_Win_test(w, OUT(&flag));
}
static int c_MPI_Win_lock(void)
{
    int t = u8() % 8 ? MPI_LOCK_EXCLUSIVE + (int)(u8() % 2) : (int)u32();
    int r = rk();
    int a = assert_bits();
    return MPI_Win_lock(t, r, a, win());
}
static int c_MPI_Win_lock_all(void)
{
    int a = assert_bits();
    return MPI_Win_lock_all(a, win());
}

#define T_RMA(FN, CT, X)                                                                           \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(0, &n, t);                                                                    \
        int r = rk();                                                                              \
        MPI_Aint d = sa();                                                                         \
        CT tn = CNT(CT);                                                                           \
        MPI_Datatype tt = T_ty;                                                                    \
        MPI_Win w = win();                                                                         \
        RUN(X, FN, b, n, t, r, d, tn, tt, w);                                                      \
    }
#define T_RMAOP(FN, CT, X)                                                                         \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(0, &n, t);                                                                    \
        int r = rk();                                                                              \
        MPI_Aint d = sa();                                                                         \
        CT tn = CNT(CT);                                                                           \
        MPI_Datatype tt = T_ty;                                                                    \
        MPI_Op o = T_op;                                                                           \
        MPI_Win w = win();                                                                         \
        RUN(X, FN, b, n, t, r, d, tn, tt, o, w);                                                   \
    }
T_RMA(MPI_Get, int, B)
T_RMA(MPI_Get_c, MPI_Count, B)
T_RMA(MPI_Put, int, B)
T_RMA(MPI_Put_c, MPI_Count, B)
T_RMA(MPI_Rget, int, I)
T_RMA(MPI_Rget_c, MPI_Count, I)
T_RMA(MPI_Rput, int, I)
T_RMA(MPI_Rput_c, MPI_Count, I)
T_RMAOP(MPI_Accumulate, int, B)
T_RMAOP(MPI_Accumulate_c, MPI_Count, B)
T_RMAOP(MPI_Raccumulate, int, I)
T_RMAOP(MPI_Raccumulate_c, MPI_Count, I)
#define T_GETACC(FN, CT, X)                                                                        \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(0, &n, t);                                                                    \
        CT rn = CNT(CT);                                                                           \
        MPI_Datatype rt = T_ty;                                                                    \
        void *rb = PL(1, &rn, rt);                                                                 \
        int r = rk();                                                                              \
        MPI_Aint d = sa();                                                                         \
        CT tn = CNT(CT);                                                                           \
        MPI_Datatype tt = T_ty;                                                                    \
        MPI_Op o = T_op;                                                                           \
        MPI_Win w = win();                                                                         \
        RUN(X, FN, b, n, t, rb, rn, rt, r, d, tn, tt, o, w);                                       \
    }
T_GETACC(MPI_Get_accumulate, int, B)
T_GETACC(MPI_Get_accumulate_c, MPI_Count, B)
T_GETACC(MPI_Rget_accumulate, int, I)
T_GETACC(MPI_Rget_accumulate_c, MPI_Count, I)
static int c_MPI_Fetch_and_op(void)
{
    MPI_Datatype t = T_ty;
    MPI_Count one = 1;
    void *b = PL(0, &one, t);
    void *rb = PL(1, &one, t);
    int r = rk();
    MPI_Aint d = sa();
    MPI_Op o = T_op;
    return MPI_Fetch_and_op(b, rb, t, r, d, o, win());
}
static int c_MPI_Compare_and_swap(void)
{
    MPI_Datatype t = T_ty;
    MPI_Count one = 1;
    void *b = PL(0, &one, t);
    void *cb = PL(2, &one, t);
    void *rb = PL(1, &one, t);
    int r = rk();
    MPI_Aint d = sa();
    return MPI_Compare_and_swap(b, cb, rb, t, r, d, win());
}

#define T_FILE(FN, CT, X, R)                                                                       \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(R, &n, t);                                                                    \
        MPI_File f = T_file;                                                                       \
        RUN(X, FN, f, b, n, t);                                                                    \
    }
#define T_FILE_AT(FN, CT, X, R)                                                                    \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_Offset off = sa();                                                                     \
        CT n = CNT(CT);                                                                            \
        MPI_Datatype t = T_ty;                                                                     \
        void *b = PL(R, &n, t);                                                                    \
        MPI_File f = T_file;                                                                       \
        RUN(X, FN, f, off, b, n, t);                                                               \
    }
#define FILE_FAMILY(T, N, X, R) T(MPI_File_##N, int, X, R) T(MPI_File_##N##_c, MPI_Count, X, R)
FILE_FAMILY(T_FILE, read, S, 1)
FILE_FAMILY(T_FILE, read_all, S, 1)
FILE_FAMILY(T_FILE, read_shared, S, 1)
FILE_FAMILY(T_FILE, read_ordered, S, 1)
FILE_FAMILY(T_FILE, write, S, 0)
FILE_FAMILY(T_FILE, write_all, S, 0)
FILE_FAMILY(T_FILE, write_shared, S, 0)
FILE_FAMILY(T_FILE, write_ordered, S, 0)
FILE_FAMILY(T_FILE, iread, I, 1)
FILE_FAMILY(T_FILE, iread_all, I, 1)
FILE_FAMILY(T_FILE, iread_shared, I, 1)
FILE_FAMILY(T_FILE, iwrite, I, 0)
FILE_FAMILY(T_FILE, iwrite_all, I, 0)
FILE_FAMILY(T_FILE, iwrite_shared, I, 0)
FILE_FAMILY(T_FILE, read_all_begin, B, 1)
FILE_FAMILY(T_FILE, write_all_begin, B, 0)
FILE_FAMILY(T_FILE, read_ordered_begin, B, 1)
FILE_FAMILY(T_FILE, write_ordered_begin, B, 0)
FILE_FAMILY(T_FILE_AT, read_at, S, 1)
FILE_FAMILY(T_FILE_AT, read_at_all, S, 1)
FILE_FAMILY(T_FILE_AT, write_at, S, 0)
FILE_FAMILY(T_FILE_AT, write_at_all, S, 0)
FILE_FAMILY(T_FILE_AT, iread_at, I, 1)
FILE_FAMILY(T_FILE_AT, iread_at_all, I, 1)
FILE_FAMILY(T_FILE_AT, iwrite_at, I, 0)
FILE_FAMILY(T_FILE_AT, iwrite_at_all, I, 0)
FILE_FAMILY(T_FILE_AT, read_at_all_begin, B, 1)
FILE_FAMILY(T_FILE_AT, write_at_all_begin, B, 0)
static void keep_derived(MPI_Datatype t)
{
    int ni, na, nd, comb = MPI_COMBINER_NAMED;
    if (t != MPI_DATATYPE_NULL && MPI_Type_get_envelope(t, &ni, &na, &nd, &comb) == MPI_SUCCESS &&
        comb != MPI_COMBINER_NAMED)
        keep_type(t);
}

static const char *file_datarep(void)
{
    static const char *v[] = {"native", "internal", "external32", "fz0", "nosuch", NULL};
    return v[pick(6)];
}
static int c_MPI_File_set_view(void)
{
    MPI_File fh = T_file;
    MPI_Offset d = u8() % 8 ? (MPI_Offset)(u8() % 64) : u8() % 2 ? MPI_DISPLACEMENT_CURRENT : sa();
    MPI_Datatype e = u8() % 2 ? T_ty : MPI_BYTE;
    MPI_Datatype f = T_ty;
    const char *dr = file_datarep();
    MPI_Info i = T_info;
    return MPI_File_set_view(fh, d, e, f, dr, i);
}
static int c_MPI_File_get_view(void)
{
    MPI_File fh = T_file;
    MPI_Offset d;
    MPI_Datatype e = MPI_DATATYPE_NULL, f = MPI_DATATYPE_NULL;
    char rep[MPI_MAX_DATAREP_STRING];
    MPI_Offset *dp = OUT(&d);
    MPI_Datatype *ep = OUT(&e), *fp = OUT(&f);
    int rc = MPI_File_get_view(fh, dp, ep, fp, OUT(rep));
    if (rc == MPI_SUCCESS) {
        keep_derived(e);
        keep_derived(f);
    }
    return rc;
}
static int c_MPI_File_get_type_extent(void)
{
    MPI_File fh = T_file;
    MPI_Datatype t = T_ty;
    MPI_Aint e;
    return MPI_File_get_type_extent(fh, t, OUT(&e));
}
static int c_MPI_File_get_type_extent_c(void)
{
    MPI_File fh = T_file;
    MPI_Datatype t = T_ty;
    MPI_Count e;
    return MPI_File_get_type_extent_c(fh, t, OUT(&e));
}

/* ---- files: the harness's directory, names, modes */
static char fz_dir[64], fz_names[4][96];

static void fz_files_reset(void)
{
    for (int i = 0; i < 4; i++)
        unlink(fz_names[i]);
    /* MPI_FILE_NULL's handler back to its default */
    MPI_File_set_errhandler(MPI_FILE_NULL, MPI_ERRORS_RETURN);
}

static void fz_files_remove(void)
{
    fz_files_reset();
    rmdir(fz_dir);
}

/* a registered representation that stores the memory's bytes */
static int fz_rep_pack(void *user, MPI_Datatype t, int count, void *file, MPI_Offset pos, void *x)
{
    MPI_Count size = 0;
    (void)pos, (void)x;
    MPI_Type_size_c(t, &size);
    return typeshim_pack_segment(user, count, t, 0, size * count, file);
}
static int fz_rep_unpack(void *user, MPI_Datatype t, int count, void *file, MPI_Offset pos, void *x)
{
    MPI_Count size = 0;
    (void)pos, (void)x;
    MPI_Type_size_c(t, &size);
    return typeshim_unpack_segment(file, 0, size * count, user, count, t);
}
static int fz_rep_extent(MPI_Datatype t, MPI_Aint *ext, void *x)
{
    MPI_Count size = 0;
    (void)x;
    MPI_Type_size_c(t, &size);
    *ext = (MPI_Aint)size;
    return MPI_SUCCESS;
}

static void fz_files_init(void)
{
    snprintf(fz_dir, sizeof fz_dir, "/tmp/fuzz_args.%ld", (long)getpid());
    mkdir(fz_dir, 0700);
    for (int i = 0; i < 4; i++)
        snprintf(fz_names[i], sizeof fz_names[i], "%s/f%d", fz_dir, i);
    atexit(fz_files_remove);
    /* registered once: every input sees the same representations */
    MPI_Register_datarep("fz0", fz_rep_unpack, fz_rep_pack, fz_rep_extent, NULL);
}

static const char *fz_path(void)
{
    static char ufs[112];
    switch (u8() % 10) {
    case 0:
        return NULL;
    case 1:
        return fz_dir; /* a directory */
    case 2:
        return "/nonexistent-typeshim-dir/x";
    case 3:
        snprintf(ufs, sizeof ufs, "ufs:%s", fz_names[1]);
        return ufs;
    default:
        return fz_names[u8() % 4];
    }
}

static int fz_amode(void)
{
    static const int bits[] = {MPI_MODE_RDONLY,      MPI_MODE_WRONLY, MPI_MODE_RDWR,
                               MPI_MODE_CREATE,      MPI_MODE_EXCL,   MPI_MODE_DELETE_ON_CLOSE,
                               MPI_MODE_UNIQUE_OPEN, MPI_MODE_APPEND, MPI_MODE_SEQUENTIAL};
    int a;
    switch (u8() % 8) {
    case 0:
        return (int)u32();
    case 1:
    case 2:
        a = 0;
        for (int i = 0; i < 9; i++)
            if (u8() % 3 == 0)
                a |= bits[i];
        return a;
    case 3:
        return MPI_MODE_RDONLY;
    default:
        return MPI_MODE_CREATE | MPI_MODE_RDWR;
    }
}

static int c_MPI_File_open(void)
{
    MPI_Comm c = T_cm;
    const char *p = fz_path();
    int a = fz_amode();
    MPI_Info i = T_info;
    MPI_File f = MPI_FILE_NULL;
    int rc = MPI_File_open(c, p, a, i, OUT(&f));
    if (rc == MPI_SUCCESS) {
        MPI_File_set_errhandler(f, MPI_ERRORS_RETURN);
        keep_file(f);
    }
    return rc;
}
static int c_MPI_File_close(void)
{
    MPI_File *f = file_ref();
    MPI_File old = *f;
    int rc = MPI_File_close(OUT(f));
    if (rc == MPI_SUCCESS)
        file_died(old);
    return rc;
}
static int c_MPI_File_delete(void)
{
    const char *p = fz_path();
    MPI_Info i = T_info;
    return MPI_File_delete(p, i);
}
static int c_MPI_File_get_group(void)
{
    MPI_File f = T_file;
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_File_get_group(f, OUT(&g));
    if (rc == MPI_SUCCESS)
        keep_grp(g);
    return rc;
}
static int c_MPI_File_get_amode(void)
{
    MPI_File f = T_file;
    int a;
    return MPI_File_get_amode(f, OUT(&a));
}
static int c_MPI_File_c2f(void)
{
    MPI_File f = T_file;
    (void)MPI_File_c2f(f);
    return MPI_SUCCESS;
}
static int c_MPI_File_f2c(void)
{
    MPI_File f = T_file;
    MPI_Fint k = u8() % 2 ? MPI_File_c2f(f) : (MPI_Fint)u32();
    (void)MPI_File_f2c(k);
    return MPI_SUCCESS;
}
/* a file size: small, negative, or far out (a sparse file; never
 * preallocated) */
static MPI_Offset fz_size(int allocating)
{
    unsigned k = u8() % 8;
    return k < 5 ? (MPI_Offset)(u8() * 16) : k == 5 ? -(MPI_Offset)u8() - 1 : allocating ? 0 : sa();
}
static int c_MPI_File_set_size(void)
{
    MPI_File f = T_file;
    return MPI_File_set_size(f, fz_size(0));
}
static int c_MPI_File_preallocate(void)
{
    MPI_File f = T_file;
    return MPI_File_preallocate(f, fz_size(1));
}
static int c_MPI_File_get_size(void)
{
    MPI_File f = T_file;
    MPI_Offset n;
    return MPI_File_get_size(f, OUT(&n));
}
static int c_MPI_File_sync(void)
{
    return MPI_File_sync(T_file);
}
static int c_MPI_File_set_info(void)
{
    MPI_File f = T_file;
    MPI_Info i = T_info;
    return MPI_File_set_info(f, i);
}
static int c_MPI_File_get_info(void)
{
    MPI_File f = T_file;
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_File_get_info(f, OUT(&i));
    if (rc == MPI_SUCCESS)
        keep_info(i);
    return rc;
}
static int c_MPI_File_set_atomicity(void)
{
    MPI_File f = T_file;
    return MPI_File_set_atomicity(f, u8() % 3);
}
static int c_MPI_File_get_atomicity(void)
{
    MPI_File f = T_file;
    int flag;
    return MPI_File_get_atomicity(f, OUT(&flag));
}
static int c_MPI_File_get_byte_offset(void)
{
    MPI_File f = T_file;
    MPI_Offset o = u8() % 4 ? (MPI_Offset)u8() : sa();
    MPI_Offset d;
    return MPI_File_get_byte_offset(f, o, OUT(&d));
}
static void fz_file_handler(MPI_File *f, int *code, ...)
{
    (void)f, (void)code;
}
static int c_MPI_File_create_errhandler(void)
{
    MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    MPI_File_errhandler_function *fn = u8() % 8 ? fz_file_handler : NULL;
    int rc = MPI_File_create_errhandler(fn, OUT(&h));
    if (rc == MPI_SUCCESS)
        keep_eh(h);
    return rc;
}
static int c_MPI_File_set_errhandler(void)
{
    MPI_File f = T_file;
    MPI_Errhandler h = eh_gen();
    return MPI_File_set_errhandler(f, h);
}
static int c_MPI_File_get_errhandler(void)
{
    MPI_File f = T_file;
    MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    int rc = MPI_File_get_errhandler(f, OUT(&h));
    if (rc == MPI_SUCCESS)
        keep_eh(h);
    return rc;
}
static int c_MPI_File_call_errhandler(void)
{
    MPI_File f = T_file;
    return MPI_File_call_errhandler(f, u8() % 2 ? MPI_ERR_OTHER : (int)u32());
}
static int whence(void)
{
    static const int v[] = {MPI_SEEK_SET, MPI_SEEK_CUR, MPI_SEEK_END, 12345};
    return v[pick(4)];
}
static int c_MPI_File_seek(void)
{
    MPI_File f = T_file;
    MPI_Offset o = u8() % 4 ? (MPI_Offset)(int8_t)u8() : sa();
    return MPI_File_seek(f, o, whence());
}
static int c_MPI_File_seek_shared(void)
{
    MPI_File f = T_file;
    MPI_Offset o = u8() % 4 ? (MPI_Offset)(int8_t)u8() : sa();
    return MPI_File_seek_shared(f, o, whence());
}
static int c_MPI_File_get_position(void)
{
    MPI_File f = T_file;
    MPI_Offset o;
    return MPI_File_get_position(f, OUT(&o));
}
static int c_MPI_File_get_position_shared(void)
{
    MPI_File f = T_file;
    MPI_Offset o;
    return MPI_File_get_position_shared(f, OUT(&o));
}
/* the end of a split collective: the buffer the begin was given (one of
 * the arenas) or another */
#define T_FILE_END(FN)                                                                             \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        MPI_File f = T_file;                                                                       \
        void *b = arena[u8() % 3];                                                                 \
        RUN(S, FN, f, b);                                                                          \
    }
T_FILE_END(MPI_File_read_all_end)
T_FILE_END(MPI_File_write_all_end)
T_FILE_END(MPI_File_read_at_all_end)
T_FILE_END(MPI_File_write_at_all_end)
T_FILE_END(MPI_File_read_ordered_end)
T_FILE_END(MPI_File_write_ordered_end)
#define T_DATAREP(FN, CONV)                                                                        \
    static int c_##FN(void)                                                                        \
    {                                                                                              \
        static const char *names[] = {"fz0", "native", "external32", NULL, "internal"};            \
        static char longname[MPI_MAX_DATAREP_STRING + 8];                                          \
        const char *n = u8() % 6 ? names[pick(5)] : longname;                                      \
        memset(longname, 'r', sizeof longname - 1);                                                \
        return FN(n, (CONV *)NULL, (CONV *)NULL, u8() % 4 ? fz_rep_extent : NULL, NULL);           \
    }
T_DATAREP(MPI_Register_datarep, MPI_Datarep_conversion_function)
T_DATAREP(MPI_Register_datarep_c, MPI_Datarep_conversion_function_c)

/* ---- sessions ---- */
static void fz_session_handler(MPI_Session *s, int *code, ...)
{
    (void)s, (void)code;
}
static const char *fz_pset(void)
{
    static const char *const v[] = {"mpi://WORLD", "mpi://SELF",    "MPI://self",
                                    NULL,          "mpi://NOWHERE", ""};
    return u8() % 4 ? v[pick(6)] : str();
}
static int c_MPI_Session_init(void)
{
    MPI_Info i = T_info;
    MPI_Errhandler h = eh_gen();
    MPI_Session s = MPI_SESSION_NULL;
    int rc = MPI_Session_init(i, h, OUT(&s));
    if (rc == MPI_SUCCESS) {
        MPI_Session_set_errhandler(s, MPI_ERRORS_RETURN);
        keep_ses(s);
    }
    return rc;
}
static int c_MPI_Session_finalize(void)
{
    MPI_Session *s = ses_ref();
    MPI_Session old = *s;
    int rc = MPI_Session_finalize(OUT(s));
    if (rc == MPI_SUCCESS)
        ses_died(old);
    return rc;
}
static int c_MPI_Session_get_info(void)
{
    MPI_Session s = T_ses;
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_Session_get_info(s, OUT(&i));
    if (rc == MPI_SUCCESS)
        keep_info(i);
    return rc;
}
static int c_MPI_Session_get_num_psets(void)
{
    MPI_Session s = T_ses;
    MPI_Info i = T_info;
    int n;
    return MPI_Session_get_num_psets(s, i, OUT(&n));
}
static int c_MPI_Session_get_nth_pset(void)
{
    MPI_Session s = T_ses;
    MPI_Info i = T_info;
    int n = sm(), len = u8() % 4 ? (int)(u8() % 16) : sm();
    char *name = u8() % 8 ? S(16) : NULL;
    return MPI_Session_get_nth_pset(s, i, n, OUT(&len), name);
}
static int c_MPI_Session_get_pset_info(void)
{
    MPI_Session s = T_ses;
    const char *p = fz_pset();
    MPI_Info i = MPI_INFO_NULL;
    int rc = MPI_Session_get_pset_info(s, p, OUT(&i));
    if (rc == MPI_SUCCESS)
        keep_info(i);
    return rc;
}
static int c_MPI_Group_from_session_pset(void)
{
    MPI_Session s = T_ses;
    const char *p = fz_pset();
    MPI_Group g = MPI_GROUP_NULL;
    int rc = MPI_Group_from_session_pset(s, p, OUT(&g));
    if (rc == MPI_SUCCESS)
        keep_grp(g);
    return rc;
}
static int c_MPI_Comm_create_from_group(void)
{
    MPI_Group g = T_grp;
    const char *t = str();
    MPI_Info i = T_info;
    MPI_Errhandler h = eh_gen();
    NEWCOMM(MPI_Comm_create_from_group(g, t, i, h, ncp));
}
static int c_MPI_Intercomm_create_from_groups(void)
{
    MPI_Group lg = T_grp, rg = T_grp;
    int ll = sm(), rl = sm();
    const char *t = str();
    MPI_Info i = T_info;
    MPI_Errhandler h = eh_gen();
    NEWCOMM(MPI_Intercomm_create_from_groups(lg, ll, rg, rl, t, i, h, ncp));
}
static int c_MPI_Session_create_errhandler(void)
{
    MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    MPI_Session_errhandler_function *fn = u8() % 8 ? fz_session_handler : NULL;
    int rc = MPI_Session_create_errhandler(fn, OUT(&h));
    if (rc == MPI_SUCCESS)
        keep_eh(h);
    return rc;
}
static int c_MPI_Session_set_errhandler(void)
{
    MPI_Session s = T_ses;
    MPI_Errhandler h = eh_gen();
    return MPI_Session_set_errhandler(s, h);
}
static int c_MPI_Session_get_errhandler(void)
{
    MPI_Session s = T_ses;
    MPI_Errhandler h = MPI_ERRHANDLER_NULL;
    int rc = MPI_Session_get_errhandler(s, OUT(&h));
    if (rc == MPI_SUCCESS)
        keep_eh(h);
    return rc;
}
static int c_MPI_Session_call_errhandler(void)
{
    MPI_Session s = T_ses;
    return MPI_Session_call_errhandler(s, u8() % 2 ? MPI_ERR_OTHER : (int)u32());
}

/* ---- spawning, ports, names ---- */
static char fz_port[MPI_MAX_PORT_NAME] = "typeshim-port:0:0";
static const char *fz_portname(void)
{
    return u8() % 4 ? fz_port : str();
}
/* a published name is one of two (fz_dyn_reset unpublishes them);
 * other strings only where nothing is kept */
static const char *fz_service(void)
{
    static const char *const v[] = {"fz.service", "fz.other", NULL};
    return v[pick(3)];
}
static int c_MPI_Comm_spawn(void)
{
    MPI_Comm c = T_cm, ic = MPI_COMM_NULL;
    int n = u8() % 4 ? (int)(u8() % 4) : sm(), codes[4];
    int *ec = u8() % 2 && n >= 0 && n <= 4 ? codes : MPI_ERRCODES_IGNORE;
    const char *cmd = u8() % 8 ? "fz-command" : NULL;
    return MPI_Comm_spawn(cmd, NULL, n, T_info, sm(), c, OUT(&ic), ec);
}
static int c_MPI_Comm_spawn_multiple(void)
{
    /* the arrays hold count entries (2 at most: a count past them is the
     * caller's broken promise), and codes one per process asked for */
    char *cmds[2] = {"fz-a", u8() % 8 ? "fz-b" : NULL};
    int maxprocs[2] = {1 + (int)(u8() % 2), u8() % 4 ? 1 : (int)(int8_t)u8()};
    MPI_Info infos[2] = {MPI_INFO_NULL, T_info};
    MPI_Comm c = T_cm, ic = MPI_COMM_NULL;
    int n = (int)(u8() % 4) - 1, codes[256];
    int *ec = u8() % 2 ? codes : MPI_ERRCODES_IGNORE;
    return MPI_Comm_spawn_multiple(n, u8() % 8 ? cmds : NULL, NULL, maxprocs, infos, sm(), c,
                                   OUT(&ic), ec);
}
/* The ports an input opened, closed by fz_dyn_reset (at most 4 open: an
 * older one is closed first), and the names published under the fixed
 * services: no input leaves either to the next. */
static char fz_ports[4][MPI_MAX_PORT_NAME];
static unsigned fz_nports;
static int c_MPI_Open_port(void)
{
    char *slot = fz_ports[fz_nports++ % 4];
    int rc;

    if (slot[0])
        MPI_Close_port(slot);
    slot[0] = '\0';
    if ((rc = MPI_Open_port(T_info, OUT(fz_port))) == MPI_SUCCESS)
        strcpy(slot, fz_port);
    return rc;
}
static void fz_dyn_reset(void)
{
    static const char *const services[] = {"fz.service", "fz.other"};
    char port[MPI_MAX_PORT_NAME];

    for (int i = 0; i < 4; i++) {
        if (fz_ports[i][0])
            MPI_Close_port(fz_ports[i]);
        fz_ports[i][0] = '\0';
    }
    for (int i = 0; i < 2; i++)
        while (MPI_Lookup_name(services[i], MPI_INFO_NULL, port) == MPI_SUCCESS)
            MPI_Unpublish_name(services[i], MPI_INFO_NULL, port);
}
static int c_MPI_Close_port(void)
{
    return MPI_Close_port(fz_portname());
}
static int c_MPI_Comm_accept(void)
{
    MPI_Comm c = T_cm, nc = MPI_COMM_NULL;
    return MPI_Comm_accept(fz_portname(), T_info, sm(), c, OUT(&nc));
}
static int c_MPI_Comm_connect(void)
{
    MPI_Comm c = T_cm, nc = MPI_COMM_NULL;
    return MPI_Comm_connect(fz_portname(), T_info, sm(), c, OUT(&nc));
}
static int c_MPI_Comm_join(void)
{
    MPI_Comm ic = MPI_COMM_NULL;
    return MPI_Comm_join(sm(), OUT(&ic));
}
static int c_MPI_Publish_name(void)
{
    return MPI_Publish_name(fz_service(), T_info, fz_portname());
}
static int c_MPI_Unpublish_name(void)
{
    return MPI_Unpublish_name(fz_service(), T_info, fz_portname());
}
static int c_MPI_Lookup_name(void)
{
    static char port[MPI_MAX_PORT_NAME];
    return MPI_Lookup_name(fz_service(), T_info, OUT(port));
}

#endif

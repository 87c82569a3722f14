/* SPDX-License-Identifier: BSD-3-Clause */
/* Comm.Rank, Size, Send, Recv, Sendrecv, and the messages of serialized
 * objects (bytes whose length the receiver learns from MPI_Mprobe).  A
 * blocking call works on a native copy of the elements it touches: the
 * Java array is never pinned while a message is awaited, and a receive
 * that fails writes nothing back. */
#include <stdlib.h>

#include "tsj.h"

#include <typeshim.h>

#include "mpi_Comm.h"

JNIEXPORT jint JNICALL Java_mpi_Comm_nRank(JNIEnv *env, jclass cls, jint comm)
{
    int r = 0, rc;

    if (!tsj_ready(env, "Comm.Rank"))
        return 0;
    rc = MPI_Comm_rank((MPI_Comm)comm, &r);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, "Comm.Rank", rc);
    return r;
}

JNIEXPORT jint JNICALL Java_mpi_Comm_nSize(JNIEnv *env, jclass cls, jint comm)
{
    int n = 0, rc;

    if (!tsj_ready(env, "Comm.Size"))
        return 0;
    rc = MPI_Comm_size((MPI_Comm)comm, &n);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, "Comm.Size", rc);
    return n;
}

/* The window of a communication buffer, its datatype checked the way
 * typeshim checks those of runtimes (typeshim_check_buffer: the message
 * names the Java method), and a native copy of it.  0 thrown. */
static int prepare(JNIEnv *env, const char *fn, jobject buf, jint kind, jint offset, jint first,
                   jint last, jint count, jint type, int receive, tsj_window *w, tsj_copy *c)
{
    int rc = typeshim_check_buffer(fn, "datatype", (MPI_Datatype)type, count, receive);

    if (rc != MPI_SUCCESS)
        return !tsj_throw_code(env, fn, rc);
    if (!tsj_window_of(env, fn, buf, kind, offset, first, last, w))
        return 0;
    return tsj_copy_in(env, w, c);
}

JNIEXPORT void JNICALL Java_mpi_Comm_nSend(JNIEnv *env, jclass cls, jint comm, jobject buf,
                                           jint kind, jint offset, jint first, jint last,
                                           jint count, jint type, jint dest, jint tag)
{
    const char *fn = "Comm.Send";
    tsj_window w;
    tsj_copy c;
    int rc;

    if (!tsj_ready(env, fn) ||
        !prepare(env, fn, buf, kind, offset, first, last, count, type, 0, &w, &c))
        return;
    rc = MPI_Send(c.origin, count, (MPI_Datatype)type, dest, tag, (MPI_Comm)comm);
    tsj_copy_free(&c);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, fn, rc);
}

JNIEXPORT void JNICALL Java_mpi_Comm_nRecv(JNIEnv *env, jclass cls, jint comm, jobject buf,
                                           jint kind, jint offset, jint first, jint last,
                                           jint count, jint type, jint source, jint tag,
                                           jintArray status)
{
    const char *fn = "Comm.Recv";
    MPI_Status st;
    tsj_window w;
    tsj_copy c;
    int rc;

    if (!tsj_ready(env, fn) ||
        !prepare(env, fn, buf, kind, offset, first, last, count, type, 1, &w, &c))
        return;
    rc = MPI_Recv(c.origin, count, (MPI_Datatype)type, source, tag, (MPI_Comm)comm, &st);
    if (rc == MPI_SUCCESS) {
        tsj_copy_out(env, &c);
        tsj_status_out(env, status, &st);
    } else {
        tsj_throw_code(env, fn, rc);
    }
    tsj_copy_free(&c);
}

/* Receives the message msg (matched by MPI_Mprobe) as bytes. */
static jbyteArray receive_bytes(JNIEnv *env, const char *fn, MPI_Message *msg, MPI_Status *st)
{
    int n = 0, rc = MPI_Get_count(st, MPI_BYTE, &n);
    char *data = NULL;
    jbyteArray a = NULL;

    if (rc == MPI_SUCCESS && n == MPI_UNDEFINED)
        n = 0;
    if (rc == MPI_SUCCESS && !(data = typeshim_malloc(n ? (size_t)n : 1))) /* freed below */
        n = 0; /* the message must still be taken: it is truncated to nothing */
    rc = MPI_Mrecv(data, n, MPI_BYTE, msg, st);
    if (!data) {
        tsj_no_memory(env, "receiving serialized objects");
    } else if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
    } else {
        a = (*env)->NewByteArray(env, n);
        if (a)
            (*env)->SetByteArrayRegion(env, a, 0, n, (const jbyte *)data);
    }
    typeshim_free(data);
    return a;
}

JNIEXPORT jbyteArray JNICALL Java_mpi_Comm_nRecvBytes(JNIEnv *env, jclass cls, jint comm,
                                                      jint source, jint tag, jintArray status)
{
    const char *fn = "Comm.Recv";
    MPI_Message msg;
    MPI_Status st;
    jbyteArray a;
    int rc;

    if (!tsj_ready(env, fn))
        return NULL;
    rc = MPI_Mprobe(source, tag, (MPI_Comm)comm, &msg, &st);
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        return NULL;
    }
    a = receive_bytes(env, fn, &msg, &st);
    if (a)
        tsj_status_out(env, status, &st);
    return a;
}

JNIEXPORT void JNICALL Java_mpi_Comm_nSendrecv(JNIEnv *env, jclass cls, jint comm, jobject sbuf,
                                               jint skind, jint soffset, jint sfirst, jint slast,
                                               jint scount, jint stype, jint dest, jint stag,
                                               jobject rbuf, jint rkind, jint roffset, jint rfirst,
                                               jint rlast, jint rcount, jint rtype, jint source,
                                               jint rtag, jintArray status)
{
    const char *fn = "Comm.Sendrecv";
    MPI_Status st;
    tsj_window sw, rw;
    tsj_copy sc, rc_;
    int rc;

    if (!tsj_ready(env, fn) ||
        !prepare(env, fn, sbuf, skind, soffset, sfirst, slast, scount, stype, 0, &sw, &sc))
        return;
    if (!prepare(env, fn, rbuf, rkind, roffset, rfirst, rlast, rcount, rtype, 1, &rw, &rc_)) {
        tsj_copy_free(&sc);
        return;
    }
    rc = MPI_Sendrecv(sc.origin, scount, (MPI_Datatype)stype, dest, stag, rc_.origin, rcount,
                      (MPI_Datatype)rtype, source, rtag, (MPI_Comm)comm, &st);
    if (rc == MPI_SUCCESS) {
        tsj_copy_out(env, &rc_);
        tsj_status_out(env, status, &st);
    } else {
        tsj_throw_code(env, fn, rc);
    }
    tsj_copy_free(&rc_);
    tsj_copy_free(&sc);
}

/* A send (typed, or serialized objects as bytes) and a receive of
 * serialized objects: MPI_Isend, MPI_Mprobe, MPI_Mrecv, MPI_Wait. */
JNIEXPORT jbyteArray JNICALL Java_mpi_Comm_nSendrecvBytes(JNIEnv *env, jclass cls, jint comm,
                                                          jobject sbuf, jint skind, jint soffset,
                                                          jint sfirst, jint slast, jint scount,
                                                          jint stype, jint dest, jint stag,
                                                          jint source, jint rtag, jintArray status)
{
    const char *fn = "Comm.Sendrecv";
    MPI_Request req;
    MPI_Message msg;
    MPI_Status st;
    tsj_window sw;
    tsj_copy sc;
    jbyteArray a = NULL;
    int rc;

    if (!tsj_ready(env, fn) ||
        !prepare(env, fn, sbuf, skind, soffset, sfirst, slast, scount, stype, 0, &sw, &sc))
        return NULL;
    rc = MPI_Isend(sc.origin, scount, (MPI_Datatype)stype, dest, stag, (MPI_Comm)comm, &req);
    if (rc != MPI_SUCCESS) {
        tsj_copy_free(&sc);
        tsj_throw_code(env, fn, rc);
        return NULL;
    }
    rc = MPI_Mprobe(source, rtag, (MPI_Comm)comm, &msg, &st);
    if (rc == MPI_SUCCESS) {
        a = receive_bytes(env, fn, &msg, &st);
    } else {
        tsj_throw_code(env, fn, rc);
        MPI_Cancel(&req); /* the send cannot be matched by this call now */
    }
    rc = MPI_Wait(&req, MPI_STATUS_IGNORE);
    tsj_copy_free(&sc);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, fn, rc);
    else if (a)
        tsj_status_out(env, status, &st);
    return (*env)->ExceptionCheck(env) ? NULL : a;
}

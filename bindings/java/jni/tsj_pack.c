/* SPDX-License-Identifier: BSD-3-Clause */
/* Comm.Pack, Unpack, Pack_size.  MPI_Pack and MPI_Unpack never block, so
 * the arrays are pinned (GetPrimitiveArrayCritical) for that call only,
 * after the window check; libtypeshim writes nothing when it fails, and a
 * failed call releases the output with JNI_ABORT. */
#include <stdlib.h>
#include <string.h>

#include "tsj.h"

#include "mpi_Comm.h"

/* Pins a buffer whose window touches elements; NULL (no pin) otherwise,
 * which MPI accepts for an empty or invalid layout.  0 thrown. */
static int pin(JNIEnv *env, const tsj_window *w, void **p)
{
    *p = NULL;
    if (w->last == w->first)
        return 1;
    *p = (*env)->GetPrimitiveArrayCritical(env, w->array, NULL);
    return *p ? 1 : tsj_no_memory(env, "pinning the buffer");
}

static void unpin(JNIEnv *env, const tsj_window *w, void *p, int mode)
{
    if (p)
        (*env)->ReleasePrimitiveArrayCritical(env, w->array, p, mode);
}

static char *origin_of(const tsj_window *w, void *p)
{
    return p ? (char *)p + (int64_t)w->offset * tsj_scale(w->kind) : NULL;
}

JNIEXPORT jint JNICALL Java_mpi_Comm_nPack(JNIEnv *env, jclass cls, jint comm, jobject buf,
                                           jint kind, jint offset, jint first, jint last,
                                           jint count, jint type, jbyteArray out, jint position)
{
    const char *fn = "Comm.Pack";
    jsize outsize;
    tsj_window w;
    void *p, *o;
    int pos = position, rc;

    if (!tsj_ready(env, fn) || !tsj_window_of(env, fn, buf, kind, offset, first, last, &w))
        return position;
    outsize = (*env)->GetArrayLength(env, out);
    if (!pin(env, &w, &p))
        return position;
    o = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
    if (!o) {
        unpin(env, &w, p, JNI_ABORT);
        tsj_no_memory(env, "pinning the output buffer");
        return position;
    }
    rc = MPI_Pack(origin_of(&w, p), count, (MPI_Datatype)type, o, outsize, &pos, (MPI_Comm)comm);
    (*env)->ReleasePrimitiveArrayCritical(env, out, o, rc == MPI_SUCCESS ? 0 : JNI_ABORT);
    unpin(env, &w, p, JNI_ABORT);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, fn, rc);
    return pos;
}

JNIEXPORT jint JNICALL Java_mpi_Comm_nUnpack(JNIEnv *env, jclass cls, jint comm, jbyteArray in,
                                             jint position, jobject buf, jint kind, jint offset,
                                             jint first, jint last, jint count, jint type)
{
    const char *fn = "Comm.Unpack";
    jsize insize;
    tsj_window w;
    void *p, *i;
    int pos = position, rc;

    if (!tsj_ready(env, fn) || !tsj_window_of(env, fn, buf, kind, offset, first, last, &w))
        return position;
    insize = (*env)->GetArrayLength(env, in);
    i = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    if (!i) {
        tsj_no_memory(env, "pinning the input buffer");
        return position;
    }
    if (!pin(env, &w, &p)) {
        (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
        return position;
    }
    rc = MPI_Unpack(i, insize, &pos, origin_of(&w, p), count, (MPI_Datatype)type, (MPI_Comm)comm);
    unpin(env, &w, p, rc == MPI_SUCCESS ? 0 : JNI_ABORT);
    (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, fn, rc);
    return pos;
}

JNIEXPORT jint JNICALL Java_mpi_Comm_nPackSize(JNIEnv *env, jclass cls, jint comm, jint count,
                                               jint type)
{
    const char *fn = "Comm.Pack_size";
    int size = 0, rc;

    if (!tsj_ready(env, fn))
        return 0;
    rc = MPI_Pack_size(count, (MPI_Datatype)type, (MPI_Comm)comm, &size);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, fn, rc);
    return size;
}

/* Serialized objects, packed as MPI_INT length then MPI_BYTE data: one
 * MPI_Pack of a struct over a native frame, so that it fits whole or
 * writes nothing. */
JNIEXPORT jint JNICALL Java_mpi_Comm_nPackBytes(JNIEnv *env, jclass cls, jint comm, jbyteArray data,
                                                jbyteArray out, jint position)
{
    const char *fn = "Comm.Pack";
    int len = (int)(*env)->GetArrayLength(env, data);
    int lens[2] = {1, len}, pos = position, rc;
    MPI_Aint disps[2] = {0, (MPI_Aint)sizeof(int)};
    MPI_Datatype types[2] = {MPI_INT, MPI_BYTE}, frame_type = MPI_DATATYPE_NULL;
    char *frame;
    void *o;

    if (!tsj_ready(env, fn))
        return position;
    frame = typeshim_malloc(sizeof(int) + (size_t)len); /* freed below */
    if (!frame) {
        tsj_no_memory(env, "packing serialized objects");
        return position;
    }
    memcpy(frame, &len, sizeof len);
    (*env)->GetByteArrayRegion(env, data, 0, len, (jbyte *)(frame + sizeof(int)));
    rc = MPI_Type_create_struct(2, lens, disps, types, &frame_type);
    if (rc == MPI_SUCCESS)
        rc = MPI_Type_commit(&frame_type);
    if (rc == MPI_SUCCESS) {
        jsize outsize = (*env)->GetArrayLength(env, out);

        o = (*env)->GetPrimitiveArrayCritical(env, out, NULL);
        if (o) {
            rc = MPI_Pack(frame, 1, frame_type, o, outsize, &pos, (MPI_Comm)comm);
            (*env)->ReleasePrimitiveArrayCritical(env, out, o, rc == MPI_SUCCESS ? 0 : JNI_ABORT);
        } else {
            tsj_no_memory(env, "pinning the output buffer");
        }
    }
    if (frame_type != MPI_DATATYPE_NULL)
        MPI_Type_free(&frame_type);
    typeshim_free(frame);
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, fn, rc);
    return pos;
}

/* The serialized objects Comm.Pack put at position[0]; advances it. */
JNIEXPORT jbyteArray JNICALL Java_mpi_Comm_nUnpackBytes(JNIEnv *env, jclass cls, jint comm,
                                                        jbyteArray in, jintArray position)
{
    const char *fn = "Comm.Unpack";
    jint p0;
    int pos, len = 0, rc;
    jsize insize = (*env)->GetArrayLength(env, in);
    char *data = NULL;
    void *i;
    jbyteArray a = NULL;

    if (!tsj_ready(env, fn))
        return NULL;
    (*env)->GetIntArrayRegion(env, position, 0, 1, &p0);
    pos = p0;
    i = (*env)->GetPrimitiveArrayCritical(env, in, NULL);
    if (!i) {
        tsj_no_memory(env, "pinning the input buffer");
        return NULL;
    }
    rc = MPI_Unpack(i, insize, &pos, &len, 1, MPI_INT, (MPI_Comm)comm);
    if (rc == MPI_SUCCESS && (len < 0 || len > insize)) {
        (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
        tsj_throw(env, MPI_ERR_TRUNCATE, fn,
                  "the input at position %d holds no serialized objects (length %d)", (int)p0, len);
        return NULL;
    }
    if (rc == MPI_SUCCESS && !(data = typeshim_malloc(len ? (size_t)len : 1))) /* freed below */
        rc = MPI_ERR_NO_MEM;
    if (rc == MPI_SUCCESS)
        rc = MPI_Unpack(i, insize, &pos, data, len, MPI_BYTE, (MPI_Comm)comm);
    (*env)->ReleasePrimitiveArrayCritical(env, in, i, JNI_ABORT);
    if (rc == MPI_SUCCESS) {
        a = (*env)->NewByteArray(env, len);
        if (a) {
            (*env)->SetByteArrayRegion(env, a, 0, len, (const jbyte *)data);
            p0 = pos;
            (*env)->SetIntArrayRegion(env, position, 0, 1, &p0);
        }
    } else {
        tsj_throw_code(env, fn, rc);
    }
    typeshim_free(data);
    return a;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tsj: the JNI glue of the mpiJava 1.2 binding (package mpi), over
 * libtypeshim's datatypes and an MPI runtime: libtypeshim-serial
 * (libtypeshim-java.so) or MPICH with typeshim layered
 * (libtypeshim-java-mpich.so).  The same objects make both libraries.
 *
 * Files:
 *   tsj_error.c   JNI_OnLoad, MPIException from an MPI error code or from
 *                 the binding's own checks, the MPI.Init..MPI.Finalize guard
 *   tsj_env.c     MPI.Init, MPI.Finalize, their state, the predefined handles
 *   tsj_type.c    the datatype constructors, commit, free
 *   tsj_bounds.c  bounds and sizes of a type; resizing to the bounds the
 *                 mpiJava 1.2 specification gives
 *   tsj_window.c  the elements of a Java array a call touches (computed
 *                 and checked by Buffers.java), checked again; copies
 *   tsj_pack.c    Comm.Pack, Unpack, Pack_size; serialized objects packed
 *   tsj_objects.c the indices an MPI.OBJECT layout selects
 *   tsj_p2p.c     Comm.Send, Recv, Sendrecv, Rank, Size; messages of
 *                 serialized objects
 *   tsj_bcast.c   Intracomm.Bcast
 *   tsj_status.c  Status.getElements
 *
 * Conventions: every native function returns at once after throwing (a
 * pending exception); arrays are pinned (GetPrimitiveArrayCritical) only
 * around MPI_Pack/MPI_Unpack, which never block; a blocking call works on a
 * native copy of the elements it touches, written back only on success, so
 * that a failed call writes nothing.
 */
#ifndef TSJ_H
#define TSJ_H

#include <jni.h>
#include <stdint.h>

#include <mpi.h>
#include <typeshim.h> /* typeshim_malloc: every block through the allocator hooks */

#if defined(__GNUC__)
#define TSJ_HIDDEN __attribute__((visibility("hidden")))
#else
#define TSJ_HIDDEN
#endif

/* Handles cross JNI as jint: MPICH's ABI makes them int. */
_Static_assert(sizeof(MPI_Datatype) == sizeof(jint), "MPI_Datatype is not an int");
_Static_assert(sizeof(MPI_Comm) == sizeof(jint), "MPI_Comm is not an int");
_Static_assert(sizeof(MPI_Status) == 5 * sizeof(jint), "MPI_Status is not 5 ints");

/* Base types (Datatype.java's codes): the element kind of a Java array. */
enum tsj_kind {
    TSJ_NONE = 0, /* undefined base type: MPI.LB, MPI.UB; touches no element */
    TSJ_BYTE,
    TSJ_CHAR,
    TSJ_SHORT,
    TSJ_BOOLEAN,
    TSJ_INT,
    TSJ_LONG,
    TSJ_FLOAT,
    TSJ_DOUBLE,
    TSJ_OBJECT, /* C carrier: int32 indices */
    TSJ_NKINDS
};

/* Bytes per element of a kind, in C. */
TSJ_HIDDEN int tsj_scale(int kind);

/* ---- errors (tsj_error.c) ---- */

/* Throws MPIException for an MPI error code: its class, and
 * "<fn>: <MPI_Error_string>".  Returns code. */
TSJ_HIDDEN int tsj_throw_code(JNIEnv *env, const char *fn, int code);
/* Throws MPIException(cls, "<fn>: <message>").  Returns cls. */
TSJ_HIDDEN int tsj_throw(JNIEnv *env, int cls, const char *fn, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* 1 between MPI.Init and MPI.Finalize; else throws MPI_ERR_OTHER, returns 0. */
TSJ_HIDDEN int tsj_ready(JNIEnv *env, const char *fn);
/* Throws OutOfMemoryError unless an exception is pending.  Returns 0. */
TSJ_HIDDEN int tsj_no_memory(JNIEnv *env, const char *what);

/* ---- windows of Java arrays (tsj_window.c) ---- */

/* The elements [first, last) of a Java array that a call touches
 * (first == last: none), and where its buffer origin (element offset)
 * lies.  Buffers.window computes them from the datatype's displacement
 * sequence and checks them against the array's length. */
typedef struct tsj_window {
    jarray array;
    int kind;
    jint offset;
    int64_t first, last;
} tsj_window;

/* Fills *w, checking again that the array is there (MPI_ERR_BUFFER) and
 * that the window and the origin lie inside it (MPI_ERR_INTERN: the
 * binding's own error).  1 ok, 0 thrown. */
TSJ_HIDDEN int tsj_window_of(JNIEnv *env, const char *fn, jarray array, int kind, jint offset,
                             jint first, jint last, tsj_window *w);

/* A native copy of the window's elements (copy_in: read from the array)
 * and the buffer origin inside it; free with tsj_copy_free.  NULL, thrown,
 * on failure. */
typedef struct tsj_copy {
    char *mem;
    char *origin;
    const tsj_window *w;
} tsj_copy;
TSJ_HIDDEN int tsj_copy_in(JNIEnv *env, const tsj_window *w, tsj_copy *c);
/* Writes the copy's elements back into the array. */
TSJ_HIDDEN void tsj_copy_out(JNIEnv *env, const tsj_copy *c);
TSJ_HIDDEN void tsj_copy_free(tsj_copy *c);

/* Status as Java holds it: MPICH's five ints. */
TSJ_HIDDEN void tsj_status_out(JNIEnv *env, jintArray out, const MPI_Status *st);

#endif /* TSJ_H */

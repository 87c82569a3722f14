/* SPDX-License-Identifier: BSD-3-Clause */
/* MPIException, thrown from C: for an MPI error code (its class, and the
 * message MPI_Error_string gives: typeshim's, naming the MPI function and
 * the argument) or for what the binding checks itself.  The message starts
 * with the Java method, so that a user sees which call of theirs failed. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "tsj.h"

static jclass exc_class;   /* global reference to mpi.MPIException */
static jmethodID exc_ctor; /* MPIException(int, String) */

JNIEXPORT jint JNICALL JNI_OnLoad(JavaVM *vm, void *reserved)
{
    JNIEnv *env;
    jclass c;

    if ((*vm)->GetEnv(vm, (void **)&env, JNI_VERSION_1_8) != JNI_OK)
        return JNI_ERR;
    c = (*env)->FindClass(env, "mpi/MPIException");
    if (!c)
        return JNI_ERR;
    exc_class = (*env)->NewGlobalRef(env, c);
    (*env)->DeleteLocalRef(env, c);
    if (!exc_class)
        return JNI_ERR;
    exc_ctor = (*env)->GetMethodID(env, exc_class, "<init>", "(ILjava/lang/String;)V");
    return exc_ctor ? JNI_VERSION_1_8 : JNI_ERR;
}

/* NewStringUTF wants modified UTF-8: anything but ASCII becomes '?'. */
static void ascii_only(char *s)
{
    for (; *s; s++)
        if ((unsigned char)*s >= 0x80)
            *s = '?';
}

/* Throws an MPIException of class cls with message msg (changed in place:
 * ASCII only). */
static int throw_text(JNIEnv *env, int cls, char *msg)
{
    jstring s;
    jobject e;

    if ((*env)->ExceptionCheck(env))
        return cls; /* the first error is the one to report */
    ascii_only(msg);
    s = (*env)->NewStringUTF(env, msg);
    if (!s)
        return cls; /* OutOfMemoryError pending */
    e = (*env)->NewObject(env, exc_class, exc_ctor, (jint)cls, s);
    if (e)
        (*env)->Throw(env, (jthrowable)e);
    return cls;
}

int tsj_throw(JNIEnv *env, int cls, const char *fn, const char *fmt, ...)
{
    char msg[MPI_MAX_ERROR_STRING + 256];
    int n;
    va_list ap;

    n = snprintf(msg, sizeof msg, "%s: ", fn);
    if (n < 0 || (size_t)n >= sizeof msg)
        n = 0;
    va_start(ap, fmt);
    vsnprintf(msg + n, sizeof msg - (size_t)n, fmt, ap);
    va_end(ap);
    return throw_text(env, cls, msg);
}

int tsj_throw_code(JNIEnv *env, const char *fn, int code)
{
    char msg[MPI_MAX_ERROR_STRING];
    size_t n = strlen(fn);
    int len = 0, cls;

    if (MPI_Error_class(code, &cls) != MPI_SUCCESS)
        cls = MPI_ERR_UNKNOWN;
    if (MPI_Error_string(code, msg, &len) != MPI_SUCCESS)
        snprintf(msg, sizeof msg, "MPI error code %d", code);
    /* a message typeshim wrote for the Java method itself
     * (typeshim_check_buffer) names it already */
    if (strncmp(msg, fn, n) == 0 && msg[n] == ':')
        throw_text(env, cls, msg);
    else
        tsj_throw(env, cls, fn, "%s", msg);
    return code;
}

int tsj_ready(JNIEnv *env, const char *fn)
{
    int init = 0, fini = 0;

    MPI_Initialized(&init);
    MPI_Finalized(&fini);
    if (init && !fini)
        return 1;
    tsj_throw(env, MPI_ERR_OTHER, fn, "%s",
              init ? "called after MPI.Finalize" : "called before MPI.Init");
    return 0;
}

int tsj_no_memory(JNIEnv *env, const char *what)
{
    jclass c;

    if ((*env)->ExceptionCheck(env))
        return 0;
    c = (*env)->FindClass(env, "java/lang/OutOfMemoryError");
    if (c)
        (*env)->ThrowNew(env, c, what);
    return 0;
}

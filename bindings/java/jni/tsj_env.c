/* SPDX-License-Identifier: BSD-3-Clause */
/* MPI.Init, MPI.Finalize and their state; the C handles of the predefined
 * datatypes the binding maps its base types to. */
#define _GNU_SOURCE /* dladdr */
#include <dlfcn.h>
#include <signal.h>
#include <string.h>

#include "tsj.h"

#include "mpi_MPI.h"
#include "mpi_Native.h"

/* The C type of each Java element, by size and signedness: JNI's types
 * (jchar is an unsigned 16-bit code unit, jboolean one byte). */
_Static_assert(sizeof(jshort) == sizeof(short) && sizeof(jint) == sizeof(int), "JNI sizes");
_Static_assert(sizeof(jboolean) == sizeof(_Bool) && sizeof(jfloat) == sizeof(float), "JNI sizes");
_Static_assert(sizeof(jlong) == sizeof(int64_t) && sizeof(jdouble) == sizeof(double), "JNI sizes");
_Static_assert(sizeof(jchar) == sizeof(uint16_t), "JNI sizes");

JNIEXPORT jintArray JNICALL Java_mpi_Native_nHandles(JNIEnv *env, jclass cls)
{
    /* Native.java's H_* order */
    const jint h[] = {
        (jint)MPI_BYTE,       (jint)MPI_UINT16_T,
        (jint)MPI_SHORT,      (jint)MPI_C_BOOL,
        (jint)MPI_INT,        (jint)MPI_INT64_T,
        (jint)MPI_FLOAT,      (jint)MPI_DOUBLE,
        (jint)MPI_INT32_T, /* MPI.OBJECT's layouts select int indices */
        (jint)MPI_LB,         (jint)MPI_UB,
        (jint)MPI_PACKED,     (jint)MPI_DATATYPE_NULL,
        (jint)MPI_COMM_WORLD, (jint)MPI_THREAD_MULTIPLE,
    };
    jsize n = (jsize)(sizeof h / sizeof h[0]);
    jintArray a = (*env)->NewIntArray(env, n);

    if (a)
        (*env)->SetIntArrayRegion(env, a, 0, n, h);
    return a;
}

/* The JVM takes SIGSEGV for its own (implicit null checks, safepoints).
 * UCX, under MPICH, replaces the handler when its library loads, unless
 * UCX_ERROR_SIGNALS is empty: the first NullPointerException the JIT
 * compiles to a fault then aborts the process.  Refuse to go on then. */
static int jvm_keeps_sigsegv(JNIEnv *env)
{
    struct sigaction sa;
    Dl_info info;
    void *fn;

    if (sigaction(SIGSEGV, NULL, &sa) != 0)
        return 1;
    fn = (sa.sa_flags & SA_SIGINFO) ? (void *)sa.sa_sigaction : (void *)sa.sa_handler;
    if (!dladdr(fn, &info) || !info.dli_fname || !strstr(info.dli_fname, "libucs"))
        return 1;
    tsj_throw(env, MPI_ERR_OTHER, "MPI.Init",
              "UCX (%s) has replaced the JVM's SIGSEGV handler, and the JVM would abort on its "
              "next null check: start the JVM with UCX_ERROR_SIGNALS set to the empty string "
              "(typeshim-java does; mpiexec.hydra -genv UCX_ERROR_SIGNALS '' java ...)",
              info.dli_fname);
    return 0;
}

JNIEXPORT jint JNICALL Java_mpi_MPI_nInit(JNIEnv *env, jclass cls, jint required)
{
    int init = 0, fini = 0, provided = MPI_THREAD_SINGLE, rc;

    MPI_Initialized(&init);
    MPI_Finalized(&fini);
    if (fini)
        return tsj_throw(env, MPI_ERR_OTHER, "MPI.Init",
                         "MPI was finalized: it cannot start again");
    if (init)
        return tsj_throw(env, MPI_ERR_OTHER, "MPI.Init", "MPI is already initialized");
    if (!jvm_keeps_sigsegv(env))
        return 0;
    rc = MPI_Init_thread(NULL, NULL, required, &provided);
    if (rc != MPI_SUCCESS)
        return tsj_throw_code(env, "MPI.Init", rc);
    /* errors become exceptions; datatype errors use MPI_COMM_SELF's
     * handler (MPI-4.1 section 9.3) or MPI_COMM_WORLD's (MPICH 4.0.2) */
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_set_errhandler(MPI_COMM_SELF, MPI_ERRORS_RETURN);
    return provided;
}

JNIEXPORT void JNICALL Java_mpi_MPI_nFinalize(JNIEnv *env, jclass cls)
{
    int rc;

    if (!tsj_ready(env, "MPI.Finalize"))
        return;
    rc = MPI_Finalize();
    if (rc != MPI_SUCCESS)
        tsj_throw_code(env, "MPI.Finalize", rc);
}

JNIEXPORT jint JNICALL Java_mpi_MPI_nState(JNIEnv *env, jclass cls)
{
    int init = 0, fini = 0;

    MPI_Initialized(&init);
    MPI_Finalized(&fini);
    return fini ? 2 : init ? 1 : 0;
}

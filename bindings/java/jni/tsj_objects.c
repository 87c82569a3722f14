/* SPDX-License-Identifier: BSD-3-Clause */
/* The elements an MPI.OBJECT layout selects.  Its C type is built over
 * 4-byte ints, so packing an array whose every element holds its own index
 * gives the indices of the selected elements in packing order: the order
 * Java serializes the objects in. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "tsj.h"

#include <typeshim.h>

#include "mpi_Datatype.h"

/* The Java method name, for messages. */
static void name_of(JNIEnv *env, jstring s, char *buf, size_t len)
{
    const char *c = s ? (*env)->GetStringUTFChars(env, s, NULL) : NULL;

    snprintf(buf, len, "%s", c ? c : "Datatype");
    if (c)
        (*env)->ReleaseStringUTFChars(env, s, c);
}

/* The n packed indices of count copies of t at offset inside w. */
static jintArray pack_indices(JNIEnv *env, const char *fn, const tsj_window *w, jint count,
                              MPI_Datatype t, int64_t n)
{
    int64_t base = w->first < w->offset ? w->first : w->offset;
    size_t span = (size_t)(w->last - base);
    int32_t *ids = typeshim_malloc((span ? span : 1) * sizeof(int32_t));   /* freed below */
    int32_t *out = typeshim_malloc((n ? (size_t)n : 1) * sizeof(int32_t)); /* freed below */
    jintArray a = NULL;
    MPI_Count pos = 0;
    int rc;

    if (!ids || !out) {
        tsj_no_memory(env, "the indices of an MPI.OBJECT layout");
        goto out;
    }
    for (size_t k = 0; k < span; k++)
        ids[k] = (int32_t)(base + (int64_t)k);
    rc = MPI_Pack_c(ids + (w->offset - base), count, t, out, n * 4, &pos, MPI_COMM_WORLD);
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        goto out;
    }
    a = (*env)->NewIntArray(env, (jsize)n);
    if (a)
        (*env)->SetIntArrayRegion(env, a, 0, (jsize)n, (const jint *)out);
out:
    typeshim_free(ids);
    typeshim_free(out);
    return a;
}

JNIEXPORT jintArray JNICALL Java_mpi_Datatype_nIndices(JNIEnv *env, jclass cls, jstring name,
                                                       jint h, jint offset, jint first, jint last,
                                                       jint count)
{
    char fn[64];
    MPI_Datatype t = (MPI_Datatype)h;
    MPI_Count size = 0;
    tsj_window w;
    int64_t n;
    int rc;

    name_of(env, name, fn, sizeof fn);
    if (!tsj_ready(env, fn))
        return NULL;
    /* a negative count, an invalid or uncommitted type, named as the call */
    rc = typeshim_check_buffer(fn, "datatype", t, count, 0);
    if (rc == MPI_SUCCESS && count > 0)
        rc = MPI_Type_size_c(t, &size);
    if (rc != MPI_SUCCESS) {
        tsj_throw_code(env, fn, rc);
        return NULL;
    }
    if (count == 0 || size == 0)
        return (*env)->NewIntArray(env, 0);
    /* the window Buffers.window checked against the Object[] */
    if (first < 0 || first > last || offset < 0) {
        tsj_throw(env, MPI_ERR_INTERN, fn, "elements [%d, %d) at offset %d", (int)first, (int)last,
                  (int)offset);
        return NULL;
    }
    w.array = NULL;
    w.kind = TSJ_OBJECT;
    w.offset = offset;
    w.first = first;
    w.last = last;
    n = (int64_t)count * (int64_t)(size / 4);
    if (n > INT_MAX - 8) {
        tsj_throw(env, MPI_ERR_VALUE_TOO_LARGE, fn, "%lld objects do not fit a Java array",
                  (long long)n);
        return NULL;
    }
    return pack_indices(env, fn, &w, count, t, n);
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* The elements of a Java array a call touches: Buffers.window computes them
 * from the type's displacement sequence and checks them against the array
 * before any native access (a layout larger than its array is an
 * MPIException, never a write past it); here they are checked once more
 * and copied (Get/Set<Type>ArrayRegion) for the blocking calls. */
#include <stdlib.h>
#include <string.h>

#include "tsj.h"

int tsj_scale(int kind)
{
    static const int scale[TSJ_NKINDS] = {1, 1, 2, 2, 1, 4, 8, 4, 8, 4};

    return kind >= 0 && kind < TSJ_NKINDS ? scale[kind] : 1;
}

int tsj_window_of(JNIEnv *env, const char *fn, jarray array, int kind, jint offset, jint first,
                  jint last, tsj_window *w)
{
    jsize len;

    w->array = array;
    w->kind = kind;
    w->offset = offset;
    w->first = first;
    w->last = last;
    if (!array)
        return !tsj_throw(env, MPI_ERR_BUFFER, fn, "the buffer is null");
    len = (*env)->GetArrayLength(env, array);
    /* Buffers.window checked them: a window outside the array would be the
     * binding's own error, refused here rather than followed */
    if (offset < 0 || offset > len || first < 0 || first > last || last > len)
        return !tsj_throw(env, MPI_ERR_INTERN, fn,
                          "elements [%d, %d) at offset %d are not inside the buffer (of length "
                          "%d)",
                          (int)first, (int)last, (int)offset, (int)len);
    return 1;
}

/* Get/Set<Type>ArrayRegion by kind; only kinds that touch elements come. */
static void region(JNIEnv *env, int set, jarray a, int kind, jsize at, jsize n, void *p)
{
#define TSJ_REGION(T, jt)                                                                          \
    do {                                                                                           \
        if (set)                                                                                   \
            (*env)->Set##T##ArrayRegion(env, (jt##Array)a, at, n, (const jt *)p);                  \
        else                                                                                       \
            (*env)->Get##T##ArrayRegion(env, (jt##Array)a, at, n, (jt *)p);                        \
    } while (0)
    switch (kind) {
    case TSJ_BYTE:
        TSJ_REGION(Byte, jbyte);
        break;
    case TSJ_CHAR:
        TSJ_REGION(Char, jchar);
        break;
    case TSJ_SHORT:
        TSJ_REGION(Short, jshort);
        break;
    case TSJ_BOOLEAN:
        TSJ_REGION(Boolean, jboolean);
        break;
    case TSJ_INT:
        TSJ_REGION(Int, jint);
        break;
    case TSJ_LONG:
        TSJ_REGION(Long, jlong);
        break;
    case TSJ_FLOAT:
        TSJ_REGION(Float, jfloat);
        break;
    case TSJ_DOUBLE:
        TSJ_REGION(Double, jdouble);
        break;
    default:
        break;
    }
#undef TSJ_REGION
}

int tsj_copy_in(JNIEnv *env, const tsj_window *w, tsj_copy *c)
{
    int64_t s = tsj_scale(w->kind);
    /* the origin itself must lie inside the copy, even when the type
     * starts after it */
    int64_t base = w->first < w->offset ? w->first : w->offset;
    size_t bytes = (size_t)((w->last - base) * s);

    c->w = w;
    c->mem = typeshim_malloc(bytes ? bytes : 1); /* freed in tsj_copy_free */
    if (!c->mem)
        return tsj_no_memory(env, "a native copy of the buffer");
    c->origin = c->mem + (w->offset - base) * s;
    if (w->last > w->first)
        region(env, 0, w->array, w->kind, (jsize)w->first, (jsize)(w->last - w->first),
               c->mem + (w->first - base) * s);
    if ((*env)->ExceptionCheck(env)) {
        tsj_copy_free(c);
        return 0;
    }
    return 1;
}

void tsj_copy_out(JNIEnv *env, const tsj_copy *c)
{
    const tsj_window *w = c->w;
    int64_t s = tsj_scale(w->kind);
    int64_t base = w->first < w->offset ? w->first : w->offset;

    if (w->last > w->first)
        region(env, 1, w->array, w->kind, (jsize)w->first, (jsize)(w->last - w->first),
               c->mem + (w->first - base) * s);
}

void tsj_copy_free(tsj_copy *c)
{
    typeshim_free(c->mem);
    c->mem = c->origin = NULL;
}

void tsj_status_out(JNIEnv *env, jintArray out, const MPI_Status *st)
{
    jint words[5];

    memcpy(words, st, sizeof words);
    (*env)->SetIntArrayRegion(env, out, 0, 5, words);
}

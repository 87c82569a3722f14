/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * typeshim's own functions that return a value, not an MPI error code
 * (lib/api.def: kind "value"; the generated stubs of tsb_stubs.c cover
 * the others): the exported entries, each calling the hidden function of
 * the part below that does the work.  So every exported name is defined in
 * the binding (test/check-layers.sh), and nothing below it is exported.
 */
#include "typeshim_config.h"

#include "binding/tsb.h"
#include "facade/tsf.h"
#include "layer/tsl.h"

const char *typeshim_version(void)
{
    return tsf_version();
}

long typeshim_live_types(void)
{
    return tsf_live_types();
}

long typeshim_leak_report(FILE *out, int rank)
{
    return tsf_leak_report(out, rank);
}

int typeshim_error_make(int errclass, const char *message)
{
    return tsf_error_make(errclass, message);
}

int typeshim_error_class(int code)
{
    return tsf_error_class(code);
}

int typeshim_error_message(int code, char *buf, int *len)
{
    return tsf_error_message(code, buf, len);
}

int typeshim_mode(void)
{
    return tsl_mode();
}

int typeshim_buffer_bytes(MPI_Datatype datatype, MPI_Count count, int receive, MPI_Count *bytes)
{
    (void)tsl_mode(); /* decides it, once */
    return tsf_buffer_bytes(datatype, count, receive, bytes);
}

int typeshim_type_move(const void *src, MPI_Count scount, MPI_Datatype stype, void *dst,
                       MPI_Count rcount, MPI_Datatype rtype, MPI_Count *nbytes)
{
    (void)tsl_mode(); /* decides it, once */
    return tsf_type_move(src, scount, stype, dst, rcount, rtype, nbytes);
}

void typeshim_set_alloc_funcs(typeshim_malloc_fn m, typeshim_free_fn f)
{
    tsu_set_alloc_funcs(m, f);
}

/* For runtimes over libtypeshim: the blocks of libtypeshim's allocator. */
void *typeshim_malloc(size_t n)
{
    return tsu_malloc(n);
}

void typeshim_free(void *p)
{
    tsu_free(p);
}

/* MPI_TYPE_DUP_FN and MPI_COMM_DUP_FN expand to MPIR_Dup_fn in MPICH's
 * mpi.h: a program that names them links against this definition (layered,
 * the first of libtypeshim's and MPICH's the loader finds; both copy the
 * value). */
__attribute__((visibility("default"))) int MPIR_Dup_fn(MPI_Comm comm, int keyval, void *extra,
                                                       void *in, void *out, int *flag);
int MPIR_Dup_fn(MPI_Comm comm, int keyval, void *extra, void *in, void *out, int *flag)
{
    (void)comm;
    (void)keyval;
    (void)extra;
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

/* SPDX-License-Identifier: BSD-3-Clause */
/* Open MPI's ABI only (libtypeshim-serial-ompi): what Open MPI's mpi.h
 * names and a program compiled with it links against, defined by the
 * runtime since no libmpi is loaded.  A predefined handle there is the
 * address of a global object of the library (MPI_COMM_WORLD is
 * &ompi_mpi_comm_world): each object below exists only to give its handle
 * a distinct address, nothing reads its bytes.  libtypeshim-ompi finds the
 * predefined datatypes by these addresses; the runtime compares the other
 * handles with them (MPI_COMM_WORLD, MPI_SUM...) as under MPICH's ABI it
 * compares integers.  The attribute callbacks Open MPI's header names as
 * functions (MPI_COMM_DUP_FN is OMPI_C_MPI_COMM_DUP_FN) are here too. */
#include "typeshim_config.h"

#include <stddef.h>

#pragma GCC visibility push(default)
#include <mpi.h>
#pragma GCC visibility pop

/* The types stay Open MPI's incomplete struct names to the program; here
 * they get one word each.  A program that copies them (a non-PIE
 * executable's copy relocation) copies that word. */
struct ompi_predefined_communicator_t {
    long word;
};
struct ompi_predefined_group_t {
    long word;
};
struct ompi_predefined_request_t {
    long word;
};
struct ompi_predefined_message_t {
    long word;
};
struct ompi_predefined_op_t {
    long word;
};
struct ompi_predefined_datatype_t {
    long word;
};
struct ompi_predefined_errhandler_t {
    long word;
};
struct ompi_predefined_win_t {
    long word;
};
struct ompi_predefined_file_t {
    long word;
};
struct ompi_predefined_info_t {
    long word;
};

#define OBJ(kind, name) struct ompi_predefined_##kind##_t name;
OBJ(communicator, ompi_mpi_comm_world)
OBJ(communicator, ompi_mpi_comm_self)
OBJ(communicator, ompi_mpi_comm_null)
OBJ(group, ompi_mpi_group_empty)
OBJ(group, ompi_mpi_group_null)
OBJ(request, ompi_request_null)
OBJ(message, ompi_message_null)
OBJ(message, ompi_message_no_proc)
OBJ(errhandler, ompi_mpi_errhandler_null)
OBJ(errhandler, ompi_mpi_errors_are_fatal)
OBJ(errhandler, ompi_mpi_errors_return)
OBJ(win, ompi_mpi_win_null)
OBJ(file, ompi_mpi_file_null)
OBJ(info, ompi_mpi_info_null)
OBJ(info, ompi_mpi_info_env)
OBJ(op, ompi_mpi_op_null)
OBJ(op, ompi_mpi_op_min)
OBJ(op, ompi_mpi_op_max)
OBJ(op, ompi_mpi_op_sum)
OBJ(op, ompi_mpi_op_prod)
OBJ(op, ompi_mpi_op_land)
OBJ(op, ompi_mpi_op_band)
OBJ(op, ompi_mpi_op_lor)
OBJ(op, ompi_mpi_op_bor)
OBJ(op, ompi_mpi_op_lxor)
OBJ(op, ompi_mpi_op_bxor)
OBJ(op, ompi_mpi_op_maxloc)
OBJ(op, ompi_mpi_op_minloc)
OBJ(op, ompi_mpi_op_replace)
OBJ(op, ompi_mpi_op_no_op)
#define T(name) OBJ(datatype, name)
T(ompi_mpi_datatype_null)
T(ompi_mpi_lb)
T(ompi_mpi_ub)
T(ompi_mpi_char)
T(ompi_mpi_signed_char)
T(ompi_mpi_unsigned_char)
T(ompi_mpi_byte)
T(ompi_mpi_short)
T(ompi_mpi_unsigned_short)
T(ompi_mpi_int)
T(ompi_mpi_unsigned)
T(ompi_mpi_long)
T(ompi_mpi_unsigned_long)
T(ompi_mpi_long_long_int)
T(ompi_mpi_unsigned_long_long)
T(ompi_mpi_float)
T(ompi_mpi_double)
T(ompi_mpi_long_double)
T(ompi_mpi_wchar)
T(ompi_mpi_packed)
T(ompi_mpi_cxx_bool)
T(ompi_mpi_cxx_cplex)
T(ompi_mpi_cxx_dblcplex)
T(ompi_mpi_cxx_ldblcplex)
T(ompi_mpi_character)
T(ompi_mpi_logical)
T(ompi_mpi_integer)
T(ompi_mpi_real)
T(ompi_mpi_dblprec)
T(ompi_mpi_cplex)
T(ompi_mpi_dblcplex)
T(ompi_mpi_ldblcplex)
T(ompi_mpi_2int)
T(ompi_mpi_2integer)
T(ompi_mpi_2real)
T(ompi_mpi_2dblprec)
T(ompi_mpi_2cplex)
T(ompi_mpi_2dblcplex)
T(ompi_mpi_float_int)
T(ompi_mpi_double_int)
T(ompi_mpi_longdbl_int)
T(ompi_mpi_short_int)
T(ompi_mpi_long_int)
T(ompi_mpi_logical1)
T(ompi_mpi_logical2)
T(ompi_mpi_logical4)
T(ompi_mpi_logical8)
T(ompi_mpi_integer1)
T(ompi_mpi_integer2)
T(ompi_mpi_integer4)
T(ompi_mpi_integer8)
T(ompi_mpi_integer16)
T(ompi_mpi_real2)
T(ompi_mpi_real4)
T(ompi_mpi_real8)
T(ompi_mpi_real16)
T(ompi_mpi_complex8)
T(ompi_mpi_complex16)
T(ompi_mpi_complex32)
T(ompi_mpi_int8_t)
T(ompi_mpi_uint8_t)
T(ompi_mpi_int16_t)
T(ompi_mpi_uint16_t)
T(ompi_mpi_int32_t)
T(ompi_mpi_uint32_t)
T(ompi_mpi_int64_t)
T(ompi_mpi_uint64_t)
T(ompi_mpi_aint)
T(ompi_mpi_offset)
T(ompi_mpi_count)
T(ompi_mpi_c_bool)
T(ompi_mpi_c_float_complex)
T(ompi_mpi_c_double_complex)
T(ompi_mpi_c_long_double_complex)

/* (MPI_F_STATUS_IGNORE and MPI_F_STATUSES_IGNORE: tss_status_f.c) */

/* The predefined copy and delete callbacks (MPI-4.1 sections 7.7.2,
 * 7.7.4, 12.2.7): NULL_COPY copies nothing, DUP copies the value,
 * NULL_DELETE does nothing. */
static int null_copy(int *flag)
{
    *flag = 0;
    return MPI_SUCCESS;
}

static int dup_copy(void *in, void *out, int *flag)
{
    *(void **)out = in;
    *flag = 1;
    return MPI_SUCCESS;
}

#define CALLBACKS(handle_type, NULL_COPY, DUP, NULL_DELETE)                                        \
    int NULL_COPY(handle_type h, int keyval, void *extra, void *in, void *out, int *flag)          \
    {                                                                                              \
        (void)h, (void)keyval, (void)extra, (void)in, (void)out;                                   \
        return null_copy(flag);                                                                    \
    }                                                                                              \
    int DUP(handle_type h, int keyval, void *extra, void *in, void *out, int *flag)                \
    {                                                                                              \
        (void)h, (void)keyval, (void)extra;                                                        \
        return dup_copy(in, out, flag);                                                            \
    }                                                                                              \
    int NULL_DELETE(handle_type h, int keyval, void *value, void *extra)                           \
    {                                                                                              \
        (void)h, (void)keyval, (void)value, (void)extra;                                           \
        return MPI_SUCCESS;                                                                        \
    }
CALLBACKS(MPI_Comm, OMPI_C_MPI_COMM_NULL_COPY_FN, OMPI_C_MPI_COMM_DUP_FN,
          OMPI_C_MPI_COMM_NULL_DELETE_FN)
CALLBACKS(MPI_Datatype, OMPI_C_MPI_TYPE_NULL_COPY_FN, OMPI_C_MPI_TYPE_DUP_FN,
          OMPI_C_MPI_TYPE_NULL_DELETE_FN)
CALLBACKS(MPI_Win, OMPI_C_MPI_WIN_NULL_COPY_FN, OMPI_C_MPI_WIN_DUP_FN,
          OMPI_C_MPI_WIN_NULL_DELETE_FN)
/* MPI-1's names for the communicator ones (deprecated, not removed) */
CALLBACKS(MPI_Comm, OMPI_C_MPI_NULL_COPY_FN, OMPI_C_MPI_DUP_FN, OMPI_C_MPI_NULL_DELETE_FN)

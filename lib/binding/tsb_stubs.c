/* SPDX-License-Identifier: BSD-3-Clause */
/* Generated from lib/api.def and the prototypes by tools/gen-api.sh
 * (make api): the binding, the only entry to libtypeshim.  An MPI
 * function is exported as PMPI_name and, weak, MPI_name.  Each stub
 * decides the mode on first use (which installs the façade's hooks);
 * under TYPESHIM_DISABLE passes an MPI call to the next layer
 * untouched; calls the façade (tsf_api_), or the cross-check's
 * decorator (tsl_checked_) under TYPESHIM_CHECK; and raises an error
 * exactly once, here (tsb_raise).  Nothing below calls these names. */
#include "typeshim_config.h"

#include "binding/tsb.h"
#include "facade/tsf_api.h"
#include "layer/tsl.h"
#include "layer/tsl_api.h"

TSU_WEAK_ALIAS(MPI_Address, PMPI_Address)
int PMPI_Address(void *location, MPI_Aint *address)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Address)
        return tsl_next.Address(location, address);
    rc = tsf_api_Address(location, address);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Aint_add, PMPI_Aint_add)
MPI_Aint PMPI_Aint_add(MPI_Aint base, MPI_Aint disp)
{
    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Aint_add)
        return tsl_next.Aint_add(base, disp);
    return tsf_api_Aint_add(base, disp);
}

TSU_WEAK_ALIAS(MPI_Aint_diff, PMPI_Aint_diff)
MPI_Aint PMPI_Aint_diff(MPI_Aint addr1, MPI_Aint addr2)
{
    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Aint_diff)
        return tsl_next.Aint_diff(addr1, addr2);
    return tsf_api_Aint_diff(addr1, addr2);
}

TSU_WEAK_ALIAS(MPI_Get_address, PMPI_Get_address)
int PMPI_Get_address(const void *location, MPI_Aint *address)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Get_address)
        return tsl_next.Get_address(location, address);
    rc = tsf_api_Get_address(location, address);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Get_count, PMPI_Get_count)
int PMPI_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Get_count)
        return tsl_next.Get_count(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Get_count(status, datatype, count))
             : tsf_api_Get_count(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Get_count_c, PMPI_Get_count_c)
int PMPI_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Get_count_c)
        return tsl_next.Get_count_c(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Get_count_c(status, datatype, count))
             : tsf_api_Get_count_c(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Get_elements, PMPI_Get_elements)
int PMPI_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Get_elements)
        return tsl_next.Get_elements(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Get_elements(status, datatype, count))
             : tsf_api_Get_elements(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Get_elements_c, PMPI_Get_elements_c)
int PMPI_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Get_elements_c)
        return tsl_next.Get_elements_c(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Get_elements_c(status, datatype, count))
             : tsf_api_Get_elements_c(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Get_elements_x, PMPI_Get_elements_x)
int PMPI_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Get_elements_x)
        return tsl_next.Get_elements_x(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Get_elements_x(status, datatype, count))
             : tsf_api_Get_elements_x(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack, PMPI_Pack)
int PMPI_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position, MPI_Comm comm)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack)
        return tsl_next.Pack(inbuf, incount, datatype, outbuf, outsize, position, comm);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Pack(inbuf, incount, datatype, outbuf, outsize, position, comm))
             : tsf_api_Pack(inbuf, incount, datatype, outbuf, outsize, position, comm);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack_c, PMPI_Pack_c)
int PMPI_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize, MPI_Count *position, MPI_Comm comm)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack_c)
        return tsl_next.Pack_c(inbuf, incount, datatype, outbuf, outsize, position, comm);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Pack_c(inbuf, incount, datatype, outbuf, outsize, position, comm))
             : tsf_api_Pack_c(inbuf, incount, datatype, outbuf, outsize, position, comm);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack_external, PMPI_Pack_external)
int PMPI_Pack_external(const char *datarep, const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack_external)
        return tsl_next.Pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position);
    rc = tsf_api_Pack_external(datarep, inbuf, incount, datatype, outbuf, outsize, position);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack_external_c, PMPI_Pack_external_c)
int PMPI_Pack_external_c(const char *datarep, const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize, MPI_Count *position)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack_external_c)
        return tsl_next.Pack_external_c(datarep, inbuf, incount, datatype, outbuf, outsize, position);
    rc = tsf_api_Pack_external_c(datarep, inbuf, incount, datatype, outbuf, outsize, position);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack_external_size, PMPI_Pack_external_size)
int PMPI_Pack_external_size(const char *datarep, int incount, MPI_Datatype datatype, MPI_Aint *size)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack_external_size)
        return tsl_next.Pack_external_size(datarep, incount, datatype, size);
    rc = tsf_api_Pack_external_size(datarep, incount, datatype, size);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack_external_size_c, PMPI_Pack_external_size_c)
int PMPI_Pack_external_size_c(const char *datarep, MPI_Count incount, MPI_Datatype datatype, MPI_Count *size)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack_external_size_c)
        return tsl_next.Pack_external_size_c(datarep, incount, datatype, size);
    rc = tsf_api_Pack_external_size_c(datarep, incount, datatype, size);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack_size, PMPI_Pack_size)
int PMPI_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack_size)
        return tsl_next.Pack_size(incount, datatype, comm, size);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Pack_size(incount, datatype, comm, size))
             : tsf_api_Pack_size(incount, datatype, comm, size);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Pack_size_c, PMPI_Pack_size_c)
int PMPI_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Pack_size_c)
        return tsl_next.Pack_size_c(incount, datatype, comm, size);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Pack_size_c(incount, datatype, comm, size))
             : tsf_api_Pack_size_c(incount, datatype, comm, size);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_get_error, PMPI_Status_get_error)
int PMPI_Status_get_error(const MPI_Status *status, int *error)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_get_error)
        return tsl_next.Status_get_error(status, error);
    rc = tsf_api_Status_get_error(status, error);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_get_source, PMPI_Status_get_source)
int PMPI_Status_get_source(const MPI_Status *status, int *source)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_get_source)
        return tsl_next.Status_get_source(status, source);
    rc = tsf_api_Status_get_source(status, source);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_get_tag, PMPI_Status_get_tag)
int PMPI_Status_get_tag(const MPI_Status *status, int *tag)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_get_tag)
        return tsl_next.Status_get_tag(status, tag);
    rc = tsf_api_Status_get_tag(status, tag);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_set_cancelled, PMPI_Status_set_cancelled)
int PMPI_Status_set_cancelled(MPI_Status *status, int flag)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_set_cancelled)
        return tsl_next.Status_set_cancelled(status, flag);
    rc = tsf_api_Status_set_cancelled(status, flag);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_set_elements, PMPI_Status_set_elements)
int PMPI_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_set_elements)
        return tsl_next.Status_set_elements(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Status_set_elements(status, datatype, count))
             : tsf_api_Status_set_elements(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_set_elements_c, PMPI_Status_set_elements_c)
int PMPI_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_set_elements_c)
        return tsl_next.Status_set_elements_c(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Status_set_elements_c(status, datatype, count))
             : tsf_api_Status_set_elements_c(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_set_elements_x, PMPI_Status_set_elements_x)
int PMPI_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_set_elements_x)
        return tsl_next.Status_set_elements_x(status, datatype, count);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Status_set_elements_x(status, datatype, count))
             : tsf_api_Status_set_elements_x(status, datatype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_set_error, PMPI_Status_set_error)
int PMPI_Status_set_error(MPI_Status *status, int error)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_set_error)
        return tsl_next.Status_set_error(status, error);
    rc = tsf_api_Status_set_error(status, error);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_set_source, PMPI_Status_set_source)
int PMPI_Status_set_source(MPI_Status *status, int source)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_set_source)
        return tsl_next.Status_set_source(status, source);
    rc = tsf_api_Status_set_source(status, source);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Status_set_tag, PMPI_Status_set_tag)
int PMPI_Status_set_tag(MPI_Status *status, int tag)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Status_set_tag)
        return tsl_next.Status_set_tag(status, tag);
    rc = tsf_api_Status_set_tag(status, tag);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Test_cancelled, PMPI_Test_cancelled)
int PMPI_Test_cancelled(const MPI_Status *status, int *flag)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Test_cancelled)
        return tsl_next.Test_cancelled(status, flag);
    rc = tsf_api_Test_cancelled(status, flag);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_commit, PMPI_Type_commit)
int PMPI_Type_commit(MPI_Datatype *datatype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_commit)
        return tsl_next.Type_commit(datatype);
    rc = tsf_api_Type_commit(datatype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_contiguous, PMPI_Type_contiguous)
int PMPI_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_contiguous)
        return tsl_next.Type_contiguous(count, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_contiguous(count, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_contiguous_c, PMPI_Type_contiguous_c)
int PMPI_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_contiguous_c)
        return tsl_next.Type_contiguous_c(count, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_contiguous_c(count, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_darray, PMPI_Type_create_darray)
int PMPI_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[], const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_darray)
        return tsl_next.Type_create_darray(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs, array_of_psizes, order, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_darray(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs, array_of_psizes, order, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_darray_c, PMPI_Type_create_darray_c)
int PMPI_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[], const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_darray_c)
        return tsl_next.Type_create_darray_c(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs, array_of_psizes, order, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_darray_c(size, rank, ndims, array_of_gsizes, array_of_distribs, array_of_dargs, array_of_psizes, order, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_f90_complex, PMPI_Type_create_f90_complex)
int PMPI_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_f90_complex)
        return tsl_next.Type_create_f90_complex(p, r, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_f90_complex(p, r, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_f90_integer, PMPI_Type_create_f90_integer)
int PMPI_Type_create_f90_integer(int r, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_f90_integer)
        return tsl_next.Type_create_f90_integer(r, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_f90_integer(r, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_f90_real, PMPI_Type_create_f90_real)
int PMPI_Type_create_f90_real(int p, int r, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_f90_real)
        return tsl_next.Type_create_f90_real(p, r, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_f90_real(p, r, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_hindexed, PMPI_Type_create_hindexed)
int PMPI_Type_create_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_hindexed)
        return tsl_next.Type_create_hindexed(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_hindexed(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_hindexed_block, PMPI_Type_create_hindexed_block)
int PMPI_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_hindexed_block)
        return tsl_next.Type_create_hindexed_block(count, blocklength, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_hindexed_block(count, blocklength, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_hindexed_block_c, PMPI_Type_create_hindexed_block_c)
int PMPI_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_hindexed_block_c)
        return tsl_next.Type_create_hindexed_block_c(count, blocklength, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_hindexed_block_c(count, blocklength, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_hindexed_c, PMPI_Type_create_hindexed_c)
int PMPI_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_hindexed_c)
        return tsl_next.Type_create_hindexed_c(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_hindexed_c(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_hvector, PMPI_Type_create_hvector)
int PMPI_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_hvector)
        return tsl_next.Type_create_hvector(count, blocklength, stride, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_hvector(count, blocklength, stride, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_hvector_c, PMPI_Type_create_hvector_c)
int PMPI_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_hvector_c)
        return tsl_next.Type_create_hvector_c(count, blocklength, stride, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_hvector_c(count, blocklength, stride, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_indexed_block, PMPI_Type_create_indexed_block)
int PMPI_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_indexed_block)
        return tsl_next.Type_create_indexed_block(count, blocklength, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_indexed_block(count, blocklength, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_indexed_block_c, PMPI_Type_create_indexed_block_c)
int PMPI_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_indexed_block_c)
        return tsl_next.Type_create_indexed_block_c(count, blocklength, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_indexed_block_c(count, blocklength, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_keyval, PMPI_Type_create_keyval)
int PMPI_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn, MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_keyval)
        return tsl_next.Type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state);
    rc = tsf_api_Type_create_keyval(type_copy_attr_fn, type_delete_attr_fn, type_keyval, extra_state);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_resized, PMPI_Type_create_resized)
int PMPI_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_resized)
        return tsl_next.Type_create_resized(oldtype, lb, extent, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_resized(oldtype, lb, extent, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_resized_c, PMPI_Type_create_resized_c)
int PMPI_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_resized_c)
        return tsl_next.Type_create_resized_c(oldtype, lb, extent, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_resized_c(oldtype, lb, extent, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_struct, PMPI_Type_create_struct)
int PMPI_Type_create_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_struct)
        return tsl_next.Type_create_struct(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_struct(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_struct_c, PMPI_Type_create_struct_c)
int PMPI_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_struct_c)
        return tsl_next.Type_create_struct_c(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_struct_c(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_subarray, PMPI_Type_create_subarray)
int PMPI_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[], const int array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_subarray)
        return tsl_next.Type_create_subarray(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_subarray(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_create_subarray_c, PMPI_Type_create_subarray_c)
int PMPI_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[], const MPI_Count array_of_subsizes[], const MPI_Count array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_create_subarray_c)
        return tsl_next.Type_create_subarray_c(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_create_subarray_c(ndims, array_of_sizes, array_of_subsizes, array_of_starts, order, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_delete_attr, PMPI_Type_delete_attr)
int PMPI_Type_delete_attr(MPI_Datatype datatype, int type_keyval)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_delete_attr)
        return tsl_next.Type_delete_attr(datatype, type_keyval);
    rc = tsf_api_Type_delete_attr(datatype, type_keyval);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_dup, PMPI_Type_dup)
int PMPI_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_dup)
        return tsl_next.Type_dup(oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_dup(oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_extent, PMPI_Type_extent)
int PMPI_Type_extent(MPI_Datatype datatype, MPI_Aint *extent)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_extent)
        return tsl_next.Type_extent(datatype, extent);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_extent(datatype, extent))
             : tsf_api_Type_extent(datatype, extent);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_free, PMPI_Type_free)
int PMPI_Type_free(MPI_Datatype *datatype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_free)
        return tsl_next.Type_free(datatype);
    rc = tsf_api_Type_free(datatype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_free_keyval, PMPI_Type_free_keyval)
int PMPI_Type_free_keyval(int *type_keyval)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_free_keyval)
        return tsl_next.Type_free_keyval(type_keyval);
    rc = tsf_api_Type_free_keyval(type_keyval);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_attr, PMPI_Type_get_attr)
int PMPI_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_attr)
        return tsl_next.Type_get_attr(datatype, type_keyval, attribute_val, flag);
    rc = tsf_api_Type_get_attr(datatype, type_keyval, attribute_val, flag);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_contents, PMPI_Type_get_contents)
int PMPI_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[])
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_contents)
        return tsl_next.Type_get_contents(datatype, max_integers, max_addresses, max_datatypes, array_of_integers, array_of_addresses, array_of_datatypes);
    rc = tsf_api_Type_get_contents(datatype, max_integers, max_addresses, max_datatypes, array_of_integers, array_of_addresses, array_of_datatypes);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_contents_c, PMPI_Type_get_contents_c)
int PMPI_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses, MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[], MPI_Datatype array_of_datatypes[])
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_contents_c)
        return tsl_next.Type_get_contents_c(datatype, max_integers, max_addresses, max_large_counts, max_datatypes, array_of_integers, array_of_addresses, array_of_large_counts, array_of_datatypes);
    rc = tsf_api_Type_get_contents_c(datatype, max_integers, max_addresses, max_large_counts, max_datatypes, array_of_integers, array_of_addresses, array_of_large_counts, array_of_datatypes);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_envelope, PMPI_Type_get_envelope)
int PMPI_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes, int *combiner)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_envelope)
        return tsl_next.Type_get_envelope(datatype, num_integers, num_addresses, num_datatypes, combiner);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_envelope(datatype, num_integers, num_addresses, num_datatypes, combiner))
             : tsf_api_Type_get_envelope(datatype, num_integers, num_addresses, num_datatypes, combiner);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_envelope_c, PMPI_Type_get_envelope_c)
int PMPI_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses, MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_envelope_c)
        return tsl_next.Type_get_envelope_c(datatype, num_integers, num_addresses, num_large_counts, num_datatypes, combiner);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_envelope_c(datatype, num_integers, num_addresses, num_large_counts, num_datatypes, combiner))
             : tsf_api_Type_get_envelope_c(datatype, num_integers, num_addresses, num_large_counts, num_datatypes, combiner);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_extent, PMPI_Type_get_extent)
int PMPI_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_extent)
        return tsl_next.Type_get_extent(datatype, lb, extent);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_extent(datatype, lb, extent))
             : tsf_api_Type_get_extent(datatype, lb, extent);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_extent_c, PMPI_Type_get_extent_c)
int PMPI_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_extent_c)
        return tsl_next.Type_get_extent_c(datatype, lb, extent);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_extent_c(datatype, lb, extent))
             : tsf_api_Type_get_extent_c(datatype, lb, extent);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_extent_x, PMPI_Type_get_extent_x)
int PMPI_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_extent_x)
        return tsl_next.Type_get_extent_x(datatype, lb, extent);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_extent_x(datatype, lb, extent))
             : tsf_api_Type_get_extent_x(datatype, lb, extent);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_name, PMPI_Type_get_name)
int PMPI_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_name)
        return tsl_next.Type_get_name(datatype, type_name, resultlen);
    rc = tsf_api_Type_get_name(datatype, type_name, resultlen);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_true_extent, PMPI_Type_get_true_extent)
int PMPI_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_true_extent)
        return tsl_next.Type_get_true_extent(datatype, true_lb, true_extent);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_true_extent(datatype, true_lb, true_extent))
             : tsf_api_Type_get_true_extent(datatype, true_lb, true_extent);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_true_extent_c, PMPI_Type_get_true_extent_c)
int PMPI_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_true_extent_c)
        return tsl_next.Type_get_true_extent_c(datatype, true_lb, true_extent);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_true_extent_c(datatype, true_lb, true_extent))
             : tsf_api_Type_get_true_extent_c(datatype, true_lb, true_extent);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_true_extent_x, PMPI_Type_get_true_extent_x)
int PMPI_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_true_extent_x)
        return tsl_next.Type_get_true_extent_x(datatype, true_lb, true_extent);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_get_true_extent_x(datatype, true_lb, true_extent))
             : tsf_api_Type_get_true_extent_x(datatype, true_lb, true_extent);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_get_value_index, PMPI_Type_get_value_index)
int PMPI_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type, MPI_Datatype *pair_type)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_get_value_index)
        return tsl_next.Type_get_value_index(value_type, index_type, pair_type);
    rc = tsf_api_Type_get_value_index(value_type, index_type, pair_type);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_hindexed, PMPI_Type_hindexed)
int PMPI_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_hindexed)
        return tsl_next.Type_hindexed(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_hindexed(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_hvector, PMPI_Type_hvector)
int PMPI_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_hvector)
        return tsl_next.Type_hvector(count, blocklength, stride, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_hvector(count, blocklength, stride, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_indexed, PMPI_Type_indexed)
int PMPI_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_indexed)
        return tsl_next.Type_indexed(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_indexed(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_indexed_c, PMPI_Type_indexed_c)
int PMPI_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_indexed_c)
        return tsl_next.Type_indexed_c(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_indexed_c(count, array_of_blocklengths, array_of_displacements, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_lb, PMPI_Type_lb)
int PMPI_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_lb)
        return tsl_next.Type_lb(datatype, displacement);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_lb(datatype, displacement))
             : tsf_api_Type_lb(datatype, displacement);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_match_size, PMPI_Type_match_size)
int PMPI_Type_match_size(int typeclass, int size, MPI_Datatype *datatype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_match_size)
        return tsl_next.Type_match_size(typeclass, size, datatype);
    rc = tsf_api_Type_match_size(typeclass, size, datatype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_set_attr, PMPI_Type_set_attr)
int PMPI_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_set_attr)
        return tsl_next.Type_set_attr(datatype, type_keyval, attribute_val);
    rc = tsf_api_Type_set_attr(datatype, type_keyval, attribute_val);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_set_name, PMPI_Type_set_name)
int PMPI_Type_set_name(MPI_Datatype datatype, const char *type_name)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_set_name)
        return tsl_next.Type_set_name(datatype, type_name);
    rc = tsf_api_Type_set_name(datatype, type_name);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_size, PMPI_Type_size)
int PMPI_Type_size(MPI_Datatype datatype, int *size)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_size)
        return tsl_next.Type_size(datatype, size);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_size(datatype, size))
             : tsf_api_Type_size(datatype, size);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_size_c, PMPI_Type_size_c)
int PMPI_Type_size_c(MPI_Datatype datatype, MPI_Count *size)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_size_c)
        return tsl_next.Type_size_c(datatype, size);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_size_c(datatype, size))
             : tsf_api_Type_size_c(datatype, size);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_size_x, PMPI_Type_size_x)
int PMPI_Type_size_x(MPI_Datatype datatype, MPI_Count *size)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_size_x)
        return tsl_next.Type_size_x(datatype, size);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_size_x(datatype, size))
             : tsf_api_Type_size_x(datatype, size);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_struct, PMPI_Type_struct)
int PMPI_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[], MPI_Datatype array_of_types[], MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_struct)
        return tsl_next.Type_struct(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_struct(count, array_of_blocklengths, array_of_displacements, array_of_types, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_ub, PMPI_Type_ub)
int PMPI_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_ub)
        return tsl_next.Type_ub(datatype, displacement);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Type_ub(datatype, displacement))
             : tsf_api_Type_ub(datatype, displacement);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_vector, PMPI_Type_vector)
int PMPI_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_vector)
        return tsl_next.Type_vector(count, blocklength, stride, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_vector(count, blocklength, stride, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Type_vector_c, PMPI_Type_vector_c)
int PMPI_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype, MPI_Datatype *newtype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Type_vector_c)
        return tsl_next.Type_vector_c(count, blocklength, stride, oldtype, newtype);
    tsu_call_site = __builtin_return_address(0);
    rc = tsf_api_Type_vector_c(count, blocklength, stride, oldtype, newtype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Unpack, PMPI_Unpack)
int PMPI_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype, MPI_Comm comm)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Unpack)
        return tsl_next.Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm))
             : tsf_api_Unpack(inbuf, insize, position, outbuf, outcount, datatype, comm);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Unpack_c, PMPI_Unpack_c)
int PMPI_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Unpack_c)
        return tsl_next.Unpack_c(inbuf, insize, position, outbuf, outcount, datatype, comm);
    rc = TSU_UNLIKELY(tsl_checking)
             ? (tsu_call_site = __builtin_return_address(0), tsl_checked_Unpack_c(inbuf, insize, position, outbuf, outcount, datatype, comm))
             : tsf_api_Unpack_c(inbuf, insize, position, outbuf, outcount, datatype, comm);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Unpack_external, PMPI_Unpack_external)
int PMPI_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Unpack_external)
        return tsl_next.Unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype);
    rc = tsf_api_Unpack_external(datarep, inbuf, insize, position, outbuf, outcount, datatype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

TSU_WEAK_ALIAS(MPI_Unpack_external_c, PMPI_Unpack_external_c)
int PMPI_Unpack_external_c(const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount, MPI_Datatype datatype)
{
    int rc;

    if (TSU_UNLIKELY(tsl_mode() == TSL_DISABLED) && tsl_next.Unpack_external_c)
        return tsl_next.Unpack_external_c(datarep, inbuf, insize, position, outbuf, outcount, datatype);
    rc = tsf_api_Unpack_external_c(datarep, inbuf, insize, position, outbuf, outcount, datatype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_check_buffer(const char *fn, const char *arg, MPI_Datatype datatype, MPI_Count count, int receive)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_check_buffer(fn, arg, datatype, count, receive);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_layer_stats_get(typeshim_layer_stats *stats)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsl_api_layer_stats_get(stats);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_pack_segment(const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Count first, MPI_Count last, void *out)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_pack_segment(buf, count, datatype, first, last, out);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_type_copy(const void *src, MPI_Datatype srctype, void *dst, MPI_Datatype dsttype, MPI_Count count)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_type_copy(src, srctype, dst, dsttype, count);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_type_dump(MPI_Datatype datatype, FILE *out)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_type_dump(datatype, out);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_type_hold(MPI_Datatype datatype, MPI_Datatype *held)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_type_hold(datatype, held);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_type_iov(MPI_Count count, MPI_Datatype datatype, MPI_Count first, MPI_Count last, MPI_Aint *disps, MPI_Count *lens, int max, int *n, MPI_Count *next)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_type_iov(count, datatype, first, last, disps, lens, max, n, next);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_type_match(MPI_Count scount, MPI_Datatype stype, MPI_Count rcount, MPI_Datatype rtype, int how, int *match, MPI_Count *position, char *why, int len)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_type_match(scount, stype, rcount, rtype, how, match, position, why, len);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_type_unhold(MPI_Datatype held)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_type_unhold(held);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

int typeshim_unpack_segment(const void *in, MPI_Count first, MPI_Count last, void *buf, MPI_Count count, MPI_Datatype datatype)
{
    int rc;

    (void)tsl_mode(); /* decides it, once */
    rc = tsf_api_unpack_segment(in, first, last, buf, count, datatype);
    return TSU_LIKELY(rc == MPI_SUCCESS) ? rc : tsb_raise(rc);
}

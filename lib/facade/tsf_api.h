/* SPDX-License-Identifier: BSD-3-Clause */
/* Generated from lib/api.def and the prototypes by tools/gen-api.sh
 * (make api): the façade functions the
 * binding's stubs call, one per MPI function of libtypeshim and per
 * typeshim_ function that returns an error code; each returns an error
 * code it has not raised. */
#ifndef TSF_API_H
#define TSF_API_H

#include <stdio.h>

#include <mpi.h>

#include "typeshim.h"
#include "util/tsu.h"

TSU_HIDDEN int tsf_api_Address(void *location, MPI_Aint *address);
TSU_HIDDEN MPI_Aint tsf_api_Aint_add(MPI_Aint base, MPI_Aint disp);
TSU_HIDDEN MPI_Aint tsf_api_Aint_diff(MPI_Aint addr1, MPI_Aint addr2);
TSU_HIDDEN int tsf_api_Get_address(const void *location, MPI_Aint *address);
TSU_HIDDEN int tsf_api_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
TSU_HIDDEN int tsf_api_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TSU_HIDDEN int tsf_api_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count);
TSU_HIDDEN int tsf_api_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TSU_HIDDEN int tsf_api_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TSU_HIDDEN int tsf_api_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position, MPI_Comm comm);
TSU_HIDDEN int tsf_api_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize, MPI_Count *position, MPI_Comm comm);
TSU_HIDDEN int tsf_api_Pack_external(const char *datarep, const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, MPI_Aint outsize, MPI_Aint *position);
TSU_HIDDEN int tsf_api_Pack_external_c(const char *datarep, const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize, MPI_Count *position);
TSU_HIDDEN int tsf_api_Pack_external_size(const char *datarep, int incount, MPI_Datatype datatype, MPI_Aint *size);
TSU_HIDDEN int tsf_api_Pack_external_size_c(const char *datarep, MPI_Count incount, MPI_Datatype datatype, MPI_Count *size);
TSU_HIDDEN int tsf_api_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size);
TSU_HIDDEN int tsf_api_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size);
TSU_HIDDEN int tsf_api_Status_get_error(const MPI_Status *status, int *error);
TSU_HIDDEN int tsf_api_Status_get_source(const MPI_Status *status, int *source);
TSU_HIDDEN int tsf_api_Status_get_tag(const MPI_Status *status, int *tag);
TSU_HIDDEN int tsf_api_Status_set_cancelled(MPI_Status *status, int flag);
TSU_HIDDEN int tsf_api_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count);
TSU_HIDDEN int tsf_api_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TSU_HIDDEN int tsf_api_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TSU_HIDDEN int tsf_api_Status_set_error(MPI_Status *status, int error);
TSU_HIDDEN int tsf_api_Status_set_source(MPI_Status *status, int source);
TSU_HIDDEN int tsf_api_Status_set_tag(MPI_Status *status, int tag);
TSU_HIDDEN int tsf_api_Test_cancelled(const MPI_Status *status, int *flag);
TSU_HIDDEN int tsf_api_Type_commit(MPI_Datatype *datatype);
TSU_HIDDEN int tsf_api_Type_contiguous(int count, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_contiguous_c(MPI_Count count, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_darray(int size, int rank, int ndims, const int array_of_gsizes[], const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_darray_c(int size, int rank, int ndims, const MPI_Count array_of_gsizes[], const int array_of_distribs[], const int array_of_dargs[], const int array_of_psizes[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_f90_complex(int p, int r, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_f90_integer(int r, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_f90_real(int p, int r, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_hindexed(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_hindexed_block(int count, int blocklength, const MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_hindexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_hindexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_hvector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_indexed_block(int count, int blocklength, const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_indexed_block_c(MPI_Count count, MPI_Count blocklength, const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_keyval(MPI_Type_copy_attr_function *type_copy_attr_fn, MPI_Type_delete_attr_function *type_delete_attr_fn, int *type_keyval, void *extra_state);
TSU_HIDDEN int tsf_api_Type_create_resized(MPI_Datatype oldtype, MPI_Aint lb, MPI_Aint extent, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_resized_c(MPI_Datatype oldtype, MPI_Count lb, MPI_Count extent, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_struct(int count, const int array_of_blocklengths[], const MPI_Aint array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_struct_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count array_of_displacements[], const MPI_Datatype array_of_types[], MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_subarray(int ndims, const int array_of_sizes[], const int array_of_subsizes[], const int array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_create_subarray_c(int ndims, const MPI_Count array_of_sizes[], const MPI_Count array_of_subsizes[], const MPI_Count array_of_starts[], int order, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_delete_attr(MPI_Datatype datatype, int type_keyval);
TSU_HIDDEN int tsf_api_Type_dup(MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
TSU_HIDDEN int tsf_api_Type_free(MPI_Datatype *datatype);
TSU_HIDDEN int tsf_api_Type_free_keyval(int *type_keyval);
TSU_HIDDEN int tsf_api_Type_get_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val, int *flag);
TSU_HIDDEN int tsf_api_Type_get_contents(MPI_Datatype datatype, int max_integers, int max_addresses, int max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Datatype array_of_datatypes[]);
TSU_HIDDEN int tsf_api_Type_get_contents_c(MPI_Datatype datatype, MPI_Count max_integers, MPI_Count max_addresses, MPI_Count max_large_counts, MPI_Count max_datatypes, int array_of_integers[], MPI_Aint array_of_addresses[], MPI_Count array_of_large_counts[], MPI_Datatype array_of_datatypes[]);
TSU_HIDDEN int tsf_api_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes, int *combiner);
TSU_HIDDEN int tsf_api_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses, MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner);
TSU_HIDDEN int tsf_api_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
TSU_HIDDEN int tsf_api_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TSU_HIDDEN int tsf_api_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TSU_HIDDEN int tsf_api_Type_get_name(MPI_Datatype datatype, char *type_name, int *resultlen);
TSU_HIDDEN int tsf_api_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent);
TSU_HIDDEN int tsf_api_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
TSU_HIDDEN int tsf_api_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
TSU_HIDDEN int tsf_api_Type_get_value_index(MPI_Datatype value_type, MPI_Datatype index_type, MPI_Datatype *pair_type);
TSU_HIDDEN int tsf_api_Type_hindexed(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_hvector(int count, int blocklength, MPI_Aint stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_indexed(int count, const int array_of_blocklengths[], const int array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_indexed_c(MPI_Count count, const MPI_Count array_of_blocklengths[], const MPI_Count array_of_displacements[], MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
TSU_HIDDEN int tsf_api_Type_match_size(int typeclass, int size, MPI_Datatype *datatype);
TSU_HIDDEN int tsf_api_Type_set_attr(MPI_Datatype datatype, int type_keyval, void *attribute_val);
TSU_HIDDEN int tsf_api_Type_set_name(MPI_Datatype datatype, const char *type_name);
TSU_HIDDEN int tsf_api_Type_size(MPI_Datatype datatype, int *size);
TSU_HIDDEN int tsf_api_Type_size_c(MPI_Datatype datatype, MPI_Count *size);
TSU_HIDDEN int tsf_api_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
TSU_HIDDEN int tsf_api_Type_struct(int count, int array_of_blocklengths[], MPI_Aint array_of_displacements[], MPI_Datatype array_of_types[], MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
TSU_HIDDEN int tsf_api_Type_vector(int count, int blocklength, int stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Type_vector_c(MPI_Count count, MPI_Count blocklength, MPI_Count stride, MPI_Datatype oldtype, MPI_Datatype *newtype);
TSU_HIDDEN int tsf_api_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype, MPI_Comm comm);
TSU_HIDDEN int tsf_api_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm);
TSU_HIDDEN int tsf_api_Unpack_external(const char datarep[], const void *inbuf, MPI_Aint insize, MPI_Aint *position, void *outbuf, int outcount, MPI_Datatype datatype);
TSU_HIDDEN int tsf_api_Unpack_external_c(const char datarep[], const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount, MPI_Datatype datatype);
TSU_HIDDEN int tsf_api_check_buffer(const char *fn, const char *arg, MPI_Datatype datatype, MPI_Count count, int receive);
TSU_HIDDEN int tsf_api_pack_segment(const void *buf, MPI_Count count, MPI_Datatype datatype, MPI_Count first, MPI_Count last, void *out);
TSU_HIDDEN int tsf_api_type_copy(const void *src, MPI_Datatype srctype, void *dst, MPI_Datatype dsttype, MPI_Count count);
TSU_HIDDEN int tsf_api_type_dump(MPI_Datatype datatype, FILE *out);
TSU_HIDDEN int tsf_api_type_hold(MPI_Datatype datatype, MPI_Datatype *held);
TSU_HIDDEN int tsf_api_type_iov(MPI_Count count, MPI_Datatype datatype, MPI_Count first, MPI_Count last, MPI_Aint *disps, MPI_Count *lens, int max, int *n, MPI_Count *next);
TSU_HIDDEN int tsf_api_type_match(MPI_Count scount, MPI_Datatype stype, MPI_Count rcount, MPI_Datatype rtype, int how, int *match, MPI_Count *position, char *why, int len);
TSU_HIDDEN int tsf_api_type_unhold(MPI_Datatype held);
TSU_HIDDEN int tsf_api_unpack_segment(const void *in, MPI_Count first, MPI_Count last, void *buf, MPI_Count count, MPI_Datatype datatype);

#endif /* TSF_API_H */

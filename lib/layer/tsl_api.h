/* SPDX-License-Identifier: BSD-3-Clause */
/* Generated from lib/api.def and the prototypes by tools/gen-api.sh
 * (make api): the layered mode's functions
 * the binding's stubs call: the cross-check's decorators, each of
 * which calls the façade function of the same name and compares its
 * answer with MPICH's, and the functions the layer implements.  Each
 * returns an error code it has not raised. */
#ifndef TSL_API_H
#define TSL_API_H

#include <stdio.h>

#include <mpi.h>

#include "typeshim.h"
#include "util/tsu.h"

TSU_HIDDEN int tsl_api_Abort(MPI_Comm comm, int errorcode);
TSU_HIDDEN int tsl_api_Error_string(int errorcode, char *string, int *resultlen);
TSU_HIDDEN int tsl_checked_Get_count(const MPI_Status *status, MPI_Datatype datatype, int *count);
TSU_HIDDEN int tsl_checked_Get_count_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TSU_HIDDEN int tsl_checked_Get_elements(const MPI_Status *status, MPI_Datatype datatype, int *count);
TSU_HIDDEN int tsl_checked_Get_elements_c(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TSU_HIDDEN int tsl_checked_Get_elements_x(const MPI_Status *status, MPI_Datatype datatype, MPI_Count *count);
TSU_HIDDEN int tsl_api_Get_library_version(char *version, int *resultlen);
TSU_HIDDEN int tsl_checked_Pack(const void *inbuf, int incount, MPI_Datatype datatype, void *outbuf, int outsize, int *position, MPI_Comm comm);
TSU_HIDDEN int tsl_checked_Pack_c(const void *inbuf, MPI_Count incount, MPI_Datatype datatype, void *outbuf, MPI_Count outsize, MPI_Count *position, MPI_Comm comm);
TSU_HIDDEN int tsl_checked_Pack_size(int incount, MPI_Datatype datatype, MPI_Comm comm, int *size);
TSU_HIDDEN int tsl_checked_Pack_size_c(MPI_Count incount, MPI_Datatype datatype, MPI_Comm comm, MPI_Count *size);
TSU_HIDDEN int tsl_checked_Status_set_elements(MPI_Status *status, MPI_Datatype datatype, int count);
TSU_HIDDEN int tsl_checked_Status_set_elements_c(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TSU_HIDDEN int tsl_checked_Status_set_elements_x(MPI_Status *status, MPI_Datatype datatype, MPI_Count count);
TSU_HIDDEN int tsl_checked_Type_extent(MPI_Datatype datatype, MPI_Aint *extent);
TSU_HIDDEN int tsl_checked_Type_get_envelope(MPI_Datatype datatype, int *num_integers, int *num_addresses, int *num_datatypes, int *combiner);
TSU_HIDDEN int tsl_checked_Type_get_envelope_c(MPI_Datatype datatype, MPI_Count *num_integers, MPI_Count *num_addresses, MPI_Count *num_large_counts, MPI_Count *num_datatypes, int *combiner);
TSU_HIDDEN int tsl_checked_Type_get_extent(MPI_Datatype datatype, MPI_Aint *lb, MPI_Aint *extent);
TSU_HIDDEN int tsl_checked_Type_get_extent_c(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TSU_HIDDEN int tsl_checked_Type_get_extent_x(MPI_Datatype datatype, MPI_Count *lb, MPI_Count *extent);
TSU_HIDDEN int tsl_checked_Type_get_true_extent(MPI_Datatype datatype, MPI_Aint *true_lb, MPI_Aint *true_extent);
TSU_HIDDEN int tsl_checked_Type_get_true_extent_c(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
TSU_HIDDEN int tsl_checked_Type_get_true_extent_x(MPI_Datatype datatype, MPI_Count *true_lb, MPI_Count *true_extent);
TSU_HIDDEN int tsl_checked_Type_lb(MPI_Datatype datatype, MPI_Aint *displacement);
TSU_HIDDEN int tsl_checked_Type_size(MPI_Datatype datatype, int *size);
TSU_HIDDEN int tsl_checked_Type_size_c(MPI_Datatype datatype, MPI_Count *size);
TSU_HIDDEN int tsl_checked_Type_size_x(MPI_Datatype datatype, MPI_Count *size);
TSU_HIDDEN int tsl_checked_Type_ub(MPI_Datatype datatype, MPI_Aint *displacement);
TSU_HIDDEN int tsl_checked_Unpack(const void *inbuf, int insize, int *position, void *outbuf, int outcount, MPI_Datatype datatype, MPI_Comm comm);
TSU_HIDDEN int tsl_checked_Unpack_c(const void *inbuf, MPI_Count insize, MPI_Count *position, void *outbuf, MPI_Count outcount, MPI_Datatype datatype, MPI_Comm comm);
TSU_HIDDEN int tsl_api_layer_stats_get(typeshim_layer_stats *stats);

#endif /* TSL_API_H */

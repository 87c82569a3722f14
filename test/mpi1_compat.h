/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * MPI-1's markers and functions in test programs built against Open MPI
 * 4.1, which keeps them in libmpi (its ABI has them) while its mpi.h,
 * built without MPI-1 compatibility, hides them behind static assertions:
 * they are named here as an mpi.h with that compatibility would, so that
 * the same program tests them against both MPIs.  Include after mpi.h.
 */
#ifndef TS_TEST_MPI1_COMPAT_H
#define TS_TEST_MPI1_COMPAT_H

#if defined(OPEN_MPI) && !OMPI_ENABLE_MPI1_COMPAT
#undef MPI_LB
#undef MPI_UB
#undef MPI_Address
#undef MPI_Errhandler_create
#undef MPI_Errhandler_get
#undef MPI_Type_extent
#undef MPI_Type_hindexed
#undef MPI_Type_hvector
#undef MPI_Type_lb
#undef MPI_Type_struct
#undef MPI_Type_ub
extern struct ompi_predefined_datatype_t ompi_mpi_lb, ompi_mpi_ub;
#define MPI_LB ((MPI_Datatype)&ompi_mpi_lb)
#define MPI_UB ((MPI_Datatype)&ompi_mpi_ub)
int MPI_Address(void *location, MPI_Aint *address);
int MPI_Errhandler_create(MPI_Comm_errhandler_function *function, MPI_Errhandler *errhandler);
int MPI_Errhandler_get(MPI_Comm comm, MPI_Errhandler *errhandler);
int MPI_Type_extent(MPI_Datatype type, MPI_Aint *extent);
int MPI_Type_hindexed(int count, int blocklens[], MPI_Aint disps[], MPI_Datatype oldtype,
                      MPI_Datatype *newtype);
int MPI_Type_hvector(int count, int blocklen, MPI_Aint stride, MPI_Datatype oldtype,
                     MPI_Datatype *newtype);
int MPI_Type_lb(MPI_Datatype type, MPI_Aint *lb);
int MPI_Type_struct(int count, int blocklens[], MPI_Aint disps[], MPI_Datatype types[],
                    MPI_Datatype *newtype);
int MPI_Type_ub(MPI_Datatype type, MPI_Aint *ub);
#undef MPI_COMBINER_HVECTOR_INTEGER
#undef MPI_COMBINER_HINDEXED_INTEGER
#undef MPI_COMBINER_STRUCT_INTEGER
#define MPI_COMBINER_HVECTOR_INTEGER  OMPI_WAS_MPI_COMBINER_HVECTOR_INTEGER
#define MPI_COMBINER_HINDEXED_INTEGER OMPI_WAS_MPI_COMBINER_HINDEXED_INTEGER
#define MPI_COMBINER_STRUCT_INTEGER   OMPI_WAS_MPI_COMBINER_STRUCT_INTEGER
#endif

#endif /* TS_TEST_MPI1_COMPAT_H */

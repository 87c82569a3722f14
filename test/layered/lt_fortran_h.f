! SPDX-License-Identifier: BSD-3-Clause
! lt_fortran_h.f - the mpif.h binding: a vector of DOUBLE PRECISION
! sent around the ring, checked, queried, freed.  One line per rank,
! "lt_fortran_h rank R: ok (N checks)"; exit status 1 on failure.
      program lt_fortran_h
      implicit none
      include 'mpif.h'
      integer ierr, rank, nranks, left, right, vtype, k, j, size
      integer nchecks, nfail
      integer status(MPI_STATUS_SIZE)
      integer(kind=MPI_ADDRESS_KIND) lb, extent
      double precision vsend(10), vrecv(10)
      logical ok

      nchecks = 0
      nfail = 0
      call MPI_Init(ierr)
      call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
      call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
      left = mod(rank + nranks - 1, nranks)
      right = mod(rank + 1, nranks)

!     vector(3, 1, 4, DOUBLE PRECISION): size 24, extent 72
      call MPI_Type_vector(3, 1, 4, MPI_DOUBLE_PRECISION, vtype, ierr)
      call MPI_Type_commit(vtype, ierr)
      nchecks = nchecks + 1
      if (ierr .ne. MPI_SUCCESS) nfail = nfail + 1
      call MPI_Type_size(vtype, size, ierr)
      nchecks = nchecks + 1
      if (size .ne. 24) then
         nfail = nfail + 1
         write (0, *) 'lt_fortran_h: FAIL: size', size
      end if
      call MPI_Type_get_extent(vtype, lb, extent, ierr)
      nchecks = nchecks + 1
      if (lb .ne. 0 .or. extent .ne. 72) then
         nfail = nfail + 1
         write (0, *) 'lt_fortran_h: FAIL: lb, extent', lb, extent
      end if

      do k = 1, 10
         vsend(k) = 100.0d0 * rank + k
         vrecv(k) = -1.0d0
      end do
      call MPI_Sendrecv(vsend, 1, vtype, right, 3, vrecv, 1, vtype,
     &                  left, 3, MPI_COMM_WORLD, status, ierr)
      do k = 1, 10
         j = k - 1
         if (j .le. 8 .and. mod(j, 4) .eq. 0) then
            ok = vrecv(k) .eq. 100.0d0 * left + k
         else
            ok = vrecv(k) .eq. -1.0d0
         end if
         nchecks = nchecks + 1
         if (.not. ok) then
            nfail = nfail + 1
            write (0, *) 'lt_fortran_h: FAIL: element', k, vrecv(k)
         end if
      end do

      call MPI_Type_free(vtype, ierr)
      nchecks = nchecks + 1
      if (vtype .ne. MPI_DATATYPE_NULL) nfail = nfail + 1

      if (nfail .eq. 0) then
         write (*, '(a,i0,a,i0,a)') 'lt_fortran_h rank ', rank,
     &        ': ok (', nchecks, ' checks)'
      else
         write (*, '(a,i0,a,i0,a,i0,a)') 'lt_fortran_h rank ', rank,
     &        ': FAILED (', nfail, ' of ', nchecks, ' checks)'
      end if
      call MPI_Finalize(ierr)
      if (nfail .ne. 0) stop 1
      end

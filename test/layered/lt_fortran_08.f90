! SPDX-License-Identifier: BSD-3-Clause
! lt_fortran_08.f90 - the mpi_f08 binding: an indexed type and a
! resized struct sent around the ring, checked, queried, freed.  One line
! per rank, "lt_fortran_08 rank R: ok (N checks)"; exit status 1 on failure.
program lt_fortran_08
    use mpi_f08
    implicit none

    type(MPI_Datatype) :: itype, stype, rtype
    type(MPI_Status) :: status
    integer :: rank, nranks, left, right, nchecks, nfail, k, size, cnt
    integer :: blens(3), idisps(3), sblens(2)
    type(MPI_Datatype) :: stypes(2)
    integer(kind=MPI_ADDRESS_KIND) :: sdisps(2), lb, extent
    integer :: isend(12), irecv(12)
    logical :: is_data

    nchecks = 0
    nfail = 0
    call MPI_Init()
    call MPI_Comm_rank(MPI_COMM_WORLD, rank)
    call MPI_Comm_size(MPI_COMM_WORLD, nranks)
    left = mod(rank + nranks - 1, nranks)
    right = mod(rank + 1, nranks)

    ! indexed({2,1,3}, {0,4,7}, INTEGER): size 24, extent 40
    blens = [2, 1, 3]
    idisps = [0, 4, 7]
    call MPI_Type_indexed(3, blens, idisps, MPI_INTEGER, itype)
    call MPI_Type_commit(itype)
    call MPI_Type_size(itype, size)
    call check(size == 24, 'size of indexed == 24')
    call MPI_Type_get_extent(itype, lb, extent)
    call check(lb == 0 .and. extent == 40, 'extent of indexed: lb 0, extent 40')

    isend = [(100 * rank + k, k = 1, 12)]
    irecv = -1
    call MPI_Sendrecv(isend, 1, itype, right, 4, irecv, 1, itype, left, 4, &
                      MPI_COMM_WORLD, status)
    do k = 1, 12
        is_data = k <= 2 .or. k == 5 .or. (k >= 8 .and. k <= 10)
        if (is_data) then
            call check(irecv(k) == 100 * left + k, 'indexed data')
        else
            call check(irecv(k) == -1, 'indexed gap untouched')
        end if
    end do
    call MPI_Get_count(status, MPI_INTEGER, cnt)
    call check(cnt == 6, 'MPI_Get_count == 6')

    ! struct{INTEGER@0, INTEGER@8} resized to extent 12: 3 copies
    sblens = [1, 1]
    sdisps = [0_MPI_ADDRESS_KIND, 8_MPI_ADDRESS_KIND]
    stypes = [MPI_INTEGER, MPI_INTEGER]
    call MPI_Type_create_struct(2, sblens, sdisps, stypes, stype)
    call MPI_Type_create_resized(stype, 0_MPI_ADDRESS_KIND, 12_MPI_ADDRESS_KIND, rtype)
    call MPI_Type_commit(rtype)
    call MPI_Type_get_extent(rtype, lb, extent)
    call check(lb == 0 .and. extent == 12, 'extent of resized: lb 0, extent 12')
    irecv = -1
    call MPI_Sendrecv(isend, 3, rtype, right, 5, irecv, 3, rtype, left, 5, &
                      MPI_COMM_WORLD, status)
    do k = 1, 12
        is_data = k <= 9 .and. mod(k - 1, 3) /= 1
        if (is_data) then
            call check(irecv(k) == 100 * left + k, 'resized data')
        else
            call check(irecv(k) == -1, 'resized gap untouched')
        end if
    end do

    call MPI_Type_free(itype)
    call MPI_Type_free(stype)
    call MPI_Type_free(rtype)
    call check(itype == MPI_DATATYPE_NULL .and. rtype == MPI_DATATYPE_NULL, 'freed')

    if (nfail == 0) then
        write (*, '(a,i0,a,i0,a)') 'lt_fortran_08 rank ', rank, ': ok (', nchecks, ' checks)'
    else
        write (*, '(a,i0,a,i0,a,i0,a)') 'lt_fortran_08 rank ', rank, ': FAILED (', nfail, &
            ' of ', nchecks, ' checks)'
    end if
    call MPI_Finalize()
    if (nfail /= 0) stop 1

contains

    subroutine check(cond, what)
        logical, intent(in) :: cond
        character(len=*), intent(in) :: what

        nchecks = nchecks + 1
        if (.not. cond) then
            nfail = nfail + 1
            write (0, '(a,i0,a,a)') 'lt_fortran_08 rank ', rank, ': FAIL: ', what
        end if
    end subroutine check

end program lt_fortran_08

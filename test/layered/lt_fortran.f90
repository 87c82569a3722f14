! SPDX-License-Identifier: BSD-3-Clause
! lt_fortran.f90 - derived datatypes through MPICH's Fortran binding
! (use mpi): a vector and a struct type, committed, sent around the ring,
! checked element by element, queried, freed.  Prints one line per rank,
! "lt_fortran rank R: ok (N checks)"; exits 1 on any failure.
! Under lt_run.sh it runs with libtypeshim.so preloaded and TYPESHIM_DUMP=1.
program lt_fortran
    use, intrinsic :: iso_c_binding, only: c_int, c_double
    use mpi
    implicit none

    type, bind(c) :: rec
        integer(c_int) :: i
        real(c_double) :: d
    end type rec

    integer :: ierr, rank, nranks, left, right, nchecks, nfail
    integer :: vtype, stype, k, j
    integer :: blens(2), types(2), status(MPI_STATUS_SIZE)
    integer(kind=MPI_ADDRESS_KIND) :: disps(2), base, lb, extent
    integer :: size
    double precision :: vsend(24), vrecv(24)
    type(rec) :: ssend(3), srecv(3)
    logical :: is_data

    nchecks = 0
    nfail = 0
    call MPI_Init(ierr)
    call MPI_Comm_rank(MPI_COMM_WORLD, rank, ierr)
    call MPI_Comm_size(MPI_COMM_WORLD, nranks, ierr)
    left = mod(rank + nranks - 1, nranks)
    right = mod(rank + 1, nranks)

    ! vector(4, 2, 3, DOUBLE PRECISION): size 64, extent ((4-1)*3+2)*8 = 88
    call MPI_Type_vector(4, 2, 3, MPI_DOUBLE_PRECISION, vtype, ierr)
    call check(ierr == MPI_SUCCESS, 'MPI_Type_vector')
    call MPI_Type_commit(vtype, ierr)
    call check(ierr == MPI_SUCCESS, 'MPI_Type_commit(vector)')
    call MPI_Type_size(vtype, size, ierr)
    call check(size == 64, 'size of vector == 64')
    call MPI_Type_get_extent(vtype, lb, extent, ierr)
    call check(lb == 0 .and. extent == 88, 'extent of vector: lb 0, extent 88')

    ! struct{INTEGER, DOUBLE PRECISION} laid out as the bind(c) type rec
    blens = (/ 1, 1 /)
    types = (/ MPI_INTEGER, MPI_DOUBLE_PRECISION /)
    call MPI_Get_address(ssend(1), base, ierr)
    call MPI_Get_address(ssend(1)%i, disps(1), ierr)
    call MPI_Get_address(ssend(1)%d, disps(2), ierr)
    disps = disps - base
    call check(disps(1) == 0 .and. disps(2) == 8, 'displacements 0 and 8')
    call MPI_Type_create_struct(2, blens, disps, types, stype, ierr)
    call check(ierr == MPI_SUCCESS, 'MPI_Type_create_struct')
    call MPI_Type_commit(stype, ierr)
    call MPI_Type_size(stype, size, ierr)
    call check(size == 12, 'size of struct == 12')
    call MPI_Type_get_extent(stype, lb, extent, ierr)
    call check(lb == 0 .and. extent == 16, 'extent of struct: lb 0, extent 16')

    ! vector: 2 copies, the second 88 bytes (11 elements) after the first;
    ! elements not in the type map must keep the poison value -1
    do k = 1, 24
        vsend(k) = 1000.0d0 * rank + k
    end do
    vrecv = -1.0d0
    call MPI_Sendrecv(vsend, 2, vtype, right, 1, vrecv, 2, vtype, left, 1, &
                      MPI_COMM_WORLD, status, ierr)
    call check(ierr == MPI_SUCCESS, 'MPI_Sendrecv(vector)')
    do k = 1, 24
        ! 0-based element k-1 is data when it is element 0 or 1 of one of
        ! the 4 groups of 3 of copy 0 (elements 0..10) or copy 1 (11..21)
        j = mod(k - 1, 11)
        is_data = k <= 22 .and. j <= 10 .and. mod(j, 3) < 2
        if (is_data) then
            call check(vrecv(k) == 1000.0d0 * left + k, 'vector data')
        else
            call check(vrecv(k) == -1.0d0, 'vector gap untouched')
        end if
    end do
    call MPI_Get_count(status, MPI_DOUBLE_PRECISION, k, ierr)
    call check(k == 16, 'MPI_Get_count(vector x2, DOUBLE PRECISION) == 16')

    do k = 1, 3
        ssend(k)%i = 10 * rank + k
        ssend(k)%d = 0.5d0 + rank + k
        srecv(k)%i = -1
        srecv(k)%d = -1.0d0
    end do
    call MPI_Sendrecv(ssend, 3, stype, right, 2, srecv, 3, stype, left, 2, &
                      MPI_COMM_WORLD, status, ierr)
    call check(ierr == MPI_SUCCESS, 'MPI_Sendrecv(struct)')
    do k = 1, 3
        call check(srecv(k)%i == 10 * left + k, 'struct integer')
        call check(srecv(k)%d == 0.5d0 + left + k, 'struct double')
    end do
    call MPI_Get_count(status, stype, k, ierr)
    call check(k == 3, 'MPI_Get_count(struct) == 3')

    call MPI_Type_free(vtype, ierr)
    call check(ierr == MPI_SUCCESS .and. vtype == MPI_DATATYPE_NULL, 'MPI_Type_free(vector)')
    call MPI_Type_free(stype, ierr)
    call check(ierr == MPI_SUCCESS .and. stype == MPI_DATATYPE_NULL, 'MPI_Type_free(struct)')

    if (nfail == 0) then
        write (*, '(a,i0,a,i0,a)') 'lt_fortran rank ', rank, ': ok (', nchecks, ' checks)'
    else
        write (*, '(a,i0,a,i0,a,i0,a)') 'lt_fortran rank ', rank, ': FAILED (', nfail, &
            ' of ', nchecks, ' checks)'
    end if
    call MPI_Finalize(ierr)
    if (nfail /= 0) stop 1

contains

    subroutine check(cond, what)
        logical, intent(in) :: cond
        character(len=*), intent(in) :: what

        nchecks = nchecks + 1
        if (.not. cond) then
            nfail = nfail + 1
            write (0, '(a,i0,a,a)') 'lt_fortran rank ', rank, ': FAIL: ', what
        end if
    end subroutine check

end program lt_fortran

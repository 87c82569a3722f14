! SPDX-License-Identifier: BSD-3-Clause
! A halo exchange in Fortran on the single-process runtime: a periodic
! 2-D Cartesian grid of one process, its interior 6 x 4 (columns are
! contiguous in Fortran), one ghost layer; the rows go as a vector type
! (stride of a column), the columns as contiguous runs, by MPI_Sendrecv
! to the neighbours MPI_Cart_shift names (the process itself). Every
! ghost cell must then hold the interior cell of the opposite side,
! computed here by hand; a nonblocking MPI_Allreduce with MPI_IN_PLACE,
! MPI_STATUS(ES)_IGNORE, a status read through MPI_Get_count and the
! indices MPI_Waitany and MPI_Waitsome return check the special
! arguments of the binding.
program halo
  use mpi
  implicit none
  integer, parameter :: nx = 6, ny = 4
  integer :: a(0:nx+1, 0:ny+1)
  integer :: ierr, cart, dims(2), coords(2), rank, size, row, i, j
  integer :: left, right, down, up, st(MPI_STATUS_SIZE), count, req, total
  integer :: reqs(2), cells(2), idx, idxs(2)
  logical :: periods(2)
  integer :: failures

  failures = 0
  call MPI_Init(ierr)
  call MPI_Comm_size(MPI_COMM_WORLD, size, ierr)
  dims = 0
  call MPI_Dims_create(size, 2, dims, ierr)
  periods = .true.
  call MPI_Cart_create(MPI_COMM_WORLD, 2, dims, periods, .false., cart, ierr)
  call MPI_Comm_rank(cart, rank, ierr)
  call MPI_Cart_coords(cart, rank, 2, coords, ierr)
  call MPI_Cart_shift(cart, 0, 1, left, right, ierr)
  call MPI_Cart_shift(cart, 1, 1, down, up, ierr)
  call check(left == rank .and. right == rank .and. up == rank .and. down == rank, 'neighbours')

  a = -1
  do j = 1, ny
     do i = 1, nx
        a(i, j) = 100 * i + j
     end do
  end do
  ! a row of the interior: nx elements, one per column
  call MPI_Type_vector(ny, 1, nx + 2, MPI_INTEGER, row, ierr)
  call MPI_Type_commit(row, ierr)
  ! x direction: a column (i fixed) is ny elements a column apart: the row type
  call MPI_Sendrecv(a(nx, 1), 1, row, right, 1, a(0, 1), 1, row, left, 1, cart, st, ierr)
  call MPI_Get_count(st, row, count, ierr)
  call check(count == 1 .and. st(MPI_SOURCE) == left .and. st(MPI_TAG) == 1, 'status')
  call MPI_Sendrecv(a(1, 1), 1, row, left, 2, a(nx + 1, 1), 1, row, right, 2, cart, &
                    MPI_STATUS_IGNORE, ierr)
  ! y direction: a contiguous run of nx + 2 (ghost corners included)
  call MPI_Sendrecv(a(0, ny), nx + 2, MPI_INTEGER, up, 3, a(0, 0), nx + 2, MPI_INTEGER, down, 3, &
                    cart, MPI_STATUS_IGNORE, ierr)
  call MPI_Sendrecv(a(0, 1), nx + 2, MPI_INTEGER, down, 4, a(0, ny + 1), nx + 2, MPI_INTEGER, &
                    up, 4, cart, MPI_STATUS_IGNORE, ierr)

  do j = 1, ny
     call check(a(0, j) == 100 * nx + j, 'west ghost')
     call check(a(nx + 1, j) == 100 + j, 'east ghost')
  end do
  do i = 1, nx
     call check(a(i, 0) == 100 * i + ny, 'south ghost')
     call check(a(i, ny + 1) == 100 * i + 1, 'north ghost')
  end do
  call check(a(0, 0) == 100 * nx + ny, 'corner')
  call check(a(nx + 1, ny + 1) == 100 + 1, 'corner')

  ! request indices count from one in Fortran (MPI-4.1 section 3.7.5)
  call MPI_Irecv(cells(1), 1, MPI_INTEGER, 0, 8, cart, reqs(1), ierr)
  call MPI_Irecv(cells(2), 1, MPI_INTEGER, 0, 9, cart, reqs(2), ierr)
  call MPI_Send(a(1, 1), 1, MPI_INTEGER, 0, 9, cart, ierr)
  call MPI_Waitany(2, reqs, idx, st, ierr)
  call check(idx == 2 .and. cells(2) == a(1, 1) .and. st(MPI_TAG) == 9, 'waitany index')
  call MPI_Send(a(2, 1), 1, MPI_INTEGER, 0, 8, cart, ierr)
  call MPI_Waitsome(2, reqs, count, idxs, MPI_STATUSES_IGNORE, ierr)
  call check(count == 1 .and. idxs(1) == 1 .and. cells(1) == a(2, 1), 'waitsome indices')

  total = sum(a(1:nx, 1:ny))
  call MPI_Iallreduce(MPI_IN_PLACE, total, 1, MPI_INTEGER, MPI_SUM, cart, req, ierr)
  call MPI_Wait(req, MPI_STATUS_IGNORE, ierr)
  call check(total == 100 * ny * (nx * (nx + 1) / 2) + nx * (ny * (ny + 1) / 2), 'allreduce')

  call MPI_Type_free(row, ierr)
  call check(row == MPI_DATATYPE_NULL, 'type freed')
  call MPI_Comm_free(cart, ierr)
  call MPI_Finalize(ierr)
  if (failures > 0) stop 1
  print '(a)', 'halo: ok'

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    if (.not. ok) then
       print '(2a)', 'halo: wrong: ', what
       failures = failures + 1
    end if
  end subroutine check

end program halo

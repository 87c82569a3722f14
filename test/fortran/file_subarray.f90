! SPDX-License-Identifier: BSD-3-Clause
! MPI_File_write_all through a subarray view, in Fortran, on the
! single-process runtime: a 3 x 4 block at (2, 1) of an 8 x 6 global
! INTEGER array (Fortran order), after a 16-byte header, written
! collectively; the file is then read with Fortran's own stream I/O and
! each of its integers compared with the value computed by hand (the
! block's, or 0 in the holes a new file has), read back through the same
! view, and written again in "external32", whose bytes are big-endian.
program file_subarray
  use mpi
  implicit none
  integer, parameter :: gx = 8, gy = 6, lx = 3, ly = 4, sx = 2, sy = 1
  integer, parameter :: header = 16
  integer :: local(lx, ly), back(lx, ly), filed(gx * gy), gsizes(2), lsizes(2), starts(2)
  integer :: ierr, fh, view, i, j, k, count, st(MPI_STATUS_SIZE), failures, u, want
  integer(kind=MPI_OFFSET_KIND) :: disp, fsize
  character(len=*), parameter :: path = 'check_fortran_file.dat'
  character(len=1) :: bytes(4)
  character(len=MPI_MAX_DATAREP_STRING) :: rep
  integer :: etype, ftype

  failures = 0
  call MPI_Init(ierr)
  do j = 1, ly
     do i = 1, lx
        local(i, j) = 1000 * (sx + i) + (sy + j)
     end do
  end do
  gsizes = (/ gx, gy /)
  lsizes = (/ lx, ly /)
  starts = (/ sx, sy /)
  call MPI_Type_create_subarray(2, gsizes, lsizes, starts, MPI_ORDER_FORTRAN, MPI_INTEGER, view, ierr)
  call MPI_Type_commit(view, ierr)

  call MPI_File_delete(path, MPI_INFO_NULL, ierr) ! absent at first: its error is returned
  call MPI_File_open(MPI_COMM_WORLD, path, MPI_MODE_CREATE + MPI_MODE_RDWR, MPI_INFO_NULL, fh, ierr)
  call check(ierr == MPI_SUCCESS, 'open')
  disp = header
  call MPI_File_set_view(fh, disp, MPI_INTEGER, view, 'native', MPI_INFO_NULL, ierr)
  call MPI_File_write_all(fh, local, lx * ly, MPI_INTEGER, st, ierr)
  call check(ierr == MPI_SUCCESS, 'write_all')
  call MPI_Get_count(st, MPI_INTEGER, count, ierr)
  call check(count == lx * ly, 'count written')
  call MPI_File_get_size(fh, fsize, ierr)
  ! the last element of the block is global (sx + lx, sy + ly), 1-based
  call check(fsize == header + 4 * ((sy + ly - 1) * gx + (sx + lx)), 'size')
  call MPI_File_get_view(fh, disp, etype, ftype, rep, ierr)
  call check(disp == header .and. etype == MPI_INTEGER .and. rep == 'native', 'view')
  call MPI_Type_free(ftype, ierr)
  call MPI_File_sync(fh, ierr)

  ! the bytes, as Fortran reads them
  open(newunit=u, file=path, access='stream', form='unformatted', status='old')
  filed = -1
  read(u, pos=header + 1) filed(1:(sy + ly - 1) * gx + sx + lx)
  close(u)
  do k = 1, (sy + ly - 1) * gx + sx + lx
     i = mod(k - 1, gx) + 1
     j = (k - 1) / gx + 1
     want = 0
     if (i > sx .and. i <= sx + lx .and. j > sy .and. j <= sy + ly) want = 1000 * i + j
     call check(filed(k) == want, 'file contents')
  end do

  back = 0
  call MPI_File_seek(fh, 0_MPI_OFFSET_KIND, MPI_SEEK_SET, ierr)
  call MPI_File_read_all(fh, back, lx * ly, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
  call check(all(back == local), 'read back')

  ! external32: the first element of the block, big-endian
  call MPI_File_set_view(fh, disp, MPI_INTEGER, view, 'external32', MPI_INFO_NULL, ierr)
  call MPI_File_write_at_all(fh, 0_MPI_OFFSET_KIND, local, 1, MPI_INTEGER, MPI_STATUS_IGNORE, ierr)
  call check(ierr == MPI_SUCCESS, 'external32 write')
  call MPI_File_close(fh, ierr)
  call check(fh == MPI_FILE_NULL, 'closed')
  open(newunit=u, file=path, access='stream', form='unformatted', status='old')
  read(u, pos=header + 4 * (sy * gx + sx) + 1) bytes
  close(u, status='delete')
  want = local(1, 1)
  call check(ichar(bytes(1)) == ishft(want, -24) .and. ichar(bytes(2)) == iand(ishft(want, -16), 255) &
             .and. ichar(bytes(3)) == iand(ishft(want, -8), 255) .and. ichar(bytes(4)) == iand(want, 255), &
             'external32 bytes')

  call MPI_Type_free(view, ierr)
  call MPI_Finalize(ierr)
  if (failures > 0) stop 1
  print '(a)', 'file_subarray: ok'

contains

  subroutine check(ok, what)
    logical, intent(in) :: ok
    character(*), intent(in) :: what
    if (.not. ok) then
       print '(2a)', 'file_subarray: wrong: ', what
       failures = failures + 1
    end if
  end subroutine check

end program file_subarray

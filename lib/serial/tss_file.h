/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: files of MPI-IO (MPI-4.1 chapter 14), what the rest of the runtime
 * sees of them.
 * Included by tss.h, after its common part; include tss.h, not this.
 */
#ifndef TSS_FILE_H
#define TSS_FILE_H

/* Where fh's error handler is kept (read and written under tss_lock):
 * MPI_FILE_NULL's when fh is MPI_FILE_NULL or names no open file, since
 * errors not tied to an open file go there (MPI-4.1 section 14.7). */
TSS_HIDDEN MPI_Errhandler *tss_file_eh(MPI_File fh);
/* fh's name for messages ("file data.bin", "MPI_FILE_NULL"), into buf. */
#define TSS_FILE_LABEL 320
TSS_HIDDEN void tss_file_label(MPI_File fh, char *buf, size_t len);
/* MPI_Finalize, tss_lock held: closes the files the program left open (erroneous,
 * MPI-4.1 section 14.2.2; deleted when opened MPI_MODE_DELETE_ON_CLOSE),
 * forgets the registered data representations, and puts
 * MPI_ERRORS_RETURN back on MPI_FILE_NULL (the handlers go with
 * tss_errhandler_finalize). */
TSS_HIDDEN void tss_file_finalize(void);

#endif /* TSS_FILE_H */

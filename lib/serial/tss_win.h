/* SPDX-License-Identifier: BSD-3-Clause */
/*
 * tss: windows of one-sided communication (MPI-4.1 chapter 12), what the
 * rest of the runtime sees of them.
 * Included by tss.h, after its common part; include tss.h, not this.
 */
#ifndef TSS_WIN_H
#define TSS_WIN_H

/* Where win's error handler is kept (read and written under tss_lock),
 * or NULL when win is no window. */
TSS_HIDDEN MPI_Errhandler *tss_win_eh(MPI_Win win);
/* win's name for messages ("window 0xa0000000", or the name the program
 * set), into buf. */
TSS_HIDDEN void tss_win_label(MPI_Win win, char *buf, size_t len);
/* Lock (tss_lock) held.  Frees the windows the program left (MPI_Finalize:
 * erroneous, MPI-4.1 section 12.2.5; their memory, hints and handlers
 * go, their attributes without callbacks). */
TSS_HIDDEN void tss_win_finalize(void);
/* MPI_Finalize, after the windows: frees every window keyval. */
TSS_HIDDEN void tss_win_attr_finalize(void);

#endif /* TSS_WIN_H */

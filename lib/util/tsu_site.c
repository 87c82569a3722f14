/* SPDX-License-Identifier: BSD-3-Clause */
/* The call site of the constructor in progress, per thread (tsu.h). */
#include "typeshim_config.h"

#include "util/tsu.h"

/* initial-exec: every constructor writes it, and __tls_get_addr showed in
 * profiles; 8 bytes fit the static TLS glibc keeps for dlopen too */
_Thread_local const void *tsu_call_site __attribute__((tls_model("initial-exec")));

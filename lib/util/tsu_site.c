/* SPDX-License-Identifier: BSD-3-Clause */
/* The call site of the constructor in progress, per thread (tsu.h). */
#include "typeshim_config.h"

#include "util/tsu.h"

_Thread_local const void *tsu_call_site;

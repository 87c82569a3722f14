/* SPDX-License-Identifier: BSD-3-Clause */
/* The call site of the constructor in progress, per thread, and its name
 * for messages (tsu.h). */
#define _GNU_SOURCE /* dladdr */
#include "typeshim_config.h"

#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>

#include "util/tsu.h"

/* initial-exec: every constructor writes it, and __tls_get_addr showed in
 * profiles; 8 bytes fit the static TLS glibc keeps for dlopen too */
_Thread_local const void *tsu_call_site __attribute__((tls_model("initial-exec")));

const char *tsu_site_name(const void *site, char *buf, size_t len)
{
    Dl_info di;

    if (!site || !dladdr(site, &di) || !di.dli_fname)
        snprintf(buf, len, "%p", site);
    else if (di.dli_sname)
        snprintf(buf, len, "%s(%s+0x%lx)", di.dli_fname, di.dli_sname,
                 (unsigned long)((uintptr_t)site - (uintptr_t)di.dli_saddr));
    else
        snprintf(buf, len, "%s(+0x%lx)", di.dli_fname,
                 (unsigned long)((uintptr_t)site - (uintptr_t)di.dli_fbase));
    return buf;
}

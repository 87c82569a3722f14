/* SPDX-License-Identifier: BSD-3-Clause */
/* The hooks a mode installs in the façade (tsf.h). */
#include "typeshim_config.h"

#include "facade/tsf.h"

/* Until a mode is decided (the binding decides it before its first call
 * of the façade): the standalone behaviour. */
static const tsf_hooks none;

_Atomic(const tsf_hooks *) tsf_hooks_now = &none;

void tsf_hooks_install(const tsf_hooks *h)
{
    atomic_store_explicit(&tsf_hooks_now, h ? h : &none, memory_order_release);
}

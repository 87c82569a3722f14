#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# serial-smoke.sh (make check): bench_serial's operations, both builds, the
# received data checked (bench/serial.sh --smoke).
exec sh "$(dirname "$0")/serial.sh" --smoke

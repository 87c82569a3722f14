#!/bin/sh
# Runs every example of `make demo`, saying what each shows.
set -e
for ex in examples/ex_seed000; do
    echo "=== $ex"
    ./$ex
    echo
done

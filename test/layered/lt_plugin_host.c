/* SPDX-License-Identifier: BSD-3-Clause */
/* lt_plugin_host: a program with no MPI of its own (an interpreter, in
 * real life) that loads lt_plugin with dlopen(RTLD_NOW | RTLD_LOCAL) and
 * runs it.  Usage: lt_plugin_host PLUGIN.so [standalone-first]
 *
 * standalone-first: before loading the plugin, make a datatype through
 * the preloaded libtypeshim itself (typeshim decides standalone and issues
 * a handle of its own); the plugin's first constructor must then fail
 * with a message naming MPICH, never hand MPICH a handle it cannot know. */
#define _GNU_SOURCE /* RTLD_DEFAULT */
#include <dlfcn.h>
#include <stdio.h>
#include <string.h>

/* MPICH's ABI, which typeshim shares: MPI_INT and the handle type. */
#define ABI_MPI_INT 0x4c000405

int main(int argc, char **argv)
{
    void *plugin, *sym;
    int (*run)(void);

    if (argc < 2) {
        fprintf(stderr, "usage: %s PLUGIN.so [standalone-first]\n", argv[0]);
        return 2;
    }
    if (argc > 2 && strcmp(argv[2], "standalone-first") == 0) {
        int (*contiguous)(int, int, int *);
        int t = 0;

        if (!(sym = dlsym(RTLD_DEFAULT, "MPI_Type_contiguous"))) {
            fprintf(stderr, "lt_plugin_host: no MPI_Type_contiguous: preload libtypeshim\n");
            return 2;
        }
        memcpy(&contiguous, &sym, sizeof contiguous);
        if (contiguous(4, ABI_MPI_INT, &t) != 0) {
            fprintf(stderr, "lt_plugin_host: standalone MPI_Type_contiguous failed\n");
            return 2;
        }
        printf("lt_plugin_host: standalone type %#x made before the plugin\n", (unsigned)t);
        fflush(stdout);
    }
    if (!(plugin = dlopen(argv[1], RTLD_NOW | RTLD_LOCAL))) {
        fprintf(stderr, "lt_plugin_host: %s\n", dlerror());
        return 2;
    }
    if (!(sym = dlsym(plugin, "lt_plugin_main"))) {
        fprintf(stderr, "lt_plugin_host: %s\n", dlerror());
        return 2;
    }
    memcpy(&run, &sym, sizeof run);
    return run();
}

// Shim for the CJemalloc system-library target: jemalloc's public API
// (mallctl, mallctlnametomib, mallctlbymib, ...) from Debian's libjemalloc-dev.
//
// jemalloc is built there without a symbol prefix, so linking it replaces
// malloc/free for the whole process, the Swift runtime included.
#ifndef LAYOUTBENCH_CJEMALLOC_H
#define LAYOUTBENCH_CJEMALLOC_H

#include <jemalloc/jemalloc.h>

#endif

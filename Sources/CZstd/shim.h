#ifndef TOUCHBENCH_CZSTD_SHIM_H
#define TOUCHBENCH_CZSTD_SHIM_H
#include <zstd.h>
#include <zstd_errors.h>
#endif

#ifndef CLAYOUTBENCHSYSTEM_H
#define CLAYOUTBENCHSYSTEM_H

/// Linux system calls that Glibc's Swift module does not export, for writing output sets
/// as a unit (LayoutBenchKit's `OutputSet`).

/// Exchanges the paths `from` and `to` atomically (`renameat2` with `RENAME_EXCHANGE`): both
/// must exist. Returns 0, or -1 with `errno` set (`EINVAL` or `ENOSYS` where the file system
/// or kernel does not support it).
int lb_rename_exchange(const char *from, const char *to);

/// Renames `from` to `to` unless `to` exists (`renameat2` with `RENAME_NOREPLACE`). Returns
/// 0, or -1 with `errno` set (`EEXIST` when `to` exists; `EINVAL` or `ENOSYS` when the flag is
/// not supported).
int lb_rename_noreplace(const char *from, const char *to);

/// Callgrind's client requests (valgrind's `callgrind.h`), for counting the instructions of
/// measured regions (LayoutBenchKit's `InstructionCounter`, docs/performance.md). Outside
/// valgrind each is a few no-op instructions.

/// 1 when this file was compiled with valgrind's headers, so the requests below do
/// something under valgrind; 0 when they are empty stubs.
int lb_callgrind_compiled_in(void);

/// The number of valgrind layers the process runs under (0 natively).
int lb_running_on_valgrind(void);

/// Zeroes callgrind's counters and switches collection on for the calling thread
/// (`CALLGRIND_ZERO_STATS`, `CALLGRIND_TOGGLE_COLLECT`): run under
/// `--collect-atstart=no`, so that collection is off until here.
void lb_callgrind_begin(void);

/// Switches collection off again and writes the counts since `lb_callgrind_begin` to a new
/// dump file (`CALLGRIND_TOGGLE_COLLECT`, `CALLGRIND_DUMP_STATS_AT(label)`), which zeroes them.
void lb_callgrind_end(const char *label);

#endif

#ifndef TIME_STAMP_COUNTER_H
#define TIME_STAMP_COUNTER_H

#include <stdint.h>

/// The processor's time-stamp counter: ticks at a constant rate, read without a system call or
/// the vDSO's ordering fence (about 10 ns against 23 for `clock_gettime` on the machine the
/// benchmarks run on). 0 where the processor has no such counter.
///
/// Unordered: the reading may be taken a few instructions early or late, which does not matter
/// for stamping events that are nanoseconds apart at best.
static inline uint64_t time_stamp_counter_read(void) {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  uint64_t ticks;
  __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(ticks));
  return ticks;
#else
  return 0;
#endif
}

/// Whether this build can read a counter at all (see `time_stamp_counter_read`).
static inline int time_stamp_counter_exists(void) {
#if defined(__x86_64__) || defined(__i386__) || defined(__aarch64__)
  return 1;
#else
  return 0;
#endif
}

#endif

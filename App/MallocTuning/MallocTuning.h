// glibc's allocator settings (mallopt), which the toolchain's Glibc module does not export.
#include <malloc.h>

// The counter is read by the inline functions of include/TimeStampCounter.h; SwiftPM builds a C
// module from at least one source file, and this is it.
#include "TimeStampCounter.h"

import ActomatonREPL
import Foundation
import GalleryApp
import MallocTuning

// NOTE: blocks of 256 KiB and more (a long list's copies, its file's bytes) are mapped on their
// own, so freeing one gives its memory back. By default glibc raises this threshold to the
// largest block freed, and such blocks then come from the heap, which never shrinks: a session
// with a huge list grew with every save.
_ = mallopt(M_MMAP_THRESHOLD, 256 << 10)

exit(await Shell<Gallery>.main())

// glibc's allocator settings (mallopt and its parameters), which the Glibc module does not
// import: the planner sets them before it saves a long note (HeapReuse).
#ifndef MEALPLAN_CMALLOC_SHIM_H
#define MEALPLAN_CMALLOC_SHIM_H

#include <malloc.h>

#endif

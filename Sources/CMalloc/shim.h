// glibc's allocator settings (mallopt and its parameters), which the Glibc module does not
// import: the planner sets them at start (HeapReuse).
#ifndef MEALPLAN_CMALLOC_SHIM_H
#define MEALPLAN_CMALLOC_SHIM_H

#include <malloc.h>

#endif

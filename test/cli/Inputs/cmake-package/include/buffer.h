/* Which allocator the program uses is a compile-time choice. */
#ifdef USE_DEVICE_MEMORY
#define ALLOC_BUFFER(bytes, dev) omp_target_alloc((bytes), (dev))
#else
#define ALLOC_BUFFER(bytes, dev) omp_alloc((bytes), omp_default_mem_alloc)
#endif

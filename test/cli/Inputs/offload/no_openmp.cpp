// Compiled without -fopenmp: _OPENMP is not defined in the real build, so
// the analysis must not define it either (the guarded code is not valid).
#include <omp.h>
#ifdef _OPENMP
this is not compiled;
#endif
int main() { return 0; }

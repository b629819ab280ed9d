// Reads just past the end of an 800-byte OpenMP device allocation (inside
// its last page, which emulation still protects).
#include <stdio.h>
void *llvm_omp_target_alloc_device(size_t size, int device_num);
int main(void) {
  double *b = (double *)llvm_omp_target_alloc_device(100 * sizeof(double), 0);
  printf("%f\n", b[110]);
  return 0;
}

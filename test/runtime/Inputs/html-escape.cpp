// For run-html.test: a host read of device memory inside a function whose
// demangled name holds "<script>" and "&" (touch<script>(double&)), in a
// file whose directory name holds <script>, &, quotes and a byte that is
// not UTF-8. The page must show all of it as text.
#include <omp.h>
#include <stdio.h>

struct script {};

template <class T> __attribute__((noinline)) double touch(double &X) {
  return X * 2; // "<script>alert('&')</script>"
}

int main() {
  double *Buf = (double *)omp_target_alloc_device(64 * sizeof(double),
                                                  omp_get_default_device());
  printf("%f\n", touch<script>(Buf[3]));
  return 0;
}

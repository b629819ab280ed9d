// usm-device-access-pageable, OpenMP (C++): new[] and std::vector storage
// handed to a target region through is_device_ptr; quiet on mapped vectors.
// clang-format off
#include <omp.h>
#include <vector>

void new_array(int n) {
  float *p = new float[n];
#pragma omp target teams distribute parallel for is_device_ptr(p)
  for (int i = 0; i < n; ++i)
    p[i] = 0.0f;
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'p' holds plain host memory allocated by 'operator new[]', which the device cannot access{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-5]]:14: note: allocated here by 'operator new[]'
  delete[] p;
}

void vector_data(int n) {
  std::vector<double> v(n);
  double *d = v.data();
#pragma omp target is_device_ptr(d)
  { d[1] = 3.0; }
  // CHECK-MESSAGES: :[[@LINE-1]]:5: error: 'd' holds plain host memory allocated by 'std::vector::data'{{.*}} [usm-device-access-pageable]
  // CHECK-MESSAGES: :[[@LINE-4]]:15: note: allocated here by 'std::vector::data'
}

// ---- correct code: no findings below ----

void vector_mapped(int n) {
  std::vector<double> v(n);
  double *d = v.data();
#pragma omp target map(tofrom: d[0:n])
  { d[1] = 3.0; } // no-warning: mapped
}

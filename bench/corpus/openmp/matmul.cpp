// Dense matrix multiply, C++ with std::vector host mirrors and a helper
// that allocates and fills device matrices.
#include <omp.h>
#include <cstdio>
#include <vector>

static float *to_device(const std::vector<float> &h, int dev) {
  size_t bytes = h.size() * sizeof(float);
  float *d = static_cast<float *>(omp_target_alloc(bytes, dev));
  omp_target_memcpy(d, h.data(), bytes, 0, 0, dev, omp_get_initial_device());
  return d;
}

int main() {
  const int n = 256;
  int dev = omp_get_default_device();
  std::vector<float> a(n * n, 1.0f), b(n * n, 2.0f), c(n * n, 0.0f);
  float *da = to_device(a, dev);
  float *db = to_device(b, dev);
  float *dc = to_device(c, dev);

#pragma omp target teams distribute parallel for collapse(2) is_device_ptr(da, db, dc)
  for (int i = 0; i < n; ++i)
    for (int j = 0; j < n; ++j) {
      float acc = 0.0f;
      for (int k = 0; k < n; ++k)
        acc += da[i * n + k] * db[k * n + j];
      dc[i * n + j] = acc;
    }

  omp_target_memcpy(c.data(), dc, c.size() * sizeof(float), 0, 0,
                    omp_get_initial_device(), dev);
  int errors = 0;
  for (float v : c)
    errors += v != 2.0f * n;
  std::printf("matmul: %d errors\n", errors);
  for (float *p : {da, db, dc})
    omp_target_free(p, dev);
  return errors != 0;
}

// Level-synchronous BFS on a ring graph (CSR). The "changed" flag lives in
// device memory and is copied back after every level.
#include <hip/hip_runtime.h>
#include <cstdio>
#include <vector>

__global__ void expand(const int *row, const int *col, int *dist, int level,
                       int n, int *changed) {
  int v = blockIdx.x * blockDim.x + threadIdx.x;
  if (v >= n || dist[v] != level)
    return;
  for (int e = row[v]; e < row[v + 1]; ++e) {
    int u = col[e];
    if (dist[u] < 0) {
      dist[u] = level + 1;
      *changed = 1;
    }
  }
}

int main() {
  const int n = 1 << 14;
  std::vector<int> row(n + 1), col(2 * n), dist(n, -1);
  for (int v = 0; v < n; ++v) {
    row[v] = 2 * v;
    col[2 * v] = (v + 1) % n;
    col[2 * v + 1] = (v + n - 1) % n;
  }
  row[n] = 2 * n;
  dist[0] = 0;
  int *d_row, *d_col, *d_dist, *d_changed;
  hipMalloc(&d_row, (n + 1) * sizeof(int));
  hipMalloc(&d_col, 2 * n * sizeof(int));
  hipMalloc(&d_dist, n * sizeof(int));
  hipMalloc(&d_changed, sizeof(int));
  hipMemcpy(d_row, row.data(), (n + 1) * sizeof(int), hipMemcpyHostToDevice);
  hipMemcpy(d_col, col.data(), 2 * n * sizeof(int), hipMemcpyHostToDevice);
  hipMemcpy(d_dist, dist.data(), n * sizeof(int), hipMemcpyHostToDevice);
  int level = 0, changed = 1;
  while (changed) {
    changed = 0;
    hipMemcpy(d_changed, &changed, sizeof(int), hipMemcpyHostToDevice);
    hipLaunchKernelGGL(expand, dim3((n + 255) / 256), dim3(256), 0, 0, d_row,
                       d_col, d_dist, level, n, d_changed);
    hipMemcpy(&changed, d_changed, sizeof(int), hipMemcpyDeviceToHost);
    ++level;
  }
  hipMemcpy(dist.data(), d_dist, n * sizeof(int), hipMemcpyDeviceToHost);
  std::printf("bfs: %d levels, dist[n/2] = %d\n", level, dist[n / 2]);
  hipFree(d_row);
  hipFree(d_col);
  hipFree(d_dist);
  hipFree(d_changed);
  return dist[n / 2] == n / 2 ? 0 : 1;
}

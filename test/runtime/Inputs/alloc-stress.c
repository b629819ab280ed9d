// 8 threads x ITERS (default 100,000) OpenMP device allocations and frees
// through the interposed llvm_omp_target_alloc_device/omp_target_free, then
// a fork whose child allocates too (the guard's locks must survive fork).
#include <omp.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

void *llvm_omp_target_alloc_device(size_t size, int device_num);

static long iters = 100000;
static int dev;

static void *worker(void *arg) {
  for (long i = 0; i < iters; ++i) {
    void *p = llvm_omp_target_alloc_device(64 + (i & 255), dev);
    if (!p)
      abort();
    omp_target_free(p, dev);
  }
  return NULL;
}

int main(int argc, char **argv) {
  if (argc > 1)
    iters = atol(argv[1]);
  dev = omp_get_default_device();
  pthread_t t[8];
  for (int i = 0; i < 8; ++i)
    pthread_create(&t[i], NULL, worker, NULL);
  for (int i = 0; i < 8; ++i)
    pthread_join(t[i], NULL);
  pid_t pid = fork();
  if (pid == 0) {
    void *p = llvm_omp_target_alloc_device(128, dev);
    omp_target_free(p, dev);
    exit(0);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  printf("done child_status=%d\n", WEXITSTATUS(status));
  return 0;
}

// For run-html.test: five processes (this one and four forked children)
// each free the same OpenMP allocation twice, ROUNDS times, at the same
// time, so that their JSON records (json_path) are appended concurrently
// to one file. Run with --halt-on-error=0: every second free is reported
// and skipped, and each process goes on.
#include <omp.h>
#include <stdio.h>
#include <sys/wait.h>
#include <unistd.h>

enum { CHILDREN = 4, ROUNDS = 4 };

static void misuse(int dev) {
  for (int I = 0; I < ROUNDS; ++I) {
    void *P = omp_target_alloc(256, dev);
    omp_target_free(P, dev);
    omp_target_free(P, dev); // double free
  }
}

int main(void) {
  int dev = omp_get_default_device();
  pid_t Kids[CHILDREN];
  for (int I = 0; I < CHILDREN; ++I)
    if ((Kids[I] = fork()) == 0) {
      misuse(dev);
      _exit(0);
    }
  misuse(dev);
  for (int I = 0; I < CHILDREN; ++I)
    waitpid(Kids[I], NULL, 0);
  printf("parent done\n");
  return 0;
}

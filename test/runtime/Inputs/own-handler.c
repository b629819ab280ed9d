// A program with its own SIGSEGV handler: it maps a PROT_NONE page, touches
// it, and its handler makes the page writable and returns. Installed with
// sigaction() ("sigaction" argument) or signal() ("signal"). With "device"
// it then reads OpenMP device memory, which the guard must still report.
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

void *llvm_omp_target_alloc_device(size_t size, int device_num);

static char *page;
static volatile int handled;

static void onSegv(int sig) {
  handled++;
  mprotect(page, 4096, PROT_READ | PROT_WRITE);
}

int main(int argc, char **argv) {
  const char *how = argc > 1 ? argv[1] : "sigaction";
  page = mmap(NULL, 4096, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (!strcmp(how, "signal")) {
    signal(SIGSEGV, onSegv);
  } else {
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = onSegv;
    sigaction(SIGSEGV, &sa, NULL);
  }
  page[10] = 42; // not USM: the program's handler fixes it up
  printf("handled=%d value=%d\n", handled, page[10]);
  fflush(stdout);
  if (argc > 2 && !strcmp(argv[2], "device")) {
    double *buf = (double *)llvm_omp_target_alloc_device(4096, 0);
    printf("device value %f\n", buf[5]);
  }
  return 0;
}

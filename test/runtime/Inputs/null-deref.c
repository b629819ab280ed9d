// A plain bug that has nothing to do with USM: a wild pointer read.
#include <stdio.h>
int main(int argc, char **argv) {
  volatile int *p = (volatile int *)(argc > 5 ? (void *)argv : (void *)16);
  printf("%d\n", *p);
  return 0;
}

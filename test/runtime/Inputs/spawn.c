// Starts a child program that prints whether the guard is preloaded in it.
#include <stdlib.h>
int main(void) {
  return system("case \"$LD_PRELOAD\" in *libusmcheck_rt*) echo child: guarded;; "
                "*) echo child: plain;; esac");
}

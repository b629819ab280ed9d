#define N 1024

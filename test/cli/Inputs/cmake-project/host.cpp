#include <vector>
#include "config.h"
int count() { return static_cast<int>(std::vector<int>(N).size()); }

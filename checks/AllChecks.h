//===- AllChecks.h - every check class of the usm module ----------------------===//
// One include per row of checks.def (keep both sorted).
#ifndef USMCHECK_CHECKS_ALLCHECKS_H
#define USMCHECK_CHECKS_ALLCHECKS_H

#include "AsyncHostAccessCheck.h"
#include "CrossDeviceCheck.h"
#include "DeviceAccessPageableCheck.h"
#include "DoubleFreeCheck.h"
#include "FreeMismatchCheck.h"
#include "HostAccessDeviceCheck.h"
#include "HostMemoryHotKernelCheck.h"
#include "LeakCheck.h"
#include "MemcpyDirectionCheck.h"
#include "MissingIsDevicePtrCheck.h"
#include "SharedPingPongCheck.h"
#include "SubDeviceAllocCheck.h"
#include "UseAfterFreeCheck.h"

#endif

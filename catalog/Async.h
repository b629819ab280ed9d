//===- Async.h - asynchronous operations and synchronisation (catalog) ----===//
//
// Tables built from usm_async.def: the calls that start device work that
// runs on after they return (kernels, copies, SYCL command groups), which
// pointer each writes and on which stream or queue; the calls that wait for
// such work and what they wait for; event records; and the calls a
// `<<<...>>>` launch configures itself with. Constant-initialised, standard
// library only, like Catalog.h.
//
//===----------------------------------------------------------------------===//
#ifndef USMCHECK_CATALOG_ASYNC_H
#define USMCHECK_CATALOG_ASYNC_H

#include "Catalog.h"

namespace usm {

constexpr int OBJ = -3;   ///< the object of a member call
constexpr int GROUP = -4; ///< a handler call: the queue of its submit

enum class AsyncKind : std::uint8_t { Launch, Copy, Submit };
enum class SyncScope : std::uint8_t { Device, Stream, Queue, Event, Blocking };

struct AsyncOp {
  std::string_view Name;
  Model M;
  AsyncKind Op;
  int Written; ///< Copy: index of the written pointer
  int Queue;   ///< stream/queue argument, OBJ, GROUP or NA
};

struct SyncCall {
  std::string_view Name;
  Model M;
  SyncScope Scope;
  int Arg; ///< stream/queue/event argument, OBJ or NA
};

struct EventRecord {
  std::string_view Name;
  Model M;
  int Event, Stream;
};

struct LaunchConfig {
  std::string_view Name;
  int Stream;
};

Table<AsyncOp> asyncOps();
Table<SyncCall> syncCalls();
const AsyncOp *findAsyncOp(std::string_view Name);
const SyncCall *findSyncCall(std::string_view Name);
const EventRecord *findEventRecord(std::string_view Name);
const LaunchConfig *findLaunchConfig(std::string_view Name);

std::string_view name(SyncScope S);

} // namespace usm

#endif

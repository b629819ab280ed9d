//===- Async.cpp - constant tables of usm_async.def -----------------------===//
#include "Async.h"

#include <iterator>

namespace usm {
namespace {

constexpr AsyncOp AsyncRows[] = {
#define USM_ASYNC_OP(Name, M, Op, Written, Queue)                              \
  {Name, Model::M, AsyncKind::Op, Written, Queue},
#include "usm_async.def"
#undef USM_ASYNC_OP
};

constexpr SyncCall SyncRows[] = {
#define USM_SYNC(Name, M, Scope, Arg) {Name, Model::M, SyncScope::Scope, Arg},
#include "usm_async.def"
#undef USM_SYNC
};

constexpr EventRecord RecordRows[] = {
#define USM_EVENT_RECORD(Name, M, Event, Stream)                               \
  {Name, Model::M, Event, Stream},
#include "usm_async.def"
#undef USM_EVENT_RECORD
};

constexpr LaunchConfig ConfigRows[] = {
#define USM_LAUNCH_CONFIG(Name, Stream) {Name, Stream},
#include "usm_async.def"
#undef USM_LAUNCH_CONFIG
};

template <typename T, std::size_t N>
const T *find(const T (&Rows)[N], std::string_view Name) {
  for (const T &R : Rows)
    if (R.Name == Name)
      return &R;
  return nullptr;
}

} // namespace

Table<AsyncOp> asyncOps() { return {AsyncRows, std::size(AsyncRows)}; }
Table<SyncCall> syncCalls() { return {SyncRows, std::size(SyncRows)}; }
const AsyncOp *findAsyncOp(std::string_view Name) {
  return find(AsyncRows, Name);
}
const SyncCall *findSyncCall(std::string_view Name) {
  return find(SyncRows, Name);
}
const EventRecord *findEventRecord(std::string_view Name) {
  return find(RecordRows, Name);
}
const LaunchConfig *findLaunchConfig(std::string_view Name) {
  return find(ConfigRows, Name);
}

std::string_view name(SyncScope S) {
  switch (S) {
  case SyncScope::Device:
    return "device";
  case SyncScope::Stream:
    return "stream";
  case SyncScope::Queue:
    return "queue";
  case SyncScope::Event:
    return "event";
  case SyncScope::Blocking:
    return "blocking";
  }
  return "";
}

} // namespace usm

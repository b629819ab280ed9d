//===- Writers.cpp - `usmcheck bench` output: text, JSON, SVG -------------===//
//
// All three start from the feature table (catalog/feature_table.def): one
// section per allocation kind with the measured figures beside the claims,
// then the explicit copies and launches; text and JSON add the size sweep.
// The JSON `summary` object is what `usmcheck check --bench-results` reads.
//
//===----------------------------------------------------------------------===//
#include "Bench.h"
#include "Catalog.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <iterator>

namespace usm::bench {
namespace {

using nlohmann::json;

std::string num(double V) {
  char B[32];
  if (V < 0)
    return "n/a";
  if (V >= 100)
    std::snprintf(B, sizeof B, "%.0f", V);
  else if (V >= 10)
    std::snprintf(B, sizeof B, "%.1f", V);
  else
    std::snprintf(B, sizeof B, "%.2f", V);
  return B;
}

std::string pct(double Ratio) { return num(Ratio * 100) + "%"; }

std::string rowLabel(Kind K) {
  for (const KindRow &R : kindRows())
    if (R.K == K)
      return std::string(R.Label);
  return "";
}
const KindRow *row(Kind K) {
  for (const KindRow &R : kindRows())
    if (R.K == K)
      return &R;
  return nullptr;
}

std::string xmlEscape(const std::string &S) {
  std::string O;
  for (char C : S) {
    if (C == '&')
      O += "&amp;";
    else if (C == '<')
      O += "&lt;";
    else if (C == '>')
      O += "&gt;";
    else if (C == '"')
      O += "&quot;";
    else
      O += C;
  }
  return O;
}

std::string clockLine(const ClockState &C) {
  if (!C.Valid)
    return "not read (" + C.Source + ")";
  char B[256];
  std::snprintf(B, sizeof B,
                "SM %u MHz (max %u), memory %u MHz (max %u), P%d, %.0f W of "
                "%.0f W, %u C, PCIe Gen%u x%u",
                C.SmMHz, C.MaxSmMHz, C.MemMHz, C.MaxMemMHz, C.PState, C.PowerW,
                C.PowerLimitW, C.TempC, C.PcieGen, C.PcieWidth);
  return B;
}

struct Summary {
  double DevRead, DevWrite, DevRmw, D2D, HostRead, HostWrite, HostRmw,
      ShRead, ShWrite, ShRmw, FirstTouch, FirstTouchPf, H2DPin, D2HPin,
      H2DPage, D2HPage, PPShared, PPPrefetch, PPAdvice, PPDevCopy, PPDevOnly,
      LaunchAsync, LaunchSync, Pcie;
  uint64_t Largest, TouchBytes;
};

Summary summary(const Results &R) {
  Summary S;
  S.DevRead = R.median("kernel.read.device");
  S.DevWrite = R.median("kernel.write.device");
  S.DevRmw = R.median("kernel.rmw.device");
  S.D2D = R.median("copy.d2d");
  S.HostRead = R.median("kernel.read.host");
  S.HostWrite = R.median("kernel.write.host");
  S.HostRmw = R.median("kernel.rmw.host");
  S.ShRead = R.median("kernel.read.shared");
  S.ShWrite = R.median("kernel.write.shared");
  S.ShRmw = R.median("kernel.rmw.shared");
  S.FirstTouch = R.median("firsttouch.shared");
  S.FirstTouchPf = R.median("firsttouch.shared-prefetch");
  S.H2DPin = R.median("copy.h2d.pinned");
  S.D2HPin = R.median("copy.d2h.pinned");
  S.H2DPage = R.median("copy.h2d.pageable");
  S.D2HPage = R.median("copy.d2h.pageable");
  S.PPShared = R.median("pingpong.shared");
  S.PPPrefetch = R.median("pingpong.shared-prefetch");
  S.PPAdvice = R.median("pingpong.shared-advice");
  S.PPDevCopy = R.median("pingpong.device-copy");
  S.PPDevOnly = R.median("pingpong.device-only");
  S.LaunchAsync = R.median("launch.async");
  S.LaunchSync = R.median("launch.sync");
  S.Pcie = R.pcieTheoretical();
  S.Largest = R.Sizes.empty() ? 0 : R.Sizes.back();
  const Measurement *FT = R.find("firsttouch.shared");
  S.TouchBytes = FT ? FT->Bytes : 0;
  return S;
}

double ratio(double A, double B) { return A > 0 && B > 0 ? A / B : -1; }

struct Line {
  std::string Label, Value, Note;
};

void put(std::string &Out, const std::vector<Line> &Lines) {
  for (const Line &L : Lines) {
    char B[512];
    std::snprintf(B, sizeof B, "  %-50s %14s%s%s\n", L.Label.c_str(),
                  L.Value.c_str(), L.Note.empty() ? "" : "  ", L.Note.c_str());
    Out += B;
  }
}

std::string gbs(const Results &R, const std::string &Id, uint64_t Bytes = 0) {
  const Measurement *M = R.find(Id, Bytes);
  if (!M || !M->S.N)
    return "not measured";
  return num(M->S.Median) + " " + M->Unit;
}
std::string spread(const Results &R, const std::string &Id) {
  const Measurement *M = R.find(Id);
  if (!M || !M->S.N)
    return "";
  return "spread " + num(M->S.spreadPct()) + "%, n=" + std::to_string(M->S.N);
}

} // namespace

std::string writeText(const Results &R) {
  Summary S = summary(R);
  std::string O;
  char B[1024];
  std::snprintf(B, sizeof B,
                "usmcheck bench %s: %s (device %d of %d), backend %s\n",
                R.Version.c_str(), R.Dev.name, R.Dev.index, R.Dev.count,
                R.Backend.c_str());
  O += B;
  O += "  " + std::string(R.Dev.detail) + "\n";
  O += "  date " + R.Date + "; timing: " + R.Timer + "; warm-up " +
       std::to_string(R.Warmup) + ", up to " + std::to_string(R.Reps) +
       " repetitions (at least 3, until " + num(R.TimeCapS) +
       " s); medians, spread = (max-min)/median\n";
  O += "  clocks before: " + clockLine(R.Before) + "\n";
  O += "  clocks after:  " + clockLine(R.After) + "\n";
  if (S.Pcie > 0) {
    const ClockState &C = R.After.Valid ? R.After : R.Before;
    O += "  PCIe link: Gen" + std::to_string(C.PcieMaxGen) + " x" +
         std::to_string(C.PcieMaxWidth) + " (max), theoretical " +
         num(S.Pcie) + " GB/s per direction\n";
  }
  O += "\nThe USM feature table, measured (bandwidth at " +
       formatSize(S.Largest) + ", GB/s = 1e9 bytes/s moved; ping-pong on " +
       formatSize(R.PingPongBytes) + ", " + std::to_string(R.PingPongIters) +
       " iterations)\n";

  auto Head = [&](Kind K, const std::string &Extra = "") {
    const KindRow *KR = row(K);
    O += "\n" + rowLabel(K) + " memory: " + std::string(KR->LivesIn) + "; " +
         std::string(KR->Notes) + Extra + "\n";
  };
  Head(Kind::Device);
  put(O, {{"kernel read", gbs(R, "kernel.read.device"), spread(R, "kernel.read.device")},
          {"kernel write", gbs(R, "kernel.write.device"), spread(R, "kernel.write.device")},
          {"kernel read-modify-write", gbs(R, "kernel.rmw.device"), spread(R, "kernel.rmw.device")},
          {"kernel read / device-to-device copy (read+write)",
           S.DevRead > 0 && S.D2D > 0 ? pct(S.DevRead / (2 * S.D2D)) : "n/a",
           "target >= 90%"},
          {"allocate / free 2 MiB",
           num(R.median("alloc.device")) + " / " + num(R.median("free.device")) + " us", ""},
          {"host+device loop: copy out, host touch, copy in, kernel",
           gbs(R, "pingpong.device-copy"), "per iteration"},
          {"the kernel alone", gbs(R, "pingpong.device-only"), "per iteration"}});
  Head(Kind::Host);
  std::string OfLink = S.Pcie > 0 && S.HostRead > 0
                           ? pct(S.HostRead / S.Pcie) + " of the PCIe link's " +
                                 num(S.Pcie) + " GB/s"
                           : "PCIe link rate unknown";
  put(O, {{"kernel read (remote)", gbs(R, "kernel.read.host"), OfLink},
          {"kernel write (remote)", gbs(R, "kernel.write.host"), spread(R, "kernel.write.host")},
          {"kernel read-modify-write (remote)", gbs(R, "kernel.rmw.host"), spread(R, "kernel.rmw.host")},
          {"kernel read, device memory / host memory",
           S.DevRead > 0 && S.HostRead > 0 ? num(S.DevRead / S.HostRead) + "x" : "n/a", ""},
          {"allocate / free 2 MiB",
           num(R.median("alloc.host")) + " / " + num(R.median("free.host")) + " us", ""}});
  Head(Kind::Shared);
  put(O, {{"kernel read (resident on the device)", gbs(R, "kernel.read.shared"), spread(R, "kernel.read.shared")},
          {"kernel write (resident)", gbs(R, "kernel.write.shared"), spread(R, "kernel.write.shared")},
          {"kernel read-modify-write (resident)", gbs(R, "kernel.rmw.shared"), spread(R, "kernel.rmw.shared")},
          {"first touch after host writes, " + formatSize(S.TouchBytes),
           gbs(R, "firsttouch.shared"), "migration on demand"},
          {"  same, prefetched first", gbs(R, "firsttouch.shared-prefetch"), ""},
          {"ping-pong: host touches each page, kernel all", gbs(R, "pingpong.shared"),
           S.PPShared > 0 && S.PPDevCopy > 0
               ? num(S.PPShared / S.PPDevCopy) + "x device memory + copies"
               : ""},
          {"  with prefetch both ways", gbs(R, "pingpong.shared-prefetch"),
           S.PPPrefetch > 0 && S.PPDevCopy > 0
               ? num(S.PPPrefetch / S.PPDevCopy) + "x device memory + copies"
               : ""},
          {"  with advice (stays on host, device maps it)",
           gbs(R, "pingpong.shared-advice"),
           S.PPAdvice > 0 && S.PPDevCopy > 0
               ? num(S.PPAdvice / S.PPDevCopy) + "x device memory + copies"
               : ""},
          {"allocate / free 2 MiB",
           num(R.median("alloc.shared")) + " / " + num(R.median("free.shared")) + " us", ""}});
  Head(Kind::NotUSM, " (pageable: malloc)");
  put(O, {{"copy host to device", gbs(R, "copy.h2d.pageable"), spread(R, "copy.h2d.pageable")},
          {"copy device to host", gbs(R, "copy.d2h.pageable"), spread(R, "copy.d2h.pageable")},
          {"allocate / free 2 MiB",
           num(R.median("alloc.pageable")) + " / " + num(R.median("free.pageable")) + " us", ""}});
  O += "\nexplicit copies\n";
  put(O, {{"host to device, pinned", gbs(R, "copy.h2d.pinned"),
           S.Pcie > 0 && S.H2DPin > 0 ? pct(S.H2DPin / S.Pcie) + " of the link" : ""},
          {"device to host, pinned", gbs(R, "copy.d2h.pinned"),
           S.Pcie > 0 && S.D2HPin > 0 ? pct(S.D2HPin / S.Pcie) + " of the link" : ""},
          {"device to device (bytes copied)", gbs(R, "copy.d2d"),
           S.D2D > 0 ? num(2 * S.D2D) + " GB/s read+write" : ""}});
  O += "\nkernel launch\n";
  put(O, {{"empty kernel, back-to-back (per launch)", gbs(R, "launch.async"), spread(R, "launch.async")},
          {"empty kernel, launch and wait", gbs(R, "launch.sync"), spread(R, "launch.sync")}});

  // The sweep.
  O += "\nSweep: median GB/s by size\n";
  std::snprintf(B, sizeof B, "  %-34s", "");
  O += B;
  for (uint64_t Sz : R.Sizes) {
    std::string L = formatSize(Sz);
    L.erase(std::remove(L.begin(), L.end(), ' '), L.end());
    if (L.size() > 3 && L.compare(L.size() - 2, 2, "iB") == 0)
      L.erase(L.size() - 2, 1); // "64KiB" -> "64KB": columns stay narrow
    std::snprintf(B, sizeof B, " %7s", L.c_str());
    O += B;
  }
  O += "\n";
  std::vector<std::string> Ids;
  for (const Measurement &M : R.M)
    if (M.Unit == "GB/s" &&
        std::find(Ids.begin(), Ids.end(), M.Id) == Ids.end())
      Ids.push_back(M.Id);
  for (const std::string &Id : Ids) {
    std::snprintf(B, sizeof B, "  %-34s", Id.c_str());
    O += B;
    for (uint64_t Sz : R.Sizes) {
      std::snprintf(B, sizeof B, " %7s",
                    R.find(Id, Sz) ? num(R.median(Id, Sz)).c_str() : "-");
      O += B;
    }
    O += "\n";
  }
  if (!R.Notes.empty()) {
    O += "\nnotes\n";
    for (const std::string &N : R.Notes)
      O += "  - " + N + "\n";
  }
  return O;
}

std::string writeJson(const Results &R) {
  Summary S = summary(R);
  auto Clock = [](const ClockState &C) {
    if (!C.Valid)
      return json{{"read", false}, {"why", C.Source}};
    return json{{"read", true},          {"source", C.Source},
                {"sm_mhz", C.SmMHz},     {"max_sm_mhz", C.MaxSmMHz},
                {"mem_mhz", C.MemMHz},   {"max_mem_mhz", C.MaxMemMHz},
                {"pstate", C.PState},    {"power_w", C.PowerW},
                {"power_limit_w", C.PowerLimitW}, {"temp_c", C.TempC},
                {"pcie_gen", C.PcieGen}, {"pcie_width", C.PcieWidth},
                {"pcie_max_gen", C.PcieMaxGen},
                {"pcie_max_width", C.PcieMaxWidth}};
  };
  auto Opt = [](double V) { return V < 0 ? json(nullptr) : json(V); };
  json Ms = json::array();
  for (const Measurement &M : R.M)
    Ms.push_back({{"id", M.Id},
                  {"kind", M.Kind},
                  {"what", M.What},
                  {"unit", M.Unit},
                  {"bytes", M.Bytes},
                  {"median", M.S.Median},
                  {"min", M.S.Min},
                  {"max", M.S.Max},
                  {"mean", M.S.Mean},
                  {"stddev", M.S.Stddev},
                  {"spread_pct", M.S.spreadPct()},
                  {"n", M.S.N},
                  {"samples", M.Values}});
  json Table = json::array();
  auto KRow = [&](Kind K, json Measured) {
    const KindRow *KR = row(K);
    Table.push_back({{"kind", std::string(KR->Label)},
                     {"lives_in", std::string(KR->LivesIn)},
                     {"notes", std::string(KR->Notes)},
                     {"measured", Measured}});
  };
  KRow(Kind::Device, {{"kernel_read_gbs", Opt(S.DevRead)},
                      {"kernel_write_gbs", Opt(S.DevWrite)},
                      {"kernel_rmw_gbs", Opt(S.DevRmw)},
                      {"alloc_us", Opt(R.median("alloc.device"))},
                      {"free_us", Opt(R.median("free.device"))},
                      {"ping_pong_copy_us_per_iteration", Opt(S.PPDevCopy)},
                      {"kernel_only_us_per_iteration", Opt(S.PPDevOnly)}});
  KRow(Kind::Host, {{"kernel_read_gbs", Opt(S.HostRead)},
                    {"kernel_write_gbs", Opt(S.HostWrite)},
                    {"kernel_rmw_gbs", Opt(S.HostRmw)},
                    {"alloc_us", Opt(R.median("alloc.host"))},
                    {"free_us", Opt(R.median("free.host"))}});
  KRow(Kind::Shared, {{"kernel_read_gbs", Opt(S.ShRead)},
                      {"kernel_write_gbs", Opt(S.ShWrite)},
                      {"kernel_rmw_gbs", Opt(S.ShRmw)},
                      {"first_touch_gbs", Opt(S.FirstTouch)},
                      {"first_touch_prefetched_gbs", Opt(S.FirstTouchPf)},
                      {"ping_pong_us_per_iteration", Opt(S.PPShared)},
                      {"ping_pong_prefetch_us_per_iteration", Opt(S.PPPrefetch)},
                      {"ping_pong_advice_us_per_iteration", Opt(S.PPAdvice)},
                      {"alloc_us", Opt(R.median("alloc.shared"))},
                      {"free_us", Opt(R.median("free.shared"))}});
  KRow(Kind::NotUSM, {{"copy_h2d_gbs", Opt(S.H2DPage)},
                      {"copy_d2h_gbs", Opt(S.D2HPage)},
                      {"alloc_us", Opt(R.median("alloc.pageable"))},
                      {"free_us", Opt(R.median("free.pageable"))}});
  json Sum = {
      {"largest_bytes", S.Largest},
      {"device_kernel_read_gbs", Opt(S.DevRead)},
      {"d2d_copy_gbs", Opt(S.D2D)},
      {"device_read_over_d2d_read_write", Opt(S.DevRead > 0 && S.D2D > 0 ? S.DevRead / (2 * S.D2D) : -1)},
      {"host_kernel_read_gbs", Opt(S.HostRead)},
      {"pcie_theoretical_gbs", Opt(S.Pcie > 0 ? S.Pcie : -1)},
      {"host_read_over_pcie", Opt(ratio(S.HostRead, S.Pcie))},
      {"device_read_over_host_read", Opt(ratio(S.DevRead, S.HostRead))},
      {"h2d_pinned_gbs", Opt(S.H2DPin)},
      {"d2h_pinned_gbs", Opt(S.D2HPin)},
      {"h2d_pageable_gbs", Opt(S.H2DPage)},
      {"d2h_pageable_gbs", Opt(S.D2HPage)},
      {"first_touch_gbs", Opt(S.FirstTouch)},
      {"ping_pong",
       {{"bytes", R.PingPongBytes},
        {"iterations", R.PingPongIters},
        {"shared_us", Opt(S.PPShared)},
        {"shared_prefetch_us", Opt(S.PPPrefetch)},
        {"shared_advice_us", Opt(S.PPAdvice)},
        {"device_copy_us", Opt(S.PPDevCopy)},
        {"device_only_us", Opt(S.PPDevOnly)},
        {"shared_over_device_copy", Opt(ratio(S.PPShared, S.PPDevCopy))}}},
      {"launch_us", Opt(S.LaunchAsync)},
      {"launch_sync_us", Opt(S.LaunchSync)}};
  json Out = {{"tool", "usmcheck bench"},
              {"version", R.Version},
              {"backend", R.Backend},
              {"date", R.Date},
              {"device",
               {{"name", R.Dev.name},
                {"detail", R.Dev.detail},
                {"index", R.Dev.index},
                {"count", R.Dev.count},
                {"is_gpu", R.Dev.is_gpu != 0},
                {"pci_bus_id", R.Dev.pci_bus_id},
                {"total_bytes", R.Dev.total_bytes},
                {"free_bytes", R.Dev.free_bytes},
                {"sm_count", R.Dev.sm_count},
                {"clock_khz", R.Dev.clock_khz},
                {"mem_clock_khz", R.Dev.mem_clock_khz},
                {"mem_bus_bits", R.Dev.mem_bus_bits}}},
              {"clocks", {{"before", Clock(R.Before)}, {"after", Clock(R.After)}}},
              {"settings",
               {{"sizes", R.Sizes},
                {"warmup", R.Warmup},
                {"max_repetitions", R.Reps},
                {"time_cap_s", R.TimeCapS},
                {"quick", R.Quick},
                {"timer", R.Timer},
                {"ping_pong_bytes", R.PingPongBytes},
                {"ping_pong_iterations", R.PingPongIters}}},
              {"table", Table},
              {"summary", Sum},
              {"measurements", Ms},
              {"notes", R.Notes}};
  return Out.dump(2) + "\n";
}

std::string writeSvg(const Results &R) {
  Summary S = summary(R);
  struct Bar {
    std::string Label;
    double V;
    const char *Color;
  };
  // One colour per kind, the same in both panels and the legend.
  const char *Dev = "#1f77b4", *Host = "#ff7f0e", *Shared = "#2ca02c",
             *Page = "#9467bd", *Copy = "#7f7f7f", *Launch = "#8c564b";
  std::vector<Bar> BW = {
      {"kernel read, device", S.DevRead, Dev},
      {"kernel write, device", S.DevWrite, Dev},
      {"kernel read-modify-write, device", S.DevRmw, Dev},
      {"kernel read, shared (resident)", S.ShRead, Shared},
      {"kernel write, shared (resident)", S.ShWrite, Shared},
      {"kernel read-modify-write, shared", S.ShRmw, Shared},
      {"first touch, shared (" + formatSize(S.TouchBytes) + ")", S.FirstTouch, Shared},
      {"first touch, shared, prefetched", S.FirstTouchPf, Shared},
      {"kernel read, host (remote)", S.HostRead, Host},
      {"kernel write, host (remote)", S.HostWrite, Host},
      {"kernel read-modify-write, host", S.HostRmw, Host},
      {"copy device to device", S.D2D, Copy},
      {"copy host to device, pinned", S.H2DPin, Copy},
      {"copy device to host, pinned", S.D2HPin, Copy},
      {"copy host to device, pageable", S.H2DPage, Page},
      {"copy device to host, pageable", S.D2HPage, Page},
  };
  std::vector<Bar> US = {
      {"ping-pong, shared memory", S.PPShared, Shared},
      {"ping-pong, shared + prefetch", S.PPPrefetch, Shared},
      {"ping-pong, shared + advice", S.PPAdvice, Shared},
      {"device memory + copies", S.PPDevCopy, Dev},
      {"device memory, kernel only", S.PPDevOnly, Dev},
      {"launch, back-to-back", S.LaunchAsync, Launch},
      {"launch and wait", S.LaunchSync, Launch},
      {"allocate 2 MiB, device", R.median("alloc.device"), Dev},
      {"allocate 2 MiB, host", R.median("alloc.host"), Host},
      {"allocate 2 MiB, shared", R.median("alloc.shared"), Shared},
      {"allocate 2 MiB, pageable", R.median("alloc.pageable"), Page},
  };
  auto Drop = [](std::vector<Bar> &V) {
    V.erase(std::remove_if(V.begin(), V.end(), [](const Bar &B) { return !(B.V > 0); }),
            V.end());
  };
  Drop(BW);
  Drop(US);

  const int W = 960, LabelW = 300, BarX = LabelW + 10, BarMax = W - BarX - 110,
            RowH = 22, BarH = 15;
  std::string O;
  int Y = 20;
  auto Text = [&](int X, int Yp, const std::string &T, const char *Extra = "") {
    O += "<text x=\"" + std::to_string(X) + "\" y=\"" + std::to_string(Yp) +
         "\"" + Extra + ">" + xmlEscape(T) + "</text>\n";
  };
  auto Panel = [&](const std::string &Title, const std::vector<Bar> &Bars,
                   const std::string &Unit) {
    Y += 30;
    Text(10, Y, Title, " class=\"h\"");
    Y += 10;
    if (Bars.empty()) {
      Y += 20;
      Text(BarX, Y, "not measured");
      return;
    }
    double Lo = 1e300, Hi = 0;
    for (const Bar &B : Bars) {
      Lo = std::min(Lo, B.V);
      Hi = std::max(Hi, B.V);
    }
    // Log scale over whole decades: values spanning 1000x stay readable.
    double D0 = std::floor(std::log10(Lo)) - (Lo == Hi ? 1 : 0);
    double D1 = std::ceil(std::log10(Hi));
    if (D1 <= D0)
      D1 = D0 + 1;
    auto Xof = [&](double V) {
      return BarX + static_cast<int>((std::log10(V) - D0) / (D1 - D0) * BarMax);
    };
    int Top = Y, Bottom = Y + static_cast<int>(Bars.size()) * RowH + 4;
    for (double D = D0; D <= D1; D += 1) {
      int X = Xof(std::pow(10, D));
      O += "<line x1=\"" + std::to_string(X) + "\" y1=\"" + std::to_string(Top) +
           "\" x2=\"" + std::to_string(X) + "\" y2=\"" + std::to_string(Bottom) +
           "\" class=\"grid\"/>\n";
      char Tick[32];
      std::snprintf(Tick, sizeof Tick, D >= 0 ? "%.0f" : "%g", std::pow(10, D));
      Text(X, Bottom + 14, Tick, " class=\"tick\"");
    }
    for (const Bar &B : Bars) {
      int X1 = std::max(Xof(B.V), BarX + 2);
      Text(LabelW, Y + BarH - 2, B.Label, " class=\"l\"");
      O += "<rect x=\"" + std::to_string(BarX) + "\" y=\"" + std::to_string(Y + 2) +
           "\" width=\"" + std::to_string(X1 - BarX) + "\" height=\"" +
           std::to_string(BarH) + "\" fill=\"" + B.Color + "\"/>\n";
      Text(X1 + 6, Y + BarH - 2, num(B.V) + " " + Unit);
      Y += RowH;
    }
    Y = Bottom + 30;
    Text(BarX + BarMax / 2, Y, Unit + " (log scale)", " class=\"tick\"");
  };
  std::string Title = "usmcheck bench: " + std::string(R.Dev.name) + ", " +
                      R.Backend + " backend, " + R.Date;
  Panel("Bandwidth, GB/s (larger is better; " + formatSize(S.Largest) + " buffers)",
        BW, "GB/s");
  Panel("Time, microseconds (smaller is better; ping-pong per iteration on " +
            formatSize(R.PingPongBytes) + ")",
        US, "us");
  Y += 30;
  int LX = 10;
  for (auto [Name, Color] : std::vector<std::pair<const char *, const char *>>{
           {"device", Dev}, {"host", Host}, {"shared", Shared},
           {"pageable (not USM)", Page}, {"explicit copy", Copy}, {"launch", Launch}}) {
    O += "<rect x=\"" + std::to_string(LX) + "\" y=\"" + std::to_string(Y - 11) +
         "\" width=\"12\" height=\"12\" fill=\"" + Color + "\"/>\n";
    Text(LX + 16, Y, Name);
    LX += 30 + static_cast<int>(std::string(Name).size()) * 8;
  }
  Y += 15;
  std::string Head =
      "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"" + std::to_string(W) +
      "\" height=\"" + std::to_string(Y + 30) + "\" viewBox=\"0 0 " +
      std::to_string(W) + " " + std::to_string(Y + 30) +
      "\" font-family=\"DejaVu Sans, Arial, sans-serif\" font-size=\"12\">\n"
      "<style>.h{font-size:14px;font-weight:bold}.t{font-size:16px;"
      "font-weight:bold}.l{text-anchor:end}.tick{fill:#555;font-size:10px;"
      "text-anchor:middle}.grid{stroke:#ddd;stroke-width:1}</style>\n"
      "<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n";
  Head += "<text x=\"10\" y=\"22\" class=\"t\">" + xmlEscape(Title) + "</text>\n";
  return Head + O + "</svg>\n";
}

bool readJson(const std::string &Text, Results &R, std::string &Err) {
  json J = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  if (J.is_discarded() || !J.is_object() || J.value("tool", "") != "usmcheck bench" ||
      !J.contains("measurements") || !J["measurements"].is_array()) {
    Err = "not the JSON output of usmcheck bench";
    return false;
  }
  try {
    R.Version = J.value("version", "");
    R.Backend = J.value("backend", "");
    R.Date = J.value("date", "");
    const json &D = J.at("device");
    std::snprintf(R.Dev.name, sizeof R.Dev.name, "%s", D.value("name", "").c_str());
    std::snprintf(R.Dev.detail, sizeof R.Dev.detail, "%s", D.value("detail", "").c_str());
    std::snprintf(R.Dev.pci_bus_id, sizeof R.Dev.pci_bus_id, "%s",
                  D.value("pci_bus_id", "").c_str());
    R.Dev.index = D.value("index", 0);
    R.Dev.count = D.value("count", 0);
    R.Dev.is_gpu = D.value("is_gpu", false);
    R.Dev.total_bytes = D.value("total_bytes", 0ull);
    R.Dev.free_bytes = D.value("free_bytes", 0ull);
    R.Dev.sm_count = D.value("sm_count", 0);
    R.Dev.clock_khz = D.value("clock_khz", 0);
    R.Dev.mem_clock_khz = D.value("mem_clock_khz", 0);
    R.Dev.mem_bus_bits = D.value("mem_bus_bits", 0);
    auto Clock = [](const json &C, ClockState &S) {
      S.Valid = C.value("read", false);
      S.Source = S.Valid ? C.value("source", "") : C.value("why", "");
      if (!S.Valid)
        return;
      S.SmMHz = C.value("sm_mhz", 0u);
      S.MaxSmMHz = C.value("max_sm_mhz", 0u);
      S.MemMHz = C.value("mem_mhz", 0u);
      S.MaxMemMHz = C.value("max_mem_mhz", 0u);
      S.PState = C.value("pstate", -1);
      S.PowerW = C.value("power_w", 0.0);
      S.PowerLimitW = C.value("power_limit_w", 0.0);
      S.TempC = C.value("temp_c", 0u);
      S.PcieGen = C.value("pcie_gen", 0u);
      S.PcieWidth = C.value("pcie_width", 0u);
      S.PcieMaxGen = C.value("pcie_max_gen", 0u);
      S.PcieMaxWidth = C.value("pcie_max_width", 0u);
    };
    Clock(J.at("clocks").at("before"), R.Before);
    Clock(J.at("clocks").at("after"), R.After);
    const json &St = J.at("settings");
    R.Sizes = St.value("sizes", std::vector<uint64_t>{});
    R.Warmup = St.value("warmup", 0u);
    R.Reps = St.value("max_repetitions", 0u);
    R.TimeCapS = St.value("time_cap_s", 0.0);
    R.Quick = St.value("quick", false);
    R.Timer = St.value("timer", "");
    R.PingPongBytes = St.value("ping_pong_bytes", 0ull);
    R.PingPongIters = St.value("ping_pong_iterations", 0u);
    for (const json &X : J.at("measurements")) {
      Measurement M;
      M.Id = X.at("id").get<std::string>();
      M.Kind = X.value("kind", "");
      M.What = X.value("what", "");
      M.Unit = X.value("unit", "");
      M.Bytes = X.value("bytes", 0ull);
      M.Values = X.at("samples").get<std::vector<double>>();
      M.S = summarize(M.Values);
      R.M.push_back(std::move(M));
    }
    R.Notes = J.value("notes", std::vector<std::string>{});
  } catch (const std::exception &E) {
    Err = std::string("malformed usmcheck bench JSON: ") + E.what();
    return false;
  }
  return true;
}

bool summaryForChecks(const std::string &File, std::string &Line,
                      std::string &Err) {
  std::ifstream In(File, std::ios::binary);
  if (!In) {
    Err = "cannot read '" + File + "'";
    return false;
  }
  std::string Text((std::istreambuf_iterator<char>(In)),
                   std::istreambuf_iterator<char>());
  Results R;
  if (!readJson(Text, R, Err)) {
    Err = File + ": " + Err;
    return false;
  }
  Summary S = summary(R);
  auto Clean = [](std::string V) {
    for (char &C : V)
      if (C == ';' || C == '=' || C == '\n')
        C = ' ';
    return V;
  };
  std::string Out = "device=" + Clean(R.Dev.name) + ";date=" + Clean(R.Date);
  auto Put = [&](const char *Key, double V) {
    if (V > 0)
      Out += std::string(";") + Key + "=" + num(V);
  };
  Put("shared_us", S.PPShared);
  Put("device_copy_us", S.PPDevCopy);
  Put("ping_pong_ratio", ratio(S.PPShared, S.PPDevCopy));
  Put("host_read_gbs", S.HostRead);
  Put("device_read_gbs", S.DevRead);
  Put("host_read_ratio", ratio(S.DevRead, S.HostRead));
  Line = Out;
  return true;
}

} // namespace usm::bench

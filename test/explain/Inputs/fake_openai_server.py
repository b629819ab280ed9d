#!/usr/bin/env python3
"""A small OpenAI-compatible server for testing `usmcheck explain` offline.

Serves, on 127.0.0.1 with a port chosen by the kernel:
  GET  {prefix}/models             {"object":"list","data":[{"id":...},...]}
  POST {prefix}/chat/completions   chat completions, streaming (SSE) or not
  POST {prefix}/responses          the Responses API, streaming (SSE) or not
where {prefix} is "/v1", "" or both (--prefix).

Failure modes are chosen on the command line so that every diagnosis of
`usmcheck explain --doctor` and every error path of `--llm` can be reached
without the internet:
  --key K / --key-env VAR    require "Authorization: Bearer K" (else 401)
  --forbidden                answer 403 to authorised requests
  --echo-auth                repeat the Authorization header in the 403
                             message (to test that usmcheck redacts it)
  --prefix v1|none|both      which path prefix answers (others are 404)
  --models a,b               the catalogue; other models get 404
                             model_not_found on POST
  --fail N --fail-status S   the first N POST requests answer S (429, 500,..)
  --retry-after SECONDS      Retry-After header on those answers
  --delay SECONDS            sleep before answering
  --chunk-delay SECONDS      sleep after each streamed event
  --malformed                200 with a body that is not JSON (and SSE
                             events whose data is not JSON)
  --truncate                 streams stop before their final event
  --no-stream-support        ignore "stream": true and answer in one JSON
  --no-chat, --no-responses  do not serve that wire API (404)
  --error-status S --error-body B
                             every served path answers S with the raw body B
                             (after the key check)
  --decode-escapes           --answer, --models and --error-body are Python
                             escapes ('\x1b[2J', '\x00'), to send control
                             bytes that usmcheck must not print raw
  --endless                  streamed answers never end (and a non-streamed
                             answer is a JSON body that never closes)
  --answer-repeat N          the answer is --answer N times over

Two ways to run it:
  fake_openai_server.py [options] --port-file F
      serve until --lifetime seconds have passed, after writing the port to F.
  fake_openai_server.py [options] [--template IN=OUT]... -- COMMAND...
      serve in a thread, replace @PORT@ (this server), @DEADPORT@ (a port
      nothing listens on) and @URL@ (http://127.0.0.1:@PORT@) in COMMAND and
      in each template file, run COMMAND with a bounded timeout, pass its
      output and exit status through, then stop. This is what lit uses, since
      lit's shell cannot start background jobs.

--tls-cert CERT --tls-key KEY serve HTTPS instead (for certificate tests).

--log FILE appends one JSON line per request (method, path, query, selected
headers, body) so that tests can check what was sent. The Authorization
header is logged only as "match"/"mismatch"/"absent", never its value.

Python 3 standard library only; nothing leaves the loopback interface.
"""

import argparse
import codecs
import http.server
import json
import os
import socket
import ssl
import subprocess
import sys
import threading
import time
import urllib.parse

DEFAULT_ANSWER = ("The host reads device memory here. Allocate it as host "
                  "memory, or copy it back with omp_target_memcpy first.")


class State:
    def __init__(self, opts):
        self.opts = opts
        self.lock = threading.Lock()
        self.posts = 0


def make_handler(state):
    opts = state.opts

    class Handler(http.server.BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, fmt, *args):  # keep test output clean
            pass

        # --- helpers -----------------------------------------------------
        def send_json(self, status, obj, extra=None):
            body = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(body)))
            for k, v in (extra or {}).items():
                self.send_header(k, v)
            self.end_headers()
            self.wfile.write(body)

        def send_error_json(self, status, message, code=None, extra=None):
            err = {"message": message, "type": "invalid_request_error"}
            if code:
                err["code"] = code
            self.send_json(status, {"error": err}, extra)

        def auth_state(self):
            got = self.headers.get("Authorization")
            if got is None:
                return "absent"
            return "match" if got == "Bearer " + (opts.key or "") else "mismatch"

        def log_request_line(self, body):
            if not opts.log:
                return
            url = urllib.parse.urlsplit(self.path)
            entry = {
                "method": self.command,
                "path": url.path,
                "query": url.query,
                "auth": self.auth_state(),
                "headers": {k: v for k, v in self.headers.items()
                            if k.lower().startswith("x-")},
                "body": body,
            }
            with state.lock, open(opts.log, "a") as f:
                f.write(json.dumps(entry) + "\n")

        def route(self):
            """The endpoint name, or None if the path is not served."""
            path = urllib.parse.urlsplit(self.path).path.rstrip("/")
            served = ["models"]
            if not opts.no_chat:
                served.append("chat/completions")
            if not opts.no_responses:
                served.append("responses")
            for name in served:
                if path == "/v1/" + name and opts.prefix in ("v1", "both"):
                    return name
                if path == "/" + name and opts.prefix in ("none", "both"):
                    return name
            return None

        def check_auth(self):
            if opts.key is not None and self.auth_state() != "match":
                self.send_error_json(401, "Incorrect API key provided.",
                                     "invalid_api_key")
                return False
            if opts.forbidden:
                msg = "This key has no access to the requested project."
                if opts.echo_auth:  # a careless gateway repeating the key
                    msg += " (got %s)" % self.headers.get("Authorization")
                self.send_error_json(403, msg, "forbidden")
                return False
            return True

        # --- GET -----------------------------------------------------------
        def do_GET(self):
            self.log_request_line(None)
            if opts.delay:
                time.sleep(opts.delay)
            if self.route() != "models":
                self.send_error_json(404, "Not found: " + self.path)
                return
            if not self.check_auth():
                return
            if opts.error_status:
                self.send_raw(opts.error_status, "application/json",
                              opts.error_body)
                return
            if opts.malformed:
                self.send_raw(200, "text/html", b"<html>gateway says hi")
                return
            data = [{"id": m, "object": "model", "owned_by": "test"}
                    for m in opts.models]
            self.send_json(200, {"object": "list", "data": data})

        # --- POST ----------------------------------------------------------
        def do_POST(self):
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw or b"null")
            except ValueError:
                body = None
            self.log_request_line(body)
            if opts.delay:
                time.sleep(opts.delay)
            name = self.route()
            if name not in ("chat/completions", "responses"):
                self.send_error_json(404, "Not found: " + self.path)
                return
            if not self.check_auth():
                return
            if opts.error_status:
                self.send_raw(opts.error_status, "application/json",
                              opts.error_body)
                return
            with state.lock:
                state.posts += 1
                n = state.posts
            if n <= opts.fail:
                extra = {}
                if opts.retry_after is not None:
                    extra["Retry-After"] = str(opts.retry_after)
                self.send_error_json(opts.fail_status, "Simulated failure %d"
                                     % n, None, extra)
                return
            if not isinstance(body, dict) or "model" not in body:
                self.send_error_json(400, "Request body must be a JSON object "
                                     "with a model.")
                return
            model = body["model"]
            if model not in opts.models:
                self.send_error_json(404, "The model `%s` does not exist or "
                                     "you do not have access to it." % model,
                                     "model_not_found")
                return
            stream = bool(body.get("stream")) and not opts.no_stream_support
            if opts.malformed and not stream:
                self.send_raw(200, "application/json", b'{"choices": [ {"mess')
                return
            if opts.endless:
                self.answer_endless(name, stream)
                return
            if name == "chat/completions":
                self.answer_chat(model, stream)
            else:
                self.answer_responses(model, stream)

        def send_raw(self, status, ctype, payload):
            self.send_response(status)
            self.send_header("Content-Type", ctype)
            self.send_header("Content-Length", str(len(payload)))
            self.end_headers()
            self.wfile.write(payload)

        def answer_endless(self, name, stream):
            """An answer that never ends, until the client hangs up."""
            self.start_sse() if stream else self.start_endless_json()
            piece = (opts.answer + " ") * 8
            if not stream:
                head = ('{"choices": [{"index": 0, "message": {"role": '
                        '"assistant", "content": "')
                self.wfile.write(head.encode())
            try:
                while True:
                    if not stream:
                        self.wfile.write(json.dumps(piece)[1:-1].encode())
                    elif name == "chat/completions":
                        self.sse(json.dumps({"choices": [{"index": 0, "delta":
                                                          {"content": piece}}]}))
                    else:
                        self.sse(json.dumps({"type":
                                             "response.output_text.delta",
                                             "delta": piece}),
                                 "response.output_text.delta")
            except (BrokenPipeError, ConnectionResetError):
                pass

        def start_endless_json(self):
            self.send_response(200)
            self.send_header("Content-Type", "application/json")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True

        def chunks(self):
            words = opts.answer.split(" ")
            return [w if i == 0 else " " + w for i, w in enumerate(words)]

        def start_sse(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Connection", "close")
            self.end_headers()
            self.close_connection = True

        def sse(self, data, event=None):
            out = ""
            if event:
                out += "event: %s\n" % event
            out += "data: %s\n\n" % data
            self.wfile.write(out.encode())
            self.wfile.flush()
            if opts.chunk_delay:
                time.sleep(opts.chunk_delay)

        def answer_chat(self, model, stream):
            if not stream:
                self.send_json(200, {
                    "id": "chatcmpl-test", "object": "chat.completion",
                    "model": model,
                    "choices": [{"index": 0, "finish_reason": "stop",
                                 "message": {"role": "assistant",
                                             "content": opts.answer}}]})
                return
            self.start_sse()
            parts = self.chunks()
            if opts.truncate:
                parts = parts[:max(1, len(parts) // 2)]
            # A comment line and the role delta come first, as real gateways
            # send them; the client must skip both.
            self.wfile.write(b": keep-alive\n\n")
            self.sse(json.dumps({"choices": [{"index": 0, "delta":
                                              {"role": "assistant"}}]}))
            for p in parts:
                if opts.malformed:
                    self.sse("{not json")
                    continue
                self.sse(json.dumps({"id": "chatcmpl-test", "model": model,
                                     "choices": [{"index": 0, "delta":
                                                  {"content": p}}]}))
            if opts.truncate:
                return
            self.sse(json.dumps({"choices": [{"index": 0, "delta": {},
                                              "finish_reason": "stop"}]}))
            self.sse("[DONE]")

        def answer_responses(self, model, stream):
            done = {"id": "resp-test", "object": "response", "model": model,
                    "status": "completed",
                    "output": [{"type": "message", "role": "assistant",
                                "content": [{"type": "output_text",
                                             "text": opts.answer}]}]}
            if not stream:
                self.send_json(200, done)
                return
            self.start_sse()
            self.sse(json.dumps({"type": "response.created", "response":
                                 {"id": "resp-test", "status": "in_progress"}}),
                     "response.created")
            parts = self.chunks()
            if opts.truncate:
                parts = parts[:max(1, len(parts) // 2)]
            for p in parts:
                if opts.malformed:
                    self.sse("{not json", "response.output_text.delta")
                    continue
                self.sse(json.dumps({"type": "response.output_text.delta",
                                     "delta": p}),
                         "response.output_text.delta")
            if opts.truncate:
                return
            self.sse(json.dumps({"type": "response.completed",
                                 "response": done}), "response.completed")

    return Handler


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True

    def handle_error(self, request, client_address):
        # A client that gives up (timeouts under test) closes the socket
        # mid-answer; that is expected, not worth a traceback.
        if isinstance(sys.exc_info()[1], (BrokenPipeError,
                                          ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def dead_port():
    """A loopback port that nothing listens on (bound, then released)."""
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()
    return port


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--port-file")
    ap.add_argument("--lifetime", type=float, default=30.0,
                    help="seconds before the server exits by itself")
    ap.add_argument("--key")
    ap.add_argument("--key-env")
    ap.add_argument("--forbidden", action="store_true")
    ap.add_argument("--echo-auth", action="store_true")
    ap.add_argument("--prefix", choices=["v1", "none", "both"], default="both")
    ap.add_argument("--models", default="test-model,test-model-mini,other-llm")
    ap.add_argument("--fail", type=int, default=0)
    ap.add_argument("--fail-status", type=int, default=500)
    ap.add_argument("--retry-after")
    ap.add_argument("--delay", type=float, default=0.0)
    ap.add_argument("--chunk-delay", type=float, default=0.0)
    ap.add_argument("--malformed", action="store_true")
    ap.add_argument("--truncate", action="store_true")
    ap.add_argument("--no-stream-support", action="store_true")
    ap.add_argument("--no-chat", action="store_true")
    ap.add_argument("--no-responses", action="store_true")
    ap.add_argument("--answer", default=DEFAULT_ANSWER)
    ap.add_argument("--answer-repeat", type=int, default=1)
    ap.add_argument("--endless", action="store_true")
    ap.add_argument("--error-status", type=int, default=0)
    ap.add_argument("--error-body", default="")
    ap.add_argument("--decode-escapes", action="store_true")
    ap.add_argument("--log")
    ap.add_argument("--tls-cert")
    ap.add_argument("--tls-key")
    ap.add_argument("--template", action="append", default=[],
                    metavar="IN=OUT")
    argv = sys.argv[1:]
    command = []
    if "--" in argv:
        i = argv.index("--")
        argv, command = argv[:i], argv[i + 1:]
    opts = ap.parse_args(argv)
    if opts.key_env:
        opts.key = os.environ.get(opts.key_env)
    if opts.decode_escapes:
        def unescape(text):
            return codecs.escape_decode(text.encode())[0].decode("latin-1")
        opts.answer = unescape(opts.answer)
        opts.models = unescape(opts.models)
        opts.error_body = codecs.escape_decode(opts.error_body.encode())[0]
    else:
        opts.error_body = opts.error_body.encode()
    opts.answer = opts.answer * opts.answer_repeat
    opts.models = [m for m in opts.models.split(",") if m]

    server = Server(("127.0.0.1", 0), make_handler(State(opts)))
    if opts.tls_cert:
        ctx = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
        ctx.load_cert_chain(opts.tls_cert, opts.tls_key)
        server.socket = ctx.wrap_socket(server.socket, server_side=True)
    port = server.server_address[1]
    # A short poll interval makes shutdown() quick: tests start many servers.
    thread = threading.Thread(target=server.serve_forever,
                              kwargs={"poll_interval": 0.05}, daemon=True)
    thread.start()
    # Whatever happens, the server goes away after its lifetime.
    killer = threading.Timer(opts.lifetime, lambda: os._exit(3))
    killer.daemon = True
    killer.start()

    if opts.port_file:
        with open(opts.port_file + ".tmp", "w") as f:
            f.write("%d\n" % port)
        os.replace(opts.port_file + ".tmp", opts.port_file)

    if not command:
        try:
            time.sleep(opts.lifetime)
        except KeyboardInterrupt:
            pass
        server.shutdown()
        return 0

    subst = {"@URL@": "http://127.0.0.1:%d" % port, "@PORT@": str(port),
             "@DEADPORT@": str(dead_port())}

    def expand(s):
        for k, v in subst.items():
            s = s.replace(k, v)
        return s

    for t in opts.template:
        src, dst = t.split("=", 1)
        with open(src) as f:
            text = f.read()
        os.makedirs(os.path.dirname(os.path.abspath(dst)), exist_ok=True)
        with open(dst, "w") as f:
            f.write(expand(text))
    try:
        proc = subprocess.run([expand(a) for a in command],
                              timeout=max(1.0, opts.lifetime - 1))
        rc = proc.returncode
    except subprocess.TimeoutExpired:
        sys.stderr.write("fake_openai_server: command timed out\n")
        rc = 124
    server.shutdown()
    return rc


if __name__ == "__main__":
    sys.exit(main())

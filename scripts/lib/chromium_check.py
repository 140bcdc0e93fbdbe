#!/usr/bin/env python3
"""Opens a page in headless Chromium and checks it, through the Chrome DevTools Protocol.

    chromium_check.py [options] PAGE

PAGE is a file path or a URL. The page is loaded in a fresh headless Chromium (its own
temporary profile, --no-sandbox for root in containers), and the check fails when:

- a script throws an uncaught exception (Runtime.exceptionThrown), calls console.error or
  console.assert fails, or the browser logs an error (Log.entryAdded, level error);
- the page requests anything over the network (http:, https:, ws:): pages must be
  self-contained;
- a selector given with --expect is missing from the rendered DOM;
- an expression given with --expect-js is not true;
- with --enhanced, the page's script did not finish (<html data-enhanced="yes">);
- with --phone, the page is wider than a 390 px phone screen (tables must scroll inside
  their own boxes, not the page).

--screenshot FILE saves a PNG of the page (the first 6000 px of its height).

Only the Python standard library is used: a minimal WebSocket client (RFC 6455) carries
the protocol. Exit status: 0 the page passed, 1 it failed (the problems on stderr), 2 the
browser could not be started or driven.
"""

import argparse
import base64
import http.client
import json
import os
import pathlib
import secrets
import shutil
import socket
import struct
import subprocess
import sys
import tempfile
import time
import urllib.parse


class DriverError(Exception):
    """The browser could not be started or driven."""


class WebSocket:
    """A blocking WebSocket client: text frames out (masked), frames in, ping answered."""

    def __init__(self, url, timeout):
        parsed = urllib.parse.urlparse(url)
        self.sock = socket.create_connection((parsed.hostname, parsed.port), timeout=timeout)
        key = base64.b64encode(secrets.token_bytes(16)).decode()
        path = parsed.path + ("?" + parsed.query if parsed.query else "")
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {parsed.hostname}:{parsed.port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n"
        )
        self.sock.sendall(request.encode())
        response = b""
        while b"\r\n\r\n" not in response:
            chunk = self.sock.recv(4096)
            if not chunk:
                raise DriverError("the DevTools WebSocket closed during the handshake")
            response += chunk
        head, _, self.buffer = response.partition(b"\r\n\r\n")
        self.partial = b""
        if not head.startswith(b"HTTP/1.1 101"):
            raise DriverError("the DevTools WebSocket handshake failed: " + head.split(b"\r\n")[0].decode(errors="replace"))

    def send(self, text):
        payload = text.encode()
        header = bytearray([0x81])
        length = len(payload)
        if length < 126:
            header.append(0x80 | length)
        elif length < 65536:
            header.append(0x80 | 126)
            header += struct.pack("!H", length)
        else:
            header.append(0x80 | 127)
            header += struct.pack("!Q", length)
        mask = secrets.token_bytes(4)
        masked = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        self.sock.sendall(bytes(header) + mask + masked)

    def _fill(self, count):
        """Reads until the buffer holds `count` bytes. A timeout leaves the buffer intact."""
        while len(self.buffer) < count:
            chunk = self.sock.recv(65536)
            if not chunk:
                raise DriverError("the DevTools WebSocket closed")
            self.buffer += chunk

    def receive(self):
        """The next text message (fragments joined), answering pings.

        A frame is taken from the buffer only once it is complete, so a read timeout never
        loses part of one."""
        while True:
            self._fill(2)
            first, second = self.buffer[0], self.buffer[1]
            length, offset = second & 0x7F, 2
            if length == 126:
                self._fill(4)
                length, offset = struct.unpack("!H", self.buffer[2:4])[0], 4
            elif length == 127:
                self._fill(10)
                length, offset = struct.unpack("!Q", self.buffer[2:10])[0], 10
            masked = bool(second & 0x80)
            if masked:
                offset += 4
            self._fill(offset + length)
            payload = self.buffer[offset:offset + length]
            if masked:
                mask = self.buffer[offset - 4:offset]
                payload = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
            self.buffer = self.buffer[offset + length:]
            opcode = first & 0x0F
            if opcode == 0x8:
                raise DriverError("the browser closed the DevTools connection")
            if opcode == 0x9:  # ping
                self.sock.sendall(bytes([0x8A, 0x80]) + b"\0\0\0\0")
                continue
            if opcode in (0x0, 0x1, 0x2):
                self.partial += payload
                if first & 0x80:
                    message, self.partial = self.partial, b""
                    return message.decode()

    def close(self):
        try:
            self.sock.close()
        except OSError:
            pass


class Session:
    """Sends commands and gathers the events that arrive meanwhile."""

    def __init__(self, socket_, timeout):
        self.ws = socket_
        self.timeout = timeout
        self.next_id = 0
        self.events = []

    def command(self, method, **params):
        self.next_id += 1
        identifier = self.next_id
        self.ws.send(json.dumps({"id": identifier, "method": method, "params": params}))
        deadline = time.monotonic() + self.timeout
        while time.monotonic() < deadline:
            message = json.loads(self.ws.receive())
            if message.get("id") == identifier:
                if "error" in message:
                    raise DriverError(f"{method} failed: {message['error'].get('message')}")
                return message.get("result", {})
            if "method" in message:
                self.events.append(message)
        raise DriverError(f"{method} timed out")

    def wait_for(self, method, seconds):
        """Waits for an event (already received ones count)."""
        for event in self.events:
            if event["method"] == method:
                return event
        deadline = time.monotonic() + seconds
        self.ws.sock.settimeout(seconds)
        while time.monotonic() < deadline:
            try:
                message = json.loads(self.ws.receive())
            except socket.timeout:
                break
            if "method" in message:
                self.events.append(message)
                if message["method"] == method:
                    return message
        raise DriverError(f"no {method} within {seconds} s")

    def drain(self, seconds):
        """Collects events for a while (errors from timers and late scripts)."""
        self.ws.sock.settimeout(0.05)
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline:
            try:
                message = json.loads(self.ws.receive())
            except (socket.timeout, TimeoutError):
                continue
            if "method" in message:
                self.events.append(message)
        self.ws.sock.settimeout(self.timeout)

    def evaluate(self, expression):
        result = self.command("Runtime.evaluate", expression=expression, returnByValue=True)
        if "exceptionDetails" in result:
            raise DriverError("evaluating a check threw: " + describe_exception(result["exceptionDetails"]))
        return result["result"].get("value")


def describe_exception(details):
    exception = details.get("exception", {})
    text = exception.get("description") or details.get("text", "exception")
    where = f"{details.get('url', '')}:{details.get('lineNumber', 0) + 1}:{details.get('columnNumber', 0) + 1}"
    return f"{text.splitlines()[0]} at {where}"


def find_chromium(explicit):
    for candidate in [explicit, os.environ.get("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"]:
        if candidate and shutil.which(candidate):
            return shutil.which(candidate)
    raise DriverError("no chromium found (Debian: apt-get install chromium)")


def start_browser(binary, profile, timeout):
    arguments = [
        binary, "--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run",
        "--no-default-browser-check", "--disable-extensions", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--hide-scrollbars", "--mute-audio",
        "--remote-debugging-port=0", f"--user-data-dir={profile}", "about:blank",
    ]
    process = subprocess.Popen(arguments, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
    port_file = pathlib.Path(profile) / "DevToolsActivePort"
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise DriverError("chromium exited at start: " + process.stderr.read().decode(errors="replace")[-800:])
        if port_file.exists():
            lines = port_file.read_text().split("\n")
            if lines and lines[0].strip().isdigit():
                return process, int(lines[0])
        time.sleep(0.05)
    process.kill()
    raise DriverError("chromium did not open its DevTools port in time")


def page_target(port, timeout):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)
        try:
            connection.request("GET", "/json/list")
            targets = json.loads(connection.getresponse().read())
        except OSError:
            time.sleep(0.1)
            continue
        finally:
            connection.close()
        for target in targets:
            if target.get("type") == "page" and target.get("webSocketDebuggerUrl"):
                return target["webSocketDebuggerUrl"]
        time.sleep(0.1)
    raise DriverError("chromium offered no page to drive")


def check(args):
    page = args.page
    url = page if "://" in page else pathlib.Path(page).resolve().as_uri()
    if "://" not in page and not pathlib.Path(page).is_file():
        raise DriverError(f"no such page: {page}")
    binary = find_chromium(args.chromium)
    profile = tempfile.mkdtemp(prefix="layoutbench-chromium-")
    process = None
    ws = None
    problems = []
    try:
        process, port = start_browser(binary, profile, args.timeout)
        ws = WebSocket(page_target(port, args.timeout), args.timeout)
        session = Session(ws, args.timeout)
        for domain in ("Page", "Runtime", "Log", "Network"):
            session.command(f"{domain}.enable")
        session.command("Emulation.setDeviceMetricsOverride", width=args.width, height=args.height, deviceScaleFactor=1, mobile=False)
        session.command("Page.navigate", url=url)
        session.wait_for("Page.loadEventFired", args.timeout)
        session.drain(args.settle)

        for event in session.events:
            method, params = event["method"], event.get("params", {})
            if method == "Runtime.exceptionThrown":
                problems.append("script error: " + describe_exception(params.get("exceptionDetails", {})))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                problems.append(f"console.{params['type']}: {text}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                problems.append(f"browser error ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}".strip())
            elif method == "Network.requestWillBeSent":
                requested = params.get("request", {}).get("url", "")
                if requested.split(":", 1)[0] in ("http", "https", "ws", "wss"):
                    problems.append(f"network request (pages must be self-contained): {requested}")

        for selector in args.expect:
            if not session.evaluate(f"document.querySelector({json.dumps(selector)}) !== null"):
                problems.append(f"missing from the rendered page: {selector}")
        for expression in args.expect_js:
            if session.evaluate(f"Boolean({expression})") is not True:
                problems.append(f"not true in the rendered page: {expression}")
        if args.enhanced and session.evaluate("document.documentElement.getAttribute('data-enhanced')") != "yes":
            problems.append("the page's script did not finish (no data-enhanced=\"yes\" on <html>)")

        if args.screenshot:
            height = session.evaluate("Math.ceil(document.documentElement.scrollHeight)") or args.height
            height = max(args.height, min(int(height), 6000))
            session.command("Emulation.setDeviceMetricsOverride", width=args.width, height=height, deviceScaleFactor=1, mobile=False)
            shot = session.command("Page.captureScreenshot", format="png")
            pathlib.Path(args.screenshot).parent.mkdir(parents=True, exist_ok=True)
            pathlib.Path(args.screenshot).write_bytes(base64.b64decode(shot["data"]))

        if args.phone:
            session.command("Emulation.setDeviceMetricsOverride", width=390, height=844, deviceScaleFactor=2, mobile=True)
            session.drain(0.3)
            overflow = session.evaluate("document.documentElement.scrollWidth - window.innerWidth")
            if overflow is not None and overflow > 1:
                problems.append(f"wider than a 390 px phone screen by {overflow} px (something does not wrap or scroll in its own box)")
            if args.phone_screenshot:
                shot = session.command("Page.captureScreenshot", format="png")
                pathlib.Path(args.phone_screenshot).write_bytes(base64.b64decode(shot["data"]))
        try:
            session.command("Browser.close")
        except DriverError:
            pass
    finally:
        if ws:
            ws.close()
        if process:
            try:
                process.wait(timeout=5)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(profile, ignore_errors=True)
    return problems


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("page", help="a file path or URL")
    parser.add_argument("--expect", action="append", default=[], help="a CSS selector that must match (repeatable)")
    parser.add_argument("--expect-js", action="append", default=[], help="an expression that must be true (repeatable)")
    parser.add_argument("--enhanced", action="store_true", help="require <html data-enhanced=\"yes\">")
    parser.add_argument("--phone", action="store_true", help="require no page-wide sideways scrolling at 390 px")
    parser.add_argument("--screenshot", help="save a PNG of the page")
    parser.add_argument("--phone-screenshot", help="save a PNG at phone size (with --phone)")
    parser.add_argument("--chromium", help="the browser binary (default: chromium on the PATH)")
    parser.add_argument("--width", type=int, default=1280)
    parser.add_argument("--height", type=int, default=900)
    parser.add_argument("--timeout", type=float, default=30)
    parser.add_argument("--settle", type=float, default=0.5, help="seconds to keep listening after the load event")
    parser.add_argument("--quiet", action="store_true", help="print nothing when the page passes")
    args = parser.parse_args()
    try:
        problems = check(args)
    except DriverError as error:
        print(f"error: {args.page}: cannot check the page: {error}", file=sys.stderr)
        return 2
    if problems:
        for problem in problems:
            print(f"error: {args.page}: {problem}", file=sys.stderr)
        return 1
    if not args.quiet:
        print(f"ok: {args.page}" + (f" (screenshot {args.screenshot})" if args.screenshot else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())

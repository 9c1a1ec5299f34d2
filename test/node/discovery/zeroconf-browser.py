"""
A standard, RFC 6762-conformant mDNS browser for rfc-cache.test.ts: python-zeroconf (Debian's
python3-zeroconf), not our code. It browses _phase10._tcp on one interface (loopback in the test) and
prints, as JSON lines, what ITS CACHE says about each instance every 20 ms (ServiceInfo.load_from_cache:
the records a running browser such as Avahi or Apple's would show, with the RFC's cache rules applied):

  {"ev": "ready", "t": ms}
  {"ev": "state", "t": ms, "instances": {"<instance name>": {"table": …, "seats": …, …, "_port": …,
                                        "_addresses": […], "_txt_records": n} | null}}

(`_txt_records`: how many unexpired TXT records the cache holds for the instance; 1 is right.)

Printed only when the cached view changes. Exits when stdin closes.

  usage: zeroconf-browser.py <interface-ipv4>
"""
import json
import sys
import threading
import time

from zeroconf import ServiceBrowser, ServiceInfo, ServiceListener, Zeroconf, current_time_millis
from zeroconf.const import _CLASS_IN, _TYPE_TXT

TYPE = "_phase10._tcp.local."


def now_ms() -> int:
    return int(time.time() * 1000)


def out(obj: dict) -> None:
    obj["t"] = now_ms()
    sys.stdout.write(json.dumps(obj) + "\n")
    sys.stdout.flush()


class Names(ServiceListener):
    """Instance names the browser has heard of (a goodbye removes one)."""

    def __init__(self) -> None:
        self.names: set[str] = set()
        self.lock = threading.Lock()

    def add_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.add(name)

    def update_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.add(name)

    def remove_service(self, zc: Zeroconf, type_: str, name: str) -> None:
        with self.lock:
            self.names.discard(name)


def cached(zc: Zeroconf, name: str):
    info = ServiceInfo(TYPE, name)
    if not info.load_from_cache(zc):
        return None
    props = {k.decode(): (v.decode() if v is not None else None) for k, v in (info.properties or {}).items()}
    props["_port"] = info.port
    props["_addresses"] = sorted(info.parsed_addresses())
    # How many TXT records the cache holds for the instance: an RFC cache without the cache-flush bit keeps
    # the old value beside the new one (a set of two), and which one a browser shows is then arbitrary.
    now = current_time_millis()  # zeroconf's clock (monotonic), not the wall clock
    props["_txt_records"] = sum(1 for r in zc.cache.get_all_by_details(name, _TYPE_TXT, _CLASS_IN) if not r.is_expired(now))
    return props


def main() -> None:
    iface = sys.argv[1]
    zc = Zeroconf(interfaces=[iface])
    names = Names()
    ServiceBrowser(zc, TYPE, names)
    out({"ev": "ready"})
    stop = threading.Event()
    threading.Thread(target=lambda: (sys.stdin.read(), stop.set()), daemon=True).start()
    last = None
    while not stop.is_set():
        with names.lock:
            current = sorted(names.names)
        view = {n: cached(zc, n) for n in current}
        key = json.dumps(view, sort_keys=True)
        if key != last:
            last = key
            out({"ev": "state", "instances": view})
        time.sleep(0.02)
    zc.close()


if __name__ == "__main__":
    main()

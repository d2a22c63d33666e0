/**
 * jsdom has no matchMedia. This installs one that answers `(prefers-color-scheme: dark)` from a switch the test
 * flips, notifying listeners as a browser does when the OS theme changes.
 */
export function installColorSchemeMedia(initialDark: boolean) {
  let dark = initialDark;
  const listeners = new Set<() => void>();
  const matchMedia = (query: string) => ({
    media: query,
    get matches() {
      return query.includes("prefers-color-scheme: dark") ? dark : false;
    },
    addEventListener: (_type: string, listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: string, listener: () => void) => listeners.delete(listener),
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    dispatchEvent: () => false,
  });
  Object.defineProperty(window, "matchMedia", { configurable: true, writable: true, value: matchMedia });
  return {
    setDark(value: boolean) {
      dark = value;
      for (const listener of listeners) listener();
    },
  };
}

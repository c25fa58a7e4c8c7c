/**
 * Browser APIs that Mantine uses and jsdom lacks; harmless in a
 * browser. Installed by tests/setup-dom.ts for the dom test project.
 */
export function installDomShims(): void {
  if (!window.matchMedia) {
    window.matchMedia = (query: string) =>
      ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList;
  }
  if (!('ResizeObserver' in window)) {
    class NoopResizeObserver {
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    Object.assign(window, { ResizeObserver: NoopResizeObserver });
  }
  Element.prototype.scrollIntoView ??= () => undefined;
  // jsdom has scrollTo but only to complain that it is not implemented.
  window.scrollTo = () => undefined;
}

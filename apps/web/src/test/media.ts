/** A screen's media queries, as a test says they match: `matches` returns null to ask the real one. */
import { vi } from "vitest";

export function stubMediaQueries(matches: (query: string) => boolean | null) {
  const real = window.matchMedia.bind(window);
  vi.stubGlobal("matchMedia", (query: string) => {
    const said = matches(query);
    if (said === null) return real(query);
    const fixed: Partial<MediaQueryList> = {
      matches: said,
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    };
    return fixed as MediaQueryList;
  });
}

/**
 * At most `size` pieces of work running at once; the rest wait in the order they came. A turn is
 * given back whether the work succeeds or throws.
 */
export function turns(size: number): <T>(work: () => Promise<T>) => Promise<T> {
  let active = 0;
  const waiting: (() => void)[] = [];
  return async (work) => {
    if (active >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else active += 1;
    try {
      return await work();
    } finally {
      // The turn passes on to the next in line (`active` stays), else it is given back.
      const next = waiting.shift();
      if (next) next();
      else active -= 1;
    }
  };
}

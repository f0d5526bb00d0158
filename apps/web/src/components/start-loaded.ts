/**
 * Starts something whose code loads on first use, from an effect: what a first load need not
 * carry (the focus move after a change of route, the sheet's inert marking on a phone). Returns
 * the effect's cleanup, which also holds if the module arrives after it ran.
 */
export function startLoaded<M>(load: () => Promise<M>, start: (module: M) => () => void): () => void {
  let stop = () => {};
  let gone = false;
  load().then(
    (module) => {
      if (!gone) stop = start(module);
    },
    (e: unknown) => console.error("A part of the page could not be loaded", e),
  );
  return () => {
    gone = true;
    stop();
  };
}

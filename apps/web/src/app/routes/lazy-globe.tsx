/**
 * Cesium is ~4 MB (1.1 MB gzip): the globe is its own chunk, so the sidebar, the storage card and
 * the dialogs show (and work) while it loads behind a placeholder, which the globe keeps until
 * its first frame is drawn.
 */
import { lazy, Suspense } from "react";
import type { GlobeViewProps } from "../../globe";
import { GlobeLoading } from "../../components/globe-loading";
import { pageDownload } from "../../lib/offline/network-quiet";

const GlobeView = lazy(() => pageDownload(import("../../globe")).then((m) => ({ default: m.GlobeView })));

export function LazyGlobeView(props: GlobeViewProps) {
  return (
    <Suspense fallback={<GlobeLoading />}>
      <GlobeView {...props} />
    </Suspense>
  );
}

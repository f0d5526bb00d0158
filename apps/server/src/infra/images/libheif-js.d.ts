/** libheif-js ships types for the raw wasm exports only: the calls heic-worker.ts makes. */
declare module "libheif-js/wasm-bundle.js" {
  interface HeifImage {
    handle: unknown;
    free(): void;
  }
  interface Plane {
    id: number;
    width: number;
    height: number;
    stride: number;
    data: Uint8Array;
  }
  const libheif: {
    ready: Promise<void>;
    HeifDecoder: new () => { decode(bytes: Uint8Array): HeifImage[]; decoder: { delete(): void } };
    heif_js_decode_image2(
      handle: unknown,
      colorspace: number,
      chroma: number,
    ): Promise<{ code?: number; image: unknown; channels: Plane[] } | null>;
    heif_image_release(image: unknown): void;
    heif_colorspace: { heif_colorspace_RGB: number };
    heif_chroma: { heif_chroma_interleaved_RGB: number };
    heif_channel: { heif_channel_interleaved: number };
  };
  export default libheif;
}

/**
 * face-api's tiny face detector, run with its own weights but without face-api's forward pass,
 * for two savings measured in docs/benchmarks.md "Face blurring":
 * - No square: face-api pads every image to a square, so a 4:3 photo at 416 px spends a quarter
 *   of the network's work on 104 rows of padding. The network is fully convolutional (a grid of
 *   32 px cells, 5 anchor boxes each), so here the image is padded only to the next multiple of
 *   32 px (416×312 → 416×320, a 13×10 grid) with the same black pixels face-api pads with.
 * - Fewer operations: face-api runs each layer as pad, convolution, bias, then leaky ReLU as four
 *   element-wise passes over the whole feature map. Here each layer is one depthwise convolution
 *   and one fused convolution with its bias and leaky ReLU, and the input's normalisation
 *   (subtract the mean colour, divide by 255) is folded into the first layer's weights at load.
 * The grid is decoded with face-api's formulas, anchors and non-maximum suppression, so the boxes
 * are face-api's own up to float rounding and what the padding changes at the image's edge.
 */
import type * as Tf from "@tensorflow/tfjs";

type Tensor1D = Tf.Tensor1D;
type Tensor4D = Tf.Tensor4D;

/** The network's weights as face-api loads them (its nets.tinyFaceDetector.params). */
export interface TinyFaceParams {
  conv0: { filters: Tensor4D; bias: Tensor1D };
  conv1: SeparableParams;
  conv2: SeparableParams;
  conv3: SeparableParams;
  conv4: SeparableParams;
  conv5: SeparableParams;
  conv8: { filters: Tensor4D; bias: Tensor1D };
}
interface SeparableParams {
  depthwise_filter: Tensor4D;
  pointwise_filter: Tensor4D;
  bias: Tensor1D;
}

/** face-api's constants for this network (tinyFaceDetector/const.ts). */
const MEAN_RGB = [117.001, 114.697, 97.404];
const ANCHORS: readonly (readonly [number, number])[] = [
  [1.603231, 2.094468],
  [6.041143, 7.080126],
  [2.882459, 3.518061],
  [4.266906, 5.178857],
  [9.041765, 10.66308],
];
const IOU_THRESHOLD = 0.4;
const LEAKY_ALPHA = 0.1;
/** Five halvings: one output cell per 32 × 32 input pixels. */
export const CELL = 32;
/** Values per anchor in the output: box x, y, width, height, then the face score. */
const BOX_ENCODING = 5;

/** A box in pixels of the network's input. */
export interface NetBox {
  x: number;
  y: number;
  width: number;
  height: number;
  score: number;
}

/** The network's output: rows × cols cells, each with its anchors' 5 raw values (row-major). */
export interface Grid {
  rows: number;
  cols: number;
  values: Float32Array;
}

export interface TinyFaceNet {
  /**
   * The raw grid for an RGB image (3 values a pixel, 0–255) of any size: it is padded at the right and
   * bottom to multiples of 32 px, never scaled.
   */
  run(rgb: Uint8Array | Float32Array, width: number, height: number): Promise<Grid>;
}

/** Folds the weights once (at load) and keeps them; the returned net runs on `tf`'s backend. */
export function createTinyFaceNet(tf: typeof Tf, p: TinyFaceParams): TinyFaceNet {
  // conv0 is 'valid' (no zero border inside the picture), so folding the normalisation is exact:
  // w·(x − mean)/255 + b = (w/255)·x + (b − Σ w·mean/255).
  const [filters0, bias0] = tf.tidy(() => {
    const w = tf.div<Tensor4D>(p.conv0.filters, 255);
    const shift = tf.sum(tf.mul(w, tf.tensor4d(MEAN_RGB, [1, 1, 3, 1])), [0, 1, 2]);
    return [w, tf.sub<Tensor1D>(p.conv0.bias, shift)];
  });
  const separable = [p.conv1, p.conv2, p.conv3, p.conv4, p.conv5];
  const leaky = { activation: "leakyrelu", leakyreluAlpha: LEAKY_ALPHA } as const;

  return {
    async run(rgb, width, height) {
      const padW = Math.ceil(width / CELL) * CELL;
      const padH = Math.ceil(height / CELL) * CELL;
      // Pixel value 0 in the padding, as face-api's padding to a square.
      const pixels = new Float32Array(padW * padH * 3);
      for (let y = 0; y < height; y++) {
        const row = rgb.subarray(y * width * 3, (y + 1) * width * 3);
        pixels.set(row, y * padW * 3);
      }
      const out = tf.tidy(() => {
        const input = tf.tensor4d(pixels, [1, padH, padW, 3]);
        let x = tf.fused.conv2d({
          x: input,
          filter: filters0,
          bias: bias0,
          strides: 1,
          pad: "valid",
          ...leaky,
        });
        x = tf.maxPool(x, 2, 2, "same");
        for (const [i, layer] of separable.entries()) {
          x = tf.depthwiseConv2d(x, layer.depthwise_filter, 1, "same");
          x = tf.fused.conv2d({
            x,
            filter: layer.pointwise_filter,
            bias: layer.bias,
            strides: 1,
            pad: "valid",
            ...leaky,
          });
          // After the last separable layer the pooling keeps the grid (stride 1), as face-api's.
          x = tf.maxPool(x, 2, i < separable.length - 1 ? 2 : 1, "same");
        }
        return tf.fused.conv2d({ x, filter: p.conv8.filters, bias: p.conv8.bias, strides: 1, pad: "valid" });
      });
      try {
        const [, rows, cols] = out.shape;
        return { rows, cols, values: (await out.data()) as Float32Array };
      } finally {
        out.dispose();
      }
    },
  };
}

const sigmoid = (v: number) => 1 / (1 + Math.exp(-v));

/**
 * The faces in a grid, in pixels of the network's input, best first: face-api's decoding (each
 * cell's anchor boxes, scores above `scoreThreshold`) and its non-maximum suppression.
 */
export function decodeGrid(grid: Grid, scoreThreshold: number): NetBox[] {
  const anchors = ANCHORS.length;
  const found: NetBox[] = [];
  for (let row = 0; row < grid.rows; row++) {
    for (let col = 0; col < grid.cols; col++) {
      for (let a = 0; a < anchors; a++) {
        const at = ((row * grid.cols + col) * anchors + a) * BOX_ENCODING;
        const v = grid.values;
        const score = sigmoid(v[at + 4]!);
        if (!(score > scoreThreshold)) continue;
        const width = Math.exp(v[at + 2]!) * ANCHORS[a]![0] * CELL;
        const height = Math.exp(v[at + 3]!) * ANCHORS[a]![1] * CELL;
        const cx = (col + sigmoid(v[at]!)) * CELL;
        const cy = (row + sigmoid(v[at + 1]!)) * CELL;
        found.push({ x: cx - width / 2, y: cy - height / 2, width, height, score });
      }
    }
  }
  return suppressOverlaps(found);
}

/** face-api's non-maximum suppression: the best box stays, boxes overlapping it (IoU > 0.4) go. */
function suppressOverlaps(boxes: NetBox[]): NetBox[] {
  // A stable sort by score, taken from the end: ties resolve as in face-api.
  let left = [...boxes].sort((a, b) => a.score - b.score);
  const kept: NetBox[] = [];
  while (left.length > 0) {
    const best = left.pop()!;
    kept.push(best);
    left = left.filter((b) => iou(best, b) <= IOU_THRESHOLD);
  }
  return kept;
}

function iou(a: NetBox, b: NetBox): number {
  const w = Math.max(0, Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x));
  const h = Math.max(0, Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y));
  const inter = w * h;
  return inter / (a.width * a.height + b.width * b.height - inter);
}

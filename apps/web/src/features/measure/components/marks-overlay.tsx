/**
 * The marks drawn over the photo in screen pixels (so they stay thin and legible at any zoom):
 * a ring with a cross at the exact point, its name and height beside it, and the lines joining
 * the pairs (vertical lines, the pole's axis, the plumb line).
 */
import type { DrawnLine, DrawnMark } from "../lib/drawn-marks";
import type { MarkRef } from "../lib/marks";
import { toScreen, type PhotoView, type Pixel } from "../lib/photo-view";

const same = (a: MarkRef | null, b: MarkRef) => a !== null && a.list === b.list && a.index === b.index;

export function MarksOverlay(props: {
  view: PhotoView;
  marks: readonly DrawnMark[];
  lines: readonly DrawnLine[];
  selected: MarkRef | null;
  cursor: Pixel | null;
}) {
  const { view, marks, lines, selected, cursor } = props;
  return (
    <svg
      aria-hidden
      data-testid="measure-overlay"
      style={{ position: "absolute", inset: 0, width: "100%", height: "100%", pointerEvents: "none" }}
    >
      {lines.map((line, i) => {
        const [x1, y1] = toScreen(view, line.from);
        const [x2, y2] = toScreen(view, line.to);
        return <line key={i} x1={x1} y1={y1} x2={x2} y2={y2} stroke={line.color} strokeWidth={2} />;
      })}
      {marks.map((mark) => {
        const [x, y] = toScreen(view, mark.at);
        const chosen = same(selected, mark.ref);
        return (
          <g key={`${mark.ref.list}-${mark.ref.index}`} data-mark={`${mark.ref.list}-${mark.ref.index}`}>
            <circle cx={x} cy={y} r={chosen ? 9 : 6} fill="none" stroke="#000" strokeWidth={3} />
            <circle cx={x} cy={y} r={chosen ? 9 : 6} fill="none" stroke={mark.color} strokeWidth={1.5} />
            <path d={`M${x - 3} ${y}H${x + 3}M${x} ${y - 3}V${y + 3}`} stroke={mark.color} strokeWidth={1} />
            <text
              x={x + 12}
              y={y + 4}
              fontSize={12}
              fill="#fff"
              stroke="#000"
              strokeWidth={3}
              paintOrder="stroke"
              fontFamily="sans-serif"
            >
              {mark.text}
            </text>
          </g>
        );
      })}
      {cursor &&
        (() => {
          const [x, y] = toScreen(view, cursor);
          return (
            <path
              data-testid="measure-cursor"
              d={`M${x - 12} ${y}H${x + 12}M${x} ${y - 12}V${y + 12}`}
              stroke="#ffeb3b"
              strokeWidth={1.5}
            />
          );
        })()}
    </svg>
  );
}

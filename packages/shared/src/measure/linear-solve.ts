/** Solves the small square system A x = b (Gaussian elimination, partial pivoting); null when singular. */
export function solveLinear(a: number[][], b: number[]): number[] | null {
  const n = b.length;
  const m = a.map((row, i) => [...row, b[i]!]);
  for (let col = 0; col < n; col++) {
    let pivot = col;
    for (let r = col + 1; r < n; r++) if (Math.abs(m[r]![col]!) > Math.abs(m[pivot]![col]!)) pivot = r;
    if (Math.abs(m[pivot]![col]!) < 1e-300) return null;
    [m[col], m[pivot]] = [m[pivot]!, m[col]!];
    for (let r = col + 1; r < n; r++) {
      const f = m[r]![col]! / m[col]![col]!;
      for (let c = col; c <= n; c++) m[r]![c]! -= f * m[col]![c]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let sum = m[r]![n]!;
    for (let c = r + 1; c < n; c++) sum -= m[r]![c]! * x[c]!;
    x[r] = sum / m[r]![r]!;
  }
  return x.every(Number.isFinite) ? x : null;
}

/** The least-squares solution of the overdetermined J x ≈ e (normal equations, columns scaled). */
export function leastSquares(rows: number[][], rhs: number[]): number[] | null {
  const k = rows[0]?.length ?? 0;
  // Scaling each column to unit length keeps metres, pixels and their products comparable.
  const scale = Array.from({ length: k }, (_, c) => Math.hypot(...rows.map((r) => r[c]!)) || 1);
  const ata = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  const atb = new Array<number>(k).fill(0);
  rows.forEach((row, i) => {
    for (let a = 0; a < k; a++) {
      atb[a]! += (row[a]! / scale[a]!) * rhs[i]!;
      for (let b = 0; b < k; b++) ata[a]![b]! += (row[a]! / scale[a]!) * (row[b]! / scale[b]!);
    }
  });
  const x = solveLinear(ata, atb);
  return x && x.map((v, c) => v / scale[c]!);
}

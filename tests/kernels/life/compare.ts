// Life data columns from a fixture's data object (null start = none).
export function columnsOf(data: {
  end: number[] | number;
  start?: Array<number | null> | number | null;
  state?: number[] | number;
  quantity?: number[] | number;
}) {
  const list = <T>(v: T[] | T | undefined): T[] | undefined =>
    v === undefined ? undefined : Array.isArray(v) ? v : [v];
  const end = list(data.end) as number[];
  const start = list(data.start as Array<number | null> | undefined);
  const state = list(data.state);
  const quantity = list(data.quantity);
  return {
    end: Float64Array.from(end),
    start: start ? Float64Array.from(start, (v) => (v === null ? Number.NaN : v)) : undefined,
    state: state ? Int32Array.from(state) : undefined,
    quantity: quantity ? Float64Array.from(quantity) : undefined,
  };
}

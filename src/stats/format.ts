/** A p-value for reports: three significant digits, "< 0.0001" below that. */
export function formatP(p: number): string {
  if (Number.isNaN(p)) return 'n/a';
  return p < 1e-4 ? '< 0.0001' : p.toPrecision(3);
}

/** Öre as the bank's decimal kronor, "12345678.90": integer division only, so no amount passes through floating point. */
export function kronor(ore: bigint): string {
  const sign = ore < 0n ? '-' : '';
  const magnitude = ore < 0n ? -ore : ore;
  return `${sign}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** The sum of whole öre, exact however many there are. */
export const sumOre = (amounts: number[]): bigint => amounts.reduce((sum, ore) => sum + BigInt(ore), 0n);

/** The bank's decimal kronor ("1234.5", "1234.50", "1234") as whole öre; null for anything else. */
export function oreOf(kronorText: string): number | null {
  const match = /^(\d{1,13})(?:\.(\d{1,2}))?$/.exec(kronorText.trim());
  if (!match) return null;
  const ore = BigInt(match[1]) * 100n + BigInt((match[2] ?? '0').padEnd(2, '0'));
  return ore <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(ore) : null;
}

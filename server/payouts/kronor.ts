/** Öre as the bank's decimal kronor, "12345678.90": integer division only, so no amount passes through floating point. */
export function kronor(ore: bigint): string {
  const sign = ore < 0n ? '-' : '';
  const magnitude = ore < 0n ? -ore : ore;
  return `${sign}${magnitude / 100n}.${(magnitude % 100n).toString().padStart(2, '0')}`;
}

/** The sum of whole öre, exact however many there are. */
export const sumOre = (amounts: number[]): bigint => amounts.reduce((sum, ore) => sum + BigInt(ore), 0n);

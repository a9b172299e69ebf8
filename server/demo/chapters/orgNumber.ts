/** The Luhn check digit of the first nine digits of a Swedish organisation number. */
function luhnCheckDigit(nineDigits: string): number {
  let sum = 0;
  for (let i = 0; i < nineDigits.length; i++) {
    let d = Number(nineDigits[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** 'NNNNNN-NNNN' from nine digits (the third one >= 2, as for legal entities) and the computed check digit. */
export function orgNumber(nineDigits: string): string {
  if (!/^\d{2}[2-9]\d{6}$/.test(nineDigits)) throw new Error(`Not a legal entity's number: ${nineDigits}`);
  return `${nineDigits.slice(0, 6)}-${nineDigits.slice(6)}${luhnCheckDigit(nineDigits)}`;
}

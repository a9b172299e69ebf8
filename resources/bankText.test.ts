import { describe, expect, it } from 'vitest';
import { bankText, characterName } from './bankText.js';

// What a Swedish bank takes in a payment's names: the Latin set and å ä ö, others in their Latin form or refused.

describe('bank text', () => {
  it('keeps the Latin set and å ä ö Å Ä Ö as they are', () => {
    expect(bankText("Åsa Öberg-Ärlig (kassör), 12/3 + 4? O'Brien: ok.")).toEqual({
      text: "Åsa Öberg-Ärlig (kassör), 12/3 + 4? O'Brien: ok.",
    });
  });

  it('writes accented letters, ligatures and typographic signs in their Latin form', () => {
    expect(bankText('Café Müller & Søn – “Ærø” Straße Łódź')).toEqual({ text: "Cafe Muller + Son - 'AEro' Strasse Lodz" });
    expect(bankText('Crème\u0301 brûlée')).toEqual({ text: 'Creme brulee' });
  });

  it('refuses what has no Latin form, naming the character', () => {
    expect(bankText('Föreningen 🎉')).toEqual({ refused: '🎉' });
    expect(bankText('王小明')).toEqual({ refused: '王' });
    expect(bankText('Bank\u202Eevil')).toEqual({ refused: '\u202E' });
    expect(bankText('Kalle @ hemma')).toEqual({ refused: '@' });
    expect(characterName('王')).toBe('"王"');
    expect(characterName('\u202E')).toBe('U+202E');
  });
});

import iconv from 'iconv-lite';

/** One line of an SIE file: its label without '#' and its fields, quotes and escapes taken off, braces kept. */
export interface SieRecord {
  label: string;
  fields: string[];
}

export interface ReadVoucher {
  series: string;
  number: number;
  /** 'YYYY-MM-DD'. */
  day: string;
  text: string;
  transactions: { account: number; ore: number }[];
  /** The registration's day and signature, when the file gives them. */
  registered?: { day: string; by: string };
}

export interface ReadSie {
  records: SieRecord[];
  accounts: Map<number, string>;
  vouchers: ReadVoucher[];
}

/** A line's fields: separated by spaces or tabs; a quoted field ends at an unescaped quote; `{...}` is one field. */
function fields(line: string): string[] {
  const found: string[] = [];
  let i = 0;
  while (i < line.length) {
    if (line[i] === ' ' || line[i] === '\t') {
      i++;
    } else if (line[i] === '"') {
      let value = '';
      for (i++; i < line.length && line[i] !== '"'; i++) value += line[i] === '\\' ? line[++i] : line[i];
      found.push(value);
      i++;
    } else {
      const close = line[i] === '{' ? line.indexOf('}', i) + 1 : 0;
      const stop = close || line.slice(i).search(/[ \t]|$/) + i;
      found.push(line.slice(i, stop));
      i = stop;
    }
  }
  return found;
}

/** An amount as öre, from its digits: "-1234.5" is -123450. */
function ore(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`Not an SIE amount: "${amount}"`);
  const value = Number(BigInt(match[2] + (match[3] ?? '').padEnd(2, '0')));
  return match[1] ? -value : value;
}

const day = (date: string) => `${date.slice(0, 4)}-${date.slice(4, 6)}-${date.slice(6, 8)}`;

/** Reads an SIE 4 file as an accounting program would: code page 437, CRLF or LF, its accounts and its vouchers. */
export function readSie(bytes: Buffer): ReadSie {
  const records: SieRecord[] = [];
  const accounts = new Map<number, string>();
  const vouchers: ReadVoucher[] = [];
  for (const line of iconv.decode(bytes, 'cp437').split(/\r?\n/)) {
    const [head = '', ...rest] = fields(line);
    if (!head.startsWith('#')) continue;
    const record = { label: head.slice(1), fields: rest };
    records.push(record);
    if (record.label === 'KONTO') accounts.set(Number(rest[0]), rest[1]);
    if (record.label === 'VER') {
      const registered = rest[4] ? { registered: { day: day(rest[4]), by: rest[5] ?? '' } } : {};
      vouchers.push({ series: rest[0], number: Number(rest[1]), day: day(rest[2]), text: rest[3], transactions: [], ...registered });
    }
    if (record.label === 'TRANS') {
      if (!vouchers.length) throw new Error('#TRANS before any #VER');
      vouchers[vouchers.length - 1].transactions.push({ account: Number(rest[0]), ore: ore(rest[2]) });
    }
  }
  return { records, accounts, vouchers };
}

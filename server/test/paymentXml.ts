import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { create } from 'xmlbuilder2';

type Message = 'pain.001.001.03' | 'pain.002.001.03' | 'camt.054.001.02';

/**
 * xmllint's verdict on a bank message against its official schema (the payment file unless named): empty when it
 * validates, else its complaints.
 */
export function schemaErrors(xml: string, message: Message = 'pain.001.001.03'): string {
  const xsd = fileURLToPath(new URL(`../payouts/xsd/${message}.xsd`, import.meta.url));
  const run = spawnSync('xmllint', ['--noout', '--schema', xsd, '-'], { input: xml, encoding: 'utf8' });
  if (run.error) throw run.error;
  return run.status === 0 ? '' : run.stderr;
}

/** The texts of every element named `name`, in document order, as an XML reader sees them. */
export function texts(xml: string, name: string): string[] {
  const found: string[] = [];
  create(xml).each(
    (node) => {
      if (node.node.nodeName === name) found.push(node.node.textContent ?? '');
    },
    false,
    true,
  );
  return found;
}

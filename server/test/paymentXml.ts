import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { create } from 'xmlbuilder2';

const XSD = join(__dirname, '..', 'payouts', 'xsd', 'pain.001.001.03.xsd');

/** xmllint's verdict on a payment file against the official schema: empty when it validates, else its complaints. */
export function schemaErrors(xml: string): string {
  const run = spawnSync('xmllint', ['--noout', '--schema', XSD, '-'], { input: xml, encoding: 'utf8' });
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

import { sql, type Kysely } from 'kysely';

/** The default texts of the decision mail, per decision and language; staff edit them in the settings. */
const defaults: { decision: number; locale: string; subject: string; body: string }[] = [
  {
    decision: 40,
    locale: 'sv-SE',
    subject: 'Beslut om din ansökan %{reference} – %{product}',
    body: [
      'Vi har nu behandlat din ansökan %{reference} i %{period} och har glädjen att meddela att stiftelsen har beviljat %{amount}.',
      'Läs mer, svara oss och följ din ansökan i dialogen:\n%{link}',
      'Stort lycka till med ert arbete!',
    ].join('\n\n'),
  },
  {
    decision: 40,
    locale: 'en-US',
    subject: 'Decision on your application %{reference} – %{product}',
    body: [
      'We have now considered your application %{reference} in %{period}, and we are happy to tell you that the foundation has granted %{amount}.',
      'Read more, reply to us and follow your application in the dialogue:\n%{link}',
      'We wish you every success with your work!',
    ].join('\n\n'),
  },
  {
    decision: -10,
    locale: 'sv-SE',
    subject: 'Beslut om din ansökan %{reference} – %{product}',
    body: [
      'Vi har nu behandlat din ansökan %{reference} i %{period}. Vi fick in många bra ansökningar och tyvärr kan stiftelsen inte bevilja din ansökan den här gången.',
      'Har du frågor om beslutet kan du skriva till oss i dialogen:\n%{link}',
      'Tack för ditt intresse, och välkommen att söka igen.',
    ].join('\n\n'),
  },
  {
    decision: -10,
    locale: 'en-US',
    subject: 'Decision on your application %{reference} – %{product}',
    body: [
      'We have now considered your application %{reference} in %{period}. We received many good applications, and unfortunately the foundation cannot grant yours this time.',
      'If you have questions about the decision, you can write to us in the dialogue:\n%{link}',
      'Thank you for your interest, and you are welcome to apply again.',
    ].join('\n\n'),
  },
];

/**
 * The decision mail (whose sent date the "decision mail sent" progress indicator shows): its subject and body per decision
 * (approved 40, rejected -10) and language, edited by staff who hold manage-mail-templates (admin).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE decision_mail_templates (
      id serial PRIMARY KEY,
      decision smallint NOT NULL CHECK (decision IN (40, -10)),
      locale text NOT NULL CHECK (locale IN ('sv-SE', 'en-US')),
      subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
      body text NOT NULL CHECK (length(body) >= 1),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (decision, locale)
    );
    INSERT INTO abilities (name) VALUES ('manage-mail-templates');
    INSERT INTO role_abilities (role, ability) VALUES ('admin', 'manage-mail-templates');
  `.execute(db);
  for (const { decision, locale, subject, body } of defaults) {
    await sql`INSERT INTO decision_mail_templates (decision, locale, subject, body) VALUES (${decision}, ${locale}, ${subject}, ${body})`.execute(
      db,
    );
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    DROP TABLE decision_mail_templates;
    DELETE FROM abilities WHERE name = 'manage-mail-templates';
  `.execute(db);
}

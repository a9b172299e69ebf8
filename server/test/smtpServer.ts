import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients, comma-separated. */
  to: string;
  /** The message as it came, headers and body. */
  raw: string;
  /** Whether the client asked for SMTPUTF8 (RFC 6531), which an internationalised address needs. */
  smtpUtf8: boolean;
}

/**
 * A real SMTP server on a free port of the loopback, keeping every mail it receives, for the app to deliver to; the
 * addresses `refuses` names are refused as a mail server refuses an unknown mailbox, naming it in the answer.
 */
export async function startSmtpServer({ refuses = () => false }: { refuses?: (address: string) => boolean } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(address, _session, callback) {
      if (!refuses(address.address)) return callback();
      callback(Object.assign(new Error(`No mailbox here for <${address.address}>`), { responseCode: 550 }));
    },
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        const smtpUtf8 = !!from && (from.args as Record<string, unknown>).SMTPUTF8 === true;
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), raw, smtpUtf8 });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The mails received for `to`. */
    receivedBy: (to: string) => received.filter((mail) => mail.to === to),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

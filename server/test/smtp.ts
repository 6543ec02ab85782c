import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { freePort } from './scratch';

/*
 * A real SMTP server on loopback for the email suites: it receives what the app sends and
 * parses each message back with mailparser. `refuse` makes it answer every message with a
 * permanent error, as a server that will not take mail does.
 */
export interface Inbox {
  url: string;
  messages: ParsedMail[];
  /** Answer 550 to every message from now on (or stop). */
  refuse: boolean;
  /** The messages sent to `address`. */
  to(address: string): ParsedMail[];
  close(): Promise<void>;
}

export async function startInbox(): Promise<Inbox> {
  const messages: ParsedMail[] = [];
  const inbox = {} as Inbox;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (inbox.refuse) {
            callback(Object.assign(new Error('Mailbox unavailable'), { responseCode: 550 }));
            return;
          }
          messages.push(parsed);
          callback();
        })
        .catch(callback);
    },
  });
  const free = await freePort();
  await new Promise<void>((resolve) => server.listen(free, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return Object.assign(inbox, {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    refuse: false,
    to: (address: string) =>
      messages.filter((m) => [m.to].flat().some((to) => to?.text.includes(address))),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}

export interface MailMessage {
  to: string;
  /** The sender's name shown with the configured MAIL_FROM address (an organisation's name); MAIL_FROM's own name otherwise. */
  fromName?: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail. A port (docs/architecture.md): SMTP when SMTP_URL is set, otherwise the stored
 * outbox. Services depend on this class only.
 */
export abstract class Mailer {
  /** Human description of where messages go, for the start-up log. */
  abstract readonly destination: string;

  /** Resolves once the message is accepted (by the SMTP server, or stored); rejects otherwise. */
  abstract send(message: MailMessage): Promise<void>;
}

/** A send that failed: the caller answers 503 with this description. */
export const MAIL_UNAVAILABLE = 'We could not send the e-mail right now. Please try again in a few minutes.';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where replies go (a member writing to a cast member), instead of the site's address. */
  replyTo?: string;
}

/**
 * Hands a message to a mail server. Only the mail delivery job calls it; everything else queues
 * mail through the mail service, so no request ever waits for SMTP.
 */
export interface MailTransport {
  deliver(message: MailMessage): Promise<void>;
  close(): Promise<void>;
}

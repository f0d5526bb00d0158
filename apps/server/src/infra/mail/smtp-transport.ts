/** Delivery over SMTP (SMTP_URL) with nodemailer. */
import nodemailer from "nodemailer";
import { renderHtml, type MailTransport } from "./mailer";

export function createSmtpTransport(opts: { url: string; from: string }): MailTransport {
  const transporter = nodemailer.createTransport(opts.url);
  return {
    kind: "smtp",
    async deliver(message) {
      await transporter.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: renderHtml(message),
      });
    },
    close: () => transporter.close(),
  };
}

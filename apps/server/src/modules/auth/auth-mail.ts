/** The two messages accounts send. Links are built here from PUBLIC_URL, never from the request. */
import { PRODUCT_NAME, workspaceTexts, type WorkspaceRole } from "@poleatlas/shared";
import type { MailMessage } from "../../infra/mail/mailer";

export function confirmationMail(to: string, url: string): MailMessage {
  return {
    to,
    subject: `Confirm your ${PRODUCT_NAME} account`,
    text:
      `Welcome to ${PRODUCT_NAME}.\n\n` +
      `Please confirm your email address by opening this link:\n${url}\n\n` +
      `If you did not create an account, you can ignore this message.`,
    links: [{ label: "Confirm your email address", url }],
  };
}

export function resetPasswordMail(to: string, url: string, ttlSeconds: number): MailMessage {
  const minutes = Math.max(1, Math.round(ttlSeconds / 60));
  return {
    to,
    subject: `Reset your ${PRODUCT_NAME} password`,
    text:
      `Someone asked to reset the password of your ${PRODUCT_NAME} account.\n\n` +
      `To choose a new password, open this link:\n${url}\n\n` +
      `The link works once and expires in ${minutes} minute${minutes === 1 ? "" : "s"}. ` +
      `If you did not ask for it, you can ignore this message: your password stays as it is.`,
    links: [{ label: "Reset your password", url }],
  };
}

export function invitationMail(
  to: string,
  url: string,
  team: string,
  inviter: string,
  role: WorkspaceRole,
): MailMessage {
  return {
    to,
    // The team's name is the inviter's own words: in the body, quoted, never in the subject.
    subject: `${inviter} invited you to a team on ${PRODUCT_NAME}`,
    text:
      `${inviter} invited you to join the team "${team}" on ${PRODUCT_NAME}, to share its map of poles.\n\n` +
      `${workspaceTexts.inviteRoleLine(workspaceTexts.roleNames[role])}\n\n` +
      `To accept, open this link (you can create an account there if you have none):\n${url}\n\n` +
      `If you did not expect this invitation, you can ignore this message.`,
    links: [{ label: "Open the invitation", url }],
  };
}

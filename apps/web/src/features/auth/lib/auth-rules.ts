/** The auth screens' rules (spec §5, §8), kept pure so they are tested without a browser. */
import { messages, MIN_PASSWORD_LENGTH, type ResetTokenStatus } from "@poleatlas/shared";

/** Sign Up runs these before any call: the match first, then the length. */
export function validateSignUp(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return messages.passwordsDoNotMatch;
  if (password.length < MIN_PASSWORD_LENGTH) return messages.passwordTooShort;
  return null;
}

/** The reset page's new password: "same messages" as Sign Up. */
export const validateNewPassword = validateSignUp;

export function validateEmailPresent(email: string): string | null {
  return email.trim() ? null : messages.emailRequired;
}

/** Spec §8: the provider's 'Invalid login credentials' reads 'Invalid email or password'; others as they are. */
export function signInErrorMessage(providerMessage: string): string {
  return providerMessage.includes(messages.providerInvalidCredentials)
    ? messages.invalidCredentials
    : providerMessage;
}

/** What the reset page says about a link, before the form (spec §8's four link messages). */
export function resetLinkMessage(status: ResetTokenStatus | "missing"): string | null {
  switch (status) {
    case "valid":
      return null;
    case "expired":
      return messages.resetLinkExpired;
    case "invalid":
      return messages.resetLinkUsedOrInvalid;
    case "malformed":
      return messages.resetLinkInvalid;
    case "missing":
      return messages.resetTokenMissing;
  }
}

/** Spec §2: a message that mentions expired, invalid or already used offers a new link. */
export function offersNewResetLink(message: string): boolean {
  return /expired|invalid|already (been )?used/i.test(message);
}

import { messages } from "@poleatlas/shared";
import { describe, expect, it } from "vitest";
import {
  offersNewResetLink,
  resetLinkMessage,
  signInErrorMessage,
  validateEmailPresent,
  validateSignUp,
} from "./auth-rules";

describe("auth rules", () => {
  it("checks the confirmation first, then the length of 8", () => {
    expect(validateSignUp("abcdef", "abcdeg")).toBe(messages.passwordsDoNotMatch);
    expect(validateSignUp("abc", "abd")).toBe(messages.passwordsDoNotMatch);
    expect(validateSignUp("abcdefg", "abcdefg")).toBe(messages.passwordTooShort);
    expect(messages.passwordTooShort).toBe("Password must be at least 8 characters long");
    expect(validateSignUp("abcdefgh", "abcdefgh")).toBeNull();
  });

  it("wants an e-mail address", () => {
    expect(validateEmailPresent("")).toBe(messages.emailRequired);
    expect(validateEmailPresent("   ")).toBe(messages.emailRequired);
    expect(validateEmailPresent("a@b.test")).toBeNull();
  });

  it("turns the provider's 'Invalid login credentials' into 'Invalid email or password' only", () => {
    expect(signInErrorMessage("Invalid login credentials")).toBe("Invalid email or password");
    expect(signInErrorMessage("AuthApiError: Invalid login credentials")).toBe("Invalid email or password");
    expect(signInErrorMessage("Email not verified")).toBe("Email not verified");
  });

  it("names each state of a reset link with the spec's message", () => {
    expect(resetLinkMessage("valid")).toBeNull();
    expect(resetLinkMessage("expired")).toBe(
      "Your password reset link has expired. Please request a new one.",
    );
    expect(resetLinkMessage("invalid")).toBe(
      "This password reset link has already been used or is invalid. Please request a new one.",
    );
    expect(resetLinkMessage("malformed")).toBe("Invalid password reset link. Please request a new one.");
    expect(resetLinkMessage("missing")).toBe(
      "No reset token found. Please request a new password reset link.",
    );
  });

  it("offers a new link when the message mentions expired, invalid or already used", () => {
    expect(offersNewResetLink(messages.resetLinkExpired)).toBe(true);
    expect(offersNewResetLink(messages.resetLinkUsedOrInvalid)).toBe(true);
    expect(offersNewResetLink(messages.resetLinkInvalid)).toBe(true);
    expect(offersNewResetLink(messages.resetFallback)).toBe(true);
    expect(offersNewResetLink("Link already used")).toBe(true);
    expect(offersNewResetLink(messages.resetTokenMissing)).toBe(false);
    expect(offersNewResetLink(messages.passwordTooShort)).toBe(false);
  });
});

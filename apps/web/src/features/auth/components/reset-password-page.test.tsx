import { authTexts, messages } from "@poleatlas/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { renderAt } from "../../../test/render-auth";
import { ForgotPasswordPage } from "./forgot-password-page";
import { LoginPage } from "./login-page";
import { ResetPasswordPage } from "./reset-password-page";

const TOKEN = "AbCdEfGhIjKlMnOpQrStUvWx";
const routes = [
  { path: "/reset-password", element: <ResetPasswordPage /> },
  { path: "/forgot-password", element: <ForgotPasswordPage /> },
  { path: "/login", element: <LoginPage /> },
];

const statusIs = (status: string) => ({
  "GET /api/auth-status/reset-token": () => ({ status: 200, body: { status } }),
});

describe("ResetPasswordPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it("says when there is no token, with no call and no new-link button", async () => {
    const server = fakeServer();
    renderAt("/reset-password", routes);
    expect(await screen.findByText(messages.resetTokenMissing)).toBeInTheDocument();
    expect(
      screen.queryByRole("button", { name: "Request a new password reset link" }),
    ).not.toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Back to Login" })).toBeInTheDocument();
    expect(server.actions()).toEqual([]);
  });

  for (const [status, message] of [
    ["expired", messages.resetLinkExpired],
    ["invalid", messages.resetLinkUsedOrInvalid],
    ["malformed", messages.resetLinkInvalid],
  ] as const) {
    it(`shows a spinner, then the '${status}' message and a way to a new link`, async () => {
      let answer: (v: { status: number; body: unknown }) => void = () => {};
      fakeServer({ "GET /api/auth-status/reset-token": () => new Promise((r) => (answer = r)) });
      const user = userEvent.setup();
      renderAt(`/reset-password?token=${TOKEN}`, routes);
      expect(
        await screen.findByRole("progressbar", { name: "Verifying your reset link" }),
      ).toBeInTheDocument();
      answer({ status: 200, body: { status } });
      expect(await screen.findByText(message)).toBeInTheDocument();
      expect(screen.queryByLabelText(/New Password/)).not.toBeInTheDocument();
      await user.click(screen.getByRole("button", { name: "Request a new password reset link" }));
      expect(await screen.findByRole("heading", { name: "Forgot your password?" })).toBeInTheDocument();
    });
  }

  it("checks the new password before any call, and leads back to Login", async () => {
    const server = fakeServer(statusIs("valid"));
    const user = userEvent.setup();
    renderAt(`/reset-password?token=${TOKEN}`, routes);
    await user.type(await screen.findByLabelText(/^New Password/), "abcdef");
    expect(screen.getByText(authTexts.passwordRule)).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Confirm New Password/), "abcdeg");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/^New Password/));
    await user.type(screen.getByLabelText(/^New Password/), "pole-12");
    await user.clear(screen.getByLabelText(/Confirm New Password/));
    await user.type(screen.getByLabelText(/Confirm New Password/), "pole-12");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(server.actions().filter((c) => c.method === "POST")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Back to Login" }));
    expect(await screen.findByRole("tab", { name: "Login" }, { timeout: 4000 })).toBeInTheDocument();
  });

  it("resets, says so with the keyboard on it, and goes to /login after 2 seconds, saying it again there", async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    const server = fakeServer({
      ...statusIs("valid"),
      "POST /api/auth/reset-password": () => new Promise((r) => (answer = r)),
    });
    const user = userEvent.setup();
    renderAt(`/reset-password?token=${TOKEN}`, routes);
    await user.type(await screen.findByLabelText(/^New Password/), "newpass1");
    await user.type(screen.getByLabelText(/Confirm New Password/), "newpass1");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByRole("button", { name: "Resetting Password..." })).toBeDisabled();
    answer({ status: 200, body: { status: true } });
    const said = await screen.findByText(messages.resetSuccess);
    const shownAt = Date.now();
    // The form went: the success has the keyboard, and is said as an alert.
    await waitFor(() => expect(said.closest("[role='alert']")).toHaveFocus());
    expect(server.actions().at(-1)).toEqual({
      method: "POST",
      path: "/api/auth/reset-password",
      body: { token: TOKEN, newPassword: "newpass1" },
    });
    expect(screen.queryByRole("tab", { name: "Login" })).not.toBeInTheDocument();
    expect(await screen.findByRole("tab", { name: "Login" }, { timeout: 4000 })).toBeInTheDocument();
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(1900);
    // /login shows it for as long as the user needs.
    expect(screen.getByRole("alert")).toHaveTextContent(messages.resetSuccess);
  });

  it("names what happened when the link died while the form was open", async () => {
    let status = "valid";
    fakeServer({
      "GET /api/auth-status/reset-token": () => ({ status: 200, body: { status } }),
      "POST /api/auth/reset-password": () => {
        status = "expired";
        return { status: 400, body: { code: "INVALID_TOKEN", message: "Invalid token" } };
      },
    });
    const user = userEvent.setup();
    renderAt(`/reset-password?token=${TOKEN}`, routes);
    await user.type(await screen.findByLabelText(/^New Password/), "newpass1");
    await user.type(screen.getByLabelText(/Confirm New Password/), "newpass1");
    await user.click(screen.getByRole("button", { name: "Reset Password" }));
    expect(await screen.findByText(messages.resetLinkExpired)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(messages.resetLinkExpired).closest("[role='alert']")).toHaveFocus(),
    );
    expect(screen.getByRole("button", { name: "Request a new password reset link" })).toBeInTheDocument();
  });
});

describe("ForgotPasswordPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("asks for the e-mail, then sends the reset mail and says so", async () => {
    const server = fakeServer({
      "POST /api/auth/request-password-reset": () => ({ status: 200, body: { status: true } }),
    });
    const user = userEvent.setup();
    renderAt("/forgot-password", routes);
    await user.click(await screen.findByRole("button", { name: "Send reset link" }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(server.actions()).toEqual([]);
    await user.type(screen.getByLabelText(/Email/), "me@example.test{Enter}");
    expect(await screen.findByText(messages.resetEmailSent)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(messages.resetEmailSent).closest("[role='alert']")).toHaveFocus(),
    );
    expect(server.actions()).toEqual([
      { method: "POST", path: "/api/auth/request-password-reset", body: { email: "me@example.test" } },
    ]);
  });
});

import { authTexts, messages } from "@poleatlas/shared";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { fakeServer } from "../../../test/fake-server";
import { renderAt } from "../../../test/render-auth";
import { LoginPage } from "./login-page";

const routes = [
  { path: "/login", element: <LoginPage /> },
  { path: "/map", element: <p>Map screen</p> },
  { path: "/accept-invitation/:id", element: <p>Invitation screen</p> },
];

async function openLogin(path = "/login") {
  const view = renderAt(path, routes);
  // The session read retries once (after ~1 s) before it gives up.
  await screen.findByRole("tab", { name: "Login" }, { timeout: 4000 });
  return view;
}

const field = (label: RegExp) => screen.getByLabelText(label);

describe("LoginPage", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("shows a spinner on black while the session is checked, then the form", async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    fakeServer({ "GET /api/auth/get-session": () => new Promise((r) => (answer = r)) });
    renderAt("/login", routes);
    expect(screen.getByRole("progressbar", { name: "Checking your session" })).toBeInTheDocument();
    answer({ status: 200, body: null });
    expect(await screen.findByRole("tab", { name: "Login", selected: true })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Sign Up", selected: false })).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Sign In" })).toBeInTheDocument();
    expect(screen.queryByLabelText(/Confirm Password/)).not.toBeInTheDocument();
  });

  it("sends a signed-in visitor to /map", async () => {
    fakeServer({
      "GET /api/auth/get-session": () => ({ status: 200, body: { user: { id: "u1", email: "a@b.test" } } }),
    });
    renderAt("/login", routes);
    expect(await screen.findByText("Map screen")).toBeInTheDocument();
  });

  it("shows the form when the session check fails, and only logs the error", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    fakeServer({ "GET /api/auth/get-session": () => ({ status: 500, body: { message: "down" } }) });
    await openLogin();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
    await waitFor(() => expect(log).toHaveBeenCalled());
    log.mockRestore();
  });

  it("opens on black with the e-mail focused; Tab reaches the password, arrows switch tabs", async () => {
    fakeServer();
    const user = userEvent.setup();
    await openLogin();
    // happy-dom gives the colour as written, a browser as rgb(): black either way.
    expect(getComputedStyle(screen.getByRole("main")).backgroundColor).toMatch(/^(#000|rgb\(0, 0, 0\))$/);
    await waitFor(() => expect(field(/Email/)).toHaveFocus());
    await user.tab();
    expect(field(/^Password/)).toHaveFocus();
    screen.getByRole("tab", { name: "Login" }).focus();
    await user.keyboard("{ArrowRight}");
    expect(screen.getByRole("tab", { name: "Sign Up" })).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(field(/Confirm Password/)).toBeVisible();
  });

  it("checks Sign Up before any call: passwords must match, then be 8 long", async () => {
    const server = fakeServer();
    const user = userEvent.setup();
    await openLogin();
    expect(screen.queryByText(authTexts.passwordRule)).not.toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect(screen.getByText(authTexts.passwordRule)).toBeInTheDocument();
    await user.type(field(/Email/), "new@example.test");
    await user.type(field(/^Password/), "secret-one-1");
    await user.type(field(/Confirm Password/), "secret2");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(messages.passwordsDoNotMatch)).toBeInTheDocument();

    await user.clear(field(/^Password/));
    await user.type(field(/^Password/), "pole-12");
    await user.clear(field(/Confirm Password/));
    await user.type(field(/Confirm Password/), "pole-12");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(messages.passwordTooShort)).toBeInTheDocument();
    expect(server.actions()).toEqual([]);
  });

  it("signs up, then says so, switches to Login and clears both password fields", async () => {
    const server = fakeServer({
      "POST /api/auth/sign-up/email": () => ({
        status: 200,
        body: { token: null, user: { id: "n", email: "x" } },
      }),
    });
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await user.type(field(/Email/), "new@example.test");
    await user.type(field(/^Password/), "secret-one-1");
    await user.type(field(/Confirm Password/), "secret-one-1");
    await user.click(screen.getByRole("button", { name: "Sign Up" }));
    expect(await screen.findByText(messages.signUpSuccess)).toBeInTheDocument();
    // The form was disabled while it sent: the outcome has the keyboard, not the page.
    await waitFor(() =>
      expect(screen.getByText(messages.signUpSuccess).closest("[role='alert']")).toHaveFocus(),
    );
    expect(screen.getByRole("tab", { name: "Login", selected: true })).toBeInTheDocument();
    expect(field(/^Password/)).toHaveValue("");
    expect(field(/Email/)).toHaveValue("new@example.test");
    expect(server.actions()).toEqual([
      {
        method: "POST",
        path: "/api/auth/sign-up/email",
        body: { name: "", email: "new@example.test", password: "secret-one-1" },
      },
    ]);
  });

  it("disables everything and reads 'Processing...' while signing in, then shows the error in red", async () => {
    let answer: (v: { status: number; body: unknown }) => void = () => {};
    fakeServer({ "POST /api/auth/sign-in/email": () => new Promise((r) => (answer = r)) });
    const user = userEvent.setup();
    await openLogin();
    await user.type(field(/Email/), "a@b.test");
    await user.type(field(/^Password/), "wrong-one");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(await screen.findByRole("button", { name: "Processing..." })).toBeDisabled();
    expect(field(/Email/)).toBeDisabled();
    expect(field(/^Password/)).toBeDisabled();
    expect(screen.getByRole("tab", { name: "Sign Up" })).toBeDisabled();
    answer({ status: 401, body: { code: "INVALID", message: "Invalid login credentials" } });
    const alert = await screen.findByRole("alert");
    expect(alert).toHaveTextContent(messages.invalidCredentials);
    expect(alert.className).toMatch(/Error/);
    expect(screen.getByRole("button", { name: "Sign In" })).toBeEnabled();
    // The refusal takes the keyboard (the disabled form had dropped it to the page).
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it("shows other errors as they are, and switching tabs clears them", async () => {
    fakeServer({
      "POST /api/auth/sign-in/email": () => ({
        status: 429,
        body: {
          code: "TOO_MANY_REQUESTS",
          message: "Too many attempts. Please wait 42 seconds and try again.",
        },
      }),
    });
    const user = userEvent.setup();
    await openLogin();
    await user.type(field(/Email/), "a@b.test");
    await user.type(field(/^Password/), "whatever");
    await user.click(screen.getByRole("button", { name: "Sign In" }));
    expect(
      await screen.findByText("Too many attempts. Please wait 42 seconds and try again."),
    ).toBeInTheDocument();
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });

  it("signs in and goes to /map", async () => {
    fakeServer({
      "POST /api/auth/sign-in/email": () => ({
        status: 200,
        body: { user: { id: "u1", email: "a@b.test" } },
      }),
    });
    const user = userEvent.setup();
    await openLogin();
    await user.type(field(/Email/), "a@b.test");
    await user.type(field(/^Password/), "secret-one-1{Enter}");
    expect(await screen.findByText("Map screen")).toBeInTheDocument();
  });

  it.each([
    ["/login?next=%2Faccept-invitation%2Finv1", "Invitation screen"],
    ["/login?next=%2F%2Fevil.example%2Fx", "Map screen"],
    ["/login?next=https%3A%2F%2Fevil.example%2F", "Map screen"],
  ])("after signing in at %s goes back to a path on this site only", async (path, lands) => {
    fakeServer({
      "POST /api/auth/sign-in/email": () => ({
        status: 200,
        body: { user: { id: "u1", email: "a@b.test" } },
      }),
    });
    const user = userEvent.setup();
    await openLogin(path);
    await user.type(field(/Email/), "a@b.test");
    await user.type(field(/^Password/), "secret-one-1{Enter}");
    expect(await screen.findByText(lands)).toBeInTheDocument();
  });

  it("remembers where to return across the sign-up mail (the confirmation lands on plain /login)", async () => {
    localStorage.setItem("poleatlas.next", "/accept-invitation/inv2");
    fakeServer({
      "POST /api/auth/sign-in/email": () => ({
        status: 200,
        body: { user: { id: "u1", email: "a@b.test" } },
      }),
    });
    const user = userEvent.setup();
    await openLogin("/login?confirmed=1");
    await user.type(field(/Email/), "a@b.test");
    await user.type(field(/^Password/), "secret-one-1{Enter}");
    expect(await screen.findByText("Invitation screen")).toBeInTheDocument();
    expect(localStorage.getItem("poleatlas.next")).toBeNull();
  });

  it("forgot password: asks for the e-mail first, then sends and says so", async () => {
    const server = fakeServer({
      "POST /api/auth/request-password-reset": () => ({ status: 200, body: { status: true } }),
    });
    const user = userEvent.setup();
    await openLogin();
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    expect(await screen.findByText(messages.emailRequired)).toBeInTheDocument();
    expect(server.actions()).toEqual([]);

    await user.type(field(/Email/), "me@example.test");
    await user.click(screen.getByRole("button", { name: "Forgot password?" }));
    expect(await screen.findByText(messages.resetEmailSent)).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByText(messages.resetEmailSent).closest("[role='alert']")).toHaveFocus(),
    );
    expect(screen.getByRole("button", { name: "Forgot password?" })).toBeDisabled();
    expect(server.actions()).toEqual([
      { method: "POST", path: "/api/auth/request-password-reset", body: { email: "me@example.test" } },
    ]);
    // Switching tabs clears the reset-sent flag.
    await user.click(screen.getByRole("tab", { name: "Sign Up" }));
    await user.click(screen.getByRole("tab", { name: "Login" }));
    expect(screen.getByRole("button", { name: "Forgot password?" })).toBeEnabled();
  });

  it("greets a confirmed address after the mailed link", async () => {
    fakeServer();
    await openLogin("/login?confirmed=1");
    expect(screen.getByText("Your email address is confirmed. You can sign in now.")).toBeInTheDocument();
    // Shown with the page: the e-mail field keeps the keyboard.
    expect(field(/Email/)).toHaveFocus();
  });
});

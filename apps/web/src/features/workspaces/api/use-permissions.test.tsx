import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderAt } from "../../../test/render-auth";
import { fakeServer } from "../../../test/fake-server";
import { photo } from "../../../test/records";
import { usePermissions } from "./use-permissions";

const mine = photo({ id: "p1", uploaded_by: "me@c.test" });
const theirs = photo({ id: "p2", uploaded_by: "other@c.test" });

function Probe() {
  const may = usePermissions();
  return <p>{[may.inTeam, may.canEdit, may.canDelete(mine), may.canDelete(theirs)].map(String).join(" ")}</p>;
}

function answer(active: { kind: string; role: string } | null) {
  fakeServer({
    "GET /api/auth/get-session": () => ({ status: 200, body: { user: { id: "u1", email: "Me@c.test" } } }),
    ...(active && {
      "GET /api/workspaces": () => ({
        status: 200,
        body: { active: { id: "w", name: "W", ...active }, workspaces: [] },
      }),
    }),
  });
  renderAt("/", [{ path: "/", element: <Probe /> }]);
}

describe("usePermissions", () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it.each([
    [{ kind: "personal", role: "owner" }, "false true true true"],
    [{ kind: "team", role: "admin" }, "true true true true"],
    [{ kind: "team", role: "member" }, "true true true false"],
    [{ kind: "team", role: "viewer" }, "true false false false"],
  ])("in %o offers: team, edit, delete mine, delete theirs = %s", async (active, expected) => {
    answer(active);
    expect(await screen.findByText(expected)).toBeInTheDocument();
  });

  it("offers what the spec offers until the workspaces answer (or when they fail)", async () => {
    answer(null);
    expect(await screen.findByText("false true true true")).toBeInTheDocument();
  });
});

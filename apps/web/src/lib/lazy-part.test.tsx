import { render, screen } from "@testing-library/react";
import { Suspense } from "react";
import { describe, expect, it, vi } from "vitest";
import { lazyPart } from "./lazy-part";

describe("lazyPart", () => {
  it("shows the part once its code has come", async () => {
    const Part = lazyPart(() => Promise.resolve(({ name }: { name: string }) => <p>Hello {name}</p>));
    render(
      <Suspense fallback={null}>
        <Part name="crew" />
      </Suspense>,
    );
    expect(await screen.findByText("Hello crew")).toBeInTheDocument();
  });

  it("leaves the part out, and the screen standing, when its code cannot be fetched", async () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const Part = lazyPart<{ name: string }>(() =>
      Promise.reject(new TypeError("Failed to fetch dynamically imported module")),
    );
    render(
      <main>
        <h1>Map</h1>
        <Suspense fallback={<p>Loading</p>}>
          <Part name="crew" />
        </Suspense>
      </main>,
    );
    await vi.waitFor(() => expect(screen.queryByText("Loading")).not.toBeInTheDocument());
    expect(screen.getByRole("heading", { name: "Map" })).toBeInTheDocument();
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});
